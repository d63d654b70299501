package game2048

// This file is hot code: the 4x4 fast path the solver's inner loop runs on. Every
// move is four table lookups (plus a transpose for up and down), and the same four
// give left and right at once; nothing allocates.

import (
	"fmt"
	"math/bits"
)

// Bitboard is a 4x4 board packed in one uint64, a nibble per cell holding the tile's
// exponent: cell (r, c) is bits 4*(4r+c) to 4*(4r+c)+3, so row r is the 16 bits at
// 16r and column 0 is each row's low nibble.
//
// A nibble holds exponents up to 15, the 32768 tile. FromBoard refuses (ErrTooLarge)
// any board with a larger tile, so such a board never enters this path silently: it
// stays on the general Board, which handles every tile. Within the fast path two
// adjacent 32768 tiles do not merge (the 65536 they would make cannot be stored), as
// if a wall stood between them; callers that need the exact rules there, as Game
// always does, use Board.
type Bitboard uint64

// BitboardMaxTile is the largest exponent a Bitboard cell holds (the 32768 tile).
const BitboardMaxTile Tile = 15

// Row tables, indexed by a 16-bit row (or a column read as a row, nibble i = row i).
var (
	rowSlides             [1 << 16]uint32 // the row slid toward nibble 0 (low half) and toward nibble 3 (high half)
	colUp, colDown        [1 << 16]uint64 // the same results spread down a column (nibble i at bit 16i)
	pointsLeft, pointsRgt [1 << 16]uint32 // points earned by each slide
)

func init() {
	for row := range 1 << 16 {
		var line [4]Tile
		for i := range 4 {
			line[i] = Tile(row >> (4 * i) & 0xf)
		}
		left, pl := slideNibbles(line)
		rev := [4]Tile{line[3], line[2], line[1], line[0]}
		r, pr := slideNibbles(rev)
		right := [4]Tile{r[3], r[2], r[1], r[0]}
		rowSlides[row] = uint32(packRow(left)) | uint32(packRow(right))<<16
		pointsLeft[row], pointsRgt[row] = pl, pr
		colUp[row] = spreadColumn(packRow(left))
		colDown[row] = spreadColumn(packRow(right))
	}
}

// slideNibbles slides one line toward index 0 with the general rule, except that
// exponents at BitboardMaxTile do not merge.
func slideNibbles(line [4]Tile) ([4]Tile, uint32) {
	var out [4]Tile
	var points uint32
	w := 0
	var held Tile
	for _, t := range line {
		if t == 0 {
			continue
		}
		if t == held && t < BitboardMaxTile {
			out[w-1] = t + 1
			points += 1 << (t + 1)
			held = 0
			continue
		}
		out[w] = t
		w++
		held = t
	}
	return out, points
}

func packRow(l [4]Tile) uint16 {
	return uint16(l[0]) | uint16(l[1])<<4 | uint16(l[2])<<8 | uint16(l[3])<<12
}

func spreadColumn(row uint16) uint64 {
	r := uint64(row)
	return r&0xf | (r>>4&0xf)<<16 | (r>>8&0xf)<<32 | (r>>12&0xf)<<48
}

// Transpose mirrors the board on its main diagonal: cell (r, c) goes to (c, r).
func (b Bitboard) Transpose() Bitboard {
	x := uint64(b)
	a1 := x & 0xF0F00F0FF0F00F0F
	a2 := x & 0x0000F0F00000F0F0
	a3 := x & 0x0F0F00000F0F0000
	a := a1 | a2<<12 | a3>>12
	b1 := a & 0xFF00FF0000FF00FF
	b2 := a & 0x00FF00FF00000000
	b3 := a & 0x00000000FF00FF00
	return Bitboard(b1 | b2>>24 | b3<<24)
}

// Move returns the board after sliding toward d, without spawning a tile. The result
// equals b when the move changes nothing.
func (b Bitboard) Move(d Direction) Bitboard {
	x := uint64(b)
	switch d {
	case Left:
		return b.SlideLeft()
	case Right:
		return b.SlideRight()
	case Up:
		return Bitboard(colUp[column(x, 0)] | colUp[column(x, 1)]<<4 |
			colUp[column(x, 2)]<<8 | colUp[column(x, 3)]<<12)
	default:
		return Bitboard(colDown[column(x, 0)] | colDown[column(x, 1)]<<4 |
			colDown[column(x, 2)]<<8 | colDown[column(x, 3)]<<12)
	}
}

// SlideLeft is Move(Left), small enough to inline: each row slid toward column 0.
// The other moves follow from it and SlideRight: Move(Up) is
// b.Transpose().SlideLeft().Transpose(), Move(Down) the same with SlideRight.
func (b Bitboard) SlideLeft() Bitboard {
	x := uint64(b)
	return Bitboard(uint64(uint16(rowSlides[x&0xffff])) | uint64(uint16(rowSlides[x>>16&0xffff]))<<16 |
		uint64(uint16(rowSlides[x>>32&0xffff]))<<32 | uint64(uint16(rowSlides[x>>48]))<<48)
}

