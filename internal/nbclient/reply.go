package nbclient

import (
	"errors"
	"fmt"
	"strings"

	"github.com/gridgames/gridgames/othello"
)

// ErrReply is wrapped by the errors of replies that cannot be read.
var ErrReply = errors.New("nbclient: bad reply")

// Reply is an engine's answer to go.
type Reply struct {
	// Move is the square played, or othello.Pass.
	Move othello.Square
	// Eval is the engine's value in discs for the side to move, when HasEval.
	Eval    float64
	HasEval bool
	// Text is the move as the engine wrote it ("F5/0.50/1.2"), for reports;
	// with an error from ParseMoveReply, the whole line it could not read.
	Text string
}

// ParseMoveReply reads the reply to go on a board of the given size:
// "=== MOVE", where MOVE is a square or "pa" in any case, optionally followed by
// "/EVAL/TIME" (NBoard 2's form, "=== f5/-1.00/0.3") or by the eval and the time
// separated by spaces (the protocol's example, "=== d6 -1.00 0.0"); an eval or a
// time that cannot be read is an error, one left empty is not. It does not check
// that the move is legal (the match driver does, in its position).
func ParseMoveReply(line string, size int) (Reply, error) {
	r, err := parseMoveReply(line, size)
	if err != nil {
		return Reply{Text: strings.TrimSpace(line)}, err
	}
	return r, nil
}

func parseMoveReply(line string, size int) (Reply, error) {
	rest, ok := strings.CutPrefix(strings.TrimSpace(line), "===")
	fields := strings.Fields(rest)
	if !ok || len(fields) == 0 || len(fields) > 3 {
		return Reply{}, fmt.Errorf("%w: %q is not \"=== MOVE[/EVAL/TIME]\"", ErrReply, line)
	}
	text := strings.Join(fields, " ")
	item := fields[0]
	if len(fields) > 1 {
		if strings.Contains(item, "/") {
			return Reply{}, fmt.Errorf("%w: %q mixes / and spaces", ErrReply, line)
		}
		item = strings.Join(fields, "/")
	}
	m, err := othello.ParseGGFMove(item, size)
	if err != nil {
		return Reply{}, fmt.Errorf("%w: %q: %w", ErrReply, line, err)
	}
	return Reply{Move: m.Square, Eval: m.Eval, HasEval: m.HasEval, Text: text}, nil
}

// nameFrom reads "set myname NAME", the engine naming itself.
func nameFrom(line string) (string, bool) {
	f := strings.Fields(line)
	if len(f) >= 3 && f[0] == "set" && f[1] == "myname" {
		return strings.Join(f[2:], " "), true
	}
	return "", false
}
