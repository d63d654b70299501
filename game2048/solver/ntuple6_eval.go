package solver

// This file is hot code: the 6-tuple network on the 4x4 fast path, 32 lookups.

import (
	"unsafe"

	"github.com/gridgames/gridgames/game2048"
)

// valueT scores a board given with its transpose. The 8 symmetries of the board are
// the board and its transpose, each as it is, mirrored left to right, upside down
// and both; the value is the sum of the four groups read at their canonical cells
// on each of the 8 (nibbles 0-5, 4-9, 0-2 with 4-6, and 4-6 with 8-10), which is
// the sum over every group's 8 placements.
//
// Each pair of groups is read on the line of the five cells both read (see
// table6): the line's address once, then each weight at the byte offset of its
// sixth cell in the line. The reads go through unsafe pointers to skip the masks
// that would prove each index in bounds: a line index has 20 bits, so a line
// starts within the 64 MiB of its pair's table, and an offset is below 64.
func (t *table6) valueT(b, bt game2048.Bitboard) float32 {
	x, y := uint64(b), uint64(bt)
	xl, yl := mirrorRows(x), mirrorRows(y)
	a, c := unsafe.Pointer(t.pair[0]), unsafe.Pointer(t.pair[1])
	s := one6(a, c, x) + one6(a, c, xl) + one6(a, c, flipRows(x)) + one6(a, c, flipRows(xl)) +
		one6(a, c, y) + one6(a, c, yl) + one6(a, c, flipRows(y)) + one6(a, c, flipRows(yl))
	return float32(s)
}

// one6 reads the four groups at their canonical cells of z from the pair tables
// a and c (see valueT).
func one6(a, c unsafe.Pointer, z uint64) int32 {
	la := unsafe.Add(a, (z&0xfff|z>>4&0xff000)<<6)        // the line of cells 0-2 and 4-5
	lc := unsafe.Add(c, (z>>16&0xfff|z>>20&0xff000)<<6)   // the line of cells 4-6 and 8-9
	return int32(*(*int16)(unsafe.Add(la, z>>11&0x1e))) + // cell 3
		int32(*(*int16)(unsafe.Add(lc, z>>27&0x1e))) + // cell 7
		int32(*(*int16)(unsafe.Add(la, 32+z>>23&0x1e))) + // cell 6
		int32(*(*int16)(unsafe.Add(lc, 32+z>>39&0x1e))) // cell 10
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
