package game2048

import (
	"errors"
	"fmt"
)

// The reasons of ErrSize and ErrRules without the package prefix, which a
// RulesError carries for callers that name the source themselves.
const (
	sizeReason  = "size out of range"
	rulesReason = "invalid rules"
)

// Sentinel errors. Every error the package returns wraps one of these, so callers
// can test with errors.Is; the message adds what exactly was wrong and where.
var (
	// ErrSize reports a board or rules size outside MinSize..MaxSize.
	ErrSize = errors.New("game2048: " + sizeReason)
	// ErrRowLength reports a board row whose cell count differs from the first row's.
	ErrRowLength = errors.New("game2048: row of the wrong length")
	// ErrTile reports a cell that is not 0 (empty) or a power of two from 2 to MaxTileValue.
	ErrTile = errors.New("game2048: bad tile")
	// ErrRules reports rules that cannot be played (a chance outside 0..1, a bad win tile,
	// too many start tiles).
	ErrRules = errors.New("game2048: " + rulesReason)
	// ErrDirection reports text that names no direction.
	ErrDirection = errors.New("game2048: unknown direction")
	// ErrGameOver reports a move attempted after the game has ended.
	ErrGameOver = errors.New("game2048: game is over")
	// ErrNoMove reports a recorded move that does not change the board.
	ErrNoMove = errors.New("game2048: move does not change the board")
	// ErrRecord reports a record that cannot be read.
	ErrRecord = errors.New("game2048: invalid record")
	// ErrTooLarge reports a board that does not fit a fast path: a Bitboard (4x4,
	// tiles up to 32768) or a PackedBoard (up to 8x8).
	ErrTooLarge = errors.New("game2048: board does not fit the fast path")
)

// RulesError is the error of Rules.Validate and of a board size out of range
// (NewBoard): Err is ErrSize or ErrRules, and Reason says what is wrong without
// the package prefix ("invalid rules: win tile 3 is not a power of two from 4 to
// 2^62"), for a caller that names the source itself (a command line names its
// flags). Its message is "game2048: " followed by Reason.
type RulesError struct {
	Err    error
	Reason string
}

func (e *RulesError) Error() string { return "game2048: " + e.Reason }

// Unwrap returns Err, so errors.Is(err, ErrSize) and errors.Is(err, ErrRules) hold.
func (e *RulesError) Unwrap() error { return e.Err }

// sizeError is a RulesError wrapping ErrSize; format says what and where.
func sizeError(format string, args ...any) error {
	return &RulesError{Err: ErrSize, Reason: sizeReason + ": " + fmt.Sprintf(format, args...)}
}

// rulesError is a RulesError wrapping ErrRules; format says what is wrong.
func rulesError(format string, args ...any) error {
	return &RulesError{Err: ErrRules, Reason: rulesReason + ": " + fmt.Sprintf(format, args...)}
}
