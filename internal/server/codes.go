package server

import "net/http"

// Code is the machine-readable kind of an API error. Every error answer is
// {"error": MESSAGE, "code": CODE}: MESSAGE is for people, to be shown as it is;
// CODE is for programs (the web pages decide on it, never on the message), and
// stays the same whatever the message says. Each code has one HTTP status.
// docs/api.md lists them.
type Code string

// The error codes, with the status each is answered with.
const (
	// CodeBadRequest (400): a request or a value that means nothing: malformed
	// JSON, an unknown field, a board size, seat, square, direction, seed, game id
	// or name that is refused, board text, a transcript or an import that cannot
	// be read.
	CodeBadRequest Code = "bad_request"
	// CodeForbidden (403): an action on a game without its player token, or with
	// a wrong one.
	CodeForbidden Code = "forbidden"
	// CodeNotFound (404): no such game, or no such API endpoint.
	CodeNotFound Code = "not_found"
	// CodeMethodNotAllowed (405): an endpoint asked with a method it does not
	// take (the Allow header lists those it takes).
	CodeMethodNotAllowed Code = "method_not_allowed"
	// CodeIllegalMove (409): a move the rules do not allow in this position (an
	// Othello square that flips nothing, a 2048 direction that moves no tile).
	CodeIllegalMove Code = "illegal_move"
	// CodeGameOver (409): a move, hint, analysis or seat change asked of a game
	// that has ended.
	CodeGameOver Code = "game_over"
	// CodeWrongTurn (409): an Othello move sent on the computer's turn, or the
	// computer asked to move on a person's.
	CodeWrongTurn Code = "wrong_turn"
	// CodeStale (409): the request was made for the game as it was (its seq, or
	// the position the computer searched), and the game has moved on since:
	// read it again.
	CodeStale Code = "stale"
	// CodeConflict (409): another action the game does not allow now: nothing
	// to undo or redo, a score the leaderboard may not take (the message says
	// which rule), a record before the seed is revealed, a review before the
	// end, perfect play on a board it is not solved for.
	CodeConflict Code = "conflict"
	// CodeTooLarge (413): a request body over the limit (16 KiB).
	CodeTooLarge Code = "too_large"
	// CodeInternal (500): a fault of the server; the details are in its log only.
	CodeInternal Code = "internal"
	// CodeUnavailable (503): the request ended before its answer (its client
	// went away), or the game store cannot keep or read data now (nothing was
	// saved; Retry-After says when to try again, /healthz says why).
	CodeUnavailable Code = "unavailable"
)

// codeStatus is the HTTP status of every code.
var codeStatus = map[Code]int{
	CodeBadRequest:       http.StatusBadRequest,
	CodeForbidden:        http.StatusForbidden,
	CodeNotFound:         http.StatusNotFound,
	CodeMethodNotAllowed: http.StatusMethodNotAllowed,
	CodeIllegalMove:      http.StatusConflict,
	CodeGameOver:         http.StatusConflict,
	CodeWrongTurn:        http.StatusConflict,
	CodeStale:            http.StatusConflict,
	CodeConflict:         http.StatusConflict,
	CodeTooLarge:         http.StatusRequestEntityTooLarge,
	CodeInternal:         http.StatusInternalServerError,
	CodeUnavailable:      http.StatusServiceUnavailable,
}

// Codes returns every error code the API answers with.
func Codes() []Code {
	return []Code{CodeBadRequest, CodeForbidden, CodeNotFound, CodeMethodNotAllowed,
		CodeIllegalMove, CodeGameOver, CodeWrongTurn, CodeStale, CodeConflict,
		CodeTooLarge, CodeInternal, CodeUnavailable}
}

// Status returns the HTTP status an error with code c is answered with (500
// for a code that is not one of Codes).
func (c Code) Status() int {
	if s, ok := codeStatus[c]; ok {
		return s
	}
	return http.StatusInternalServerError
}
