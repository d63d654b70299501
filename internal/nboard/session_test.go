package nboard

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gridgames/gridgames/othello"
	"github.com/gridgames/gridgames/othello/engine"
)

// A GUI's session: nboard 2, set depth 4, set game, hint 3, go, move, ping 1. Each
// reply has the protocol's format and the engine's own values: a second engine
// given the same calls (Analyze for the hint, Search for go) must answer the same.
func TestSession(t *testing.T) {
	const depth = 4
	for _, tc := range []struct {
		name    string
		empties int
		pass    bool
	}{
		{"midgame", 16, false},
		{"exact endgame", 8, false},
		{"must pass", 20, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			game, pos := lateGame(t, tc.empties, tc.pass)
			g := startGUI(t, Options{Engine: newEngine()})
			mirror := newEngine()
			lim, err := DepthLimits(depth, DefaultMoveTime)
			if err != nil {
				t.Fatal(err)
			}
			ctx := t.Context()

			g.send("nboard 2")
			if l, want := g.next(), fmt.Sprintf("set myname gridgames%d", DefaultDepth); l != want {
				t.Fatalf("nboard 2: %q, want %q", l, want)
			}
			g.send(fmt.Sprintf("set depth %d", depth))
			if l, want := g.next(), fmt.Sprintf("set myname gridgames%d", depth); l != want {
				t.Fatalf("set depth %d: %q, want %q", depth, l, want)
			}
			g.send("set game "+game.String(), "hint 3")
			hints := g.until("status waiting")
			if hints[0] != "status thinking" {
				t.Fatalf("hint replies %q do not start with status thinking", hints)
			}
			hints = hints[1 : len(hints)-1]
			var want []string
			if pos.MustPass() {
				r, err := mirror.Search(ctx, pos.Pass(), lim)
				if err != nil {
					t.Fatal(err)
				}
				want = []string{searchLine(append([]othello.Square{othello.Pass}, r.PV...), -r.Score, r.Exact, r.Depth)}
			} else {
				want = wantHints(t, mirror, pos, lim, 3)
			}
			if !slices.Equal(hints, want) {
				t.Fatalf("hint 3:\n%s\nwant the engine's values\n%s", strings.Join(hints, "\n"), strings.Join(want, "\n"))
			}
			last := hints[len(hints)-min(3, len(pos.LegalMoves())):]
			for i, h := range last {
				solve := pos.Empties()-1 <= lim.Endgame
				if strings.HasSuffix(h, " 100%") != solve || !solve && !strings.HasSuffix(h, fmt.Sprintf(" %d", depth)) {
					t.Errorf("last hint %d %q: with %d empties, depth %d and endgame %d", i, h, pos.Empties(), depth, lim.Endgame)
				}
			}

			g.send("go")
			replies := g.until("===")
			if replies[0] != "status thinking" || len(replies) != 2 {
				t.Fatalf("go replies %q", replies)
			}
			if l := g.next(); l != "status waiting" {
				t.Fatalf("after ===: %q", l)
			}
			played := checkGo(t, mirror, pos, lim, replies[1])

			g.send("move "+moveText(played)+"/-1.50/2.25", "ping 1")
			if l := g.next(); l != "pong 1" {
				t.Fatalf("after move and ping 1: %q", l)
			}
			// The move was played: the next go is for the position after it.
			next := pos.Play(played)
			if !next.Over() {
				// A GUI waits for the move before it pings: a ping stops the thinking.
				g.send("go")
				replies = g.until("===")
				checkGo(t, mirror, next, lim, replies[1])
			}
			if errs := g.errs.lines(); len(errs) > 0 {
				t.Fatalf("complaints: %q", errs)
			}
		})
	}
}

// wantHints are the search lines of "hint n" as the engine's Analyze gives them:
// the n best moves at each depth from 1 to lim.Depth, until every value is exact.
func wantHints(t *testing.T, mirror *engine.Engine, pos othello.Position, lim engine.Limits, n int) []string {
	t.Helper()
	var want []string
	for d := 1; d <= lim.Depth; d++ {
		vals, err := mirror.Analyze(t.Context(), pos, hintLimits(lim, d))
		if err != nil {
			t.Fatal(err)
		}
		exact := true
		for i, v := range vals {
			if i < n {
				want = append(want, searchLine(v.PV, v.Score, v.Exact, d))
			}
			exact = exact && v.Exact
		}
		if exact {
			break
		}
	}
	return want
}

