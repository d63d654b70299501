// Package session runs one Othello game for an app: the game itself, who sits in
// each colour's seat (a person or the computer), the actions players take, and the
// computer's turns. The web server, the terminal UI and engine matches are thin
// adapters over it, so they agree on every rule of play around the board: seats,
// undo back to the person's turn, and which actions a stored game replays.
//
// Actions are text, so a game can be stored as its Config and the list of actions
// it took, and rebuilt by Apply:
//
//	"f5"    a move, by a person or the computer (forced passes follow by themselves)
//	"undo"  take back moves: against the computer, back to the person's turn
//	"redo"  play them again
//	"seat black level 5", "seat white human"
//	        change who plays a colour from now on (see SetSeat and SeatAction)
//
// Games stored before seat changes existed hold no "seat" actions and replay as
// they did: their seats are the Config's throughout.
package session

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/gridgames/gridgames/othello"
	"github.com/gridgames/gridgames/othello/engine"
)

// The actions besides moves and seat changes.
const (
	Undo = "undo"
	Redo = "redo"
)

// seatPrefix starts a seat change action: "seat black level 5".
const seatPrefix = "seat "

// Errors a Session reports; test with errors.Is. Moves the rules refuse wrap
// othello.ErrIllegalMove or othello.ErrGameOver.
var (
	// ErrComputerTurn reports a person's move while the computer is to move.
	ErrComputerTurn = errors.New("session: it is the computer's turn")
	// ErrPersonTurn reports a computer move asked for while a person is to move.
	ErrPersonTurn = errors.New("session: it is a person's turn")
	// ErrNothingToUndo and ErrNothingToRedo report an undo or redo with nothing
	// to take back or play again.
	ErrNothingToUndo = errors.New("session: nothing to undo")
	ErrNothingToRedo = errors.New("session: nothing to redo")
	// ErrStale reports a computer move chosen for a position the game has left
	// (an undo or another move came first); it is not played.
	ErrStale = errors.New("session: the game changed while the computer chose")
	// ErrAction reports a stored action that is not part of the vocabulary.
	ErrAction = errors.New("session: unknown action")
)

// Config is what a session starts from; its JSON form is how a server stores it.
type Config struct {
	// Size is 4, 6 or 8; 0 means the size of Start, or 8.
	Size int `json:"size"`
	// Start is the board text of the first position; empty means the standard
	// start of the size.
	Start string `json:"start,omitempty"`
	// Transcript holds moves already played from the start ("f5d6c3").
	Transcript string `json:"transcript,omitempty"`
	// Black and White are the starting seats; the zero value is a person. Seat
	// changes (SetSeat) are actions, so the config keeps the seats a game began with.
	Black Seat `json:"black"`
	White Seat `json:"white"`
	// Seed makes the random and greedy seats' choices reproducible.
	Seed uint64 `json:"seed,omitempty"`
}

// Session is one game with its seats. It is not safe for concurrent use; Turn
// hands the computer's search a copy of what it needs, so the search can run
// elsewhere while the session stays with its owner.
type Session struct {
	cfg          Config
	game         *othello.Game
	version      int
	black, white Seat // the seats now: the config's, changed by SetSeat
}

// New starts a session. Errors name what is wrong: a size (othello.ErrSize), the
// start's board text or the transcript (othello.ErrSyntax, othello.ErrIllegalMove,
// othello.ErrGameOver), a start of another size than Size, or the Perfect seat on
// 8x8 (engine.ErrPerfectSize).
func New(cfg Config) (*Session, error) {
	var opts []othello.Option
	if cfg.Start != "" {
		pos, err := othello.ParsePosition(cfg.Start)
		if err != nil {
			return nil, fmt.Errorf("start position: %w", err)
		}
		if cfg.Size == 0 {
			cfg.Size = pos.Size()
		}
		if pos.Size() != cfg.Size {
			return nil, fmt.Errorf("%w: the start position is %dx%d, not %dx%d", othello.ErrSize,
				pos.Size(), pos.Size(), cfg.Size, cfg.Size)
		}
		cfg.Start = pos.String()
		opts = append(opts, othello.WithPosition(pos))
	} else {
		if cfg.Size == 0 {
			cfg.Size = 8
		}
		opts = append(opts, othello.WithSize(cfg.Size))
	}
	if cfg.Transcript != "" {
		opts = append(opts, othello.WithTranscript(cfg.Transcript))
	}
	g, err := othello.NewGame(opts...)
	if err != nil {
		return nil, err
	}
	for _, seat := range []Seat{cfg.Black, cfg.White} {
		if err := seat.fits(cfg.Size); err != nil {
			return nil, err
		}
	}
	return &Session{cfg: cfg, game: g, black: cfg.Black, white: cfg.White}, nil
}

