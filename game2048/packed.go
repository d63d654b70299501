package game2048

// This file is hot code: the packed board the solver searches boards other than
// 4x4 on. A move slides every row of the board (up and down slide the rows of the
// transpose); nothing allocates.

import (
	"fmt"
	"math/bits"
)

// PackedMaxSize is the most rows and the most columns a PackedBoard holds.
const PackedMaxSize = 8

// PackedBoard is a board of up to 8 rows and 8 columns packed a byte per cell: row
// r is one uint64, Row(r), with the exponent of cell (r, c) in bits 8c to 8c+7.
// Bytes past the last column, and rows past the last row, are 0.
//
// A byte holds every tile the package has (exponents up to MaxTile), so every Board
// of up to 8x8 packs exactly and a PackedBoard follows the rules of Board.Move to
// the letter, two MaxTile tiles included (they do not merge). Pack refuses larger
// boards (ErrTooLarge); they stay on the general Board.
//
// The zero PackedBoard has no cells and is not usable; build one with Pack.
type PackedBoard struct {
	rows         [PackedMaxSize]uint64
	nrows, ncols uint8
}

// Pack packs a board of up to 8x8. It returns an error wrapping ErrTooLarge for a
// larger board.
func Pack(g Board) (PackedBoard, error) {
	if g.rows > PackedMaxSize || g.cols > PackedMaxSize {
		return PackedBoard{}, fmt.Errorf("%w: %dx%d, want at most %dx%d for a PackedBoard",
			ErrTooLarge, g.rows, g.cols, PackedMaxSize, PackedMaxSize)
	}
	p := PackedBoard{nrows: uint8(g.rows), ncols: uint8(g.cols)}
	for i, t := range g.cells {
		p.rows[i/g.cols] |= uint64(t) << (8 * (i % g.cols))
	}
	return p, nil
}

// Board unpacks p into a general Board.
func (p PackedBoard) Board() Board {
	g, _ := NewBoard(p.Rows(), p.Cols())
	for i := range g.cells {
		g.cells[i] = p.At(i/g.cols, i%g.cols)
	}
	return g
}

// String returns the board in the CLI text format, as Board.String does.
func (p PackedBoard) String() string { return p.Board().String() }

// Rows returns the number of rows.
func (p PackedBoard) Rows() int { return int(p.nrows) }

// Cols returns the number of columns.
func (p PackedBoard) Cols() int { return int(p.ncols) }

// Row returns row r, the exponent of column c in byte c (bits 8c to 8c+7), for r
// from 0 to PackedMaxSize-1 (rows past the last are 0).
func (p PackedBoard) Row(r int) uint64 { return p.rows[r&(PackedMaxSize-1)] }

// SetRow replaces row r with row, as Row returns it. It is the unvalidated setter
// a search uses: the caller keeps the bytes past the last column 0 and every
// exponent at most MaxTile.
func (p *PackedBoard) SetRow(r int, row uint64) { p.rows[r&(PackedMaxSize-1)] = row }

// At returns the tile at row r, column c (0-based), both below PackedMaxSize.
func (p PackedBoard) At(r, c int) Tile { return Tile(p.Row(r) >> (8 * uint(c&7)) & 0xff) }

// With returns p with tile t at row r, column c (0-based). It panics outside the
// board or for a tile above MaxTile.
func (p PackedBoard) With(r, c int, t Tile) PackedBoard {
	if r < 0 || r >= p.Rows() || c < 0 || c >= p.Cols() {
		panic(fmt.Sprintf("game2048: cell (%d,%d) outside a %dx%d board", r, c, p.nrows, p.ncols))
	}
	if t > MaxTile {
		panic(fmt.Sprintf("game2048: With: tile exponent %d above %d", t, MaxTile))
	}
	shift := 8 * uint(c)
	p.rows[r] = p.rows[r]&^(0xff<<shift) | uint64(t)<<shift
	return p
}

// EmptyCount returns the number of empty cells.
func (p PackedBoard) EmptyCount() int {
	n := 0
	for r := range p.Rows() {
		n += bits.OnesCount64(EmptyBytes(p.rows[r], p.Cols()))
	}
	return n
}