// checkGo checks a "=== " reply for pos: the move is legal and it and its eval
// are what mirror's Search answers; it returns the move.
func checkGo(t *testing.T, mirror *engine.Engine, pos othello.Position, lim engine.Limits, reply string) othello.Square {
	t.Helper()
	text, ok := strings.CutPrefix(reply, "=== ")
	if !ok {
		t.Fatalf("go: %q is not a move", reply)
	}
	if pos.MustPass() {
		if text != "pa" {
			t.Fatalf("go where %v must pass: %q", pos.Turn(), reply)
		}
		return othello.Pass
	}
	parts := strings.Split(text, "/")
	m, err := othello.ParseSquare(parts[0], 8)
	if err != nil || !pos.IsLegal(m) {
		t.Fatalf("go: %q is not a legal move in %v", reply, pos)
	}
	r, err := mirror.Search(t.Context(), pos, lim)
	if err != nil {
		t.Fatal(err)
	}
	if m != r.Move || parts[1] != evalText(r.Score) {
		t.Fatalf("go: %q; the engine's search says %v %s", reply, r.Move, evalText(r.Score))
	}
	return m
}

// Lines a GUI should not send get one complaint each on the error output, no
// reply, and the session goes on.
func TestBadLines(t *testing.T) {
	g := startGUI(t, Options{Engine: newEngine()})
	g.send("set depth 2")
	if l := g.next(); l != "set myname gridgames2" {
		t.Fatalf("set depth 2: %q", l)
	}
	for i, tc := range []struct {
		name, line string
		reply      string // the reply it still gets, if any
		complaint  string // what the complaint names
	}{
		{"garbage", "xyzzy plugh", "", `unknown command "xyzzy"`},
		{"binary", "\x00\xff\xfe", "", "unknown command"},
		{"broken GGF", "set game (;GM[Othello]BO[8 ---O*--- *];)", "", "set game: GGF BO"},
		{"GGF with an illegal move", "set game (;GM[Othello]BO[8 " + strings.Repeat("-", 27) + "O*------*O" + strings.Repeat("-", 27) + " *]B[a1];)", "", "illegal move"},
		{"move off the board", "move z9", "", `move "z9"`},
		{"illegal move", "move a1", "", "cannot play a1"},
		{"pass with moves", "move pa", "", "cannot pass"},
		{"depth -3", "set depth -3", "", "depth -3: want 1 to 60"},
		{"depth 61", "set depth 61", "", "want 1 to 60"},
		{"depth word", "set depth deep", "", `set depth "deep"`},
		{"contempt word", "set contempt lots", "", "contempt"},
		{"unknown setting", "set colour black", "", `set "colour"`},
		{"hint 0", "hint 0", "", `hint "0"`},
		{"hint word", "hint all", "", `hint "all"`},
		{"go with words", "go now", "", `go "now"`},
		{"ping word", "ping x", "", `ping "x"`},
		{"other version", "nboard 3", "set myname gridgames2", "version 2"},
		{"no version", "nboard", "", "nboard"},
		{"too long", "x" + strings.Repeat("y", maxLine), "", "longer than"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := len(g.errs.lines())
			g.send(tc.line, fmt.Sprintf("ping %d", i))
			replies := g.until("pong")
			want := []string{fmt.Sprintf("pong %d", i)}
			if tc.reply != "" {
				want = append([]string{tc.reply}, want...)
			}
			if !slices.Equal(replies, want) {
				t.Fatalf("replies %q, want %q", replies, want)
			}
			errs := g.errs.lines()[before:]
			if len(errs) != 1 || !strings.HasPrefix(errs[0], "error: ") || !strings.Contains(errs[0], tc.complaint) {
				t.Fatalf("complaints %q; want one naming %q", errs, tc.complaint)
			}
		})
	}
	// The session went on, in the position it had: the start.
	g.send("go")
	replies := g.until("===")
	checkGo(t, newEngine(), othello.StartPosition(), mustLimits(t, 2), replies[1])
}

func mustLimits(t *testing.T, depth int) engine.Limits {
	t.Helper()
	lim, err := DepthLimits(depth, DefaultMoveTime)
	if err != nil {
		t.Fatal(err)
	}
	return lim
}

