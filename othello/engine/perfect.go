package engine

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/gridgames/gridgames/othello"
)

// ErrPerfectSize reports perfect play asked for on a board too big to solve from
// the start: it is offered on 4x4 and 6x6 only.
var ErrPerfectSize = errors.New("engine: perfect play is offered on the 4x4 and 6x6 boards only")

// PerfectSize reports whether perfect play is offered on a size x size board.
func PerfectSize(size int) bool { return size == 4 || size == 6 }

// PerfectMove returns a best move of pos and its exact score: from the built-in
// opening table where it holds pos, else by an exact solve. The board must be 4x4
// or 6x6 (else ErrPerfectSize); a position that must pass returns Pass, a finished
// game ErrNoMove. If ctx ends first, it returns ctx's error.
func (e *Engine) PerfectMove(ctx context.Context, pos othello.Position) (Result, error) {
	if !PerfectSize(pos.Size()) {
		return Result{}, fmt.Errorf("%w (this board is %dx%d)", ErrPerfectSize, pos.Size(), pos.Size())
	}
	if score, move, ok := DefaultOpening(pos.Size()).Lookup(pos); ok {
		return Result{Move: move, Score: float64(score), Exact: true, Depth: pos.Empties(), PV: []othello.Square{move}}, nil
	}
	r, err := e.Search(ctx, pos, Limits{Endgame: 64})
	if err != nil {
		return r, err
	}
	if !r.Exact && !pos.MustPass() {
		return r, errors.New("engine: the solve ended without an exact score")
	}
	return r, nil
}

// PerfectValues returns the exact score of every legal move of pos, best first:
// the built-in opening table's where it holds the position after the move, else
// an exact solve of it. The board must be 4x4 or 6x6 (else ErrPerfectSize); a
// position that must pass returns Pass alone, a finished game ErrNoMove. If ctx
// ends first, it returns the moves valued so far (best first) with ctx's error.
func (e *Engine) PerfectValues(ctx context.Context, pos othello.Position) ([]MoveValue, error) {
	if !PerfectSize(pos.Size()) {
		return nil, fmt.Errorf("%w (this board is %dx%d)", ErrPerfectSize, pos.Size(), pos.Size())
	}
	if pos.Over() {
		return nil, ErrNoMove
	}
	if pos.MustPass() {
		r, err := e.PerfectMove(ctx, pos.Pass())
		if err != nil {
			return nil, err
		}
		return []MoveValue{{Move: othello.Pass, Score: -r.Score, Exact: true, PV: []othello.Square{othello.Pass}}}, nil
	}
	table := DefaultOpening(pos.Size())
	var out []MoveValue
	for _, m := range pos.LegalMoves() {
		child := pos.Play(m)
		mv := MoveValue{Move: m, Exact: true, PV: []othello.Square{m}}
		sign := -1.0
		if child.MustPass() && !child.Over() {
			sign, child = 1, child.Pass()
			mv.PV = append(mv.PV, othello.Pass)
		}
		switch score, move, ok := table.Lookup(child); {
		case child.Over():
			mv.Score = float64(-child.ScoreFor())
		case ok:
			mv.Score = sign * float64(score)
			mv.PV = append(mv.PV, move)
		default:
			r, err := e.Search(ctx, child, Limits{Endgame: 64})
			if err != nil || !r.Exact {
				sortValues(out)
				if err == nil {
					err = errors.New("engine: the solve ended without an exact score")
				}
				return out, err
			}
			mv.Score = sign * r.Score
			mv.PV = append(mv.PV, r.PV...)
		}
		out = append(out, mv)
	}
	sortValues(out)
	return out, nil
}

// PerfectPlayer plays perfectly on 4x4 and 6x6 boards (see PerfectMove).
type PerfectPlayer struct{ Engine *Engine }

// Name returns "perfect".
func (PerfectPlayer) Name() string { return "perfect" }

// Choose returns a best move of pos (see PerfectMove).
func (pp PerfectPlayer) Choose(ctx context.Context, pos othello.Position) (othello.Square, error) {
	r, err := pp.Engine.PerfectMove(ctx, pos)
	return r.Move, err
}

// AnalyzePerfect values every legal move of pos, best first, as a hint does: on
// the boards with perfect play (4x4 and 6x6), exactly (PerfectValues) if that
// takes at most budget; else, and on 8x8, by Analyze within lim. exact reports
// that every value is exact. If ctx ends first, it returns ctx's error.
func (e *Engine) AnalyzePerfect(ctx context.Context, pos othello.Position, budget time.Duration, lim Limits) (vals []MoveValue, exact bool, err error) {
	if PerfectSize(pos.Size()) && budget > 0 {
		pctx, cancel := context.WithTimeout(ctx, budget)
		vals, err = e.PerfectValues(pctx, pos)
		cancel()
		if err == nil || ctx.Err() != nil || !errors.Is(err, context.DeadlineExceeded) {
			return vals, err == nil, err
		}
	}
	vals, err = e.Analyze(ctx, pos, lim)
	return vals, false, err
}
