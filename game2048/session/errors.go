package session

import "errors"

// Errors a Session reports; test with errors.Is. A move the rules refuse wraps
// game2048.ErrNoMove (it moves no tile) or game2048.ErrGameOver.
var (
	// ErrAction reports text that is not an action of the vocabulary.
	ErrAction = errors.New("session: unknown action")
	// ErrNothingToUndo reports an undo with no move to take back.
	ErrNothingToUndo = errors.New("session: nothing to undo")
	// ErrStale reports a request made for another point of the game than the
	// current one (Expect): another tab or client moved the game on.
	ErrStale = errors.New("session: the game moved on")
	// ErrConfig reports a stored or given Config that cannot start a game.
	ErrConfig = errors.New("session: invalid config")

	// The reasons a game may not be submitted to the leaderboard (Submittable).

	// ErrNoMoves reports a game with no move made.
	ErrNoMoves = errors.New("session: no moves made: nothing to submit")
	// ErrPractice reports a game that is not ranked; Practice says why.
	ErrPractice = errors.New("session: a practice game is not ranked")
	// ErrSubmitted reports a game whose score was submitted already: its seed is
	// revealed, so what it does next is not ranked.
	ErrSubmitted = errors.New("session: the score was submitted already")
	// ErrAssisted reports a game that had hints or auto-play moves.
	ErrAssisted = errors.New("session: the game had help")
	// ErrGoingOn reports a game neither over nor won.
	ErrGoingOn = errors.New("session: the game is still going")

	// ErrSealed reports a ranked game's record asked for before its seed is
	// revealed.
	ErrSealed = errors.New("session: the seed is secret until the game is over or submitted")
	// ErrCommitment reports a record whose seed and salt do not give its
	// commitment.
	ErrCommitment = errors.New("session: the seed and salt do not match the commitment")
	// ErrRecord reports a record that cannot be read, or whose actions do not
	// rebuild the results it states.
	ErrRecord = errors.New("session: invalid record")
	// ErrName reports a leaderboard name that is refused (CleanName).
	ErrName = errors.New("session: invalid name")
)
