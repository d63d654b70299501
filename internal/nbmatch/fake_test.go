package nbmatch

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/gridgames/gridgames/internal/nboard"
	"github.com/gridgames/gridgames/othello"
)

// fakeEnv names the fake engine the test binary becomes when started by a test.
const fakeEnv = "NBMATCH_TEST_ENGINE"

func TestMain(m *testing.M) {
	if mode := os.Getenv(fakeEnv); mode != "" {
		os.Exit(fakeEngine(mode, os.Stdin, os.Stdout))
	}
	os.Exit(m.Run())
}

// fakeCommand is the command line that starts the test binary as a fake engine.
func fakeCommand(mode string) string {
	return fmt.Sprintf("%s=%s exec '%s' -test.run='^$'", fakeEnv, mode, os.Args[0])
}

// fakeEngine speaks enough of the NBoard protocol to play: "ours" is gridgames'
// own session at depth 1; "first" and "last" play the first or last legal move;
// "illegal" answers a square that is not a legal move once 2 moves are on the
// board after the opening; "garbage" answers "=== z9"; "silent" never answers
// go; "crash" exits when asked to go.
func fakeEngine(mode string, in io.Reader, out io.Writer) int {
	if mode == "ours" {
		if err := nboard.Serve(context.Background(), in, out, io.Discard, nboard.Options{Depth: 1}); err != nil {
			return 1
		}
		return 0
	}
	pos := othello.StartPosition()
	moves := 0
	sc := bufio.NewScanner(in)
	sc.Buffer(nil, 1<<20)
	say := func(s string) { fmt.Fprintln(out, s) }
	for sc.Scan() {
		cmd, rest, _ := strings.Cut(sc.Text(), " ")
		switch cmd {
		case "quit":
			return 0
		case "nboard":
			say("set myname fake-" + mode)
		case "ping":
			say("pong " + rest)
		case "set":
			if g, ok := strings.CutPrefix(rest, "game "); ok {
				rec, err := othello.ParseGGF(g)
				if err != nil {
					return 2
				}
				if pos, err = rec.Final(); err != nil {
					return 2
				}
				moves = 0
			}
		case "move":
			m, err := othello.ParseGGFMove(rest, 8)
			if err != nil {
				return 2
			}
			if m.Square == othello.Pass {
				pos = pos.Pass()
			} else {
				pos = pos.Play(m.Square)
			}
			moves++
		case "go":
			say("status thinking")
			legal := pos.LegalMoves()
			switch {
			case mode == "silent":
				continue
			case mode == "crash":
				return 3
			case mode == "garbage":
				say("=== z9")
			case mode == "illegal" && moves >= 2:
				for sq := othello.Square(0); sq < 64; sq++ {
					if !pos.IsLegal(sq) {
						say("=== " + sq.String())
						break
					}
				}
			case mode == "last":
				say("=== " + legal[len(legal)-1].String() + "/0.00/0.01")
			default:
				say("=== " + strings.ToUpper(legal[0].String()))
			}
		}
	}
	return 0
}
