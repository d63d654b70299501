package solver

import (
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
	Elapsed time.Duration `json:"elapsed"`
}

// rulesOf is implemented by puzzles that know their rules, as *game2048.Game does.
type rulesOf interface{ Rules() game2048.Rules }

// Play drives p to the end of its game, choosing each move with BestMove, and
// returns the final figures. The chance of a 4 comes from p's rules when p has a
// Rules method, else from the options. onMove, if not nil, sees each analysis and
// the move's result. It stops with an error if p refuses a move or claims a move
// changed nothing.
func (s *Solver) Play(p game2048.Puzzle, onMove func(Analysis, game2048.MoveResult)) (GameStats, error) {
	start := time.Now()
	fourChance := -1.0
	if r, ok := p.(rulesOf); ok {
		fourChance = r.Rules().FourChance
	}
	var st GameStats
	for !p.Over() {
		b, err := game2048.BoardOfPuzzle(p)
		if err != nil {
			return st, err
		}
		a, err := s.BestMove(b, fourChance)
		if err != nil {
			return st, err
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
	b, err := game2048.BoardOfPuzzle(p)
	if err != nil {
		return st, err
	}
	st.Score, st.MaxTile, st.Elapsed = p.Score(), b.MaxTile().Value(), time.Since(start)
	return st, nil
}