// Config returns what the session started from, with Size filled in and Start in
// canonical board text. Its seats are the starting ones; Seat gives the current.
func (s *Session) Config() Config { return s.cfg }

// Game returns the game, for reading: change it only through the session.
func (s *Session) Game() *othello.Game { return s.game }

// Position returns the current position.
func (s *Session) Position() othello.Position { return s.game.Position() }

// Seat returns who plays colour c now: the config's seat, or the last SetSeat's.
func (s *Session) Seat(c othello.Color) Seat {
	if c == othello.White {
		return s.white
	}
	return s.black
}

// SetSeat puts seat in colour c's chair from now on: the computer's level changes,
// or a person takes over from the computer, or the reverse. The moves played stay
// as they are. It counts as a change (Version), so a computer's turn taken before
// it is stale. It refuses with othello.ErrGameOver once the game has ended, and
// with ErrSeat for a colour that is neither black nor white, and with
// engine.ErrPerfectSize for the Perfect seat on 8x8. The action that
// replays it is SeatAction(c, seat).
func (s *Session) SetSeat(c othello.Color, seat Seat) error {
	if c != othello.Black && c != othello.White {
		return fmt.Errorf("%w: colour %v has no seat", ErrSeat, c)
	}
	if s.game.Over() {
		return fmt.Errorf("%w: the seats no longer matter", othello.ErrGameOver)
	}
	if err := seat.fits(s.game.Size()); err != nil {
		return err
	}
	if c == othello.White {
		s.white = seat
	} else {
		s.black = seat
	}
	s.version++
	return nil
}

// SeatAction is the stored action for SetSeat(c, seat): "seat black level 5",
// "seat white human".
func SeatAction(c othello.Color, seat Seat) string {
	return seatPrefix + c.String() + " " + seat.String()
}

// parseSeatAction reads what SeatAction writes (the prefix already cut).
func parseSeatAction(text string) (othello.Color, Seat, error) {
	name, rest, _ := strings.Cut(strings.TrimSpace(text), " ")
	var c othello.Color
	switch strings.ToLower(name) {
	case "black":
		c = othello.Black
	case "white":
		c = othello.White
	default:
		return 0, Seat{}, fmt.Errorf("%w: %q is not a colour (black or white)", ErrSeat, name)
	}
	seat, err := ParseSeat(rest)
	return c, seat, err
}

// Version counts the changes made to the game; a computer's answer is matched to
// the game by it.
func (s *Session) Version() int { return s.version }

// Over reports whether the game has ended.
func (s *Session) Over() bool { return s.game.Over() }

// ComputerToMove reports whether the game is on and the side to move is not a
// person.
func (s *Session) ComputerToMove() bool {
	return !s.game.Over() && !s.Seat(s.game.Turn()).IsHuman()
}

// humans reports whether a person sits in either seat.
func (s *Session) humans() bool { return s.black.IsHuman() || s.white.IsHuman() }

// Play makes a person's move sq. It refuses with ErrComputerTurn while the
// computer is to move, and wraps the rules' errors for a move they refuse.
func (s *Session) Play(sq othello.Square) error {
	if s.game.Over() {
		return fmt.Errorf("%w: no more moves", othello.ErrGameOver)
	}
	if s.ComputerToMove() {
		return fmt.Errorf("%w (%s, %s)", ErrComputerTurn, s.game.Turn(), s.Seat(s.game.Turn()))
	}
	return s.play(sq)
}

// PlayText reads a square name of this board ("f5") and plays it as Play does.
func (s *Session) PlayText(name string) error {
	sq, err := othello.ParseSquare(name, s.game.Size())
	if err != nil {
		return err
	}
	return s.Play(sq)
}

