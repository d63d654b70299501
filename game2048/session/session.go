package session

import (
	"bytes"
	"crypto/rand"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"

	"github.com/gridgames/gridgames/game2048"
)

// Config is what a game starts from; its JSON form is what a server stores as
// the game's params. It holds the seed and salt in the clear: it is the
// server's, never shown to players (Reveal and Record say when they may be).
type Config struct {
	Rules game2048.Rules `json:"rules"`
	Seed  uint64         `json:"seed"`
	// Salt is 32 lowercase hex digits hidden with the seed in the commitment;
	// empty for games stored before commitments existed (never ranked).
	Salt string `json:"salt,omitempty"`
	// Drawn is set when the seed was drawn by New rather than chosen by a client.
	Drawn bool `json:"drawn,omitempty"`
	// Moves are moves played before the first action, one letter each: the
	// field of game2048.Record, which older servers stored (always empty).
	Moves string `json:"moves,omitempty"`
}

// ParseConfig decodes a Config's JSON text, as stored by a server (games stored
// before commitments, {"rules":...,"seed":N,"moves":""}, read the same).
// Unknown fields and malformed JSON wrap ErrConfig; the values are checked by
// Restore.
func ParseConfig(data []byte) (Config, error) {
	var c Config
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&c); err != nil {
		return Config{}, fmt.Errorf("%w: %v", ErrConfig, err)
	}
	return c, nil
}

// Session is one 2048 game with the rules around it. It is not safe for
// concurrent use.
type Session struct {
	cfg     Config
	g       *game2048.Game
	actions []string
	// What the actions counted, undone moves included.
	hints, autoMoves, undos int
	// practice is why the game is not ranked, "" while it is.
	practice Practice
	// sealed: the seed was secret at the start (a ranked game); revealed: it may
	// be shown now (never sealed, or the game ended or was submitted; it stays
	// revealed after an undo).
	sealed, revealed, submitted bool
}

// New starts a game with rules and a seed and salt drawn from crypto/rand (the
// seed takes all 64 bits). It is ranked when the rules are the standard ones
// (StandardRules); otherwise it is practice (PracticeRules). Invalid rules wrap
// game2048.ErrSize or game2048.ErrRules.
func New(rules game2048.Rules) (*Session, error) {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return Restore(Config{Rules: rules, Seed: binary.LittleEndian.Uint64(b[:]), Salt: newSalt(), Drawn: true})
}

// NewSeeded starts a practice game (PracticeSeed, or PracticeRules) from a seed
// its player chose: whoever chose it could have worked out its spawns in
// advance. Its seed is shown from the start.
func NewSeeded(rules game2048.Rules, seed uint64) (*Session, error) {
	return Restore(Config{Rules: rules, Seed: seed, Salt: newSalt()})
}

func newSalt() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// Restore starts the game cfg describes, before any action: a stored game is
// rebuilt by Restore and then Apply of each stored action. Errors wrap
// ErrConfig (a malformed salt), game2048.ErrSize or game2048.ErrRules, or an
// error of game2048.Replay for cfg.Moves.
func Restore(cfg Config) (*Session, error) {
	if cfg.Salt != "" && !validSalt(cfg.Salt) {
		return nil, fmt.Errorf("%w: salt %q is not 32 lowercase hex digits", ErrConfig, cfg.Salt)
	}
	g, err := game2048.Replay(game2048.Record{Rules: cfg.Rules, Seed: cfg.Seed, Moves: cfg.Moves})
	if err != nil {
		return nil, err
	}
	s := &Session{cfg: cfg, g: g}
	switch {
	case !StandardRules(cfg.Rules):
		s.practice = PracticeRules
	case cfg.Salt == "":
		s.practice = PracticeUnsealed
	case !cfg.Drawn:
		s.practice = PracticeSeed
	}
	s.sealed = s.practice == ""
	s.revealed = !s.sealed || g.Over()
	return s, nil
}

func validSalt(s string) bool {
	if len(s) != 32 {
		return false
	}
	for _, c := range []byte(s) {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return false
		}
	}
	return true
}

// StandardRules reports whether r are the original game's rules on some board
// size: the only rules that are ranked.
func StandardRules(r game2048.Rules) bool {
	d := game2048.DefaultRules()
	return r.FourChance == d.FourChance && r.WinTile == d.WinTile && r.StartTiles == d.StartTiles
}

// Config returns what the game started from, seed and salt included: for the
// server to store, never to show.
func (s *Session) Config() Config { return s.cfg }

// Game returns the game, to read: change it only through Apply, or the session
// no longer describes it.
func (s *Session) Game() *game2048.Game { return s.g }

// Rules returns the game's rules.
func (s *Session) Rules() game2048.Rules { return s.g.Rules() }

// Seq returns the number of actions applied: a request made for this point of
// the game names it (Expect).
func (s *Session) Seq() int { return len(s.actions) }

// Actions returns a copy of the actions applied, in order.
func (s *Session) Actions() []string { return append([]string(nil), s.actions...) }

// Expect returns nil when seq is the number of actions applied, else an error
// wrapping ErrStale: the request was made for a game that has moved on since.
func (s *Session) Expect(seq int) error {
	if seq != len(s.actions) {
		return fmt.Errorf("%w: the request was made after action %d, the game is at action %d; reload it",
			ErrStale, seq, len(s.actions))
	}
	return nil
}

// Hints returns the number of hints the game was given (H actions).
func (s *Session) Hints() int { return s.hints }

// AutoMoves returns the number of moves the auto-solver chose, undone ones
// included.
func (s *Session) AutoMoves() int { return s.autoMoves }

// Undos returns the number of moves taken back.
func (s *Session) Undos() int { return s.undos }

// Assisted reports whether the game had a hint or an auto-play move.
func (s *Session) Assisted() bool { return s.hints > 0 || s.autoMoves > 0 }

// Ranked reports whether the game is ranked: Practice is "".
func (s *Session) Ranked() bool { return s.practice == "" }

// Practice returns why the game is not ranked, or "" while it is.
func (s *Session) Practice() Practice { return s.practice }

// Submitted reports whether the score was submitted (an S action).
func (s *Session) Submitted() bool { return s.submitted }

// Sealed reports whether the game's seed was secret at its start: a ranked game.
func (s *Session) Sealed() bool { return s.sealed }

// Revealed reports whether the seed may be shown: a practice game from the
// start, or a ranked one that ended or was submitted (an undo afterwards does
// not seal it again).
func (s *Session) Revealed() bool { return s.revealed }

// Commitment returns the hex SHA-256 that binds the game to its seed (see the
// package doc), or "" for a game stored before commitments.
func (s *Session) Commitment() string {
	if s.cfg.Salt == "" {
		return ""
	}
	return Commitment(s.cfg.Salt, s.cfg.Seed)
}

// Reveal returns the seed and salt once Revealed; ok is false before.
func (s *Session) Reveal() (seed uint64, salt string, ok bool) {
	if !s.revealed {
		return 0, "", false
	}
	return s.cfg.Seed, s.cfg.Salt, true
}

// Legal returns the directions that would move a tile now, in the order of
// game2048.Directions; none once the game is over.
func (s *Session) Legal() []game2048.Direction {
	var ds []game2048.Direction
	for _, d := range game2048.Directions {
		if s.g.CanMove(d) {
			ds = append(ds, d)
		}
	}
	return ds
}

// CanUndo reports whether an undo would take a move back.
func (s *Session) CanUndo() bool { return s.g.MoveCount() > 0 }