// SlideRight is Move(Right), small enough to inline.
func (b Bitboard) SlideRight() Bitboard {
	x := uint64(b)
	return Bitboard(uint64(rowSlides[x&0xffff]>>16) | uint64(rowSlides[x>>16&0xffff]>>16)<<16 |
		uint64(rowSlides[x>>32&0xffff]>>16)<<32 | uint64(rowSlides[x>>48]>>16)<<48)
}

// Slides returns SlideLeft and SlideRight at once, with the four lookups of one:
// the row table holds both slides of a row side by side.
func (b Bitboard) Slides() (left, right Bitboard) {
	x := uint64(b)
	r0, r1, r2, r3 := uint64(rowSlides[x&0xffff]), uint64(rowSlides[x>>16&0xffff]), uint64(rowSlides[x>>32&0xffff]), uint64(rowSlides[x>>48])
	left = Bitboard(r0&0xffff | r1&0xffff<<16 | r2&0xffff<<32 | r3&0xffff<<48)
	right = Bitboard(r0>>16 | r1>>16<<16 | r2>>16<<32 | r3>>16<<48)
	return left, right
}

// SlideRow returns one row of a Bitboard (16 bits, column c in the nibble at 4c)
// slid toward column 0 and toward column 3, as SlideLeft and SlideRight slide each
// row. It is one table lookup.
func SlideRow(row uint16) (left, right uint16) {
	s := rowSlides[row]
	return uint16(s), uint16(s >> 16)
}

// column gathers column c of a packed board into a 16-bit row (nibble i = row i):
// one multiply moves the four nibbles side by side into the top 16 bits, with no
// overlap below them to carry.
func column(x uint64, c uint) uint64 {
	return (x >> (4 * c) & 0x000F000F000F000F) * (1<<48 | 1<<36 | 1<<24 | 1<<12) >> 48
}

// Points returns the points a move toward d earns on b.
func (b Bitboard) Points(d Direction) int64 {
	x := uint64(b)
	table := &pointsLeft
	switch d {
	case Right:
		table = &pointsRgt
	case Up:
		x = uint64(b.Transpose())
	case Down:
		x, table = uint64(b.Transpose()), &pointsRgt
	}
	return int64(table[x&0xffff] + table[x>>16&0xffff] + table[x>>32&0xffff] + table[x>>48])
}

// EmptyCount returns the number of empty cells.
func (b Bitboard) EmptyCount() int { return bits.OnesCount64(uint64(b.EmptyMask())) }

// EmptyMask returns a word with bit 4i set for each empty cell i (i = 4r+c), so the
// loop `for m := b.EmptyMask(); m != 0; m &= m - 1` visits the empty cells and
// bits.TrailingZeros64(m) is 4i.
func (b Bitboard) EmptyMask() uint64 {
	x := uint64(b)
	x |= x >> 2
	x |= x >> 1
	return ^x & 0x1111111111111111
}

// At returns the tile at row r, column c.
func (b Bitboard) At(r, c int) Tile { return Tile(uint64(b) >> (4 * (4*r + c)) & 0xf) }

// With returns b with tile t (an exponent up to 15) at row r, column c.
func (b Bitboard) With(r, c int, t Tile) Bitboard {
	shift := 4 * (4*r + c)
	return Bitboard(uint64(b)&^(0xf<<shift) | uint64(t&0xf)<<shift)
}

// MaxTile returns the largest tile on the board.
func (b Bitboard) MaxTile() Tile {
	var m Tile
	for x := uint64(b); x != 0; x >>= 4 {
		m = max(m, Tile(x&0xf))
	}
	return m
}

// FromBoard packs a 4x4 board. It returns an error wrapping ErrTooLarge for another
// size or for any tile above 32768.
func FromBoard(g Board) (Bitboard, error) {
	if g.rows != 4 || g.cols != 4 {
		return 0, fmt.Errorf("%w: %dx%d, want 4x4", ErrTooLarge, g.rows, g.cols)
	}
	var b Bitboard
	for i, t := range g.cells {
		if t > BitboardMaxTile {
			return 0, fmt.Errorf("%w: tile %d at row %d, column %d is above 32768", ErrTooLarge, t.Value(), i/4+1, i%4+1)
		}
		b |= Bitboard(t) << (4 * i)
	}
	return b, nil
}

// Board unpacks b into a general 4x4 Board.
func (b Bitboard) Board() Board {
	g, _ := NewBoard(4, 4)
	for i := range g.cells {
		g.cells[i] = Tile(uint64(b) >> (4 * i) & 0xf)
	}
	return g
}

// String returns the board in the CLI text format, as Board.String does.
func (b Bitboard) String() string { return b.Board().String() }
