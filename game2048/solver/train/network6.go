package train

import (
	"io"

	"github.com/gridgames/gridgames/game2048"
	"github.com/gridgames/gridgames/game2048/internal/hugepages"
	"github.com/gridgames/gridgames/game2048/solver"
)

// Network6 is a 6-tuple network as training learns it: float32 weights, one
// slice of solver.Patterns6 for each of the solver.Groups6 groups, indexed as
// solver.Indexes6 reads a board (256 MiB a stage), and optionally a late stage
// that scores the boards solver.LateBoard names. Its value of a board is the sum
// of the weights the board reads, so it is the value of the solver.Network6
// Solver makes of it, but for the rounding of each weight to a whole point.
type Network6 struct {
	w    [][]float32
	late *Network6 // the late stage, once promoted; it has no late stage itself
}

// NewNetwork6 returns a network whose weights are all 0.
func NewNetwork6() *Network6 {
	w := make([][]float32, solver.Groups6)
	for g := range w {
		w[g] = make([]float32, solver.Patterns6)
		hugepages.Advise(w[g])
	}
	return &Network6{w: w}
}

// FromSolver6 returns a network to train on from s: its rounded weights as
// float32, and its late stage if it has one. s is left as it is.
func FromSolver6(s *solver.Network6) *Network6 {
	w, late := s.Weights()
	n := &Network6{w: w}
	if late != nil {
		n.late = &Network6{w: late}
	}
	return n
}

// Solver returns the network for play: n's weights rounded to whole points
// (solver.NewNetwork6), its late stage's too.
func (n *Network6) Solver() (*solver.Network6, error) {
	var late [][]float32
	if n.late != nil {
		late = n.late.w
	}
	return solver.NewNetwork6(n.w, late)
}

// WriteTo writes n as a 6-tuple network file, the one its Solver network
// writes (solver.Network6.WriteTo), which solver.ReadNetwork6 reads.
func (n *Network6) WriteTo(w io.Writer) (int64, error) {
	s, err := n.Solver()
	if err != nil {
		return 0, err
	}
	return s.WriteTo(w)
}

// Stages returns the number of n's stages: 1, or 2 once promoted.
func (n *Network6) Stages() int {
	if n.late != nil {
		return 2
	}
	return 1
}

// Promote gives n its late stage, a copy of its weights (weight promotion: the
// late stage starts from what the early one knows and learns from there). It
// does nothing to a network that has one.
func (n *Network6) Promote() {
	if n.late != nil {
		return
	}
	n.late = NewNetwork6()
	for g := range n.w {
		copy(n.late.w[g], n.w[g])
	}
}

// stage returns the network whose weights score b: n, or its late stage.
func (n *Network6) stage(b game2048.Bitboard) *Network6 {
	if n.late != nil && solver.LateBoard(b) {
		return n.late
	}
	return n
}

// Value returns n's estimate for b, summed in float64 placement by placement.
func (n *Network6) Value(b game2048.Bitboard) float64 {
	n = n.stage(b)
	v := 0.0
	for i, j := range solver.Indexes6(b) {
		v += float64(n.w[i/8][j])
	}
	return v
}

// update adds delta to every weight b reads.
func (n *Network6) update(b game2048.Bitboard, delta float32) {
	n = n.stage(b)
	for i, j := range solver.Indexes6(b) {
		n.w[i/8][j] += delta
	}
}

// images is the number of weights a board reads.
func (n *Network6) images() int { return solver.Placements6 }
