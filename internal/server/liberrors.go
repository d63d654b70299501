package server

import (
	"errors"
	"net/http"
	"strings"

	"github.com/gridgames/gridgames/game2048"
	"github.com/gridgames/gridgames/game2048/solver"
	"github.com/gridgames/gridgames/othello"
	"github.com/gridgames/gridgames/othello/engine"
	"github.com/gridgames/gridgames/othello/session"
)

// The libraries decide what is legal; the server only chooses the status that
// answers each of their sentinel errors.
var (
	// refused are actions the rules do not allow now: 409 Conflict.
	refused = []error{
		othello.ErrIllegalMove, othello.ErrGameOver,
		session.ErrComputerTurn, session.ErrPersonTurn, session.ErrStale,
		session.ErrNothingToUndo, session.ErrNothingToRedo,
		engine.ErrNoMove,
		game2048.ErrGameOver, game2048.ErrNoMove, solver.ErrNoMove,
	}
	// malformed are values that mean nothing: 400 Bad Request.
	malformed = []error{
		othello.ErrSyntax, othello.ErrSize, session.ErrSeat, engine.ErrPerfectSize,
		game2048.ErrSize, game2048.ErrRules, game2048.ErrDirection, game2048.ErrRecord,
	}
)

// clientError turns an error the libraries return for a request's input into an
// *apiError with the status that fits it and the library's message made readable;
// other errors are returned as they are (a 500). Use it only where the request's
// input is in play: a stored game that fails to replay is the server's fault.
func clientError(err error) error {
	if err == nil {
		return nil
	}
	var ae *apiError
	if errors.As(err, &ae) {
		return err
	}
	for _, e := range refused {
		if errors.Is(err, e) {
			return errorf(http.StatusConflict, "%s", readable(err))
		}
	}
	for _, e := range malformed {
		if errors.Is(err, e) {
			return errorf(http.StatusBadRequest, "%s", readable(err))
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
// game2048.NewGame): every one is about the request's values, so a 400, whether
// the start is malformed or a transcript's move is illegal.
func invalidStart(err error) error {
	return errorf(http.StatusBadRequest, "%s", readable(err))
}