func (s *Session) play(sq othello.Square) error {
	if err := s.game.Play(sq); err != nil {
		return err
	}
	s.version++
	return nil
}

// Undo takes back the last move; while a person plays the computer, it goes on
// until a person is to move, so one undo takes back the computer's reply and the
// person's move before it.
func (s *Session) Undo() error {
	if !s.game.Undo() {
		return ErrNothingToUndo
	}
	for s.humans() && s.ComputerToMove() && s.game.CanUndo() {
		s.game.Undo()
	}
	s.version++
	return nil
}

// Redo plays again what Undo took back, up to the next person's turn.
func (s *Session) Redo() error {
	if !s.game.Redo() {
		return ErrNothingToRedo
	}
	for s.humans() && s.ComputerToMove() && s.game.CanRedo() {
		s.game.Redo()
	}
	s.version++
	return nil
}

// CanUndo and CanRedo report whether Undo and Redo would change anything.
func (s *Session) CanUndo() bool { return s.game.CanUndo() }

// CanRedo reports whether Redo would play anything again.
func (s *Session) CanRedo() bool { return s.game.CanRedo() }

// Apply performs a stored action: a move by whoever is to move (person or
// computer), Undo, Redo or a seat change (SeatAction). Replaying a game's actions
// in order rebuilds it, seats included.
func (s *Session) Apply(action string) error {
	switch action {
	case Undo:
		return s.Undo()
	case Redo:
		return s.Redo()
	}
	if rest, ok := strings.CutPrefix(action, seatPrefix); ok {
		c, seat, err := parseSeatAction(rest)
		if err != nil {
			return fmt.Errorf("%w %q: %w", ErrAction, action, err)
		}
		return s.SetSeat(c, seat)
	}
	sq, err := othello.ParseSquare(action, s.game.Size())
	if err != nil {
		return fmt.Errorf("%w %q: %w", ErrAction, action, err)
	}
	return s.play(sq)
}

// Turn is the computer's move to be chosen: everything the search needs, copied
// out of the session so that it can run on another goroutine.
type Turn struct {
	Pos     othello.Position
	Seat    Seat
	Version int // the session's version when the turn was taken
	seed    uint64
	ply     int
}

// Turn returns the computer's turn when the computer is to move.
func (s *Session) Turn() (Turn, bool) {
	if !s.ComputerToMove() {
		return Turn{}, false
	}
	return Turn{Pos: s.game.Position(), Seat: s.Seat(s.game.Turn()), Version: s.version,
		seed: s.cfg.Seed, ply: len(s.game.Plies())}, true
}

// Choose picks the turn's move: a level searches with eng (which may be shared by
// turns one after another, never at once); the baselines draw from the config's
// seed and the ply, so a session replays the same. It returns ctx's error if ctx
// ends first.
func (t Turn) Choose(ctx context.Context, eng *engine.Engine) (othello.Square, error) {
	if (t.Seat.Level() > 0 || t.Seat.IsPerfect()) && eng == nil {
		return 0, errors.New("session: a level's turn needs an engine")
	}
	rnd := rand.New(rand.NewPCG(t.seed, uint64(t.ply)))
	return t.Seat.Choose(ctx, eng, rnd, t.Pos)
}

// PlayTurn plays sq, chosen for turn t. If the game has changed since t was taken,
// nothing is played and the error wraps ErrStale.
func (s *Session) PlayTurn(t Turn, sq othello.Square) error {
	if t.Version != s.version {
		return fmt.Errorf("%w (version %d, now %d)", ErrStale, t.Version, s.version)
	}
	return s.play(sq)
}

// ComputerMove chooses the computer's move with eng and plays it, returning the
// square (the action to store). It refuses with ErrPersonTurn when a person is to
// move or the game is over.
func (s *Session) ComputerMove(ctx context.Context, eng *engine.Engine) (othello.Square, error) {
	t, ok := s.Turn()
	if !ok {
		if s.game.Over() {
			return 0, fmt.Errorf("%w: no more moves", othello.ErrGameOver)
		}
		return 0, fmt.Errorf("%w (%s)", ErrPersonTurn, s.game.Turn())
	}
	sq, err := t.Choose(ctx, eng)
	if err != nil {
		return 0, err
	}
	return sq, s.PlayTurn(t, sq)
}
