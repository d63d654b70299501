package session

import (
	"fmt"
	"strings"

	"github.com/gridgames/gridgames/game2048"
)

// The actions besides the move letters L, R, U and D.
const (
	// Undo takes the last move back. In a ranked game it ends the ranking.
	Undo = "Z"
	// Hint records a hint given; the board does not change.
	Hint = "H"
	// Auto comes before a move letter for a move the auto-solver chose: "AL".
	Auto = "A"
	// Submit records the score submitted to the leaderboard; the seed is
	// revealed from then on.
	Submit = "S"
)

// MoveAction returns the action of a move in direction d, chosen by the
// auto-solver when auto is set: "L", or "AL".
func MoveAction(d game2048.Direction, auto bool) string {
	a := string(d.Letter())
	if auto {
		a = Auto + a
	}
	return a
}

// Result is what an action did, for a UI to show.
type Result struct {
	// Move is the move's animation data, for a move action; nil otherwise.
	Move *game2048.MoveResult
}

// Apply performs one action, live or replayed from storage: the one path both
// take, so a stored game rebuilds exactly as it was played. An action that
// fails changes nothing. Errors: ErrAction for text that is no action; for a
// move, game2048.ErrNoMove when it moves no tile and game2048.ErrGameOver after
// the end; ErrNothingToUndo; a hint after the end wraps game2048.ErrGameOver; a
// submission the rules refuse wraps one of Submittable's errors.
func (s *Session) Apply(action string) (Result, error) {
	var res Result
	switch action {
	case Undo:
		if !s.g.Undo() {
			return res, ErrNothingToUndo
		}
		s.undos++
		if s.practice == "" {
			s.practice = PracticeUndo
		}
	case Hint:
		if s.g.Over() {
			return res, fmt.Errorf("%w: no hint once no move is left", game2048.ErrGameOver)
		}
		s.hints++
	case Submit:
		if err := s.Submittable(); err != nil {
			return res, err
		}
		s.submitted, s.revealed = true, true
	default:
		d, auto, err := parseMove(action)
		if err != nil {
			return res, err
		}
		mv, err := s.g.Move(d)
		if err != nil {
			return res, err
		}
		if !mv.Moved {
			return res, fmt.Errorf("%w: %s", game2048.ErrNoMove, d)
		}
		if auto {
			s.autoMoves++
		}
		res.Move = &mv
	}
	s.actions = append(s.actions, action)
	if s.g.Over() {
		s.revealed = true
	}
	return res, nil
}

// parseMove reads a move action: a letter L, R, U or D, after Auto for a move
// the solver chose.
func parseMove(action string) (game2048.Direction, bool, error) {
	letter, auto := strings.CutPrefix(action, Auto)
	if len(letter) == 1 {
		if i := strings.IndexByte("LRUD", letter[0]); i >= 0 {
			return game2048.Directions[i], auto, nil
		}
	}
	return 0, false, fmt.Errorf("%w %q: want L, R, U or D (after A for an auto-play move), Z, H or S", ErrAction, action)
}
