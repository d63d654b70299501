package game2048

import (
	"fmt"
	"strconv"
	"strings"
)

// Cell names a square by row (0 = top) and column (0 = left).
type Cell struct {
	Row int `json:"row"`
	Col int `json:"col"`
}

// Board is a rows x cols grid of tiles of any size from 2x2 to 16x16. The zero Board
// has no cells and is not usable; build one with NewBoard or ParseBoard.
//
// A Board holds its cells in a slice: assigning a Board shares the cells, so use Clone
// before changing a copy.
type Board struct {
	rows, cols int
	cells      []Tile // row-major
}

// NewBoard returns an empty rows x cols board, or a *RulesError wrapping ErrSize.
func NewBoard(rows, cols int) (Board, error) {
	if err := checkSize(rows, cols); err != nil {
		return Board{}, err
	}
	return Board{rows: rows, cols: cols, cells: make([]Tile, rows*cols)}, nil
}

// BoardOf builds a board from rows of tiles (exponents). All rows must have the
// same length; errors wrap ErrSize, ErrRowLength or ErrTile.
func BoardOf(rows [][]Tile) (Board, error) {
	if len(rows) == 0 {
		return Board{}, fmt.Errorf("%w: no rows", ErrSize)
	}
	b, err := NewBoard(len(rows), len(rows[0]))
	if err != nil {
		return Board{}, err
	}
	for r, row := range rows {
		if len(row) != b.cols {
			return Board{}, fmt.Errorf("%w: row %d has %d cells, want %d", ErrRowLength, r+1, len(row), b.cols)
		}
		for c, t := range row {
			if t > MaxTile {
				return Board{}, fmt.Errorf("%w: row %d, column %d: exponent %d is above %d", ErrTile, r+1, c+1, t, MaxTile)
			}
			b.cells[r*b.cols+c] = t
		}
	}
	return b, nil
}

// Rows returns the number of rows.
func (b Board) Rows() int { return b.rows }

// Cols returns the number of columns.
func (b Board) Cols() int { return b.cols }

// At returns the tile at row r, column c (0-based). It panics outside the board.
func (b Board) At(r, c int) Tile {
	b.check(r, c)
	return b.cells[r*b.cols+c]
}

// Set puts tile t at row r, column c (0-based). It panics outside the board or for a
// tile above MaxTile.
func (b *Board) Set(r, c int, t Tile) {
	b.check(r, c)
	if t > MaxTile {
		panic(fmt.Sprintf("game2048: Set: tile exponent %d above %d", t, MaxTile))
	}
	b.cells[r*b.cols+c] = t
}

func (b Board) check(r, c int) {
	if r < 0 || r >= b.rows || c < 0 || c >= b.cols {
		panic(fmt.Sprintf("game2048: cell (%d,%d) outside a %dx%d board", r, c, b.rows, b.cols))
	}
}

// Clone returns an independent copy of b.
func (b Board) Clone() Board {
	b.cells = append([]Tile(nil), b.cells...)
	return b
}

// CopyFrom makes b a copy of src, reusing b's cells when the sizes match (so a
// search can copy boards without allocating).
func (b *Board) CopyFrom(src Board) {
	if len(b.cells) != len(src.cells) {
		b.cells = make([]Tile, len(src.cells))
	}
	b.rows, b.cols = src.rows, src.cols
	copy(b.cells, src.cells)
}

// Equal reports whether a and b have the same size and tiles.
func (b Board) Equal(o Board) bool {
	if b.rows != o.rows || b.cols != o.cols {
		return false
	}
	for i, t := range b.cells {
		if o.cells[i] != t {
			return false
		}
	}
	return true
}

// Empty returns the empty cells in row-major order.
func (b Board) Empty() []Cell {
	var out []Cell
	for i, t := range b.cells {
		if t == 0 {
			out = append(out, Cell{i / b.cols, i % b.cols})
		}
	}
	return out
}

// EmptyCount returns the number of empty cells.
func (b Board) EmptyCount() int {
	n := 0
	for _, t := range b.cells {
		if t == 0 {
			n++
		}
	}
	return n
}

// MaxTile returns the largest tile on the board (0 if it is empty).
func (b Board) MaxTile() Tile {
	var m Tile
	for _, t := range b.cells {
		m = max(m, t)
	}
	return m
}

// Sum returns the sum of all tile values.
func (b Board) Sum() uint64 {
	var s uint64
	for _, t := range b.cells {
		s += t.Value()
	}
	return s
}

// String returns the board in the CLI text format: rows separated by '/', cells by
// ',', tile values with 0 for empty, e.g. "2,2,0,4/0,0,0,0".
func (b Board) String() string {
	var sb strings.Builder
	for i, t := range b.cells {
		if i > 0 {
			if i%b.cols == 0 {
				sb.WriteByte('/')
			} else {
				sb.WriteByte(',')
			}
		}
		sb.WriteString(strconv.FormatUint(t.Value(), 10))
	}
	return sb.String()
}

// ParseBoard reads the text format of String. Spaces around cells and rows are
// ignored. Errors wrap ErrSize, ErrRowLength or ErrTile and name the row and column.
func ParseBoard(s string) (Board, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return Board{}, fmt.Errorf("%w: the board text is empty", ErrSize)
	}
	lines := strings.Split(s, "/")
	rows := make([][]Tile, len(lines))
	for r, line := range lines {
		fields := strings.Split(line, ",")
		rows[r] = make([]Tile, len(fields))
		for c, f := range fields {
			f = strings.TrimSpace(f)
			v, err := strconv.ParseUint(f, 10, 64)
			if err != nil {
				return Board{}, fmt.Errorf("%w: row %d, column %d: %q is not a number", ErrTile, r+1, c+1, f)
			}
			t, err := TileOf(v)
			if err != nil {
				return Board{}, fmt.Errorf("%w: row %d, column %d: %d is not 0 or a power of two from 2 to 2^62", ErrTile, r+1, c+1, v)
			}
			rows[r][c] = t
		}
	}
	if len(rows) < MinSize || len(rows) > MaxSize || len(rows[0]) < MinSize || len(rows[0]) > MaxSize {
		return Board{}, fmt.Errorf("%w: %d rows of %d cells, want %d to %d of each", ErrSize, len(rows), len(rows[0]), MinSize, MaxSize)
	}
	return BoardOf(rows)
}

// MarshalText encodes the board as String does.
func (b Board) MarshalText() ([]byte, error) { return []byte(b.String()), nil }

// UnmarshalText decodes what ParseBoard accepts.
func (b *Board) UnmarshalText(text []byte) error {
	v, err := ParseBoard(string(text))
	if err != nil {
		return err
	}
	*b = v
	return nil
}