func TestQuietCommands(t *testing.T) {
	g := startGUI(t, Options{Engine: newEngine()})
	for _, tc := range []struct{ line, reply string }{
		{"learn", "learned"},
		{"set contempt 100", ""},
		{"F5", ""}, // NBoard 1.1's bare move
		{"", ""},
		{"  PING   7  ", "pong 7"},
	} {
		t.Run(tc.line, func(t *testing.T) {
			g.send(tc.line, "ping 0")
			want := []string{"pong 0"}
			if tc.reply != "" {
				want = append([]string{tc.reply}, want...)
			}
			if replies := g.until("pong 0"); !slices.Equal(replies, want) {
				t.Fatalf("replies %q, want %q", replies, want)
			}
		})
	}
	// f5 was played: d6 is legal for White, and not a1.
	g.send("move d6", "move a1", "ping 1")
	g.until("pong 1")
	if errs := g.errs.lines(); len(errs) != 1 || !strings.Contains(errs[0], "a1") {
		t.Fatalf("complaints %q", errs)
	}
}

// The session's output order: the go reply comes before the pong of a ping sent
// right after it, which stops the thinking.
func TestPingAfterGo(t *testing.T) {
	g := startGUI(t, Options{Engine: newEngine()})
	g.send("set depth 60", "go", "ping 1")
	replies := g.until("pong 1")
	if len(replies) != 5 || replies[0] != "set myname gridgames60" || replies[1] != "status thinking" || replies[3] != "status waiting" {
		t.Fatalf("replies %q", replies)
	}
	text, _, _ := strings.Cut(strings.TrimPrefix(replies[2], "=== "), "/")
	if m, err := othello.ParseSquare(text, 8); err != nil || !othello.StartPosition().IsLegal(m) {
		t.Fatalf("go answered %q", replies[1])
	}
}

// A ping stops a long hint at once; so does the end of the input for a go, and
// the session then ends.
func TestStops(t *testing.T) {
	for _, tc := range []struct {
		name, command, stop string
	}{
		{"ping stops hint", "hint 3", "ping 5"},
		{"ping stops go", "go", "ping 5"},
		{"quit stops go", "go", "quit"},
		{"end of input stops hint", "hint 1", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := startGUI(t, Options{Engine: newEngine(), MoveTime: time.Minute})
			g.send("set depth 60", tc.command)
			if l := g.next(); l != "set myname gridgames60" {
				t.Fatalf("set depth 60: %q", l)
			}
			if l := g.next(); l != "status thinking" {
				t.Fatalf("%s: %q", tc.command, l)
			}
			time.Sleep(50 * time.Millisecond)
			start := time.Now()
			if tc.stop == "" {
				g.in.Close()
			} else {
				g.send(tc.stop)
			}
			replies := g.until("status waiting")
			if took := time.Since(start); took > 5*time.Second {
				t.Fatalf("stopping took %v", took)
			}
			if tc.command == "go" && (len(replies) != 2 || !strings.HasPrefix(replies[0], "=== ")) {
				t.Fatalf("go replies %q", replies)
			}
			if strings.HasPrefix(tc.stop, "ping") {
				if l := g.next(); l != "pong 5" {
					t.Fatalf("after the stop: %q", l)
				}
				return
			}
			select {
			case err := <-g.done:
				g.done <- err
				if err != nil {
					t.Fatalf("Serve: %v", err)
				}
			case <-time.After(5 * time.Second):
				t.Fatal("the session did not end")
			}
		})
	}
}

func TestContextEnds(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	g := startGUIContext(t, ctx, Options{Engine: newEngine(), MoveTime: time.Minute})
	g.send("set depth 60", "go")
	g.until("status thinking")
	cancel()
	select {
	case err := <-g.done:
		g.done <- err
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("Serve: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Serve did not return")
	}
}

func TestQuitEnds(t *testing.T) {
	g := startGUI(t, Options{Engine: newEngine()})
	g.send("ping 1", "quit", "ping 2")
	if l := g.next(); l != "pong 1" {
		t.Fatalf("%q", l)
	}
	if err := <-g.done; err != nil {
		t.Fatalf("Serve: %v", err)
	}
	g.done <- nil
	if l, ok := <-g.replies; ok {
		t.Fatalf("a reply after quit: %q", l)
	}
}

// finishedGame is a game of random moves played to its end.
func finishedGame() othello.GGF {
	rng := rand.New(rand.NewPCG(3, 4))
	g := othello.GGF{Start: othello.StartPosition(), Black: "tester", White: "gridgames", Result: "?"}
	for pos := g.Start; !pos.Over(); {
		m := othello.Pass
		if legal := pos.LegalMoves(); len(legal) > 0 {
			m = legal[rng.IntN(len(legal))]
		}
		g.Moves = append(g.Moves, othello.GGFMove{Square: m})
		pos = pos.Play(m)
	}
	return g
}

