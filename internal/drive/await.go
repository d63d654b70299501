package drive

// The wait after each key: the hot path of a drive, where a game spends most of
// its time not searching. The page does the waiting (runtime.js answers once its
// board has changed and held still for a frame), so a move costs a key and one
// or two round trips; the reading is then checked against the rules.

import (
	"context"
	"fmt"
	"time"

	"github.com/gridgames/gridgames/game2048"
)

// prediction is what the rules make of the page's board for one move: the
// slide, to which the page must add exactly one new tile.
type prediction struct {
	dir    game2048.Direction
	before pageState
	slid   game2048.Board
	slide  game2048.Slide
}

// predict slides a copy of the page's board by the rules.
func predict(before pageState, d game2048.Direction) prediction {
	slid := before.board.Clone()
	return prediction{dir: d, before: before, slid: slid, slide: slid.Slide(d)}
}

// matches reports whether a reading is the rules' slide plus exactly one new
// tile, its score raised by the slide's points; and that tile.
func (pr prediction) matches(st pageState) (game2048.Spawn, bool) {
	if !pr.slide.Moved || st.score != pr.before.score+pr.slide.Points {
		return game2048.Spawn{}, false
	}
	return spawnOf(pr.slid, st.board)
}

// mismatch describes a settled reading that is not what the rules predict.
func (pr prediction) mismatch(st pageState) string {
	return fmt.Sprintf("after %v the page shows %v (score %d); the rules make %v (score %d) plus exactly one new tile",
		pr.dir, st.board, st.score, pr.slid, pr.before.score+pr.slide.Points)
}

// waitOutcome is how a move's wait ended.
type waitOutcome uint8

const (
	noChange   waitOutcome = iota // the page did not change within the quiet time
	matched                       // the page shows the rules' slide plus one new tile
	mismatched                    // the page settled on something else
	winShown                      // the page showed its win message, and no move
)

// awaitMove waits, after a key, for the page to draw the move. It answers as
// soon as a reading a frame old matches the prediction. A reading that does
// not match is never taken as the move while the page goes on changing (a
// slide half drawn, a new tile still to come): only when the page has then
// been still for Options.SettleGrace with no animation on the board is it the
// page's answer, a mismatch (as it is at Options.MoveTimeout when the board
// holds still but an animation on it never ends). winShown means the page
// showed its win message (late, for the move before) and left the board as it
// was. noChange means the page did not change within quiet; an error, that it
// kept changing until Options.MoveTimeout, or could not be read.
func (p *Page) awaitMove(ctx context.Context, pr prediction, quiet time.Duration) (pageState, game2048.Spawn, waitOutcome, error) {
	start := time.Now()
	limit := p.opt.MoveTimeout
	m := p.mark
	var cand pageState
	haveCand, graceOver := false, false
	var lastErr error
	for {
		elapsed := time.Since(start)
		left := limit - elapsed
		if left <= 0 {
			break
		}
		q := quiet - elapsed // nothing seen yet: the time left to change at all
		switch {
		case graceOver:
			q = 50 * time.Millisecond // still, but animating: look again soon
		case haveCand || lastErr != nil:
			q = p.opt.SettleGrace
		}
		w, err := p.wait(ctx, m, max(q, 0), left)
		if err != nil {
			if ctx.Err() != nil {
				return pageState{}, game2048.Spawn{}, noChange, ctx.Err()
			}
			lastErr, haveCand = err, false // a page between documents: look again
			sleep(ctx, 20*time.Millisecond)
			continue
		}
		if !w.Changed {
			switch {
			case haveCand:
				if st, err := parseState(p.layout, w.State); err == nil && st.same(cand) && st.busy {
					graceOver = true
					continue
				}
				p.mark = m
				return cand, game2048.Spawn{}, mismatched, nil
			case lastErr != nil:
				return pageState{}, game2048.Spawn{}, noChange, lastErr
			}
			return pageState{}, game2048.Spawn{}, noChange, nil
		}
		m = w.mark()
		st, err := parseState(p.layout, w.State)
		if err != nil {
			lastErr, haveCand, graceOver = err, false, false // half drawn, perhaps
			continue
		}
		lastErr = nil
		if st.won && !p.won && st.score == pr.before.score && st.board.Equal(pr.before.board) {
			p.mark = m
			return st, game2048.Spawn{}, winShown, nil
		}
		if s, ok := pr.matches(st); ok {
			p.mark = m
			return st, s, matched, nil
		}
		if !st.same(pr.before) {
			cand, haveCand, graceOver = st, true, false
		}
		if w.Limit {
			break
		}
	}
	if lastErr != nil {
		return pageState{}, game2048.Spawn{}, noChange, lastErr
	}
	if haveCand && graceOver {
		p.mark = m
		return cand, game2048.Spawn{}, mismatched, nil
	}
	if haveCand {
		return pageState{}, game2048.Spawn{}, noChange, fmt.Errorf("%w: the board kept changing for %v: %s", ErrSettle, limit, pr.mismatch(cand))
	}
	return pageState{}, game2048.Spawn{}, noChange, fmt.Errorf("%w within %v", ErrSettle, limit)
}
