package othello

import (
	"fmt"
	"strings"
)

// Square is a board square as its bit index: column col (0 = a) and row row (0 = 1)
// is row*8 + col on every board size. a1 is 0, h8 is 63.
type Square int8

// Pass is the move a side makes when it has no legal move. It is never a square.
const Pass Square = -1

// SquareAt returns the square in column col and row row, both from 0.
func SquareAt(col, row int) Square { return Square(row*8 + col) }

// Col returns the square's column, 0 for a.
func (s Square) Col() int { return int(s) % 8 }

// Row returns the square's row, 0 for row 1.
func (s Square) Row() int { return int(s) / 8 }

// Bit returns the square's bitboard bit.
func (s Square) Bit() uint64 { return 1 << uint(s) }

// String returns the name, "a1" to "h8", or "pass" for Pass.
func (s Square) String() string {
	if s == Pass {
		return "pass"
	}
	if s < 0 || s > 63 {
		return fmt.Sprintf("Square(%d)", int8(s))
	}
	return string([]byte{byte('a' + s.Col()), byte('1' + s.Row())})
}

// ParseSquare reads a square name such as "f5" or "F5" (surrounding space ignored)
// on a board of the given size. "pass" and "ps" read as Pass. Errors wrap ErrSyntax.
func ParseSquare(text string, size int) (Square, error) {
	t := strings.ToLower(strings.TrimSpace(text))
	if t == "pass" || t == "ps" {
		return Pass, nil
	}
	if len(t) != 2 || t[0] < 'a' || t[0] >= 'a'+byte(size) || t[1] < '1' || t[1] >= '1'+byte(size) {
		return 0, fmt.Errorf("%w: %q is not a square of the %dx%d board (a1 to %c%d)",
			ErrSyntax, text, size, size, 'a'+size-1, size)
	}
	return SquareAt(int(t[0]-'a'), int(t[1]-'1')), nil
}

// Squares lists the squares of a bitboard in board order (a1, b1, ..., h1, a2, ...).
func Squares(b uint64) []Square {
	out := make([]Square, 0, popcount(b))
	for ; b != 0; b &= b - 1 {
		out = append(out, Square(trailingZeros(b)))
	}
	return out
}

// MarshalText encodes the square by name ("f5", or "pass"), so squares read as
// names in JSON.
func (s Square) MarshalText() ([]byte, error) {
	if s != Pass && (s < 0 || s > 63) {
		return nil, fmt.Errorf("%w: no square %d", ErrSyntax, int8(s))
	}
	return []byte(s.String()), nil
}

// UnmarshalText decodes a square name as ParseSquare does on an 8x8 board.
func (s *Square) UnmarshalText(text []byte) error {
	sq, err := ParseSquare(string(text), 8)
	if err != nil {
		return err
	}
	*s = sq
	return nil
}
