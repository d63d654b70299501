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
	fullH, fullV, fullD7, fullD9 := fullLines8(filled)
	var s uint64
	for {
		h := fullH | s<<1&notColA | s>>1&notColH | colsAH
		v := fullV | s<<8 | s>>8 | rows18
		d7 := fullD7 | s<<7&notColH | s>>7&notColA | edges8
		d9 := fullD9 | s<<9&notColA | s>>9&notColH | edges8
		next := o & h & v & d7 & d9
		if next == s {
			return s
		}
		s = next
	}
}

// fullLines8 returns, for each of the four line directions (east-west, north-south,
// and the two diagonals), the squares whose whole line in that direction is filled.
func fullLines8(filled uint64) (h, v, d7, d9 uint64) {
	// A row is full when its byte is 0xff: fold each byte onto its lowest bit.
	r := filled & (filled >> 4) & 0x0f0f0f0f0f0f0f0f
	r &= (r >> 2) & 0x0303030303030303
	r &= (r >> 1) & 0x0101010101010101
	h = r * 0xff
	// A column is full when every byte has its bit: rotations keep columns apart.
	c := filled & bits.RotateLeft64(filled, 32)
	c &= bits.RotateLeft64(c, 16)
	v = c & bits.RotateLeft64(c, 8)
	// A diagonal is full when no empty square shares it: spread the empty squares
	// along each diagonal both ways (Kogge-Stone fills, blocked at the board's side).
	e := ^filled
	d9 = ^(spread(e, 9, notColA, notColH))
	d7 = ^(spread(e, 7, notColH, notColA))
	return h, v, d7, d9
}

// spread returns every square sharing a line of direction dir (7 or 9) with a square
// of e: up fills toward higher squares (landing squares masked by up), down toward
// lower ones (masked by down).
func spread(e uint64, dir uint, up, down uint64) uint64 {
	pu := up
	e |= pu & (e << dir)
	pu &= pu << dir
	e |= pu & (e << (2 * dir))
	pu &= pu << (2 * dir)
	e |= pu & (e << (4 * dir))
	pd := down
	e |= pd & (e >> dir)
	pd &= pd >> dir
	e |= pd & (e >> (2 * dir))
	pd &= pd >> (2 * dir)
	e |= pd & (e >> (4 * dir))
	return e
}
