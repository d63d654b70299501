package server

import (
	"errors"
	"net/http"

	"github.com/gridgames/gridgames/game2048/session"
)

// session2048Refused are the 2048 session's errors for actions the rules do not
// allow now (409); session2048Malformed those for values that mean nothing (400).
var (
	session2048Refused = []error{
		session.ErrStale, session.ErrNothingToUndo, session.ErrSealed,
		session.ErrNoMoves, session.ErrPractice, session.ErrSubmitted, session.ErrAssisted, session.ErrGoingOn,
	}
	session2048Malformed = []error{session.ErrAction, session.ErrName}
)

// sessionError is clientError for the 2048 session's errors too: the status
// that fits each sentinel, with the session's message made readable.
func sessionError(err error) error {
	if err == nil {
		return nil
	}
	for _, e := range session2048Refused {
		if errors.Is(err, e) {
			return errorf(http.StatusConflict, "%s", readable(err))
		}
	}
	for _, e := range session2048Malformed {
		if errors.Is(err, e) {
			return errorf(http.StatusBadRequest, "%s", readable(err))
		}
	}
	return clientError(err)
}
