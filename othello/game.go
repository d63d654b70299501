package othello

import (
	"fmt"
	"strings"
	"unicode"
)

// Game is a game with history: the start position, every ply (forced passes
// included), and a cursor for unlimited undo and redo. A Game is not safe for
// concurrent use.
type Game struct {
	start     Position
	plies     []Square   // the whole line, including plies undone but not yet replaced
	positions []Position // positions[i] is the position after i plies
	cur       int        // plies in effect
}

// Option configures NewGame.
type Option func(*gameConfig) error

type gameConfig struct {
	start      Position
	size       int
	haveStart  bool
	transcript string
}

// WithSize starts from the standard position of a 4x4, 6x6 or 8x8 board.
func WithSize(size int) Option {
	return func(c *gameConfig) error {
		if err := checkSize(size); err != nil {
			return err
		}
		c.size = size
		return nil
	}
}

// WithPosition starts from pos instead of a standard start.
func WithPosition(pos Position) Option {
	return func(c *gameConfig) error {
		if err := checkSize(pos.Size()); err != nil {
			return err
		}
		c.start, c.haveStart = pos, true
		return nil
	}
}

// WithTranscript plays a transcript ("f5d6c3...") after the start position.
func WithTranscript(text string) Option {
	return func(c *gameConfig) error { c.transcript = text; return nil }
}

// NewGame starts a game. With no options it is the 8x8 start. A start position in
// which the side to move must pass gets its pass applied at once. Errors come from the
// options (ErrSize) or the transcript (ErrSyntax, ErrIllegalMove, ErrGameOver).
func NewGame(opts ...Option) (*Game, error) {
	c := gameConfig{size: 8}
	for _, o := range opts {
		if err := o(&c); err != nil {
			return nil, err
		}
	}
	start := c.start
	if !c.haveStart {
		start, _ = NewPosition(c.size)
	}
	g := &Game{start: start, positions: []Position{start}}
	plies, _, err := PlayTranscript(start, c.transcript)
	if err != nil {
		return nil, err
	}
	for _, sq := range plies {
		g.push(sq)
	}
	return g, nil
}

// push appends a ply known to be legal, dropping any redo line.
func (g *Game) push(sq Square) {
	g.plies = append(g.plies[:g.cur], sq)
	g.positions = append(g.positions[:g.cur+1], g.positions[g.cur].Play(sq))
	g.cur++
}

// Play makes the move sq for the side to move: the validated entry point for people.
// An occupied square, a move that flips nothing, a square off the board, or a pass
// (passes are never a choice; they are played automatically) wraps ErrIllegalMove;
// any move after the end wraps ErrGameOver. The message names the square and reason.
// A pass forced on the next side is applied at once. Playing after Undo drops the
// undone moves.
func (g *Game) Play(sq Square) error {
	pos := g.Position()
	if err := pos.check(sq); err != nil {
		return err
	}
	if sq == Pass { // check allowed it only because a pass is due, which never stays pending
		return fmt.Errorf("%w: pass is automatic", ErrIllegalMove)
	}
	g.push(sq)
	if g.Position().MustPass() {
		g.push(Pass)
	}
	return nil
}

// PlayText parses a square name ("f5") for this board and plays it.
func (g *Game) PlayText(name string) error {
	sq, err := ParseSquare(name, g.start.Size())
	if err != nil {
		return err
	}
	return g.Play(sq)
}

// Undo takes back the last move and any passes forced after it. It reports false when
// there is no move to take back.
func (g *Game) Undo() bool {
	for j := g.cur - 1; j >= 0; j-- {
		if g.plies[j] != Pass {
			g.cur = j
			return true
		}
	}
	return false
}

// Redo plays again the last move taken back (and the passes forced after it). It
// reports false when there is nothing to redo.
func (g *Game) Redo() bool {
	if g.cur >= len(g.plies) {
		return false
	}
	g.cur++
	for g.cur < len(g.plies) && g.plies[g.cur] == Pass {
		g.cur++
	}
	return true
}

// CanUndo reports whether Undo would take back a move.
func (g *Game) CanUndo() bool {
	for j := g.cur - 1; j >= 0; j-- {
		if g.plies[j] != Pass {
			return true
		}
	}
	return false
}

// CanRedo reports whether Redo would replay a move.
func (g *Game) CanRedo() bool { return g.cur < len(g.plies) }

// Position returns the current position.
func (g *Game) Position() Position { return g.positions[g.cur] }

// Start returns the start position.
func (g *Game) Start() Position { return g.start }

// Size returns the board size.
func (g *Game) Size() int { return g.start.Size() }

