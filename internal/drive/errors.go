package drive

import (
	"errors"
	"fmt"
)

// The reasons of ErrLoad, ErrNoBoard and ErrPage without the package prefix,
// which a PageError carries for callers that name the page themselves.
const (
	loadReason    = "the page did not load"
	noBoardReason = "no 2048 board on the page"
	pageReason    = "the page shows no valid 2048 board"
)

// Sentinel errors. Every error of the package wraps one of these (or a context's
// error), so callers can tell the user's mistakes (a page that does not load or
// holds no board) from the machine's (no browser).
var (
	// ErrNoBrowser reports that no Chromium could be found or started.
	ErrNoBrowser = errors.New("drive: no Chromium")
	// ErrLoad reports a page that did not load: an unreachable host, a refused
	// connection, an HTTP error status.
	ErrLoad = errors.New("drive: " + loadReason)
	// ErrNoBoard reports a page on which no 2048 board of a known layout appeared.
	ErrNoBoard = errors.New("drive: " + noBoardReason)
	// ErrPage reports a board the page draws that cannot be a 2048 board (a tile
	// that is not a power of two, off the grid, a score that is not a number).
	ErrPage = errors.New("drive: " + pageReason)
	// ErrSettle reports a page that kept changing after a key and did not settle
	// within the time allowed.
	ErrSettle = errors.New("drive: the page did not settle")
	// ErrMismatch reports a move after which the page settled on a board that
	// is not the rules' slide plus exactly one new tile, or a score that is not
	// the slide's points more: the page plays other rules, or was misread.
	ErrMismatch = errors.New("drive: the page's move is not the rules'")
	// ErrClosed reports a use of a Page after Close.
	ErrClosed = errors.New("drive: the page is closed")
)

// PageError is a page that cannot be played: it did not load (Kind ErrLoad),
// shows no board (ErrNoBoard) or shows one that cannot be a 2048 board
// (ErrPage). Reason says what without the package prefix ("the page did not
// load: HTTP 404 Not Found"), for a caller that names the page itself (a
// command line names its --url). Its message is "drive: " followed by Reason;
// it wraps Kind and the cause, if any.
type PageError struct {
	Kind   error
	Reason string
	cause  error
}

func (e *PageError) Error() string { return "drive: " + e.Reason }

// Unwrap returns Kind and the cause (a browser's or game2048's error), if any.
func (e *PageError) Unwrap() []error {
	if e.cause == nil {
		return []error{e.Kind}
	}
	return []error{e.Kind, e.cause}
}

// pageError is a PageError of the given kind whose reason is the kind's
// followed by format (which starts with its separator, ": " or " (", and may
// wrap a cause with %w).
func pageError(kind error, reason, format string, args ...any) *PageError {
	detail := fmt.Errorf(format, args...)
	return &PageError{Kind: kind, Reason: reason + detail.Error(), cause: errors.Unwrap(detail)}
}

// loadErrorf is a PageError wrapping ErrLoad.
func loadErrorf(format string, args ...any) error {
	return pageError(ErrLoad, loadReason, format, args...)
}

// noBoardErrorf is a PageError wrapping ErrNoBoard.
func noBoardErrorf(format string, args ...any) error {
	return pageError(ErrNoBoard, noBoardReason, format, args...)
}

// badPageErrorf is a PageError wrapping ErrPage.
func badPageErrorf(format string, args ...any) error {
	return pageError(ErrPage, pageReason, format, args...)
}
