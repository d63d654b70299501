package exact

import (
	"fmt"

	"github.com/gridgames/gridgames/game2048"
)

// MoveReview is one move of a reviewed game.
type MoveReview struct {
	// Number counts the moves from 1.
	Number int
	// Board is the position the move was played from.
	Board game2048.Board
	// Played and Best are the move made and the table's best move.
	Played, Best game2048.Direction
	// PlayedValue and BestValue are their exact worths (see MoveValue.Value).
	PlayedValue, BestValue float64
	// Loss is BestValue - PlayedValue: the expected score (or goal chance) the
	// move gave away; 0 for a best move.
	Loss float64
}

// Review replays a record on the table's board and values every move. It returns
// all the moves, in order; the ones with a Loss above 0 lost expected score. The
// record's rules must match the table (size and chance of a 4).
func (t *Table) Review(r game2048.Record) ([]MoveReview, error) {
	if r.Rules.Rows != t.Rows() || r.Rules.Cols != t.Cols() || r.Rules.FourChance != t.four {
		return nil, refuse(ErrBoard, "the record is %dx%d with a %v chance of a 4, the table %dx%d with %v", r.Rules.Rows, r.Rules.Cols, r.Rules.FourChance, t.Rows(), t.Cols(), t.four)
	}
	if r.Rules.StartTiles != 2 {
		return nil, refuse(ErrBoard, "the record starts with %d tiles; tables are for the standard start of 2", r.Rules.StartTiles)
	}
	final, err := game2048.Replay(r) // checks every move
	if err != nil {
		return nil, err
	}
	g, _ := game2048.NewGame(game2048.WithRules(r.Rules), game2048.WithSeed(r.Seed))
	out := make([]MoveReview, 0, final.MoveCount())
	for i, d := range final.Moves() {
		b := g.Board()
		mv, err := t.Moves(b)
		if err != nil {
			return nil, fmt.Errorf("move %d: %w", i+1, err)
		}
		best, _, _ := t.Best(b)
		out = append(out, MoveReview{Number: i + 1, Board: b, Played: d, Best: best,
			PlayedValue: mv[d].Value, BestValue: mv[best].Value, Loss: max(0, mv[best].Value-mv[d].Value)})
		if _, err := g.Move(d); err != nil {
			return nil, fmt.Errorf("move %d: %w", i+1, err)
		}
	}
	return out, nil
}
