package engine

// This file is hot code: the pattern indexes of a position, computed from the
// board's 8 mirror images with byte-table lookups instead of square by square.
// Every shape lies in the top rows or on a diagonal of its image, so each
// instance's index is a few lookups.

import "math/bits"

// base3 maps the low n bits of a byte (bit 0 the first square, the most
// significant digit) to their base-3 value with digit 1 per set bit:
// base3[n][b]. A player's discs add base3, the opponent's twice base3.
var base3 = func() (t [9][256]int32) {
	for n := 1; n <= 8; n++ {
		for b := range 1 << n {
			v := int32(0)
			for i := range n {
				v = v*3 + int32(b>>i&1)
			}
			t[n][b] = v
		}
	}
	return t
}()

// Each board transform below maps b to the board b∘X: square y of the result
// holds square X(y) of b (each X is its own inverse).

// flipRows reverses the rows (r -> 7-r).
func flipRows(b uint64) uint64 { return bits.ReverseBytes64(b) }

// flipCols reverses the columns (c -> 7-c).
func flipCols(b uint64) uint64 {
	b = b>>1&0x5555555555555555 | b&0x5555555555555555<<1
	b = b>>2&0x3333333333333333 | b&0x3333333333333333<<2
	return b>>4&0x0f0f0f0f0f0f0f0f | b&0x0f0f0f0f0f0f0f0f<<4
}

// transpose swaps rows and columns ((c, r) -> (r, c)).
func transpose(b uint64) uint64 {
	t := (b ^ b>>7) & 0x00aa00aa00aa00aa
	b ^= t ^ t<<7
	t = (b ^ b>>14) & 0x0000cccc0000cccc
	b ^= t ^ t<<14
	t = (b ^ b>>28) & 0x00000000f0f0f0f0
	return b ^ t ^ t<<28
}

// image returns b∘sym for the symmetric() numbering: square y of the result holds
// square sym(y) of b, so the base shape read on the image is the instance of sym.
func image(b uint64, sym int) uint64 {
	if sym&4 != 0 {
		b = transpose(b)
	}
	if sym&2 != 0 {
		b = flipRows(b)
	}
	if sym&1 != 0 {
		b = flipCols(b)
	}
	return b
}

// diagonal gathers the squares of b on mask (at most one per row and per column)
// into one byte, bit c for the square in column c.
func diagonal(b, mask uint64) uint64 { return (b & mask) * 0x0101010101010101 >> 56 }

const (
	diag8Mask = 0x8040201008040201 // (0,0) ... (7,7)
	diag7Mask = 0x0080402010080402 // (1,0) ... (7,6)
	diag6Mask = 0x0000804020100804 // (2,0) ... (7,5)
	diag5Mask = 0x0000008040201008 // (3,0) ... (7,4)
	diag4Mask = 0x0000000080402010 // (4,0) ... (7,3)
)

// The base shapes' indexes on (p, o), one function per shape of patternShapes.

func row(b uint64, r int) uint64 { return b >> (8 * r) & 0xff }

func digit(p, o uint64, sq int) int32 { return int32(p>>sq&1) + 2*int32(o>>sq&1) }

func edgeIndex(p, o uint64) int32 { // row 0, then (1,1) and (6,1)
	return (base3[8][row(p, 0)]+2*base3[8][row(o, 0)])*9 + digit(p, o, 9)*3 + digit(p, o, 14)
}

func corner3Index(p, o uint64) int32 { // rows 0-2, three squares each
	return (base3[3][p&7]+2*base3[3][o&7])*729 +
		(base3[3][p>>8&7]+2*base3[3][o>>8&7])*27 +
		base3[3][p>>16&7] + 2*base3[3][o>>16&7]
}

func corner25Index(p, o uint64) int32 { // rows 0-1, five squares each
	return (base3[5][p&31]+2*base3[5][o&31])*243 + base3[5][p>>8&31] + 2*base3[5][o>>8&31]
}

func rowIndex(p, o uint64, r int) int32 { return base3[8][row(p, r)] + 2*base3[8][row(o, r)] }

func diagIndex(p, o, mask uint64, n int) int32 {
	shift := 8 - n
	return base3[n][diagonal(p, mask)>>shift] + 2*base3[n][diagonal(o, mask)>>shift]
}

// features appends to idx the weight indexes active in (p, o) (one per instance,
// in layout order) and returns the scalar feature values.
func (l *patternLayout) features(p, o uint64, idx []int32) ([]int32, [numScalars]float32) {
	return l.indexes(p, o, idx), scalars(p, o)
}

// indexes appends to idx the weight indexes active in (p, o), one per instance, in
// layout order: p's discs are digit 1, o's digit 2.
func (l *patternLayout) indexes(p, o uint64, idx []int32) []int32 {
	var ip, io [8]uint64
	for sym := range 8 {
		ip[sym], io[sym] = image(p, sym), image(o, sym)
	}
	// Shape by shape, so each shape's code is inlined; instances are in shape order.
	in := l.instances
	k := 0
	for ; k < len(in) && in[k].shape == 0; k++ {
		idx = append(idx, in[k].offset+edgeIndex(ip[in[k].sym], io[in[k].sym]))
	}
	for ; k < len(in) && in[k].shape == 1; k++ {
		idx = append(idx, in[k].offset+corner3Index(ip[in[k].sym], io[in[k].sym]))
	}
	for ; k < len(in) && in[k].shape == 2; k++ {
		idx = append(idx, in[k].offset+corner25Index(ip[in[k].sym], io[in[k].sym]))
	}
	for ; k < len(in) && in[k].shape <= 5; k++ {
		idx = append(idx, in[k].offset+rowIndex(ip[in[k].sym], io[in[k].sym], int(in[k].shape)-2))
	}
	for ; k < len(in); k++ {
		n := 14 - int(in[k].shape) // diagonals of 8 down to 4 squares
		idx = append(idx, in[k].offset+diagIndex(ip[in[k].sym], io[in[k].sym], diagMasks[n], n))
	}
	return idx
}

var diagMasks = [9]uint64{4: diag4Mask, 5: diag5Mask, 6: diag6Mask, 7: diag7Mask, 8: diag8Mask}
