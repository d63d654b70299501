package othello

import (
	"fmt"
	"math/bits"
)

// Sizes lists the supported board sizes.
var Sizes = []int{4, 6, 8}

// Position is a board, the side to move and the board size. It is a small value: copy
// it freely. The zero Position is not valid; use StartPosition, NewPosition or
// ParsePosition.
type Position struct {
	p, o uint64 // discs of the side to move, and of the other side
	turn Color
	size uint8
}

// boardMask returns the squares of a size x size board.
func boardMask(size int) uint64 {
	var m uint64
	row := uint64(1)<<size - 1
	for r := range size {
		m |= row << (8 * r)
	}
	return m
}

func checkSize(size int) error {
	if size != 4 && size != 6 && size != 8 {
		return fmt.Errorf("%w: %d (want 4, 6 or 8)", ErrSize, size)
	}
	return nil
}

// StartPosition returns the standard 8x8 start: d4 and e5 white, d5 and e4 black,
// Black to move.
func StartPosition() Position {
	p, _ := NewPosition(8)
	return p
}

// NewPosition returns the start position of a size x size board (4, 6 or 8): the same
// centre pattern as 8x8, Black to move. Other sizes wrap ErrSize.
func NewPosition(size int) (Position, error) {
	if err := checkSize(size); err != nil {
		return Position{}, err
	}
	c := size/2 - 1
	white := SquareAt(c, c).Bit() | SquareAt(c+1, c+1).Bit()
	black := SquareAt(c, c+1).Bit() | SquareAt(c+1, c).Bit()
	return Position{p: black, o: white, turn: Black, size: uint8(size)}, nil
}

// PositionOf builds a position from the discs of each colour. Discs off the board or
// on both colours wrap ErrSyntax; a size other than 4, 6, 8 wraps ErrSize.
func PositionOf(black, white uint64, turn Color, size int) (Position, error) {
	if err := checkSize(size); err != nil {
		return Position{}, err
	}
	if both := black & white; both != 0 {
		return Position{}, fmt.Errorf("%w: %v holds both colours", ErrSyntax, Square(bits.TrailingZeros64(both)))
	}
	if off := (black | white) &^ boardMask(size); off != 0 {
		return Position{}, fmt.Errorf("%w: a disc at bit %d is off the %dx%d board", ErrSyntax, bits.TrailingZeros64(off), size, size)
	}
	if turn != Black && turn != White {
		return Position{}, fmt.Errorf("%w: side to move must be black or white", ErrSyntax)
	}
	if turn == Black {
		return Position{p: black, o: white, turn: Black, size: uint8(size)}, nil
	}
	return Position{p: white, o: black, turn: White, size: uint8(size)}, nil
}

// Size returns the board size (4, 6 or 8).
func (pos Position) Size() int { return int(pos.size) }

// Mask returns the bitboard of the board's squares.
func (pos Position) Mask() uint64 { return boardMask(int(pos.size)) }

// Turn returns the side to move.
func (pos Position) Turn() Color { return pos.turn }

// Player returns the discs of the side to move.
func (pos Position) Player() uint64 { return pos.p }

// Opponent returns the discs of the side not to move.
func (pos Position) Opponent() uint64 { return pos.o }

// Discs returns the discs of colour c.
func (pos Position) Discs(c Color) uint64 {
	if c == pos.turn {
		return pos.p
	}
	return pos.o
}

// At returns the colour of the disc on sq, or None.
func (pos Position) At(sq Square) Color {
	switch b := sq.Bit(); {
	case pos.p&b != 0:
		return pos.turn
	case pos.o&b != 0:
		return pos.turn.Other()
	}
	return None
}

// Count returns the number of discs of colour c.
func (pos Position) Count(c Color) int { return bits.OnesCount64(pos.Discs(c)) }

// Empties returns the number of empty squares.
func (pos Position) Empties() int { return int(pos.size)*int(pos.size) - bits.OnesCount64(pos.p|pos.o) }

// Moves returns the legal moves of the side to move as a bitboard.
func (pos Position) Moves() uint64 { return legalMoves(pos.p, pos.o, pos.Mask()) }

// LegalMoves returns the legal moves of the side to move in board order; empty when
// the side must pass or the game is over.
func (pos Position) LegalMoves() []Square { return Squares(pos.Moves()) }

// IsLegal reports whether the side to move may play sq.
func (pos Position) IsLegal(sq Square) bool {
	return sq >= 0 && sq < 64 && pos.Moves()&sq.Bit() != 0
}

// MustPass reports whether the side to move has no legal move while the other side
// has one: the only position where a pass is played.
func (pos Position) MustPass() bool {
	mask := pos.Mask()
	return legalMoves(pos.p, pos.o, mask) == 0 && legalMoves(pos.o, pos.p, mask) != 0
}

// Over reports whether neither side can move (so a side without discs has lost).
func (pos Position) Over() bool {
	mask := pos.Mask()
	return legalMoves(pos.p, pos.o, mask) == 0 && legalMoves(pos.o, pos.p, mask) == 0
}

// Flips returns the discs that playing sq would turn over (0 for an illegal move).
func (pos Position) Flips(sq Square) uint64 {
	if sq < 0 || sq > 63 || (pos.p|pos.o)&sq.Bit() != 0 {
		return 0
	}
	return flips(pos.p, pos.o, int(sq))
}

// Play returns the position after the side to move plays sq. It is the cheap,
// unvalidated update for engines: sq must be a legal move (Pass is allowed and swaps
// the sides). Game.Play is the validated entry point for people.
func (pos Position) Play(sq Square) Position {
	if sq == Pass {
		return pos.Pass()
	}
	f := flips(pos.p, pos.o, int(sq))
	return Position{p: pos.o &^ f, o: pos.p | f | sq.Bit(), turn: pos.turn.Other(), size: pos.size}
}

// Pass returns the position with the other side to move and the discs unchanged.
func (pos Position) Pass() Position {
	return Position{p: pos.o, o: pos.p, turn: pos.turn.Other(), size: pos.size}
}

// Score returns the final score from Black's point of view: black discs minus white
// discs, with the empty squares added to the side that has more discs (the rule of the
// FFO suite and Edax). It is meaningful once the game is over.
func (pos Position) Score() int {
	b, w := pos.Count(Black), pos.Count(White)
	return finalScore(b, w, pos.Empties())
}

// finalScore is a minus b with the empties given to the winner.
func finalScore(a, b, empties int) int {
	switch {
	case a > b:
		return a - b + empties
	case a < b:
		return a - b - empties
	}
	return 0
}

// ScoreFor returns the final score from the side to move's point of view.
func (pos Position) ScoreFor() int {
	return finalScore(bits.OnesCount64(pos.p), bits.OnesCount64(pos.o), pos.Empties())
}

func popcount(b uint64) int { return bits.OnesCount64(b) }

// trailingZeros is the index of the lowest set bit of b, which must not be 0 (the
// high bit added lets the compiler drop its zero check).
func trailingZeros(b uint64) int { return bits.TrailingZeros64(b | 1<<63) }
