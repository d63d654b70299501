package cli

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/gridgames/gridgames/internal/nbmatch"
	"github.com/gridgames/gridgames/othello"
	"github.com/gridgames/gridgames/othello/engine"
)

// matchReview reviews an nbmatch's games as they end (see nbmatch.Review): the
// review and its solver, or nothing without --review. The first error stops it.
type matchReview struct {
	review *nbmatch.Review
	solve  nbmatch.Solver
	err    error
}

// newMatchReview returns the review from empties (0: none); empties is valid.
func newMatchReview(empties int) *matchReview {
	if empties == 0 {
		return &matchReview{}
	}
	r, _ := nbmatch.NewReview(empties)
	e := engine.New(engine.Options{Workers: 1})
	solve := func(ctx context.Context, pos othello.Position) (int, error) {
		res, err := e.Search(ctx, pos, engine.Limits{Endgame: 64})
		if err == nil && !res.Exact {
			err = errors.New("the solve did not finish")
		}
		return int(res.Score), err
	}
	return &matchReview{review: r, solve: solve}
}

// add reviews game g unless there is no review or an earlier one failed.
func (m *matchReview) add(ctx context.Context, g nbmatch.Game) {
	if m.review == nil || m.err != nil {
		return
	}
	if err := m.review.AddGame(ctx, m.solve, othello.StartPosition(), g); err != nil {
		m.err = fmt.Errorf("review of game %d: %w", g.Number, err)
	}
}

// printMatchReview writes the review's table, if there is one: each engine's
// moves, discs lost a move and moves that lost anything, then the same by empty
// squares where either lost something (a last line counts the moves of the
// other rows, which lost nothing).
func printMatchReview(out io.Writer, sum nbmatch.Summary, r *nbmatch.Review) {
	if r == nil {
		return
	}
	names := [2]string{sum.First, sum.Second}
	if names[0] == names[1] {
		names[0], names[1] = names[0]+" (first)", names[1]+" (second)"
	}
	fmt.Fprintf(out, "\nEndgame review, every move from %d empty squares against perfect play:\n", r.Empties)
	for side, s := range r.Sides {
		fmt.Fprintf(out, "  %s: %d moves, %.2f discs lost a move, %d lost something\n", names[side], s.Moves, s.MeanLoss(), s.Errors)
	}
	fmt.Fprintf(out, "  %-8s %22s %22s\n", "empties", names[0], names[1])
	var perfect [2]int // moves in the rows left out
	for e := r.Empties; e >= 0; e-- {
		a, b := r.Sides[0].ByEmpties[e], r.Sides[1].ByEmpties[e]
		if a.Lost+b.Lost == 0 {
			perfect[0] += a.Moves
			perfect[1] += b.Moves
			continue
		}
		fmt.Fprintf(out, "  %-8d %22s %22s\n", e, lossCell(a), lossCell(b))
	}
	if perfect[0]+perfect[1] > 0 {
		fmt.Fprintf(out, "  %-8s %22s %22s\n", "others", lossCell(nbmatch.ReviewCount{Moves: perfect[0]}), lossCell(nbmatch.ReviewCount{Moves: perfect[1]}))
	}
}

// lossCell is "1.25 (8 moves)", or "-" without moves.
func lossCell(c nbmatch.ReviewCount) string {
	if c.Moves == 0 {
		return "-"
	}
	return fmt.Sprintf("%.2f (%d moves)", float64(c.Lost)/float64(c.Moves), c.Moves)
}
