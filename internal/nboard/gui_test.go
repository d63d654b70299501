package nboard

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"math/rand/v2"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gridgames/gridgames/othello"
	"github.com/gridgames/gridgames/othello/engine"
)

// replyFormats are the lines a session may write on its output.
var replyFormats = []*regexp.Regexp{
	regexp.MustCompile(`^set myname \S+$`),
	regexp.MustCompile(`^status (thinking|waiting|game over)$`),
	regexp.MustCompile(`^search ([a-h][1-8]|pa)+ -?\d+\.\d\d 0 (\d+|100%)$`),
	regexp.MustCompile(`^book ([a-h][1-8]|pa)+ -?\d+\.\d\d 0 0$`),
	regexp.MustCompile(`^=== ([a-h][1-8]/-?\d+\.\d\d/\d+\.\d\d|pa)$`),
	regexp.MustCompile(`^pong -?\d+$`),
	regexp.MustCompile(`^learned$`),
	regexp.MustCompile(`^nodestats \d+ \d+\.\d\d$`),
}

// checkFormat fails unless line is one of the protocol's replies.
func checkFormat(t testing.TB, line string) {
	t.Helper()
	for _, re := range replyFormats {
		if re.MatchString(line) {
			return
		}
	}
	t.Fatalf("reply %q is in no format of the protocol", line)
}

// newEngine is a small single-threaded engine: its answers are reproducible, so
// a second one given the same calls answers the same.
func newEngine() *engine.Engine { return engine.New(engine.Options{Workers: 1, TableBits: 16}) }

// syncBuffer is a bytes.Buffer for one writer and a reading test.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) lines() []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.b.Len() == 0 {
		return nil
	}
	return strings.Split(strings.TrimSuffix(b.b.String(), "\n"), "\n")
}

// gui drives a session as the NBoard GUI would: it writes command lines to the
// session's input and reads its replies, checking the format of each.
type gui struct {
	t       *testing.T
	in      *io.PipeWriter
	replies chan string
	errs    *syncBuffer
	done    chan error // Serve's result
}

func startGUI(t *testing.T, opt Options) *gui {
	t.Helper()
	return startGUIContext(t, t.Context(), opt)
}

func startGUIContext(t *testing.T, ctx context.Context, opt Options) *gui {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	g := &gui{t: t, in: inW, replies: make(chan string, 1000), errs: &syncBuffer{}, done: make(chan error, 1)}
	go func() {
		err := Serve(ctx, inR, outW, g.errs, opt)
		outW.Close()
		g.done <- err
	}()
	go func() {
		sc := bufio.NewScanner(outR)
		for sc.Scan() {
			g.replies <- sc.Text()
		}
		close(g.replies)
	}()
	t.Cleanup(func() {
		inW.Close()
		select {
		case <-g.done:
		case <-time.After(10 * time.Second):
			t.Error("the session did not end after its input closed")
		}
	})
	return g
}

func (g *gui) send(lines ...string) {
	g.t.Helper()
	for _, l := range lines {
		if _, err := io.WriteString(g.in, l+"\n"); err != nil {
			g.t.Fatalf("sending %q: %v", l, err)
		}
	}
}

// next returns the next reply, checking its format.
func (g *gui) next() string {
	g.t.Helper()
	select {
	case l, ok := <-g.replies:
		if !ok {
			g.t.Fatal("the session ended its output")
		}
		checkFormat(g.t, l)
		return l
	case <-time.After(20 * time.Second):
		g.t.Fatal("no reply within 20s")
		return ""
	}
}

// until reads replies up to the first that starts with prefix, and returns them
// all, leaving out nodestats lines.
func (g *gui) until(prefix string) []string {
	g.t.Helper()
	var out []string
	for {
		l := g.next()
		if !strings.HasPrefix(l, "nodestats ") {
			out = append(out, l)
		}
		if strings.HasPrefix(l, prefix) {
			return out
		}
	}
}

// lateGame is a game of random moves from the start, stopped where empties
// squares are left (or, with pass, at the first later position that must pass).
func lateGame(t *testing.T, empties int, pass bool) (othello.GGF, othello.Position) {
	t.Helper()
	g, pos, ok := findLateGame(empties, pass)
	if !ok {
		t.Fatal("no such random game")
	}
	return g, pos
}

func findLateGame(empties int, pass bool) (othello.GGF, othello.Position, bool) {
	rng := rand.New(rand.NewPCG(7, 8))
	for range 10000 {
		g := othello.GGF{Start: othello.StartPosition(), Black: "tester", White: "gridgames", Result: "?"}
		pos := g.Start
		for !pos.Over() {
			if pos.Empties() <= empties && (!pass || pos.MustPass()) {
				return g, pos, true
			}
			m := othello.Pass
			if legal := pos.LegalMoves(); len(legal) > 0 {
				m = legal[rng.IntN(len(legal))]
			}
			g.Moves = append(g.Moves, othello.GGFMove{Square: m, Eval: 1.5, HasEval: len(g.Moves)%2 == 0, Time: 0.25, HasTime: true})
			pos = pos.Play(m)
		}
	}
	return othello.GGF{}, othello.Position{}, false
}
