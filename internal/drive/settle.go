package drive

import (
	"context"
	"fmt"
	"time"

	"github.com/chromedp/chromedp"
)

// readTimeout bounds one reading: a page whose script hangs fails, not the caller.
const readTimeout = 5 * time.Second

// read takes one reading of the page, on its next animation frame.
func (p *Page) read(ctx context.Context) (pageState, error) {
	ctx, cancel := context.WithTimeout(ctx, readTimeout)
	defer cancel()
	raw, err := chromedp.Run(ctx, chromedp.Evaluate[rawState](p.layout.readScript(), chromedp.EvalAwaitPromise))
	if err != nil {
		return pageState{}, fmt.Errorf("drive: reading the page: %w", err)
	}
	return parseState(p.layout, raw)
}

// settle reads the page until a reading that want accepts holds still: the
// next reading (a frame later) is the same and no animation runs on the board.
// It reports false when no reading is accepted within quiet (nothing happened),
// and an error when the accepted readings keep changing until limit (from the
// start), or the page cannot be read. A board that stays the same while an
// animation never ends is taken at limit.
func (p *Page) settle(ctx context.Context, want func(pageState) bool, quiet, limit time.Duration) (pageState, bool, error) {
	start := time.Now()
	var prev pageState
	havePrev, stillButBusy := false, false
	var lastErr error
	for {
		cur, err := p.read(ctx)
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
					return cur, true, nil
				}
				stillButBusy = true
			} else {
				stillButBusy = false
			}
			prev, havePrev = cur, true
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
