package cli

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/gridgames/gridgames/othello"
	"github.com/gridgames/gridgames/othello/engine"
)

// othello nboard speaks the protocol on stdin and stdout; the end of stdin stops
// the thinking, so the go of a script piped in answers at once, with a legal move.
func TestOthelloNBoard(t *testing.T) {
	script := "nboard 2\nset depth 3\nset game (;GM[Othello]PB[a]PW[b]RE[?]TY[8]" +
		"BO[8 ---------------------------O*------*O--------------------------- *]B[F5];)\n" +
		"bogus\ngo\nmove d6\nlearn\nping 1\n"
	out, errOut, code := run(t, script, "othello", "nboard", "--workers", "1", "--table-bits", "16")
	if code != 0 {
		t.Fatalf("code %d, stderr %q", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	want := []string{"set myname gridgames10", "set myname gridgames3", "status thinking", "", "status waiting", "learned", "pong 1"}
	if len(lines) != len(want) {
		t.Fatalf("replies %q", lines)
	}
	for i, w := range want {
		if w != "" && lines[i] != w {
			t.Fatalf("reply %d is %q, want %q (all: %q)", i, lines[i], w, lines)
		}
	}
	_, afterF5, err := othello.PlayTranscript(othello.StartPosition(), "f5")
	if err != nil {
		t.Fatal(err)
	}
	move, _, _ := strings.Cut(strings.TrimPrefix(lines[3], "=== "), "/")
	if sq, err := othello.ParseSquare(move, 8); !strings.HasPrefix(lines[3], "=== ") || err != nil || !afterF5.IsLegal(sq) {
		t.Fatalf("go answered %q", lines[3])
	}
	if strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, `error: unknown command "bogus"`) {
		t.Fatalf("stderr %q", errOut)
	}
}

func TestOthelloNBoardFlags(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"move time", []string{"--move-time", "0s"}, "--move-time"},
		{"table bits", []string{"--table-bits", "5"}, "--table-bits 5"},
		{"workers", []string{"--workers", "-1"}, "--workers -1"},
		{"argument", []string{"extra"}, "extra"},
		{"midgame", []string{"--midgame", "/nonexistent/m.gz"}, "--midgame /nonexistent/m.gz"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, errOut, code := run(t, "", append([]string{"othello", "nboard"}, tc.args...)...)
			if code != exitBadInput || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, tc.want) {
				t.Fatalf("code %d, stderr %q", code, errOut)
			}
		})
	}
}

// --midgame plays with the named evaluation: a file whose every phase is the
// solver's ordering patterns values a position otherwise than the built-in
// evaluation does, through the engine othello nboard builds.
func TestOthelloNBoardMidgame(t *testing.T) {
	m := new(engine.Midgame)
	for k := range engine.MidgamePhases {
		m.SetPhase(k, engine.DefaultPatterns())
	}
	path := filepath.Join(t.TempDir(), "m.gz")
	if err := saveWhole(m, path); err != nil {
		t.Fatal(err)
	}
	pos := othello.StartPosition()
	for range 16 { // out of the opening book
		pos = pos.Play(pos.LegalMoves()[0])
	}
	value := func(midgame string) float64 {
		e, err := nboardEngine(1, 16, midgame)
		if err != nil {
			t.Fatal(err)
		}
		r, err := e.Search(t.Context(), pos, engine.Limits{Depth: 4})
		if err != nil {
			t.Fatal(err)
		}
		want := engine.New(engine.Options{Workers: 1, TableBits: 16, Midgame: m})
		if midgame == "" {
			want = engine.New(engine.Options{Workers: 1, TableBits: 16})
		}
		w, err := want.Search(t.Context(), pos, engine.Limits{Depth: 4})
		if err != nil {
			t.Fatal(err)
		}
		if r.Score != w.Score {
			t.Errorf("--midgame %q: value %v, want %v", midgame, r.Score, w.Score)
		}
		return r.Score
	}
	if builtIn, other := value(""), value(path); builtIn == other {
		t.Errorf("--midgame gave the built-in evaluation's value %v", other)
	}
}
