package solver

// This file is hot code: the heuristic on the 4x4 fast path, eight table lookups.

import "github.com/gridgames/gridgames/game2048"

// bitboard scores a packed 4x4 board with the network if there is one, else by the
// heuristic: its four rows, then its four columns read as the rows of the transpose.
func (e *evaluator) bitboard(b game2048.Bitboard) float32 {
	return e.bitboardT(b, b.Transpose())
}

// bitboardT is bitboard with the board's transpose bt given.
func (e *evaluator) bitboardT(b, bt game2048.Bitboard) float32 {
	if e.net != nil {
		return e.net.valueT(b, bt)
	}
	t := e.rows
	x, y := uint64(b), uint64(bt)
	return t[x&0xffff] + t[x>>16&0xffff] + t[x>>32&0xffff] + t[x>>48] +
		t[y&0xffff] + t[y>>16&0xffff] + t[y>>32&0xffff] + t[y>>48]
}
