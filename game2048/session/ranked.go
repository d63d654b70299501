package session

import (
	"fmt"

	"github.com/gridgames/gridgames/game2048"
)

// Practice is why a game is not ranked; its values are what the web API shows
// as practiceReason.
type Practice string

// The reasons a game is practice.
const (
	// PracticeRules: the rules are not the standard ones.
	PracticeRules Practice = "rules"
	// PracticeSeed: the seed was chosen by the client.
	PracticeSeed Practice = "seed"
	// PracticeUnsealed: the game was stored before seeds were kept secret
	// behind a commitment; its seed was public while it was played.
	PracticeUnsealed Practice = "unsealed"
	// PracticeUndo: a move was undone.
	PracticeUndo Practice = "undo"
)

// Describe says why a game with this reason is not ranked, for a person.
func (p Practice) Describe() string {
	switch p {
	case PracticeRules:
		d := game2048.DefaultRules()
		return fmt.Sprintf("only games with the standard rules (a new tile is a 4 with chance %v, win at %d) go on the leaderboard",
			d.FourChance, d.WinTile)
	case PracticeSeed:
		return "its seed was chosen by the client; start a game without a seed to be ranked"
	case PracticeUnsealed:
		return "it was stored before ranked games kept their seed secret"
	case PracticeUndo:
		return "a move was undone, and undo ends the ranking of a game"
	case "":
		return "the game is ranked"
	}
	return string(p)
}

// Submittable returns nil when the game's score may go on the leaderboard now,
// else why not, wrapping (in this order of checks) ErrNoMoves, ErrPractice,
// ErrSubmitted, ErrAssisted or ErrGoingOn. A ranked game may be submitted once
// it is over or once it made the win tile, and only once: the submission
// reveals its seed.
func (s *Session) Submittable() error {
	switch {
	case s.g.MoveCount() == 0:
		return ErrNoMoves
	case s.practice != "":
		return fmt.Errorf("%w: %s", ErrPractice, s.practice.Describe())
	case s.submitted:
		return fmt.Errorf("%w: its seed is revealed, so the game is no longer ranked", ErrSubmitted)
	case s.Assisted():
		return fmt.Errorf("%w (%d hints, %d auto-play moves): only games played without the solver go on the leaderboard",
			ErrAssisted, s.hints, s.autoMoves)
	case !s.g.Over() && !s.g.Won():
		return fmt.Errorf("%w: a score goes on the leaderboard once no move is left or once the win tile is made", ErrGoingOn)
	}
	return nil
}
