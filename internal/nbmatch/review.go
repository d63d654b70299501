package nbmatch

import (
	"context"
	"fmt"

	"github.com/gridgames/gridgames/othello"
)

// MaxReviewEmpties is the most empty squares a review solves from: every
// reviewed position is solved exactly, and past 24 empties a solve can take
// half a minute.
const MaxReviewEmpties = 24

// Solver solves a position exactly: the final disc difference for the side to
// move (empty squares to the winner) when both sides play perfectly. pos has a
// legal move.
type Solver func(ctx context.Context, pos othello.Position) (int, error)

// Review measures both engines' moves near the end of the games against perfect
// play. Every position of a game with at most Empties empty squares where an
// engine had a move to make is solved, and so is the position after its move; the
// move's loss is what the mover's solved value dropped by (0 for a perfect
// move). The opening's plies are nobody's and are left out. It tells where a
// match is lost: two engines can search alike in the midgame and still part at
// the end, where one solves and the other guesses.
type Review struct {
	// Empties is where the review starts: positions with this many empty
	// squares or fewer.
	Empties int `json:"empties"`
	// Sides are the first and the second engine's moves.
	Sides [2]ReviewSide `json:"sides"`
}

// ReviewSide is one engine's reviewed moves.
type ReviewSide struct {
	// Moves counts them, Lost sums their losses in discs, and Errors counts the
	// moves that lost anything.
	Moves  int `json:"moves"`
	Lost   int `json:"discsLost"`
	Errors int `json:"errors"`
	// ByEmpties[e] is the moves made with e empty squares (e from 0 to
	// Empties): how many and what they lost.
	ByEmpties []ReviewCount `json:"byEmpties"`
}

// ReviewCount is the moves made with one number of empty squares.
type ReviewCount struct {
	Moves int `json:"moves"`
	Lost  int `json:"discsLost"`
}

// MeanLoss is the discs lost a move, 0 without moves.
func (s ReviewSide) MeanLoss() float64 {
	if s.Moves == 0 {
		return 0
	}
	return float64(s.Lost) / float64(s.Moves)
}

// NewReview returns an empty review from empties (1 to MaxReviewEmpties).
func NewReview(empties int) (*Review, error) {
	if empties < 1 || empties > MaxReviewEmpties {
		return nil, fmt.Errorf("nbmatch: review from %d empties: want 1 to %d", empties, MaxReviewEmpties)
	}
	r := &Review{Empties: empties}
	for side := range r.Sides {
		r.Sides[side].ByEmpties = make([]ReviewCount, empties+1)
	}
	return r, nil
}

// AddGame reviews game g, played from start, with solve. A forfeited game is
// reviewed up to its forfeit. On error (a transcript that does not replay, or
// solve's error) r is left as it was.
func (r *Review) AddGame(ctx context.Context, solve Solver, start othello.Position, g Game) error {
	plies, _, err := othello.PlayTranscript(start, g.Transcript)
	if err != nil {
		return fmt.Errorf("nbmatch: game %d: %w", g.Number, err)
	}
	next := *r
	for side := range next.Sides {
		next.Sides[side].ByEmpties = append([]ReviewCount(nil), r.Sides[side].ByEmpties...)
	}
	// value is the solved value of the last position solved, for the side to
	// move there; known says whether the position before this ply was solved.
	var value int
	known := false
	pos, moves := start, 0
	for _, sq := range plies {
		if sq == othello.Pass {
			pos, value = pos.Pass(), -value
			continue
		}
		mover := pos.Turn()
		empties := pos.Empties()
		reviewed := moves >= g.Opening && empties <= r.Empties
		if reviewed && !known {
			if value, err = solve(ctx, pos); err != nil {
				return err
			}
		}
		moves++
		pos = pos.Play(sq)
		if !reviewed {
			known = false
			continue
		}
		after, err := solvedAfter(ctx, solve, pos)
		if err != nil {
			return err
		}
		// after is for the side to move now; the mover's value is its negation.
		loss := value - -after
		side := 0
		if (mover == othello.Black) != g.FirstBlack {
			side = 1
		}
		s := &next.Sides[side]
		s.Moves++
		s.Lost += loss
		if loss > 0 {
			s.Errors++
		}
		s.ByEmpties[empties].Moves++
		s.ByEmpties[empties].Lost += loss
		value, known = after, true
	}
	*r = next
	return nil
}

// solvedAfter is the solved value of pos for its side to move: the final score
// once the game is over, the negated value after a forced pass.
func solvedAfter(ctx context.Context, solve Solver, pos othello.Position) (int, error) {
	switch {
	case pos.Over():
		return pos.ScoreFor(), nil
	case pos.MustPass():
		v, err := solve(ctx, pos.Pass())
		return -v, err
	}
	return solve(ctx, pos)
}