// Turn returns the side to move (meaningless once the game is over).
func (g *Game) Turn() Color { return g.Position().Turn() }

// Plies returns the plies in effect, forced passes included.
func (g *Game) Plies() []Square { return append([]Square(nil), g.plies[:g.cur]...) }

// PositionAt returns the position after the first i plies in effect (0 is the start).
func (g *Game) PositionAt(i int) Position { return g.positions[i] }

// LastMove returns the last ply in effect that was not a pass, or Pass if none.
func (g *Game) LastMove() Square {
	for j := g.cur - 1; j >= 0; j-- {
		if g.plies[j] != Pass {
			return g.plies[j]
		}
	}
	return Pass
}

// LastWasPass reports whether the last ply in effect was a forced pass, and so
// whose pass it was (the side not to move now).
func (g *Game) LastWasPass() bool { return g.cur > 0 && g.plies[g.cur-1] == Pass }

// Transcript returns the moves in effect run together, passes left out.
func (g *Game) Transcript() string { return Transcript(g.plies[:g.cur]) }

// LegalMoves returns the moves of the side to move in board order.
func (g *Game) LegalMoves() []Square { return g.Position().LegalMoves() }

// Counts returns the number of black and white discs.
func (g *Game) Counts() (black, white int) {
	pos := g.Position()
	return pos.Count(Black), pos.Count(White)
}

// Over reports whether the game has ended (neither side can move).
func (g *Game) Over() bool { return g.Position().Over() }

// Result is the outcome of a finished game.
type Result struct {
	Winner Color `json:"winner"` // Black, White, or None for a draw
	Black  int   `json:"black"`  // discs on the board
	White  int   `json:"white"`
	Empty  int   `json:"empty"` // empty squares left at the end
	// Score is black's final disc difference, the empty squares counted for the winner.
	Score int `json:"score"`
}

// String describes the result: "black wins 40-24 (+16)", "draw 32-32", or with
// squares left empty "black wins 13-0 (+64: the 51 empty squares go to the winner)".
func (r Result) String() string {
	if r.Winner == None {
		return fmt.Sprintf("draw %d-%d", r.Black, r.White)
	}
	switch r.Empty {
	case 0:
		return fmt.Sprintf("%v wins %d-%d (%+d)", r.Winner, r.Black, r.White, r.Score)
	case 1:
		return fmt.Sprintf("%v wins %d-%d (%+d: the empty square goes to the winner)", r.Winner, r.Black, r.White, r.Score)
	}
	return fmt.Sprintf("%v wins %d-%d (%+d: the %d empty squares go to the winner)", r.Winner, r.Black, r.White, r.Score, r.Empty)
}

// Result returns the outcome and true once the game is over; before that, the
// current counts and false.
func (g *Game) Result() (Result, bool) {
	pos := g.Position()
	r := Result{Black: pos.Count(Black), White: pos.Count(White), Empty: pos.Empties(), Score: pos.Score()}
	switch {
	case r.Score > 0:
		r.Winner = Black
	case r.Score < 0:
		r.Winner = White
	default:
		r.Winner = None
	}
	return r, pos.Over()
}

// String returns the game's text (see MarshalText).
func (g *Game) String() string {
	b, _ := g.MarshalText()
	return string(b)
}

// MarshalText encodes the game: the transcript alone for a game from the 8x8 start,
// otherwise the start position's board text, a space, and the transcript. Undone
// moves are not included.
func (g *Game) MarshalText() ([]byte, error) {
	if g.start == StartPosition() {
		return []byte(g.Transcript()), nil
	}
	s := g.start.String()
	if t := g.Transcript(); t != "" {
		s += " " + t
	}
	return []byte(s), nil
}

// UnmarshalText decodes what MarshalText writes: a transcript from the 8x8 start, or
// board text (squares, a space, the side to move) followed by a transcript.
func (g *Game) UnmarshalText(text []byte) error {
	fields := strings.Fields(string(text))
	var opts []Option
	if len(fields) > 0 {
		if c := unicode.ToLower(rune(fields[0][0])); c < 'a' || c > 'h' {
			if len(fields) < 2 {
				return fmt.Errorf("%w: board text without a side to move", ErrSyntax)
			}
			pos, err := ParsePosition(fields[0] + " " + fields[1])
			if err != nil {
				return err
			}
			opts = append(opts, WithPosition(pos))
			fields = fields[2:]
		}
	}
	ng, err := NewGame(append(opts, WithTranscript(strings.Join(fields, "")))...)
	if err != nil {
		return err
	}
	*g = *ng
	return nil
}
