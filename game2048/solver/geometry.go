package solver

import "github.com/gridgames/gridgames/game2048"

// The geometry of the n-tuple networks, for training (package train) as for
// play: which cells each group reads, and where each of its 8 placements (the
// group taken in every symmetry of the board) lands on a board. Placement i
// belongs to group i/8; a group's weights are indexed by the exponents of its
// cells, the first cell in the lowest nibble. The value of a board is the sum,
// over the placements in order, of the weight of the pattern each reads.
const (
	// Groups6 is the number of groups of six cells of a Network6.
	Groups6 = numTuples6
	// Placements6 is the number of weights a Network6 reads for a board: 8 a group.
	Placements6 = numImages6
	// Patterns6 is the number of patterns, and so of weights, of a 6-cell group.
	Patterns6 = tuple6Size

	// Groups4 is the number of groups of four cells of a Network.
	Groups4 = numTuples
	// Placements4 is the number of weights a Network reads for a board: 8 a group.
	Placements4 = numImages
	// Patterns4 is the number of patterns, and so of weights, of a 4-cell group.
	Patterns4 = 1 << (4 * tupleCells)
)

// Indexes6 returns, for each of the Placements6 placements of a Network6's
// groups, the index of the pattern it reads on b (placement i is of group i/8):
// Network6.Value is the sum of those weights in that order.
func Indexes6(b game2048.Bitboard) (idx [Placements6]int32) {
	for i := range images6 {
		idx[i] = int32(images6[i].index(uint64(b)))
	}
	return idx
}

// Indexes4 is Indexes6 for a Network: the patterns its Placements4 placements
// read on b, placement i of group i/8.
func Indexes4(b game2048.Bitboard) (idx [Placements4]int32) {
	for i := range images {
		idx[i] = int32(images[i].index(uint64(b)))
	}
	return idx
}

// LateBoard reports whether b has a tile of 16384 or more: such a board is
// scored by a Network6's late stage, if it has one (Network6.Stages).
func LateBoard(b game2048.Bitboard) bool { return lateBoard(uint64(b)) }
