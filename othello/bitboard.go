package othello

// This file is hot code: move generation and flips on bitboards, which search and
// perft spend nearly all their time in. Bit i is square (col i%8, row i/8): a1 is bit
// 0, h1 bit 7, a2 bit 8. Smaller boards use the top-left corner of the same layout;
// squares off the board are never occupied, so only the final mask of empty squares
// needs the board size.

import "math/bits"

// innerCol is the squares off columns a and h: discs a horizontal or diagonal line
// may run through without wrapping to the next row.
const innerCol = 0x7E7E7E7E7E7E7E7E

// legalMovesGo returns the squares where the player owning p may move against o, on a
// board whose squares are mask. For each of the four line directions it runs a
// parallel prefix both ways: grow runs of o discs from p's discs one step, then by
// doubled steps, so a line of up to six discs takes four steps instead of six. The
// shifts are written out with constant counts; that is what makes this fast in Go.
func legalMovesGo(p, o, mask uint64) uint64 {
	h := o & innerCol // horizontal and diagonal runs may not wrap around the edge

	// East-west, shift 1.
	fl := h & (p << 1)
	fr := h & (p >> 1)
	fl |= h & (fl << 1)
	fr |= h & (fr >> 1)
	pl := h & (h << 1)
	pr := h & (h >> 1)
	fl |= pl & (fl << 2)
	fr |= pr & (fr >> 2)
	fl |= pl & (fl << 2)
	fr |= pr & (fr >> 2)
	m := fl<<1 | fr>>1

	// North-south, shift 8.
	fl = o & (p << 8)
	fr = o & (p >> 8)
	fl |= o & (fl << 8)
	fr |= o & (fr >> 8)
	pl = o & (o << 8)
	pr = o & (o >> 8)
	fl |= pl & (fl << 16)
	fr |= pr & (fr >> 16)
	fl |= pl & (fl << 16)
	fr |= pr & (fr >> 16)
	m |= fl<<8 | fr>>8

	// Diagonal, shift 7.
	fl = h & (p << 7)
	fr = h & (p >> 7)
	fl |= h & (fl << 7)
	fr |= h & (fr >> 7)
	pl = h & (h << 7)
	pr = h & (h >> 7)
	fl |= pl & (fl << 14)
	fr |= pr & (fr >> 14)
	fl |= pl & (fl << 14)
	fr |= pr & (fr >> 14)
	m |= fl<<7 | fr>>7

	// Diagonal, shift 9.
	fl = h & (p << 9)
	fr = h & (p >> 9)
	fl |= h & (fl << 9)
	fr |= h & (fr >> 9)
	pl = h & (h << 9)
	pr = h & (h >> 9)
	fl |= pl & (fl << 18)
	fr |= pr & (fr >> 18)
	fl |= pl & (fl << 18)
	fr |= pr & (fr >> 18)
	m |= fl<<9 | fr>>9

	return m &^ (p | o) & mask
}

// rays[sq][d] holds the squares from sq (exclusive) to the board's edge along
// direction d. Directions 0-3 go toward higher bits (E, S, SW, SE), 4-7 toward lower
// bits (W, N, NE, NW).
var rays [64][8]uint64

func init() {
	steps := [8][2]int{{1, 0}, {0, 1}, {-1, 1}, {1, 1}, {-1, 0}, {0, -1}, {1, -1}, {-1, -1}}
	for sq := range 64 {
		for d, s := range steps {
			c, r := sq%8+s[0], sq/8+s[1]
			for c >= 0 && c < 8 && r >= 0 && r < 8 {
				rays[sq][d] |= 1 << (r*8 + c)
				c, r = c+s[0], r+s[1]
			}
		}
	}
}

// flipsGo returns the discs of o that a move by p on the empty square sq turns over
// (0 if the move is illegal). Along each ray, the first square that is not o's must
// be p's for the o discs before it to flip. Branch-free: each ray costs a handful of
// operations whatever the position.
func flipsGo(p, o uint64, sq int) uint64 {
	r := &rays[sq&63]
	return flipUp(p, o, r[0]) | flipUp(p, o, r[1]) | flipUp(p, o, r[2]) | flipUp(p, o, r[3]) |
		flipDown(p, o, r[4]) | flipDown(p, o, r[5]) | flipDown(p, o, r[6]) | flipDown(p, o, r[7])
}

// flipUp handles a ray toward higher bits, where the first non-o square is the lowest
// set bit of m &^ o. If it is p's (x != 0), the ray's bits below it flip.
func flipUp(p, o, m uint64) uint64 {
	e := m &^ o
	x := e & -e & p
	y := x - 1                 // all ones when x == 0, else the bits below x (top bit clear)
	return y & m & (y>>63 - 1) // the last factor is 0 when x == 0
}

// flipDown handles a ray toward lower bits, where the first non-o square is the
// highest set bit of m &^ o. If it is p's, the ray's bits above it flip. Bit 0 is
// added to the scan so it never sees zero (and needs no zero check); a bracket found
// there only counts if bit 0 is on the ray, where it was then not o's.
func flipDown(p, o, m uint64) uint64 {
	x := uint64(1<<63) >> bits.LeadingZeros64(m&^o|1) & p & m
	return m &^ (x<<1 - 1) // x == 0 gives m &^ all = 0
}

// MoveBits returns the squares where the owner of p may move against o on the board
// whose squares are mask. It is the raw, unvalidated generator for engines.
func MoveBits(p, o, mask uint64) uint64 { return legalMoves(p, o, mask) }

// FlipBits returns the discs of o that p's move on the empty square sq turns over
// (0 if none). Unvalidated: sq must be an empty square of the board.
func FlipBits(p, o uint64, sq Square) uint64 { return flips(p, o, int(sq)) }
