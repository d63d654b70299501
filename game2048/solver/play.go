package solver

import (
	"context"
	"fmt"
	"time"

	"github.com/gridgames/gridgames/game2048"
)

// GameStats sums up a game the solver played.
type GameStats struct {
	Score   int64         `json:"score"`
	Moves   int           `json:"moves"`
	MaxTile uint64        `json:"maxTile"`
	Nodes   uint64        `json:"nodes"`
	Elapsed time.Duration `json:"-"`
}

// rulesOf is implemented by puzzles that know their rules, as *game2048.Game does.
type rulesOf interface{ Rules() game2048.Rules }

// Play drives p to the end of its game, choosing each move with BestMove, and
// returns the final figures. It starts from empty transposition tables, so the
// moves it makes depend only on p and the options, not on what the solver
// searched before; with a node budget and no time budget (Options.Nodes), or a
// fixed depth, a seeded game replays move for move. The chance of a 4 comes from p's rules when p has a
// Rules method, else from the options. onMove, if not nil, sees each analysis and
// the move's result. It stops with an error if p refuses a move or claims a move
// changed nothing, and with ctx's error (and the figures so far) if ctx ends; a
// move whose search was cut short is not played.
func (s *Solver) Play(ctx context.Context, p game2048.Puzzle, onMove func(Analysis, game2048.MoveResult)) (GameStats, error) {
	start := time.Now()
	fourChance := -1.0
	if r, ok := p.(rulesOf); ok {
		fourChance = r.Rules().FourChance
	}
	s.forget()
	var st GameStats
	for !p.Over() {
		if err := ctx.Err(); err != nil {
			return s.partial(st, p, start), err
		}
		b, err := game2048.BoardOfPuzzle(p)
		if err != nil {
			return st, err
		}
		a, err := s.BestMove(ctx, b, fourChance)
		if err != nil {
			return s.partial(st, p, start), err
		}
		res, err := p.Move(a.Best)
		if err != nil {
			return st, fmt.Errorf("solver: move %d (%v): %w", st.Moves+1, a.Best, err)
		}
		if !res.Moved {
			return st, fmt.Errorf("solver: move %d (%v) did not change the board of the puzzle", st.Moves+1, a.Best)
		}
		st.Moves++
		st.Nodes += a.Nodes
		if onMove != nil {
			onMove(a, res)
		}
	}
	return s.partial(st, p, start), nil
}

// partial fills in the score, max tile and time of a game played so far.
func (s *Solver) partial(st GameStats, p game2048.Puzzle, start time.Time) GameStats {
	if b, err := game2048.BoardOfPuzzle(p); err == nil {
		st.MaxTile = b.MaxTile().Value()
	}
	st.Score, st.Elapsed = p.Score(), time.Since(start)
	return st
}
