package drive

import "errors"

// Sentinel errors. Every error of the package wraps one of these (or a context's
// error), so callers can tell the user's mistakes (a page that does not load or
// holds no board) from the machine's (no browser).
var (
	// ErrNoBrowser reports that no Chromium could be found or started.
	ErrNoBrowser = errors.New("drive: no Chromium")
	// ErrLoad reports a page that did not load: an unreachable host, a refused
	// connection, an HTTP error status.
	ErrLoad = errors.New("drive: the page did not load")
	// ErrNoBoard reports a page on which no 2048 board of a known layout appeared.
	ErrNoBoard = errors.New("drive: no 2048 board on the page")
	// ErrPage reports a board the page draws that cannot be a 2048 board (a tile
	// that is not a power of two, off the grid, a score that is not a number).
	ErrPage = errors.New("drive: the page shows no valid 2048 board")
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
