package solver

// This file is hot code: the n-tuple network on the 4x4 fast path, 17 lookups.

import (
	"math/bits"

	"github.com/gridgames/gridgames/game2048"
)

// value scores a packed board. A 2x2 square is read as 16 bits, the top two cells in
// the low byte; mirroring it left to right swaps the nibbles of each byte, top to
// bottom swaps the bytes. The squares on the left and right edges are the top and
// bottom edge squares of the transpose.
func (t *netTables) value(b game2048.Bitboard) float32 {
	return t.valueT(b, b.Transpose())
}

// valueT is value with the board's transpose bt given (the search often has it).
func (t *netTables) valueT(b, bt game2048.Bitboard) float32 {
	x, y := uint64(b), uint64(bt)
	v := t.outer[x&0xffff] + t.inner[x>>16&0xffff] + t.inner[x>>32&0xffff] + t.outer[x>>48] +
		t.outer[y&0xffff] + t.inner[y>>16&0xffff] + t.inner[y>>32&0xffff] + t.outer[y>>48]
	tl := uint16(x&0xff | x>>8&0xff00)          // cells 0 1 / 4 5
	tr := uint16(x>>8&0xff | x>>16&0xff00)      // cells 2 3 / 6 7
	bl := uint16(x>>32&0xff | x>>40&0xff00)     // cells 8 9 / 12 13
	br := uint16(x>>40&0xff | x>>48&0xff00)     // cells 10 11 / 14 15
	top := uint16(x>>4&0xff | x>>12&0xff00)     // cells 1 2 / 5 6
	bottom := uint16(x>>36&0xff | x>>44&0xff00) // cells 9 10 / 13 14
	left := uint16(y>>4&0xff | y>>12&0xff00)
	right := uint16(y>>36&0xff | y>>44&0xff00)
	center := uint16(x>>20&0xff | x>>28&0xff00) // cells 5 6 / 9 10
	v += t.corner[tl] + t.corner[swapNibbles(tr)] + t.corner[bits.ReverseBytes16(bl)] +
		t.corner[bits.ReverseBytes16(swapNibbles(br))]
	v += t.edge[top] + t.edge[bits.ReverseBytes16(bottom)] + t.edge[left] + t.edge[bits.ReverseBytes16(right)]
	return v + t.center[center]
}

// swapNibbles swaps the two nibbles of each byte: a 2x2 square mirrored left to right.
func swapNibbles(i uint16) uint16 { return i&0x0f0f<<4 | i>>4&0x0f0f }
