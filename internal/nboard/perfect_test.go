package nboard

import (
	"strings"
	"testing"
	"time"

	"github.com/gridgames/gridgames/othello"
)

// With Options.Perfect, go on a 4x4 game answers an exact best move and a hint
// values every move exactly (depth 100%), as the engine's PerfectValues does; an
// 8x8 game set gets a note that it is played by depth instead.
func TestPerfect(t *testing.T) {
	start, _ := othello.NewPosition(4)
	mirror := newEngine()
	best, err := mirror.PerfectMove(t.Context(), start)
	if err != nil {
		t.Fatal(err)
	}
	vals, err := mirror.PerfectValues(t.Context(), start)
	if err != nil {
		t.Fatal(err)
	}
	g := startGUI(t, Options{Engine: newEngine(), Perfect: true})
	g.send("nboard 2")
	g.next()
	g.send("set game "+othello.GGF{Start: start, Type: "4"}.String(), "go")
	replies := g.until("status waiting")
	want := "=== " + moveText(best.Move) + "/" + evalText(best.Score) + "/"
	if len(replies) != 3 || !strings.HasPrefix(replies[1], want) {
		t.Fatalf("go: %q, want %q...", replies, want)
	}
	g.send("hint 9")
	replies = g.until("status waiting")
	replies = replies[1 : len(replies)-1]
	if len(replies) != len(vals) {
		t.Fatalf("hint: %q, want %d lines", replies, len(vals))
	}
	for i, v := range vals {
		if want := "search " + pvText(v.PV[:1]); !strings.HasPrefix(replies[i], want) ||
			!strings.HasSuffix(replies[i], " "+evalText(v.Score)+" 0 100%") {
			t.Fatalf("hint line %d: %q, want %v %v exact", i, replies[i], v.Move, v.Score)
		}
	}
	g.send("set game "+othello.GGF{Start: othello.StartPosition(), Type: "8"}.String(), "ping 1")
	g.until("pong 1")
	deadline := time.Now().Add(5 * time.Second)
	for !strings.Contains(strings.Join(g.errs.lines(), "\n"), "4x4 and 6x6") && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if !strings.Contains(strings.Join(g.errs.lines(), "\n"), "4x4 and 6x6") {
		t.Fatalf("no note on stderr for Perfect on 8x8: %q", strings.Join(g.errs.lines(), "\n"))
	}
}
