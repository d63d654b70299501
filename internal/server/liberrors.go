package server

import (
	"errors"
	"strings"

	"github.com/gridgames/gridgames/game2048"
	session2048 "github.com/gridgames/gridgames/game2048/session"
	"github.com/gridgames/gridgames/game2048/solver"
	"github.com/gridgames/gridgames/othello"
	"github.com/gridgames/gridgames/othello/engine"
	"github.com/gridgames/gridgames/othello/session"
)

// libCodes are the libraries' sentinel errors for a request's input, each with
// the code that answers it: the libraries decide what is legal; the server only
// names the kind. The first match (errors.Is) wins.
var libCodes = []struct {
	err  error
	code Code
}{
	// Moves the rules do not allow in this position.
	{othello.ErrIllegalMove, CodeIllegalMove},
	{game2048.ErrNoMove, CodeIllegalMove},
	// The game has ended: no move, hint or analysis is left.
	{othello.ErrGameOver, CodeGameOver},
	{game2048.ErrGameOver, CodeGameOver},
	{engine.ErrNoMove, CodeGameOver},
	{solver.ErrNoMove, CodeGameOver},
	// Someone else's turn.
	{session.ErrComputerTurn, CodeWrongTurn},
	{session.ErrPersonTurn, CodeWrongTurn},
	// Made for the game as it was.
	{session.ErrStale, CodeStale},
	{session2048.ErrStale, CodeStale},
	// Other actions the game does not allow now.
	{session.ErrNothingToUndo, CodeConflict},
	{session.ErrNothingToRedo, CodeConflict},
	{session2048.ErrNothingToUndo, CodeConflict},
	{session2048.ErrSealed, CodeConflict},
	{session2048.ErrNoMoves, CodeConflict},
	{session2048.ErrPractice, CodeConflict},
	{session2048.ErrSubmitted, CodeConflict},
	{session2048.ErrAssisted, CodeConflict},
	{session2048.ErrGoingOn, CodeConflict},
	// Values that mean nothing.
	{othello.ErrSyntax, CodeBadRequest},
	{othello.ErrSize, CodeBadRequest},
	{session.ErrSeat, CodeBadRequest},
	{engine.ErrPerfectSize, CodeBadRequest},
	{game2048.ErrSize, CodeBadRequest},
	{game2048.ErrRules, CodeBadRequest},
	{game2048.ErrDirection, CodeBadRequest},
	{game2048.ErrRecord, CodeBadRequest},
	{session2048.ErrAction, CodeBadRequest},
	{session2048.ErrName, CodeBadRequest},
}

// clientError turns an error the libraries return for a request's input into an
// *apiError with the code that fits it (libCodes) and the library's message made
// readable; other errors are returned as they are (a 500). Use it only where the
// request's input is in play: a stored game that fails to replay is the server's
// fault.
func clientError(err error) error {
	if err == nil {
		return nil
	}
	var ae *apiError
	if errors.As(err, &ae) {
		return err
	}
	for _, c := range libCodes {
		if errors.Is(err, c.err) {
			return errorf(c.code, "%s", readable(err))
		}
	}
	return err
}

// pkgPrefixes are the package names the libraries start their messages with; a
// person reading an error in the page does not need them.
var pkgPrefixes = strings.NewReplacer("othello: ", "", "session: ", "", "engine: ", "", "game2048: ", "", "solver: ", "")

// readable returns err's message without the libraries' package prefixes.
func readable(err error) string { return pkgPrefixes.Replace(err.Error()) }

// invalidStart answers an error from starting a game (session.New,
// game2048.NewGame): every one is about the request's values, so a bad request,
// whether the start is malformed or a transcript's move is illegal.
func invalidStart(err error) error {
	return errorf(CodeBadRequest, "%s", readable(err))
}
