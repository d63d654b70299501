package engine

// This file is hot code: small bitboard helpers for the search.

import (
	"math/bits"

	"github.com/gridgames/gridgames/othello"
)

func popcount(b uint64) int { return bits.OnesCount64(b) }

// lowest returns the index of the lowest set bit of b, which must not be 0 (the high
// bit added lets the compiler drop its zero check).
func lowest(b uint64) int { return bits.TrailingZeros64(b | 1<<63) }

func moves(p, o, mask uint64) uint64 { return othello.MoveBits(p, o, mask) }

func flips(p, o uint64, sq int) uint64 { return othello.FlipBits(p, o, othello.Square(sq)) }

// geometry is what the search needs to know about a board size.
type geometry struct {
	size    int
	squares int       // size*size
	mask    uint64    // the board's squares
	quad    [4]uint64 // the four quadrants, for parity
	// quadOf[sq] is sq's quadrant as a bit (1, 2, 4 or 8); parityMask[q] is the
	// union of the quadrants whose bits q holds.
	quadOf     [64]uint8
	parityMask [16]uint64
	corners    uint64
	colA       uint64 // first and last column, first and last row
	colH       uint64
	row1       uint64
	row8       uint64

	xSquares uint64 // the squares diagonally next to the corners
	// squareRank[sq] orders squares within a parity class for the last empties:
	// 0 for a corner, 1 for most squares, 2 for an X square.
	squareRank [64]uint8
	cornerList [4]uint64 // each corner, with its X square and C squares
	xSquare    [4]uint64
	cSquares   [4]uint64
}

func newGeometry(size int) geometry {
	g := geometry{size: size, squares: size * size}
	h := size / 2
	for r := range size {
		for c := range size {
			bit := uint64(1) << (r*8 + c)
			g.mask |= bit
			g.quad[(r/h)*2+c/h] |= bit
			g.quadOf[r*8+c] = 1 << uint((r/h)*2+c/h)
			if c == 0 {
				g.colA |= bit
			}
			if c == size-1 {
				g.colH |= bit
			}
			if r == 0 {
				g.row1 |= bit
			}
			if r == size-1 {
				g.row8 |= bit
			}
		}
	}
	for q := range g.parityMask {
		for i, quad := range g.quad {
			if q&(1<<i) != 0 {
				g.parityMask[q] |= quad
			}
		}
	}
	g.corners = (g.colA | g.colH) & (g.row1 | g.row8)
	last := size - 1
	for i, rc := range [4][2]int{{0, 0}, {0, last}, {last, 0}, {last, last}} {
		r, c := rc[0], rc[1]
		dr, dc := 1, 1
		if r == last {
			dr = -1
		}
		if c == last {
			dc = -1
		}
		at := func(r, c int) uint64 { return uint64(1) << (r*8 + c) }
		g.cornerList[i] = at(r, c)
		g.xSquare[i] = at(r+dr, c+dc)
		g.cSquares[i] = at(r+dr, c) | at(r, c+dc)
		g.xSquares |= g.xSquare[i]
	}
	for sq := range g.squareRank {
		switch bit := uint64(1) << uint(sq); {
		case g.corners&bit != 0:
			g.squareRank[sq] = 0
		case g.xSquares&bit != 0:
			g.squareRank[sq] = 2
		default:
			g.squareRank[sq] = 1
		}
	}
	return g
}

// parity returns the quadrants holding an odd number of empty squares, as bits
// (see quadOf).
func (g *geometry) parity(empty uint64) uint8 {
	return uint8(popcount(empty&g.quad[0])&1 | popcount(empty&g.quad[1])&1<<1 |
		popcount(empty&g.quad[2])&1<<2 | popcount(empty&g.quad[3])&1<<3)
}

// oddQuadrants returns the empty squares of the quadrants holding an odd number of
// empties: playing there first (parity) tends to keep the last move.
func (g *geometry) oddQuadrants(empty uint64) uint64 {
	return empty & g.parityMask[g.parity(empty)]
}

// stable returns a subset of o's discs that can never be flipped: a disc is stable
// when, along each of the four lines through it, the line is full or one of its two
// neighbours is off the board or already stable. It iterates to a fixed point from
// nothing, so it finds corners first and grows from them.
func (g *geometry) stable(p, o uint64) uint64 {
	if g.size == 8 {
		return stable8(p, o)
	}
	return g.stableAny(p, o)
}

// stableAny is stable for any board size.
func (g *geometry) stableAny(p, o uint64) uint64 {
	empty := g.mask &^ (p | o)
	off := ^g.mask
	inner := g.mask &^ (g.colA | g.colH) // squares whose east-west neighbours are on the board
	// Squares whose line in each direction has no empty square.
	k := g.size - 1 // the steps from one end of a line to the other
	fullH, fullV, fullD1, fullD9 := ^fill(empty, 1, inner, k), ^fill(empty, 8, g.mask, k), ^fill(empty, 7, inner, k), ^fill(empty, 9, inner, k)
	var s uint64
	for {
		safe := off | s
		h := fullH | safe<<1&^g.colA | safe>>1&^g.colH | g.colA | g.colH
		v := fullV | safe<<8 | safe>>8 | g.row1 | g.row8
		d7 := fullD1 | safe<<7&^g.colH | safe>>7&^g.colA | g.colA | g.colH | g.row1 | g.row8
		d9 := fullD9 | safe<<9&^g.colA | safe>>9&^g.colH | g.colA | g.colH | g.row1 | g.row8
		next := o & h & v & d7 & d9
		if next == s {
			return s
		}
		s = next
	}
}

// fill spreads e along the line direction of shift dir both ways, through squares of
// through, to every square sharing a line with a square of e, on a board whose
// lines are at most k+1 squares long.
func fill(e uint64, dir uint, through uint64, k int) uint64 {
	for range k {
		e |= (e<<dir | e>>dir) & through
	}
	return e
}
