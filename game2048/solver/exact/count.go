package exact

import (
	"context"

	"github.com/gridgames/gridgames/game2048"
)

// MaxCountCells is the most cells a board may have to be counted: Count keeps
// only the layers still being filled, so it measures 2x5 and 5x2, which are too
// big to solve (see MaxCells).
const MaxCountCells = 10

// Census is what Count finds: the size of a board's solve without doing it.
type Census struct {
	// Positions counts the positions reachable from the standard start, mirrors and
	// turns once, as Table.Summary does.
	Positions int64
	// Widest is the most positions of one tile sum (one layer).
	Widest int64
	// TopSum is the largest tile sum reachable.
	TopSum int
}

// SolveBytes estimates the memory Solve would need for the census: 36 bytes a
// position, the peak resident memory of the 2x4 and 3x3 solves over their
// positions (each position's key and value, its best move, and the sorting,
// index and growth space around them).
func (c Census) SolveBytes() int64 {
	return bytesPerPosition * c.Positions
}

// bytesPerPosition is the measured peak memory of a solve per position: 2x4 took
// 207 MB for 4,980,767 positions and 3x3 1.77 GB for 48,713,519 (README).
const bytesPerPosition = 36

// Count lists the positions reachable on a rows x cols board from the standard
// start (FourChance and Progress as in Config; Goal is ignored) and counts them,
// keeping only the layers it is still filling, so a board too big to solve can
// still be measured. It returns ctx's error when ctx ends first.
func Count(ctx context.Context, c Config) (Census, error) {
	if c.Rows < game2048.MinSize || c.Cols < game2048.MinSize {
		return Census{}, refuse(ErrConfig, "a %dx%d board; rows and columns start at %d", c.Rows, c.Cols, game2048.MinSize)
	}
	if c.Rows*c.Cols > MaxCountCells {
		return Census{}, refuse(ErrTooBig, "a %dx%d board has %d cells, the limit for a count is %d", c.Rows, c.Cols, c.Rows*c.Cols, MaxCountCells)
	}
	if !(c.FourChance >= 0 && c.FourChance <= 1) {
		return Census{}, refuse(ErrConfig, "chance of a 4 is %v, want 0 to 1", c.FourChance)
	}
	s := &solve{g: newGeom(c.Rows, c.Cols).withLines(), four: c.FourChance, countOnly: true, progress: c.Progress}
	if err := s.enumerate(ctx); err != nil {
		return Census{}, err
	}
	return Census{Positions: s.positions, Widest: s.widest, TopSum: s.topSum}, nil
}
