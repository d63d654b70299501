package solver

// This file is hot code: the n-tuple network on the 4x4 fast path, 17 lookups.

import "github.com/gridgames/gridgames/game2048"

// value scores a packed board. A 2x2 square is read as 16 bits, the top two cells in
// the low byte; mirroring it left to right swaps the nibbles of each byte, top to
// bottom swaps the bytes. The squares on the left and right edges are the top and
// bottom edge squares of the transpose.
func (t *netTables) value(b game2048.Bitboard) float32 {
	return t.valueT(b, b.Transpose())
}

// valueT is value with the board's transpose bt given (the search often has it): the
// rows, the columns (rows of the transpose) and the squares, grouped by the rows
// they cover.
func (t *netTables) valueT(b, bt game2048.Bitboard) float32 {
	x, y := uint64(b), uint64(bt)
	return t.lines(x) + t.lines(y) + t.squares01(x) + t.squares12(x, y) + t.squares23(x)
}

// lines scores the four rows of x: the outer table for the edge rows, the inner
// one for the middle rows. Given the transpose, it scores the columns.
func (t *netTables) lines(x uint64) float32 {
	return t.outer[x&0xffff] + t.inner[x>>16&0xffff] + t.inner[x>>32&0xffff] + t.outer[x>>48]
}

// squares01 scores the three 2x2 squares on rows 0 and 1: the top corners (cells
// 0 1 / 4 5 and 2 3 / 6 7) and the top edge's middle (1 2 / 5 6).
func (t *netTables) squares01(x uint64) float32 {
	tl := uint16(x&0xff | x>>8&0xff00)
	tr := uint16(x>>8&0xff | x>>16&0xff00)
	top := uint16(x>>4&0xff | x>>12&0xff00)
	return t.corner[tl] + t.corner[swapNibbles(tr)] + t.edge[top]
}

// squares23 scores the three 2x2 squares on rows 2 and 3: the bottom corners (8 9
// / 12 13 and 10 11 / 14 15) and the bottom edge's middle (9 10 / 13 14), each
// read upside down (its bytes swapped: row 3 in the low byte) as the top ones are.
func (t *netTables) squares23(x uint64) float32 {
	bl := uint16(x>>48&0xff | x>>24&0xff00)
	br := uint16(x>>56&0xff | x>>32&0xff00)
	bottom := uint16(x>>52&0xff | x>>28&0xff00)
	return t.corner[bl] + t.corner[swapNibbles(br)] + t.edge[bottom]
}

// squares12 scores the three 2x2 squares on rows 1 and 2: the left and right edges'
// middles (read from the transpose y, the right one upside down) and the centre
// (5 6 / 9 10).
func (t *netTables) squares12(x, y uint64) float32 {
	left := uint16(y>>4&0xff | y>>12&0xff00)
	right := uint16(y>>52&0xff | y>>28&0xff00)
	center := uint16(x>>20&0xff | x>>28&0xff00)
	return t.edge[left] + t.edge[right] + t.center[center]
}

// swapNibbles swaps the two nibbles of each byte: a 2x2 square mirrored left to right.
func swapNibbles(i uint16) uint16 { return i&0x0f0f<<4 | i>>4&0x0f0f }
