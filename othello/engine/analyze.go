package engine

import (
	"context"
	"time"

	"github.com/gridgames/gridgames/othello"
)

// analyzeTimed is Analyze within lim.Time: every move is valued at depth 2 (its
// reply searched a ply deep), then every move at depth 3, and so on (to
// lim.Depth if set; the table carries each depth's work to the
// next), until every value is exact or the next depth would not end in time; the
// answer is every move's value at the deepest depth that all of them reached.
// Values of one answer thus always come from one depth: the moves are compared
// as equals, which a share of the time each, deepened on its own, did not do.
// If even depth 2 does not end in time (its exact solves, near the end), every
// move is valued by the evaluation of its reply instead. If ctx ends first, the
// deepest complete depth comes back with ctx's error (or, before any, the moves
// valued so far).
func (e *Engine) analyzeTimed(ctx context.Context, pos othello.Position, lim Limits) ([]MoveValue, error) {
	start := time.Now()
	deadline, cancel := context.WithTimeout(ctx, lim.Time)
	defer cancel()
	per := lim
	per.Time = 0
	var best []MoveValue
	var lastTook time.Duration
	last := max(2, pos.Empties())
	if lim.Depth > 0 {
		last = max(2, min(last, lim.Depth))
	}
	for d := 2; d <= last; d++ {
		t0 := time.Now()
		per.Depth = d
		vals, err := e.Analyze(deadline, pos, per)
		if err != nil {
			if ctx.Err() != nil { // the caller's context, not the time
				if best == nil {
					return vals, ctx.Err()
				}
				return best, ctx.Err()
			}
			if deadline.Err() == nil {
				return nil, err
			}
			if best == nil { // no depth ended in time
				return e.Analyze(ctx, pos, Limits{Depth: 1, Classic: lim.Classic})
			}
			return best, nil
		}
		best = vals
		if allExactValues(vals) {
			break
		}
		// The next depth costs a few times this one: stop if it would overrun.
		took := time.Since(t0)
		growth := 3.0
		if lastTook > time.Millisecond {
			growth = max(2, float64(took)/float64(lastTook))
		}
		if time.Since(start)+time.Duration(growth*float64(took)) > lim.Time {
			break
		}
		lastTook = took
	}
	return best, nil
}

// allExactValues reports whether every value is an exact score.
func allExactValues(vals []MoveValue) bool {
	for _, v := range vals {
		if !v.Exact {
			return false
		}
	}
	return true
}
