package engine

// This file is hot code: stable discs on the 8x8 board.

import "math/bits"

const (
	notColA = 0xfefefefefefefefe // every square but those of column a
	notColH = 0x7f7f7f7f7f7f7f7f // every square but those of column h
	colsAH  = 0x8181818181818181 // columns a and h
	rows18  = 0xff000000000000ff // rows 1 and 8
	edges8  = colsAH | rows18    // the squares of the board's rim
)

// stable8 is geometry.stable on the 8x8 board: the same fixed point, with the full
// lines found by a few shifts instead of a square-by-square fill.
func stable8(p, o uint64) uint64 {
	filled := p | o
	// A row is full when its byte is 0xff: fold each byte onto its lowest bit.
	r := filled & (filled >> 4) & 0x0f0f0f0f0f0f0f0f
	r &= (r >> 2) & 0x0303030303030303
	r &= (r >> 1) & 0x0101010101010101
	h := r*0xff | colsAH
	// A column is full when every byte has its bit: rotations keep columns apart.
	c := filled & bits.RotateLeft64(filled, 32)
	c &= bits.RotateLeft64(c, 16)
	v := c&bits.RotateLeft64(c, 8) | rows18
	// A diagonal is full when no empty square shares it: spread the empty squares
	// along each diagonal both ways (Kogge-Stone fills, blocked at the board's side),
	// the two diagonal directions side by side.
	e9, e7 := ^filled, ^filled
	m9, m7 := uint64(notColA), uint64(notColH)
	e9 |= m9 & (e9 << 9)
	e7 |= m7 & (e7 << 7)
	m9 &= m9 << 9
	m7 &= m7 << 7
	e9 |= m9 & (e9 << 18)
	e7 |= m7 & (e7 << 14)
	m9 &= m9 << 18
	m7 &= m7 << 14
	e9 |= m9 & (e9 << 36)
	e7 |= m7 & (e7 << 28)
	m9, m7 = notColH, notColA
	e9 |= m9 & (e9 >> 9)
	e7 |= m7 & (e7 >> 7)
	m9 &= m9 >> 9
	m7 &= m7 >> 7
	e9 |= m9 & (e9 >> 18)
	e7 |= m7 & (e7 >> 14)
	m9 &= m9 >> 18
	m7 &= m7 >> 14
	e9 |= m9 & (e9 >> 36)
	e7 |= m7 & (e7 >> 28)
	d9, d7 := ^e9|edges8, ^e7|edges8
	// Stable discs: o's discs that no line can flip, growing from those on full or
	// rim lines in all four directions, each line also blocked by a stable neighbour.
	s := o & h & v & d9 & d7
	if s == 0 {
		return 0
	}
	for {
		next := o & (h | s<<1&notColA | s>>1&notColH) & (v | s<<8 | s>>8) &
			(d7 | s<<7&notColH | s>>7&notColA) & (d9 | s<<9&notColA | s>>9&notColH)
		if next == s {
			return s
		}
		s = next
	}
}
