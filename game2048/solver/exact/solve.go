package exact

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/gridgames/gridgames/game2048"
)

// MaxCells is the most cells a board may have to be solved: 3x3 is the largest
// board solved. 2x5 and 5x2 have Positions2x5 positions, whose solve would
// need about 65 GB (Census.SolveBytes), and 12 cells (3x4) many more again.
const MaxCells = 9

// Positions2x5 is the number of positions reachable on 2x5 with a 4 spawning
// one time in ten, mirrors and turns once, as Count found it (see the README).
const Positions2x5 = 1_814_373_350

// ErrTooBig reports a board with more than MaxCells cells; Solve refuses it before
// doing any work.
var ErrTooBig = errors.New("exact: board too big to solve")

// ErrConfig reports a Config that cannot be solved (a bad size, chance or goal).
var ErrConfig = errors.New("exact: invalid configuration")

// CheckSize reports whether a rows x cols board can be solved: nil, or an error
// wrapping ErrTooBig (more than MaxCells cells) or ErrConfig (a side below
// game2048.MinSize) that names the limit.
func CheckSize(rows, cols int) error {
	if rows < game2048.MinSize || cols < game2048.MinSize {
		return refuse(ErrConfig, "a %dx%d board; rows and columns start at %d", rows, cols, game2048.MinSize)
	}
	if rows*cols > MaxCells {
		why := ""
		if rows*cols == 10 {
			why = fmt.Sprintf(": 2x5 has %.1f billion positions, about %.0f GB to solve", Positions2x5/1e9,
				float64(Census{Positions: Positions2x5}.SolveBytes())/1e9)
		}
		return refuse(ErrTooBig, "a %dx%d board has %d cells, the limit is %d (3x3)%s", rows, cols, rows*cols, MaxCells, why)
	}
	return nil
}

// Phase names a stage of a solve, for progress reports.
type Phase string

// The stages of a solve, in order. PhaseChances runs for the score objective only.
const (
	PhaseEnumerate Phase = "enumerate" // listing the reachable positions, by rising tile sum
	PhaseValues    Phase = "values"    // backward induction, by falling tile sum
	PhaseChances   Phase = "chances"   // the tile chances of the best policy, by rising sum
)

// Progress is one report of a running solve, sent once a layer.
type Progress struct {
	Phase Phase
	// Sum is the tile sum of the layer just finished.
	Sum int
	// Positions counts the positions listed so far (PhaseEnumerate), or the total.
	Positions int64
	// Done and Layers count layers in PhaseValues and PhaseChances (0 in PhaseEnumerate).
	Done, Layers int
}

// Config says what to solve.
type Config struct {
	// Rows and Cols give the board, at most MaxCells cells in all.
	Rows, Cols int
	// FourChance is the chance, from 0 to 1, that a new tile is a 4.
	FourChance float64
	// Goal, when not 0, is a tile value (a power of two from 4 to 2^15): the solve
	// maximises the chance of ever making it, instead of the expected score.
	Goal uint64
	// Progress, when not nil, is called once a layer from the solving goroutine.
	Progress func(Progress)
}

// solve is the state of one Solve call.
type solve struct {
	g         *geom
	four      float64
	goal      uint8 // the goal's exponent, 0 for the score
	layers    []layer
	best      [][]uint8 // best[h][i]: the best move of layer h's position i, noMove when over
	positions int64
	widest    int64 // the most positions in one layer
	topSum    int   // the largest tile sum of a position listed
	countOnly bool  // enumerate drops each layer once its children are listed
	progress  func(Progress)
}

func (s *solve) report(p Progress) {
	if s.progress != nil {
		s.progress(p)
	}
}

// Solve computes the value of every position reachable on the board from the
// standard start, by backward induction over layers of equal tile sum. It
// returns ctx's error, and no table, when ctx ends first.
func Solve(ctx context.Context, c Config) (*Table, error) {
	if err := CheckSize(c.Rows, c.Cols); err != nil {
		return nil, err
	}
	if !(c.FourChance >= 0 && c.FourChance <= 1) {
		return nil, refuse(ErrConfig, "chance of a 4 is %v, want 0 to 1", c.FourChance)
	}
	var goal uint8
	if c.Goal != 0 {
		t, err := game2048.TileOf(c.Goal)
		if err != nil || t < 2 || t > maxExp {
			return nil, refuse(ErrConfig, "goal %d is not a power of two from 4 to %d", c.Goal, uint64(1)<<maxExp)
		}
		goal = uint8(t)
	}
	start := time.Now()
	s := &solve{g: newGeom(c.Rows, c.Cols).withLines(), four: c.FourChance, goal: goal, progress: c.Progress}
	if err := s.enumerate(ctx); err != nil {
		return nil, err
	}
	if err := s.values(ctx); err != nil {
		return nil, err
	}
	t := &Table{g: s.g, four: s.four, goal: s.goal, layers: s.layers}
	t.sum.Positions = s.positions
	t.sum.Value = t.startValue(false)
	t.sum.ValueTwoTwos = t.startValue(true)
	if goal == 0 {
		hist, err := s.chances(ctx)
		if err != nil {
			return nil, err
		}
		t.sum.FinalMax = hist
	}
	t.sum.Seconds = time.Since(start).Seconds()
	return t, nil
}

// root is a start position and its probability.
type root struct {
	key  uint64
	prob float64
}

// roots returns the canonical start positions that can occur: both tiles 2 (kept
// even when FourChance is 1, for the two-2s figure) or, when a 4 can spawn, any mix.
func (s *solve) roots() []root {
	return startPositions(s.g, s.four, false)
}

// startPositions lists the start positions with their probabilities: two tiles on
// distinct uniformly drawn cells, each a 4 with chance four (or both 2s when
// twoTwos). Positions are canonical and may repeat; probabilities sum to 1 (the
// two-2s ones too when four is 1 and twoTwos is false, so a table still holds them).
func startPositions(g *geom, four float64, twoTwos bool) []root {
	n := g.n
	pair := 2 / float64(n*(n-1))
	var out []root
	for i := range n {
		for j := i + 1; j < n; j++ {
			for ti := uint64(1); ti <= 2; ti++ {
				for tj := uint64(1); tj <= 2; tj++ {
					p := pair
					if !twoTwos {
						p *= tileChance(ti, four) * tileChance(tj, four)
					} else if ti != 1 || tj != 1 {
						continue
					}
					if p == 0 && (ti != 1 || tj != 1) {
						continue
					}
					k := ti<<(4*uint(i)) | tj<<(4*uint(j))
					out = append(out, root{key: g.canon(k), prob: p})
				}
			}
		}
	}
	return out
}

func tileChance(t uint64, four float64) float64 {
	if t == 2 {
		return four
	}
	return 1 - four
}
