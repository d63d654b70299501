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

// indexes6 sets idx to the 32 weight indexes valueT reads for the board x with
// its transpose y: idx[4s+g] is group g's on symmetry s.
func indexes6(x, y uint64, idx *[numImages6]uint32) {
	xl, yl := mirrorRows(x), mirrorRows(y)
	for s, v := range [8]uint64{x, xl, flipRows(x), flipRows(xl), y, yl, flipRows(y), flipRows(yl)} {
		i := (*[4]uint32)(idx[4*s&31:])
		i[0] = uint32(v & 0xffffff)
		i[1] = uint32(v >> 16 & 0xffffff)
		i[2] = uint32(v&0xfff | v>>4&0xfff000)
		i[3] = uint32(v>>16&0xfff | v>>20&0xfff000)
	}
}

// sum is the network's value from the indexes indexes6 set: valueT's exact
// integer sum, before it is made a float32.
func (t *table6) sum(idx *[numImages6]uint32) int32 {
	w0, w1, w2, w3 := t.w[0], t.w[1], t.w[2], t.w[3]
	var s int32
	for k := 0; k < numImages6; k += 4 {
		i := (*[4]uint32)(idx[k&31:])
		s += int32(w0[i[0]&0xffffff]) + int32(w1[i[1]&0xffffff]) + int32(w2[i[2]&0xffffff]) + int32(w3[i[3]&0xffffff])
	}
	return s
}
