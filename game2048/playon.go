package game2048

import "fmt"

// PlayOn is a game played on from a given position: a board and a score, with
// its own seeded spawn generator. It follows the game's rules exactly (a tile
// spawns on a uniformly drawn empty cell after a move that changed the board, a 4
// with the rules' chance, drawn by the generator documented on rng), but it keeps
// no record and no undo: the position it starts from need not be reachable from
// any seed. It serves to play many continuations of one position, each with its
// own spawn stream (a late-game test bench). It satisfies Puzzle and has a Rules
// method, so the solver takes the chance of a 4 from it. A PlayOn is not safe for
// concurrent use.
type PlayOn struct {
	rules Rules
	rng   rng
	board Board
	score int64
	won   bool
	moves int
}

var _ Puzzle = (*PlayOn)(nil)

// NewPlayOn starts playing on from board b with score points already made, new
// tiles drawn from a generator seeded with seed (the same seed and moves give the
// same spawns). b is copied. It returns an error wrapping ErrSize or ErrRules for
// invalid rules or a board whose size differs from the rules', and ErrRules for a
// negative score.
func NewPlayOn(rules Rules, b Board, score int64, seed uint64) (*PlayOn, error) {
	if err := rules.Validate(); err != nil {
		return nil, err
	}
	if b.rows != rules.Rows || b.cols != rules.Cols {
		return nil, sizeError("board %dx%d, rules %dx%d", b.rows, b.cols, rules.Rows, rules.Cols)
	}
	if score < 0 {
		return nil, fmt.Errorf("%w: score %d is negative", ErrRules, score)
	}
	p := &PlayOn{rules: rules, rng: rng{state: seed}, board: b.Clone(), score: score}
	p.won = p.board.MaxTile() >= rules.winExp()
	return p, nil
}

// Move plays d as Game.Move does: a move that changes nothing has Moved false and
// spawns nothing; after a change a tile spawns. Moving once the game is over
// returns ErrGameOver.
func (p *PlayOn) Move(d Direction) (MoveResult, error) {
	if d > Down {
		return MoveResult{}, fmt.Errorf("%w: %d", ErrDirection, uint8(d))
	}
	if p.board.Over() {
		return MoveResult{}, fmt.Errorf("%w: no move changes the board (score %d)", ErrGameOver, p.score)
	}
	if !p.board.CanMove(d) {
		return MoveResult{Direction: d}, nil
	}
	p.moves++
	res := slideAndSpawn(&p.board, &p.rng, p.rules, &p.won, d)
	p.score += res.Points
	return res, nil
}

// Rows returns the number of rows.
func (p *PlayOn) Rows() int { return p.board.rows }

// Cols returns the number of columns.
func (p *PlayOn) Cols() int { return p.board.cols }

// At returns the tile at row r, column c.
func (p *PlayOn) At(r, c int) Tile { return p.board.At(r, c) }

// Score returns the starting score plus the points of every move played since.
func (p *PlayOn) Score() int64 { return p.score }

// CanMove reports whether d would change the board.
func (p *PlayOn) CanMove(d Direction) bool { return p.board.CanMove(d) }

// Over reports whether no direction changes the board.
func (p *PlayOn) Over() bool { return p.board.Over() }

// Won reports whether the win tile is on the board or has been made.
func (p *PlayOn) Won() bool { return p.won }

// Board returns a copy of the board.
func (p *PlayOn) Board() Board { return p.board.Clone() }

// Rules returns the rules the position is played on with.
func (p *PlayOn) Rules() Rules { return p.rules }

// MoveCount returns how many moves have been played since the start position.
func (p *PlayOn) MoveCount() int { return p.moves }
