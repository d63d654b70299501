package session

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/gridgames/gridgames/othello"
	"github.com/gridgames/gridgames/othello/engine"
)

// ErrSeat reports text that names no seat.
var ErrSeat = errors.New("session: unknown seat")

// Seat is who plays one colour: a person, the computer at a level from 1 to
// engine.MaxLevel, the Perfect player (4x4 and 6x6 boards only), or one of the
// baseline players used in engine matches (random moves, or the move that flips
// the most). The zero value is a person.
type Seat struct {
	kind  seatKind
	level int
}

type seatKind uint8

const (
	human seatKind = iota
	level
	random
	greedy
	classic
	perfect
)

// Human is the seat of a person.
var Human = Seat{}

// Random plays a uniformly random legal move; Greedy the move flipping the most
// discs. Both are baselines for engine matches.
var (
	Random = Seat{kind: random}
	Greedy = Seat{kind: greedy}
)

// Perfect plays every move perfectly, from exact solves (engine.PerfectMove): on
// the 4x4 and 6x6 boards only (a session refuses it on 8x8).
var Perfect = Seat{kind: perfect}

// Level returns the computer's seat at level n, or an error wrapping ErrSeat.
func Level(n int) (Seat, error) {
	if n < 1 || n > engine.MaxLevel {
		return Seat{}, fmt.Errorf("%w: level %d: want 1 to %d", ErrSeat, n, engine.MaxLevel)
	}
	return Seat{kind: level, level: n}, nil
}

// Classic returns the seat of level n with the hand-made evaluation at every
// level (engine.ClassicLimits): the levels as they were before the learned
// evaluation, kept as baselines for matches.
func Classic(n int) (Seat, error) {
	s, err := Level(n)
	s.kind = classic
	return s, err
}

// ParseSeat reads a seat: "human" (or "person"), a level ("3", "level3",
// "level 3"), a classic level ("classic10", "classic 10"), "perfect", "random" or
// "greedy", in any case. Errors wrap ErrSeat and say what is accepted.
func ParseSeat(text string) (Seat, error) {
	t := strings.ToLower(strings.TrimSpace(text))
	switch t {
	case "human", "person":
		return Human, nil
	case "random":
		return Random, nil
	case "greedy":
		return Greedy, nil
	case "perfect":
		return Perfect, nil
	}
	num, isClassic := strings.CutPrefix(t, "classic")
	if !isClassic {
		num = strings.TrimPrefix(t, "level")
	}
	n, err := strconv.Atoi(strings.TrimSpace(num))
	if err != nil || n < 1 || n > engine.MaxLevel {
		return Seat{}, fmt.Errorf("%w: %q: want human, a level from 1 to %d (classic1 to classic%d for the hand-made evaluation), perfect (4x4 and 6x6), random or greedy", ErrSeat, text, engine.MaxLevel, engine.MaxLevel)
	}
	if isClassic {
		return Classic(n)
	}
	return Level(n)
}

// IsHuman reports whether a person plays this seat.
func (s Seat) IsHuman() bool { return s.kind == human }

// Level returns the computer's level (classic levels too), or 0 for a person or
// the random and greedy players.
func (s Seat) Level() int { return s.level }

// IsClassic reports a classic level (see Classic).
func (s Seat) IsClassic() bool { return s.kind == classic }

// IsPerfect reports the Perfect player's seat.
func (s Seat) IsPerfect() bool { return s.kind == perfect }

// fits reports an error wrapping engine.ErrPerfectSize when the seat cannot play
// on a size x size board (Perfect on 8x8).
func (s Seat) fits(size int) error {
	if s.kind == perfect && !engine.PerfectSize(size) {
		return fmt.Errorf("%w, not %dx%d", engine.ErrPerfectSize, size, size)
	}
	return nil
}

// String returns the seat as ParseSeat reads it: "human", "level 3",
// "classic 3", "perfect", "random" or "greedy".
func (s Seat) String() string {
	switch s.kind {
	case level:
		return "level " + strconv.Itoa(s.level)
	case classic:
		return "classic " + strconv.Itoa(s.level)
	case random:
		return "random"
	case greedy:
		return "greedy"
	case perfect:
		return "perfect"
	}
	return "human"
}

// MarshalText encodes the seat as String does.
func (s Seat) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText decodes what ParseSeat reads.
func (s *Seat) UnmarshalText(text []byte) error {
	v, err := ParseSeat(string(text))
	if err != nil {
		return err
	}
	*s = v
	return nil
}

// UnmarshalJSON reads a seat as text, or as a number: 0 for a person and 1 to
// engine.MaxLevel for a level (the form games were stored in before seats had
// names).
func (s *Seat) UnmarshalJSON(data []byte) error {
	var n int
	if err := json.Unmarshal(data, &n); err == nil {
		if n == 0 {
			*s = Human
			return nil
		}
		v, err := Level(n)
		if err != nil {
			return err
		}
		*s = v
		return nil
	}
	var text string
	if err := json.Unmarshal(data, &text); err != nil {
		return fmt.Errorf("%w: %s: want a name or a level number", ErrSeat, data)
	}
	return s.UnmarshalText([]byte(text))
}

// Choose picks the seat's move in pos with eng (a level's search, or its book
// move drawn by rnd; the baselines use rnd instead). It must not be called for a person's seat, nor for a position
// without a legal move.
func (s Seat) Choose(ctx context.Context, eng *engine.Engine, rnd *rand.Rand, pos othello.Position) (othello.Square, error) {
	switch s.kind {
	case level, classic:
		return engine.LevelPlayer{Level: s.level, Engine: eng, Classic: s.kind == classic, Rand: rnd}.Choose(ctx, pos)
	case random:
		return engine.RandomPlayer{Rand: rnd}.Choose(ctx, pos)
	case greedy:
		return engine.GreedyPlayer{Rand: rnd}.Choose(ctx, pos)
	case perfect:
		return engine.PerfectPlayer{Engine: eng}.Choose(ctx, pos)
	}
	return 0, errors.New("session: a person's seat has no computer to choose")
}
