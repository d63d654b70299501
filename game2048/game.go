package game2048

import (
	"crypto/rand"
	"encoding/binary"
	"fmt"
)

// Game is a game in progress: rules, a seeded random generator, the board, the score
// and the moves made. It is reproducible from Record and supports unlimited Undo.
// A Game is not safe for concurrent use.
type Game struct {
	rules Rules
	seed  uint64
	rng   rng
	board Board
	score int64
	won   bool
	moves []Direction
	// past[i] is the state before move i*checkpointEvery: Undo restores the
	// checkpoint before the move it takes back and replays the moves after it, so
	// a long game (millions of moves on a big board) keeps one board in
	// checkpointEvery rather than one a move.
	past []snapshot
}

// checkpointEvery is how many moves apart Game keeps a copy of its state for Undo.
const checkpointEvery = 64

type snapshot struct {
	board Board
	score int64
	rng   rng
	won   bool
}

// Option configures NewGame.
type Option func(*config)

type config struct {
	rules  Rules
	seed   uint64
	seeded bool
}

// WithRules sets all the rules at once (NewGame validates them).
func WithRules(r Rules) Option { return func(c *config) { c.rules = r } }

// WithSize sets the board size.
func WithSize(rows, cols int) Option {
	return func(c *config) { c.rules.Rows, c.rules.Cols = rows, cols }
}

// WithFourChance sets the probability that a new tile is a 4.
func WithFourChance(p float64) Option { return func(c *config) { c.rules.FourChance = p } }

// WithWinTile sets the tile value that wins.
func WithWinTile(v uint64) Option { return func(c *config) { c.rules.WinTile = v } }

// WithSeed fixes the random seed; without it NewGame draws one from crypto/rand.
func WithSeed(seed uint64) Option { return func(c *config) { c.seed, c.seeded = seed, true } }

// NewGame starts a game. With no options it is the original game: DefaultRules and
// a random seed. Options apply in order; the resulting rules are validated and an
// invalid set is reported with an error wrapping ErrSize or ErrRules.
func NewGame(opts ...Option) (*Game, error) {
	c := config{rules: DefaultRules()}
	for _, o := range opts {
		o(&c)
	}
	if err := c.rules.Validate(); err != nil {
		return nil, err
	}
	if !c.seeded {
		var b [8]byte
		_, _ = rand.Read(b[:])
		c.seed = binary.LittleEndian.Uint64(b[:]) >> 11 // below 2^53: exact as a JSON number
	}
	g := &Game{rules: c.rules, seed: c.seed, rng: rng{state: c.seed}}
	g.board, _ = NewBoard(g.rules.Rows, g.rules.Cols)
	for range g.rules.StartTiles {
		g.rng.spawn(&g.board, g.rules.FourChance)
	}
	g.won = g.board.MaxTile() >= g.rules.winExp()
	return g, nil
}

// MoveResult is what a move did, for a UI to show and animate.
type MoveResult struct {
	Direction Direction `json:"direction"`
	Slide
	// Spawn is the tile placed after the move; nil when the board did not change.
	Spawn *Spawn `json:"spawn,omitempty"`
	// Won is true only for the move that first makes the win tile.
	Won bool `json:"won"`
	// Over is true when no move is possible afterwards.
	Over bool `json:"over"`
}

// Move plays d. A move that does not change the board is no move: the result has
// Moved false and nothing is recorded or spawned. After a change, a new tile spawns
// on a random empty cell. Moving after the game is over returns ErrGameOver.
func (g *Game) Move(d Direction) (MoveResult, error) {
	if d > Down {
		return MoveResult{}, fmt.Errorf("%w: %d", ErrDirection, uint8(d))
	}
	if g.Over() {
		return MoveResult{}, fmt.Errorf("%w: no move changes the board (score %d)", ErrGameOver, g.score)
	}
	if !g.board.CanMove(d) {
		return MoveResult{Direction: d}, nil
	}
	if len(g.moves)%checkpointEvery == 0 {
		g.past = append(g.past, snapshot{board: g.board.Clone(), score: g.score, rng: g.rng, won: g.won})
	}
	g.moves = append(g.moves, d)
	res := slideAndSpawn(&g.board, &g.rng, g.rules, &g.won, d)
	g.score += res.Points
	return res, nil
}

// slideAndSpawn slides b in direction d, which must change it, then spawns a new
// tile from r, marks the win the first time the rules' win tile shows (won says
// whether it has) and reports what happened. The caller adds the points.
func slideAndSpawn(b *Board, r *rng, rules Rules, won *bool, d Direction) MoveResult {
	res := MoveResult{Direction: d, Slide: b.Slide(d)}
	if s, ok := r.spawn(b, rules.FourChance); ok {
		res.Spawn = &s
	}
	if !*won && b.MaxTile() >= rules.winExp() {
		*won, res.Won = true, true
	}
	res.Over = b.Over()
	return res
}

// Undo takes back the last move, restoring the board, score, win state and random
// generator exactly, so playing the same move again spawns the same tile. It reports
// false when there is nothing to undo.
func (g *Game) Undo() bool {
	n := len(g.moves)
	if n == 0 {
		return false
	}
	c := (n - 1) / checkpointEvery
	s := g.past[c]
	g.board.CopyFrom(s.board)
	g.score, g.rng, g.won = s.score, s.rng, s.won
	// Replay the moves after the checkpoint, up to the one taken back, as Move
	// made them (every move in moves changed the board).
	for _, d := range g.moves[c*checkpointEvery : n-1] {
		points, _ := g.board.Move(d)
		g.score += points
		g.rng.spawn(&g.board, g.rules.FourChance)
		if !g.won && g.board.MaxTile() >= g.rules.winExp() {
			g.won = true
		}
	}
	g.moves = g.moves[:n-1]
	g.past = g.past[:(n-1+checkpointEvery-1)/checkpointEvery]
	return true
}

// CanMove reports whether d would change the board (false once the game is over).
func (g *Game) CanMove(d Direction) bool { return g.board.CanMove(d) }

// Over reports whether no direction changes the board.
func (g *Game) Over() bool { return g.board.Over() }

// Won reports whether the win tile has been reached; play may go on after it.
func (g *Game) Won() bool { return g.won }

// Score returns the sum of the values of all tiles made by merges so far.
func (g *Game) Score() int64 { return g.score }

// Board returns a copy of the board.
func (g *Game) Board() Board { return g.board.Clone() }

// Rows returns the number of rows.
func (g *Game) Rows() int { return g.board.rows }

// Cols returns the number of columns.
func (g *Game) Cols() int { return g.board.cols }

// At returns the tile at row r, column c.
func (g *Game) At(r, c int) Tile { return g.board.At(r, c) }

// Rules returns the game's rules.
func (g *Game) Rules() Rules { return g.rules }

// Seed returns the seed the game started from.
func (g *Game) Seed() uint64 { return g.seed }

// Moves returns a copy of the moves made (undone moves are not included).
func (g *Game) Moves() []Direction { return append([]Direction(nil), g.moves...) }

// MoveCount returns how many moves have been made.
func (g *Game) MoveCount() int { return len(g.moves) }
