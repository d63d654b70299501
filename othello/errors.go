package othello

import "errors"

// Sentinel errors. Every error the package returns wraps one of these, so callers can
// test with errors.Is; the message names the square, character or move at fault.
var (
	// ErrIllegalMove reports a move on an occupied square, one that flips nothing, one
	// off the board, or a pass when a move exists.
	ErrIllegalMove = errors.New("othello: illegal move")
	// ErrGameOver reports a move attempted after the game has ended.
	ErrGameOver = errors.New("othello: game is over")
	// ErrSyntax reports text that cannot be read as a square, board or transcript.
	ErrSyntax = errors.New("othello: syntax error")
	// ErrSize reports a board size other than 4, 6 or 8.
	ErrSize = errors.New("othello: unsupported board size")
)
