package engine

import (
	"sync"

	"github.com/gridgames/gridgames/othello"
)

// Patterns is a learned evaluation of 8x8 positions late in the game: one weight for
// each configuration of each board shape (shared by the shape's symmetric copies) and
// for mobility, potential mobility and parity. Its value predicts the final disc
// difference with perfect play. The exact solver orders its moves by it far from the
// end and guesses its first window with it; the midgame levels keep the hand-made
// evaluation. DefaultPatterns is built in; train.TrainPatterns (othello/engine/train)
// makes new ones.
type Patterns struct {
	w []float32

	fastOnce sync.Once
	fast     *fastPatterns // the search's form of w (see searchForm)
}

// newPatterns returns all-zero weights.
func newPatterns() *Patterns { return &Patterns{w: make([]float32, layout.size)} }

// Value predicts the final disc difference of pos for its side to move (8x8 only;
// other sizes value 0).
func (w *Patterns) Value(pos othello.Position) float64 {
	if pos.Size() != 8 {
		return 0
	}
	return float64(w.value(pos.Player(), pos.Opponent()))
}
