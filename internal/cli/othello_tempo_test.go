package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gridgames/gridgames/othello/engine"
	"github.com/gridgames/gridgames/othello/engine/train"
)

// othello tempo reads a midgame file, prints a line for each phase it measured
// and writes an evaluation that reads back, the same whatever the workers.
func TestOthelloTempo(t *testing.T) {
	def := engine.DefaultMidgame()
	if def == nil {
		t.Skip("no built-in midgame evaluation")
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "in.gz")
	var buf bytes.Buffer
	if _, err := def.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(in, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	// Without --json, a line a phase with the figures --json gives, then where
	// the file went.
	out := filepath.Join(dir, "text.gz")
	args := []string{"othello", "tempo", "--midgame", in, "--out", out, "--positions", "2", "--depth", "2", "--workers", "1"}
	text, errOut, code := run(t, "", args...)
	asJSON, _, _ := run(t, "", append(args, "--json")...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var want strings.Builder
	for _, l := range strings.Split(strings.TrimSpace(asJSON), "\n") {
		var p train.TempoPhase
		if err := json.Unmarshal([]byte(l), &p); err != nil {
			t.Fatal(err)
		}
		lo := p.Phase*engine.MidgamePhaseWidth + 1
		fmt.Fprintf(&want, "phase %d (%d-%d empties): v(2)-v(3) %+.2f discs on %d positions: tempo %+.2f\n",
			p.Phase, lo, lo+engine.MidgamePhaseWidth-1, p.Swing, p.Positions, p.Tempo)
	}
	fmt.Fprintf(&want, "Wrote %s; use it with --midgame %s.\n", out, out)
	if text != want.String() {
		t.Errorf("stdout\n%s\nwant\n%s", text, want.String())
	}

	var files [2][]byte
	for i, workers := range []string{"1", "2"} {
		out := filepath.Join(dir, "out"+workers+".gz")
		stdout, errOut, code := run(t, "", "othello", "tempo", "--midgame", in, "--out", out,
			"--positions", "2", "--depth", "2", "--workers", workers, "--json")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		lines := strings.Split(strings.TrimSpace(stdout), "\n")
		if len(lines) != engine.MidgamePhases {
			t.Fatalf("%d lines, want one for each of %d phases: %q", len(lines), engine.MidgamePhases, stdout)
		}
		for _, l := range lines {
			var p train.TempoPhase
			if err := json.Unmarshal([]byte(l), &p); err != nil || p.Positions == 0 || p.Tempo != p.Swing/2 {
				t.Fatalf("line %q (%v)", l, err)
			}
		}
		data, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := engine.ReadMidgame(bytes.NewReader(data)); err != nil {
			t.Fatal(err)
		}
		files[i] = data
	}
	if !bytes.Equal(files[0], files[1]) {
		t.Error("one and two workers wrote different files")
	}
}