// EmptyBytes returns a word with bit 8c+7 set for each empty cell c of a row of n
// cells (n from 1 to 8, exponents at most MaxTile), so the loop
// `for m := EmptyBytes(row, n); m != 0; m &= m - 1` visits the empty cells and
// bits.TrailingZeros64(m)/8 is the column.
func EmptyBytes(row uint64, n int) uint64 {
	const low7, high = 0x7f7f7f7f7f7f7f7f, 0x8080808080808080
	// A byte's top bit ends up set when its low 7 bits are not all 0 (the sum
	// carries into it, never past it) or when it was set already.
	full := (row&low7 + low7) | row
	return ^full & high & (uint64(1)<<(8*uint(n)) - 1)
}

// ReverseRow returns a row of n cells (n from 1 to 8) in the opposite order: cell c
// goes to cell n-1-c.
func ReverseRow(row uint64, n int) uint64 {
	return bits.ReverseBytes64(row) >> (64 - 8*uint(n))
}

// SlidePackedRow slides a row (a byte per cell, as PackedBoard.Row) toward cell 0 with the
// rule of Board.Move, and returns the row after the slide and the points earned.
// The row is unchanged when the slide moves nothing.
func SlidePackedRow(row uint64) (uint64, int64) {
	var out uint64
	var points int64
	w := uint(0)    // the bit offset of the next cell to fill
	var held uint64 // the last tile placed, while it may still merge (else 0)
	for x := row; x != 0; {
		s := uint(bits.TrailingZeros64(x)) &^ 7
		t := x >> s & 0xff
		x &^= 0xff << s
		if t == held && t < uint64(MaxTile) {
			out += 1 << (w - 8) // the held tile, one cell back, becomes t+1
			points += 1 << (t + 1)
			held = 0
			continue
		}
		out |= t << w
		w += 8
		held = t
	}
	return out, points
}

// Transpose mirrors the board on its main diagonal: cell (r, c) goes to (c, r), and
// a rows x cols board becomes cols x rows.
func (p PackedBoard) Transpose() PackedBoard {
	// Swap the off-diagonal 4x4 blocks, then the 2x2 blocks inside each, then the
	// cells inside each 2x2 block: cell (i, j) ends at (j, i). Straight-line code on
	// locals, so the rows stay in registers.
	r0, r1, r2, r3, r4, r5, r6, r7 := p.rows[0], p.rows[1], p.rows[2], p.rows[3], p.rows[4], p.rows[5], p.rows[6], p.rows[7]
	r0, r4 = swapBlocks(r0, r4, 32, 0x00000000ffffffff)
	r1, r5 = swapBlocks(r1, r5, 32, 0x00000000ffffffff)
	r2, r6 = swapBlocks(r2, r6, 32, 0x00000000ffffffff)
	r3, r7 = swapBlocks(r3, r7, 32, 0x00000000ffffffff)
	r0, r2 = swapBlocks(r0, r2, 16, 0x0000ffff0000ffff)
	r1, r3 = swapBlocks(r1, r3, 16, 0x0000ffff0000ffff)
	r4, r6 = swapBlocks(r4, r6, 16, 0x0000ffff0000ffff)
	r5, r7 = swapBlocks(r5, r7, 16, 0x0000ffff0000ffff)
	r0, r1 = swapBlocks(r0, r1, 8, 0x00ff00ff00ff00ff)
	r2, r3 = swapBlocks(r2, r3, 8, 0x00ff00ff00ff00ff)
	r4, r5 = swapBlocks(r4, r5, 8, 0x00ff00ff00ff00ff)
	r6, r7 = swapBlocks(r6, r7, 8, 0x00ff00ff00ff00ff)
	return PackedBoard{rows: [PackedMaxSize]uint64{r0, r1, r2, r3, r4, r5, r6, r7}, nrows: p.ncols, ncols: p.nrows}
}

// swapBlocks swaps the bits of a selected by mask<<shift with the bits of b
// selected by mask: one step of the transpose.
func swapBlocks(a, b uint64, shift uint, mask uint64) (uint64, uint64) {
	t := (a>>shift ^ b) & mask
	return a ^ t<<shift, b ^ t
}

// Move returns the board after sliding toward d and the points earned, without
// spawning a tile. The board is unchanged when the move changes nothing.
func (p PackedBoard) Move(d Direction) (PackedBoard, int64) {
	if d == Up || d == Down {
		t, points := p.Transpose().Move(d - Up) // up is left on the transpose, down right
		return t.Transpose(), points
	}
	n := p.Cols()
	var points int64
	for r := range p.Rows() {
		row := p.rows[r]
		if d == Right {
			row = ReverseRow(row, n)
		}
		row, pts := SlidePackedRow(row)
		if d == Right {
			row = ReverseRow(row, n)
		}
		p.rows[r] = row
		points += pts
	}
	return p, points
}
