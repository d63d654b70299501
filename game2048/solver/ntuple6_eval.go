package solver

// This file is hot code: the 6-tuple network on the 4x4 fast path, 32 lookups.

import "github.com/gridgames/gridgames/game2048"

// valueT scores a board given with its transpose. The 8 symmetries of the board are
// the board and its transpose, each as it is, mirrored left to right, upside down
// and both; the value is the sum of the four groups read at their canonical cells
// (one) on each of the 8, which is the sum over every group's 8 placements.
func (t *table6) valueT(b, bt game2048.Bitboard) float32 {
	x, y := uint64(b), uint64(bt)
	xl, yl := mirrorRows(x), mirrorRows(y)
	s := t.one(x) + t.one(xl) + t.one(flipRows(x)) + t.one(flipRows(xl)) +
		t.one(y) + t.one(yl) + t.one(flipRows(y)) + t.one(flipRows(yl))
	return float32(s)
}

// one reads the four groups at their canonical cells: nibbles 0-5, 4-9, 0-2 with
// 4-6, and 4-6 with 8-10.
func (t *table6) one(x uint64) int32 {
	return int32(t.w[0][x&0xffffff]) + int32(t.w[1][x>>16&0xffffff]) +
		int32(t.w[2][x&0xfff|x>>4&0xfff000]) + int32(t.w[3][x>>16&0xfff|x>>20&0xfff000])
}

// mirrorRows reverses the four cells of each row: the board mirrored left to right.
func mirrorRows(x uint64) uint64 {
	x = x&0x0f0f0f0f0f0f0f0f<<4 | x>>4&0x0f0f0f0f0f0f0f0f
	return x&0x00ff00ff00ff00ff<<8 | x>>8&0x00ff00ff00ff00ff
}

// flipRows reverses the order of the rows: the board upside down.
func flipRows(x uint64) uint64 {
	return x<<48 | x>>48 | x<<16&0x0000ffff00000000 | x>>16&0x00000000ffff0000
}