// The lines NBoard and the engines it was written with (NTest, Edax) agree on:
// each script, sent to a new session and followed by "ping 9", gets exactly the
// replies listed, and one line on the error output for each of errs, containing
// each of its parts separated by " | ".
func TestProtocolLines(t *testing.T) {
	over := "set game " + finishedGame().String()
	for _, tc := range []struct {
		name   string
		script []string
		want   []string
		errs   []string
	}{
		// NTest answers "set myname Ntest15", Edax "set myname Edax6".
		{"set depth names the engine with its depth", []string{"set depth 6"},
			[]string{"set myname gridgames6"}, nil},
		{"the greeting names the depth in force", []string{"nboard 2"},
			[]string{fmt.Sprintf("set myname gridgames%d", DefaultDepth)}, nil},
		{"the greeting after set depth", []string{"set depth 3", "nboard 2"},
			[]string{"set myname gridgames3", "set myname gridgames3"}, nil},
		{"learn", []string{"learn"}, []string{"learned"}, nil},
		// The eval and time of a move are what the GUI knows of it; the move is
		// played whatever they say, so the positions never diverge: d6 is White's
		// reply to f5 only.
		{"a bad eval does not refuse the move", []string{"move f5/abc/xyz", "move d6"},
			nil, []string{`note: move "f5/abc/xyz": f5 played | evaluation "abc" is not a decimal number`}},
		{"a bad time does not refuse the move", []string{"move f5/1.5/soon", "move d6"},
			nil, []string{`note: move "f5/1.5/soon": f5 played | time "soon" is not a decimal number`}},
		{"extra fields do not refuse the move", []string{"move f5/1/2/3", "move d6"},
			nil, []string{`note: move "f5/1/2/3": f5 played`}},
		{"a version 1 bare move with an eval", []string{"F5/0.5", "move d6"}, nil, nil},
		{"a bad square still refuses the move", []string{"move z9/1.0", "move d6"},
			nil, []string{`error: move "z9/1.0"`, `error: move "d6"`}},
		// NBoard never asks once the game is over, but a GUI whose game went on
		// must not wait for ever: hint says why it has nothing, go answers a move
		// NBoard can refuse out loud.
		{"hint on a finished game", []string{over, "hint 3"},
			[]string{"status game over"}, []string{"error: hint: the game is over"}},
		{"go on a finished game", []string{over, "go"},
			[]string{"=== pa", "status game over"}, []string{"error: go: the game is over"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := startGUI(t, Options{Engine: newEngine()})
			g.send(append(tc.script, "ping 9")...)
			got := g.until("pong 9")
			if want := append(tc.want, "pong 9"); !slices.Equal(got, want) {
				t.Fatalf("replies %q, want %q", got, want)
			}
			errs := g.errs.lines()
			if len(errs) != len(tc.errs) {
				t.Fatalf("complaints %q, want %d naming %q", errs, len(tc.errs), tc.errs)
			}
			for i, e := range tc.errs {
				for _, part := range strings.Split(e, " | ") {
					if !strings.Contains(errs[i], part) {
						t.Errorf("complaint %q does not name %q", errs[i], part)
					}
				}
			}
		})
	}
}

// A hint in a position of the engine's opening book gives the book's moves, as
// book lines, best first, with the book's values.
func TestHintFromBook(t *testing.T) {
	book := engine.DefaultBook()
	g := startGUI(t, Options{Engine: engine.New(engine.Options{Workers: 1, TableBits: 16, Book: book})})
	g.send("nboard 2", "set depth 4", "set game (;GM[Othello]BO[8 ---------------------------O*------*O--------------------------- *]B[F5];)", "hint 2")
	hints := g.until("status waiting")
	pos := othello.StartPosition().Play(othello.SquareAt(5, 4))
	moves, _ := book.Lookup(pos)
	var got []string
	for _, l := range hints {
		if strings.HasPrefix(l, "book ") {
			got = append(got, l)
		}
	}
	if len(got) != 2 {
		t.Fatalf("book lines %q, want 2", got)
	}
	for i, l := range got {
		want := fmt.Sprintf("book %s", moves[i].Move)
		if !strings.HasPrefix(l, want) || !strings.Contains(l, fmt.Sprintf(" %.2f 0 0", moves[i].Score)) {
			t.Errorf("book line %q, the book says %+v", l, moves[i])
		}
	}
}
