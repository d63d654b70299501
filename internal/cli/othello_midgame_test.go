package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/gridgames/gridgames/othello/engine"
)

// othello midgame learns every phase of a tiny run, printing a line a phase
// (the same figures each run: the games, the labels and the fit are seeded),
// keeps each phase's samples in --dir, and writes an evaluation --midgame reads.
func TestOthelloMidgameTiny(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "m.gz")
	args := []string{"othello", "midgame", "--games", "3", "--per-game", "2", "--depth", "1", "--exact", "4",
		"--epochs", "1", "--workers", "2", "--holdout", "1", "--out", out}
	stdout, errOut, code := run(t, "", append(args, "--dir", dir)...)
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	want := `phase 0 (1-8 empties): 6 samples, error 41.70 discs (10.22 on 1 held out), N s
phase 1 (9-16 empties): 6 samples, error 0.71 discs (0.47 on 1 held out), N s
phase 2 (17-24 empties): 6 samples, error 0.94 discs (0.17 on 1 held out), N s
phase 3 (25-32 empties): 6 samples, error 0.42 discs (0.29 on 1 held out), N s
phase 4 (33-40 empties): 6 samples, error 0.13 discs (0.11 on 1 held out), N s
phase 5 (41-48 empties): 6 samples, error 0.13 discs (0.14 on 1 held out), N s
phase 6 (49-56 empties): 6 samples, error 0.06 discs (0.02 on 1 held out), N s
phase 7 (57-64 empties): 4 samples, error 0.02 discs (0.02 on 1 held out), N s
Wrote ` + out + `; use it with --midgame ` + out + `.
`
	if got := regexp.MustCompile(`, \d+ s\n`).ReplaceAllString(stdout, ", N s\n"); got != want {
		t.Errorf("stdout\n%s\nwant (seconds as N)\n%s", got, want)
	}
	for phase := range engine.MidgamePhases {
		if _, err := os.Stat(filepath.Join(dir, "midgame-phase"+string(rune('0'+phase))+".txt")); err != nil {
			t.Errorf("--dir: %v", err)
		}
	}
	if _, err := readMidgameFile(out, "--midgame"); err != nil {
		t.Fatal(err)
	}

	stdout, errOut, code = run(t, "", append(args, "--json")...)
	if code != 0 {
		t.Fatalf("--json: exit %d, stderr %q", code, errOut)
	}
	lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
	if len(lines) != engine.MidgamePhases {
		t.Fatalf("--json: %d lines, want one a phase:\n%s", len(lines), stdout)
	}
	var last midgamePhaseLine
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &last); err != nil {
		t.Fatal(err)
	}
	if last.Phase != 7 || last.Empties != "57-64" || last.Samples != 4 || last.HoldoutRMSE == 0 {
		t.Errorf("--json last line %+v", last)
	}
}

// A run too small to give a phase any position stops with a usage error naming
// the phase and the flags that would give it some, not an internal message.
func TestOthelloMidgameNoSamples(t *testing.T) {
	out := filepath.Join(t.TempDir(), "m.gz")
	_, errOut, code := run(t, "", "othello", "midgame", "--games", "2", "--per-game", "1", "--depth", "1",
		"--exact", "4", "--epochs", "1", "--workers", "1", "--out", out)
	want := "gridgames: phase 7 (57-64 empty squares) drew no positions from 2 games: give more --games or --per-game\n"
	if code != 2 || errOut != want {
		t.Fatalf("exit %d, stderr %q; want exit 2, %q", code, errOut, want)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("--out written after the error: %v", err)
	}
}
