package game2048

// Puzzle is the small surface a 2048 implementation offers to be driven by the
// solver: read the board and the score, ask which moves change the board, move.
// *Game satisfies it; an adapter around any other 2048 game can too.
//
// Move must apply d (spawning a tile if the implementation does) and return at least
// Moved and Points in the result; a UI-less implementation may leave the rest zero.
type Puzzle interface {
	Rows() int
	Cols() int
	// At returns the tile at row r, column c (0-based, 0 = top left) as an exponent.
	At(r, c int) Tile
	Score() int64
	CanMove(d Direction) bool
	Move(d Direction) (MoveResult, error)
	Over() bool
}

var _ Puzzle = (*Game)(nil)

// BoardOfPuzzle copies a puzzle's current board.
func BoardOfPuzzle(p Puzzle) (Board, error) {
	b, err := NewBoard(p.Rows(), p.Cols())
	if err != nil {
		return Board{}, err
	}
	for r := range b.rows {
		for c := range b.cols {
			t := p.At(r, c)
			if t > MaxTile {
				return Board{}, ErrTile
			}
			b.cells[r*b.cols+c] = t
		}
	}
	return b, nil
}
