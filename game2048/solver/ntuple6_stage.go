package solver

import "github.com/gridgames/gridgames/game2048"

// A Network6 may have two stages (Jaśkowski, 2018, "multi-stage weights"): its
// own weights score the boards without a tile of 16384 or more, and a second
// set, late, scores the boards with one. The late game then has weights of its
// own rather than sharing every pattern with the early game, whose boards are
// far more common and would otherwise pull them their way.

// lateTile is the tile whose presence selects the late stage: 16384.
const lateTile game2048.Tile = 14

// lateBoard reports whether board x (Bitboard bits) has a tile of lateTile or
// more: a nibble of 14 or 15 has its three high bits set.
func lateBoard(x uint64) bool {
	return x&(x>>1)&(x>>2)&0x2222222222222222 != 0
}

// Stages returns the number of n's stages: 1, or 2 with a late stage.
func (n *Network6) Stages() int {
	if n.t.late != nil {
		return 2
	}
	return 1
}

// stage returns the table that scores board b: t, or its late stage. It is the
// search's one hook for a staged network: a table without a late stage costs
// one test of a nil pointer.
func (t *table6) stage(b game2048.Bitboard) *table6 {
	if t.late != nil && lateBoard(uint64(b)) {
		return t.late
	}
	return t
}
