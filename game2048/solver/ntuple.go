package solver

import (
	"sync"

	"github.com/gridgames/gridgames/game2048"
)

// Network is an n-tuple network for the 4x4 board: a learned value for every
// pattern of tiles on a few groups of four cells (a row on the edge, an inner row, a
// 2x2 square in the corner, on the edge and in the centre), each group taken in all
// 8 symmetries of the board, 40 lookups summed. Its value of a board is an estimate
// of the points still to be scored from it, so a lost board is worth 0. train.Train4
// learns one by playing; DefaultNetwork is built in (EvalBlend4 uses it).
type Network struct {
	// W holds the weights of each canonical tuple, indexed by its four cells'
	// exponents, the first cell in the lowest nibble.
	W [numTuples][1 << 16]float32

	once sync.Once
	tabs *netTables
}

const (
	numTuples  = 5
	numImages  = numTuples * 8
	tupleCells = 4
)

// canonicalTuples lists each tuple's cells (index 4*row+col) in the order of its
// index nibbles.
var canonicalTuples = [numTuples][tupleCells]int{
	{0, 1, 2, 3},  // a row on the edge
	{4, 5, 6, 7},  // an inner row
	{0, 1, 4, 5},  // the square in a corner
	{1, 2, 5, 6},  // the square in the middle of an edge
	{5, 6, 9, 10}, // the square in the centre
}

// image is one symmetric placement of a canonical tuple.
type image struct {
	tuple int
	cells [tupleCells]int
}

// images are all 40 placements, tuple by tuple.
var images = func() (out [numImages]image) {
	for t, cells := range canonicalTuples {
		for s := range 8 {
			im := image{tuple: t}
			for k, c := range cells {
				im.cells[k] = symmetry(s, c)
			}
			out[t*8+s] = im
		}
	}
	return out
}()

// symmetry maps cell c (4*row+col) by the s-th of the 8 symmetries of the square.
func symmetry(s, c int) int {
	r, col := c/4, c%4
	if s&1 != 0 {
		col = 3 - col
	}
	if s&2 != 0 {
		r = 3 - r
	}
	if s&4 != 0 {
		r, col = col, r
	}
	return 4*r + col
}

// index reads the pattern of im on b.
func (im *image) index(b uint64) int {
	i := 0
	for k, c := range im.cells {
		i |= int(b>>(4*c)&0xf) << (4 * k)
	}
	return i
}

// Value returns the network's estimate for b by the 40 lookups, the definition the
// fast tables (netTables) are checked against.
func (n *Network) Value(b game2048.Bitboard) float64 {
	v := 0.0
	for i := range images {
		im := &images[i]
		v += float64(n.W[im.tuple][im.index(uint64(b))])
	}
	return v
}

// netTables are a Network folded into one table per kind of placement the fast
// path reads, each entry the sum of the images that land on that placement: a row on
// the edge, an inner row, the corner square, the square in the middle of an edge and
// the centre square. Other placements of the same kind read the same table through a
// symmetry: the columns as rows of the transpose, the other corners and edges by
// swapping nibbles or bytes. Its value equals Network.Value with 17 lookups instead
// of 40, in five tables (1.25 MiB) instead of seventeen.
type netTables struct {
	outer, inner, corner, edge, center [1 << 16]float32
}

// fold builds the table for one placement: for every pattern on cells, the sum over
// the images that cover exactly those cells.
func (n *Network) fold(cells [tupleCells]int, out *[1 << 16]float32) {
	// covering[i] gives, for image i's cells in order, where each sits in cells.
	type cover struct {
		tuple int
		from  [tupleCells]int
	}
	var covering []cover
	for _, im := range images {
		cv := cover{tuple: im.tuple}
		found := 0
		for j, c := range im.cells {
			for k, p := range cells {
				if p == c {
					cv.from[j] = k
					found++
				}
			}
		}
		if found == tupleCells {
			covering = append(covering, cv)
		}
	}
	for x := range 1 << 16 {
		sum := float32(0)
		for _, cv := range covering {
			i := 0
			for j, k := range cv.from {
				i |= (x >> (4 * k) & 0xf) << (4 * j)
			}
			sum += n.W[cv.tuple][i]
		}
		out[x] = sum
	}
}

// tables returns n folded for the fast path, built on first use: n must not change
// once a Solver has used it.
func (n *Network) tables() *netTables {
	n.once.Do(func() { n.tabs = n.buildTables() })
	return n.tabs
}

func (n *Network) buildTables() *netTables {
	t := new(netTables)
	n.fold([tupleCells]int{0, 1, 2, 3}, &t.outer)
	n.fold([tupleCells]int{4, 5, 6, 7}, &t.inner)
	n.fold([tupleCells]int{0, 1, 4, 5}, &t.corner)
	n.fold([tupleCells]int{1, 2, 5, 6}, &t.edge)
	n.fold([tupleCells]int{5, 6, 9, 10}, &t.center)
	return t
}
