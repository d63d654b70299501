package solver

import (
	"fmt"
	"math"

	"github.com/gridgames/gridgames/game2048"
	"github.com/gridgames/gridgames/game2048/internal/hugepages"
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
// A Network6 is for play: it holds every weight rounded to a whole point in 16
// bits (128 MiB a stage), as network files store them, and the solver searches
// that table as it is. It is never written once made, so solvers share it.
// Package train learns the float32 weights and makes a Network6 of them
// (NewNetwork6); ReadNetwork6 reads one from a file and DefaultNetwork6 is
// built in.
type Network6 struct {
	t *table6 // the rounded weights, and the late stage's if any
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

// NewNetwork6 returns the network of the float32 weights w, one slice of
// Patterns6 weights for each of the Groups6 groups, indexed as Indexes6 reads a
// board, each rounded to a whole point within ±32767 (the rounding network files
// store). late, if not nil, holds the late stage's weights in the same shape (see
// LateBoard). Neither is kept: the network holds its own rounded copy.
func NewNetwork6(w, late [][]float32) (*Network6, error) {
	t, err := roundTable6(w, "")
	if err != nil {
		return nil, err
	}
	if late != nil {
		if t.late, err = roundTable6(late, "late stage: "); err != nil {
			return nil, err
		}
	}
	return &Network6{t: t}, nil
}

// roundTable6 rounds the weights of one stage into a table; errors name the
// stage by prefix.
func roundTable6(w [][]float32, prefix string) (*table6, error) {
	if len(w) != numTuples6 {
		return nil, fmt.Errorf("solver: NewNetwork6: %s%d groups, want %d", prefix, len(w), numTuples6)
	}
	for g := range w {
		if len(w[g]) != tuple6Size {
			return nil, fmt.Errorf("solver: NewNetwork6: %sgroup %d has %d weights, want %d", prefix, g, len(w[g]), tuple6Size)
		}
	}
	t := newTable6()
	for g := range w {
		for j, v := range w[g] {
			t.set(g, uint32(j), round6(v))
		}
	}
	return t, nil
}

// Weights returns copies of n's weights as float32, in the shape NewNetwork6
// takes (late is nil for a network of one stage), for training to go on from
// them: 256 MiB a stage.
func (n *Network6) Weights() (w, late [][]float32) {
	w = n.t.float32s()
	if n.t.late != nil {
		late = n.t.late.float32s()
	}
	return w, late
}

// float32s returns t's weights as float32 slices, one a group.
func (t *table6) float32s() [][]float32 {
	w := make([][]float32, numTuples6)
	for g := range w {
		w[g] = make([]float32, tuple6Size)
		hugepages.Advise(w[g])
		for j := range w[g] {
			w[g][j] = float32(t.at(g, uint32(j)))
		}
	}
	return w
}

// Value returns the network's estimate for b by the 32 lookups, the definition the
// search's fast path (table6.valueT) is checked against.
func (n *Network6) Value(b game2048.Bitboard) float64 {
	t := n.t.stage(b)
	v := 0.0
	for i := range images6 {
		im := &images6[i]
		v += float64(t.at(im.tuple, uint32(im.index(uint64(b)))))
	}
	return v
}

// table6 is a Network6 as the search reads it: every weight rounded to a whole
// point in 16 bits, half the memory of float32 and so half the cache misses.
//
// The groups are stored in pairs that read five cells in common: the edge row
// group (cells 0-5) with the corner block (0-2, 4-6), sharing 0-2 and 4-5, and
// the inner row group (4-9) with the edge block (4-6, 8-10), sharing 4-6 and 8-9.
// Each pattern of the five shared cells owns one 64-byte cache line of its pair's
// table: the first group's 16 weights by its sixth cell, then the second's 16 by
// its own. The two groups' placements in one symmetry of a board read the same
// five cells, so they read one line: a board's 32 reads land on 16 lines, not 32.
type table6 struct {
	pair [2]*[pairSize6]int16 // groups 0 and 2, groups 1 and 3; arrays, so the masked indexes need no bounds checks
	late *table6              // the late stage, if the network has one (see Stage)
}

// pairSize6 is the number of weights of a pair of groups.
const pairSize6 = 2 * tuple6Size

// slot6 returns where weight j of group g (its index as Indexes6 reads a board:
// nibble k is the tuple's cell k) lies in table pair[g&1]: the line of the five
// cells the pair shares, in the same order for both groups, then the group's own
// sixth cell. In the row groups (0 and 1) the shared cells are nibbles 0-2 and
// 4-5 and nibble 3 is their own; in the blocks (2 and 3) they are nibbles 0-4 and
// nibble 5 is their own, in the line's second half.
func slot6(g int, j uint32) uint32 {
	if g < 2 {
		return (j&0xfff|j>>4&0xff000)<<5 | j>>12&0xf
	}
	return (j&0xfffff)<<5 | 16 | j>>20&0xf
}

// at returns weight j of group g.
func (t *table6) at(g int, j uint32) int16 {
	return t.pair[g&1][slot6(g, j)&(pairSize6-1)]
}

// set sets weight j of group g to v.
func (t *table6) set(g int, j uint32, v int16) {
	t.pair[g&1][slot6(g, j)&(pairSize6-1)] = v
}

// maxWeight6 bounds a rounded weight; training has never come near it (the largest
// weights are a few thousand points).
const maxWeight6 = math.MaxInt16

// newTable6 returns a table of zeros.
func newTable6() *table6 {
	t := new(table6)
	for i := range t.pair {
		t.pair[i] = new([pairSize6]int16)
		hugepages.Advise(t.pair[i][:])
	}
	return t
}

// round6 rounds a weight to the table's whole points, clamped to its range.
func round6(v float32) int16 {
	return int16(max(-maxWeight6, min(maxWeight6, math.Round(float64(v)))))
}

// tables returns n's table for the search, shared, never written.
func (n *Network6) tables() *table6 { return n.t }
