package nboard

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/gridgames/gridgames/othello"
	"github.com/gridgames/gridgames/othello/engine"
)

// statusGameOver is the status of a hint or go asked in a finished game.
const statusGameOver = "status game over"

// moveText is a move as the replies write it: "f5", or "pa" for a pass.
func moveText(m othello.Square) string {
	if m == othello.Pass {
		return "pa"
	}
	return m.String()
}

// pvText runs a line's moves together, "f5d6pac3"; the protocol's pv has no spaces
// and starts with the move valued.
func pvText(pv []othello.Square) string {
	var b strings.Builder
	for _, m := range pv {
		b.WriteString(moveText(m))
	}
	return b.String()
}

// evalText is a value in discs for the side to move, with two decimals.
func evalText(score float64) string {
	t := strconv.FormatFloat(score, 'f', 2, 64)
	if t == "-0.00" {
		return "0.00"
	}
	return t
}

// depthText is the depth a value comes from: plies, or "100%" for an exact solve
// (what NBoard reads as proven).
func depthText(exact bool, depth int) string {
	if exact {
		return "100%"
	}
	return strconv.Itoa(depth)
}

// searchLine is a hint: "search <pv> <eval> 0 <depth>".
func searchLine(pv []othello.Square, score float64, exact bool, depth int) string {
	return fmt.Sprintf("search %s %s 0 %s", pvText(pv), evalText(score), depthText(exact, depth))
}

// bookLine is one move of a hint from the opening book, as the protocol's book
// lines are: "book <pv> <eval> <games> <depth>", with no games counted and
// depth 0.
func bookLine(pv []othello.Square, score float64) string {
	return fmt.Sprintf("book %s %s 0 0", pvText(pv), evalText(score))
}

// moveLine is the answer to go: "=== <move>/<eval>/<seconds>".
func moveLine(r engine.Result) string {
	return fmt.Sprintf("=== %s/%s/%.2f", moveText(r.Move), evalText(r.Score), r.Time.Seconds())
}
