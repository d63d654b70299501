package drive

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/chromedp/chromedp"
)

// readTimeout bounds one reading that does not wait for a change: a page whose
// script hangs fails, not the caller.
const readTimeout = 5 * time.Second

// mark is a position in the page's change count (runtime.js): the document's id
// and how many changes its watched elements had seen.
type mark struct {
	id  string
	seq int64
}

// watchResult is what runtime.js's state() and wait() report.
type watchResult struct {
	ID      string   `json:"id"`
	Seq     int64    `json:"seq"`
	Changed bool     `json:"changed"` // the count passed the mark given to wait
	Limit   bool     `json:"limit"`   // wait ran out of time
	State   rawState `json:"state"`
}

func (w watchResult) mark() mark { return mark{w.ID, w.Seq} }

// scripts are a layout's calls into runtime.js.
type scripts struct {
	state string // state(): a reading on the next frame
	watch string // the watch itself, to which wait's arguments are appended
}

func newScripts(l Layout) scripts {
	watch := "(" + runtimeJS + ")(" + l.readScript() + ")"
	return scripts{state: watch + ".state()", watch: watch}
}

// waitScript is wait(id, seq, quiet, limit) in milliseconds.
func (s scripts) waitScript(m mark, quiet, limit time.Duration) string {
	id, _ := json.Marshal(m.id)
	return fmt.Sprintf("%s.wait(%s, %d, %d, %d)", s.watch, id, m.seq, quiet.Milliseconds(), limit.Milliseconds())
}

// read takes one reading of the page, on its next animation frame.
func (p *Page) read(ctx context.Context) (pageState, mark, error) {
	ctx, cancel := context.WithTimeout(ctx, readTimeout)
	defer cancel()
	w, err := chromedp.Run(ctx, chromedp.Evaluate[watchResult](p.js.state, chromedp.EvalAwaitPromise))
	if err != nil {
		return pageState{}, mark{}, fmt.Errorf("drive: reading the page: %w", err)
	}
	st, err := parseState(p.layout, w.State)
	return st, w.mark(), err
}

// wait asks the page to answer once its watched elements have changed since m
// and then stayed still for a frame (or after quiet with no change, or at
// limit), with a reading. One browser round trip: the waiting is the page's.
func (p *Page) wait(ctx context.Context, m mark, quiet, limit time.Duration) (watchResult, error) {
	ctx, cancel := context.WithTimeout(ctx, limit+readTimeout)
	defer cancel()
	p.stats.Waits++
	w, err := chromedp.Run(ctx, chromedp.Evaluate[watchResult](p.js.waitScript(m, quiet, limit), chromedp.EvalAwaitPromise))
	if err != nil {
		return watchResult{}, fmt.Errorf("drive: watching the page: %w", err)
	}
	return w, nil
}

// settle reads the page until a reading that want accepts holds still: the
// next reading (a frame later) is the same and no animation runs on the board.
// It reports false when no reading is accepted within quiet (nothing happened),
// and an error when the accepted readings keep changing until limit (from the
// start), or the page cannot be read. A board that stays the same while an
// animation never ends is taken at limit. It is the careful wait, for the
// page's first board and the win message; moves take the faster awaitMove.
func (p *Page) settle(ctx context.Context, want func(pageState) bool, quiet, limit time.Duration) (pageState, bool, error) {
	start := time.Now()
	var prev pageState
	var prevMark mark
	havePrev, stillButBusy := false, false
	var lastErr error
	for {
		cur, m, err := p.read(ctx)
		switch {
		case ctx.Err() != nil:
			return pageState{}, false, ctx.Err()
		case err != nil:
			lastErr, havePrev, stillButBusy = err, false, false
			sleep(ctx, 20*time.Millisecond) // a page between documents fails at once
		case want(cur):
			lastErr = nil
			if havePrev && prev.same(cur) {
				if !cur.busy {
					p.mark = m
					return cur, true, nil
				}
				stillButBusy = true
			} else {
				stillButBusy = false
			}
			prev, prevMark, havePrev = cur, m, true
		default:
			lastErr, havePrev, stillButBusy = nil, false, false
		}
		elapsed := time.Since(start)
		if !havePrev && lastErr == nil && elapsed >= quiet {
			return pageState{}, false, nil
		}
		if elapsed >= limit {
			switch {
			case stillButBusy:
				p.mark = prevMark
				return prev, true, nil
			case lastErr != nil:
				return pageState{}, false, lastErr
			}
			return pageState{}, false, fmt.Errorf("%w within %v", ErrSettle, limit)
		}
	}
}

// sleep waits d, or less when ctx ends first; it reports whether it slept.
func sleep(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}
