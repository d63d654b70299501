package solver

import (
	"math"

	"github.com/gridgames/gridgames/game2048"
)

// Network6 is a bigger n-tuple network for the 4x4 board: four groups of six
// cells (the edge row with two cells of the next row, an inner row with two of
// the next, a 2x3 block in the corner and a 2x3 block on the edge), each taken in
// all 8 symmetries of the board, 32 lookups summed. Like Network, its value of a
// board estimates the points still to be scored from it (0 for a lost board).
// Six cells see far more of a board than four (2^24 patterns a group instead of
// 2^16), which is what lets it tell good shapes from bad ones at shallow depth
// (Jaśkowski, "Mastering 2048 with delayed temporal coherence learning...",
// 2018, and Yeh et al., 2016, use the same four groups).
//
// A Network6 holds 4 x 2^24 float32 weights (256 MiB) for training; the solver
// searches with a copy rounded to whole points in 16 bits (128 MiB), and network
// files store those rounded weights. Train6 learns one; DefaultNetwork6 is built
// in. A network read from a file (ReadNetwork6, DefaultNetwork6) holds only the
// rounded weights, which the solver reads as they are, until training needs the
// float32 ones: so loading one for play costs 128 MiB a stage, not 384.
type Network6 struct {
	w    [numTuples6][]float32 // nil while frozen
	late *Network6             // the late stage, if promoted (see Promote); it has no late stage itself
	// frozen, when not nil, holds the weights instead of w: the rounded table
	// read from a file (its late stage, if any, is late.frozen). It is never
	// written, so solvers share it; thaw copies it into w for training.
	frozen *table6
}

const (
	numTuples6  = 4
	numImages6  = numTuples6 * 8
	tupleCells6 = 6
	tuple6Size  = 1 << (4 * tupleCells6)
)

// canonicalTuples6 lists each group's cells (index 4*row+col) in the order of its
// index nibbles. The fast path (table6.one) reads exactly these nibbles of a board.
var canonicalTuples6 = [numTuples6][tupleCells6]int{
	{0, 1, 2, 3, 4, 5},  // the edge row and two cells below it
	{4, 5, 6, 7, 8, 9},  // an inner row and two cells below it
	{0, 1, 2, 4, 5, 6},  // a 2x3 block in the corner
	{4, 5, 6, 8, 9, 10}, // a 2x3 block on the edge
}

// image6 is one symmetric placement of a group.
type image6 struct {
	tuple int
	cells [tupleCells6]int
}

// images6 are all 32 placements, group by group.
var images6 = func() (out [numImages6]image6) {
	for t, cells := range canonicalTuples6 {
		for s := range 8 {
			im := image6{tuple: t}
			for k, c := range cells {
				im.cells[k] = symmetry(s, c)
			}
			out[t*8+s] = im
		}
	}
	return out
}()

// index reads the pattern of im on b.
func (im *image6) index(b uint64) int {
	i := 0
	for k, c := range im.cells {
		i |= int(b>>(4*c)&0xf) << (4 * k)
	}
	return i
}

// NewNetwork6 returns a network whose weights are all 0.
func NewNetwork6() *Network6 {
	n := new(Network6)
	for t := range n.w {
		n.w[t] = make([]float32, tuple6Size)
		adviseHugePages(n.w[t])
	}
	return n
}

// Value returns the network's estimate for b by the 32 lookups, the definition the
// search's rounded tables are checked against.
func (n *Network6) Value(b game2048.Bitboard) float64 {
	n = n.stage(uint64(b))
	v := 0.0
	for i := range images6 {
		im := &images6[i]
		if n.frozen != nil {
			v += float64(n.frozen.w[im.tuple][im.index(uint64(b))])
		} else {
			v += float64(n.w[im.tuple][im.index(uint64(b))])
		}
	}
	return v
}

// value and update are the training loop's: Value in float32, and delta added to
// every weight b reads. The network must not be frozen (see thaw).
func (n *Network6) value(b game2048.Bitboard) float32 {
	n = n.stage(uint64(b))
	var v float32
	for i := range images6 {
		im := &images6[i]
		v += n.w[im.tuple][im.index(uint64(b))]
	}
	return v
}

func (n *Network6) update(b game2048.Bitboard, delta float32) {
	n = n.stage(uint64(b))
	for i := range images6 {
		im := &images6[i]
		n.w[im.tuple][im.index(uint64(b))] += delta
	}
}

// images is the number of weights a board reads.
func (n *Network6) images() int { return numImages6 }

// table6 is a Network6 as the search reads it: every weight rounded to a whole
// point in 16 bits, half the memory of float32 and so half the cache misses.
type table6 struct {
	w    [numTuples6]*[tuple6Size]int16 // arrays, so the masked indexes need no bounds checks
	late *table6                        // the late stage, if the network has one (see Stage)
}

// maxWeight6 bounds a rounded weight; training has never come near it (the largest
// weights are a few thousand points).
const maxWeight6 = math.MaxInt16

// newTable6 returns a table of zeros.
func newTable6() *table6 {
	t := new(table6)
	for i := range t.w {
		t.w[i] = new([tuple6Size]int16)
		adviseHugePages(t.w[i][:])
	}
	return t
}

// round6 rounds a weight to the table's whole points, clamped to its range.
func round6(v float32) int16 {
	return int16(max(-maxWeight6, min(maxWeight6, math.Round(float64(v)))))
}

// tables returns n rounded for the search. Unlike Network.tables it is not cached:
// n changes while it trains, and a solver built on it takes the copy once. A
// frozen network's table is never written, so it is shared, not copied.
func (n *Network6) tables() *table6 {
	if n.frozen != nil {
		return n.frozen
	}
	t := newTable6()
	for i := range n.w {
		for j, v := range n.w[i] {
			t.w[i][j] = round6(v)
		}
	}
	if n.late != nil {
		t.late = n.late.tables()
	}
	return t
}

// network returns a frozen Network6 holding t (see Network6.frozen).
func (t *table6) network() *Network6 {
	n := &Network6{frozen: t}
	if t.late != nil {
		n.late = &Network6{frozen: t.late}
	}
	return n
}

// thaw gives a frozen network (and its late stage) float32 weights to train,
// copied from its table; the table itself is left as it is for the solvers that
// share it. It does nothing to a network that is not frozen. Training calls it
// once, before any game, from one goroutine.
func (n *Network6) thaw() {
	if n.late != nil {
		n.late.thaw()
	}
	t := n.frozen
	if t == nil {
		return
	}
	for i := range n.w {
		w := make([]float32, tuple6Size)
		adviseHugePages(w)
		for j, v := range t.w[i] {
			w[j] = float32(v)
		}
		n.w[i] = w
	}
	n.frozen = nil
}
