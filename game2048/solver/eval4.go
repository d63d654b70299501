package solver

// This file is hot code: the heuristic on the 4x4 fast path, eight table lookups.

import "github.com/gridgames/gridgames/game2048"

// bitboard scores a packed 4x4 board with a network if there is one (plus the
// heuristic's share with the 6-tuple one), else by the heuristic: its four rows, then its four columns read as the rows of the transpose.
func (e *evaluator) bitboard(b game2048.Bitboard) float32 {
	return e.bitboardT(b, b.Transpose())
}

// bitboardT is bitboard with the board's transpose bt given.
func (e *evaluator) bitboardT(b, bt game2048.Bitboard) float32 {
	if e.big != nil {
		v := e.big.stage(b).valueT(b, bt) // stage: the late weights on a board with 16384 or more, if any
		if e.share > 0 {
			v += float32(e.share) * e.heuristicT(b, bt)
		}
		return v
	}
	if e.net != nil {
		return e.net.valueT(b, bt)
	}
	return e.heuristicT(b, bt)
}

// heuristicT is the heuristic's score of a board given with its transpose.
func (e *evaluator) heuristicT(b, bt game2048.Bitboard) float32 {
	t := e.rows
	x, y := uint64(b), uint64(bt)
	return t[x&0xffff] + t[x>>16&0xffff] + t[x>>32&0xffff] + t[x>>48] +
		t[y&0xffff] + t[y>>16&0xffff] + t[y>>32&0xffff] + t[y>>48]
}
