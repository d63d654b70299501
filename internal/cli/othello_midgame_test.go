package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/gridgames/gridgames/othello"
	"github.com/gridgames/gridgames/othello/engine"
	"github.com/gridgames/gridgames/othello/engine/train"
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

// A stopped run's FILE.partial goes on with --from to the very file the run
// straight through writes; the finished run leaves no FILE.partial; a --from that
// is missing or not a stopped run is refused naming the flag.
func TestOthelloMidgameFrom(t *testing.T) {
	dir := t.TempDir()
	args := []string{"othello", "midgame", "--games", "3", "--per-game", "2", "--depth", "1", "--exact", "4",
		"--epochs", "1", "--workers", "2", "--holdout", "1", "--json"}
	straight := filepath.Join(dir, "straight.gz")
	if _, errOut, code := run(t, "", append(args, "--out", straight)...); code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	if _, err := os.Stat(straight + ".partial"); !os.IsNotExist(err) {
		t.Errorf("a finished run left its .partial: %v", err)
	}
	// The same run stopped after phase 2, as the command saves it.
	partial := filepath.Join(dir, "resumed.gz.partial")
	opts := train.LearnOptions{
		Samples:  train.MidgameOptions{Games: 3, Seed: 1, Workers: 2, PerGame: 2, ExactEmpties: 4, Depth: 1},
		Training: train.PatternTraining{Epochs: 1, Rate: 0.002, Seed: 1, Holdout: 1},
	}
	stop := errors.New("stop")
	_, err := train.LearnMidgame(context.Background(), opts, train.LearnHooks{Fitted: func(lp train.LearnedPhase) error {
		if lp.Phase < 2 {
			return nil
		}
		if err := saveWhole(lp.SoFar, partial); err != nil {
			return err
		}
		return stop
	}})
	if !errors.Is(err, stop) {
		t.Fatal(err)
	}
	resumed := filepath.Join(dir, "resumed.gz")
	stdout, errOut, code := run(t, "", append(args, "--out", resumed, "--from", partial)...)
	if code != 0 {
		t.Fatalf("--from: exit %d, stderr %q", code, errOut)
	}
	if n := strings.Count(stdout, "\n"); n != engine.MidgamePhases-3 {
		t.Errorf("--from learned %d phases, want %d:\n%s", n, engine.MidgamePhases-3, stdout)
	}
	a, _ := os.ReadFile(straight)
	b, _ := os.ReadFile(resumed)
	if len(a) == 0 || !bytes.Equal(a, b) {
		t.Error("the resumed run wrote another file than the run straight through")
	}
	if _, err := os.Stat(partial); !os.IsNotExist(err) {
		t.Errorf("the finished run left %s: %v", partial, err)
	}

	gap := new(engine.Midgame)
	m, _ := readMidgameFile(straight, "--midgame")
	gap.SetPhase(1, m.Phase(1))
	gapPath := filepath.Join(dir, "gap.gz")
	if err := saveWhole(gap, gapPath); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ from, want string }{
		{filepath.Join(dir, "none.gz"), "--from"},
		{gapPath, "not a stopped run"},
	} {
		out, errOut, code := run(t, "", append(args, "--out", filepath.Join(dir, "x.gz"), "--from", tc.from)...)
		if code != exitBadInput || out != "" || !strings.Contains(errOut, tc.want) || !strings.Contains(errOut, "--from") {
			t.Errorf("--from %s: exit %d, stdout %q, stderr %q; want 2 and %q", tc.from, code, out, errOut, tc.want)
		}
	}
}

// --player plays the sample games with a midgame file's evaluation: a tiny run
// with it writes an evaluation unlike the run without; a --player that is missing
// or not a midgame file, or a --random-moves below 1, is refused, naming the
// flag, before anything is written.
func TestOthelloMidgamePlayer(t *testing.T) {
	dir := t.TempDir()
	player := filepath.Join(dir, "player.gz")
	if err := saveWhole(engine.DefaultMidgame(), player); err != nil {
		t.Fatal(err)
	}
	args := []string{"othello", "midgame", "--games", "4", "--per-game", "2", "--depth", "1", "--exact", "4",
		"--epochs", "1", "--workers", "1", "--json"}
	plain, errOut, code := run(t, "", append(args, "--out", filepath.Join(dir, "plain.gz"))...)
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	played, errOut, code := run(t, "", append(args, "--out", filepath.Join(dir, "played.gz"), "--player", player)...)
	if code != 0 {
		t.Fatalf("--player: exit %d, stderr %q", code, errOut)
	}
	strip := regexp.MustCompile(`"seconds":[0-9.e+-]+`)
	if strip.ReplaceAllString(plain, "") == strip.ReplaceAllString(played, "") {
		t.Errorf("--player changed nothing:\n%s", played)
	}
	notMidgame := filepath.Join(dir, "text.txt")
	if err := os.WriteFile(notMidgame, []byte("hello\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, bad := range [][]string{{"--player", filepath.Join(dir, "none.gz")}, {"--player", notMidgame}, {"--random-moves", "0"}} {
		out := filepath.Join(dir, "x.gz")
		stdout, errOut, code := run(t, "", append(args, append([]string{"--out", out}, bad...)...)...)
		if code != exitBadInput || stdout != "" || !strings.Contains(errOut, bad[0]+" "+bad[1]) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want 2 naming the flag", bad, code, stdout, errOut)
		}
		if _, err := os.Stat(out); !os.IsNotExist(err) {
			t.Errorf("%v: --out written: %v", bad, err)
		}
	}
}

// --phases N writes phases 0 to N-1 only, which a run with other flags goes on
// from (or cuts a --from run with more down to them); a --phases out of 1-8 is
// refused, naming the flag.
func TestOthelloMidgamePhases(t *testing.T) {
	dir := t.TempDir()
	first := filepath.Join(dir, "first.gz")
	args := []string{"othello", "midgame", "--games", "3", "--per-game", "2", "--depth", "1", "--exact", "4",
		"--epochs", "1", "--workers", "1"}
	stdout, errOut, code := run(t, "", append(args, "--out", first, "--phases", "3")...)
	if want := "Wrote " + first + " with phases 0-2; go on with --from " + first + ".\n"; code != 0 || !strings.HasSuffix(stdout, want) || strings.Count(stdout, "\n") != 4 {
		t.Fatalf("exit %d, stdout %q, stderr %q; want 3 phases and %q", code, stdout, errOut, want)
	}
	m, err := readMidgameFile(first, "--from")
	if err != nil {
		t.Fatal(err)
	}
	for k := range engine.MidgamePhases {
		if (m.Phase(k) != nil) != (k < 3) {
			t.Errorf("phase %d learned: %v, want %v", k, m.Phase(k) != nil, k < 3)
		}
	}
	whole := filepath.Join(dir, "whole.gz")
	m2 := learnMidgame(t, append(args, "--out", whole, "--from", first, "--depth", "2"), whole)
	for k := range engine.MidgamePhases {
		if m2.Phase(k) == nil || (k < 3 && m2.Phase(k) != m.Phase(k) && !equalPatterns(m2.Phase(k), m.Phase(k))) {
			t.Errorf("phase %d of the run gone on with: missing or not the first run's", k)
		}
	}
	// --phases below the --from run's phases keeps the first of them only.
	cut := filepath.Join(dir, "cut.gz")
	m3 := learnMidgame(t, append(args, "--out", cut, "--from", whole, "--phases", "2"), cut)
	for k := range engine.MidgamePhases {
		if (m3.Phase(k) != nil) != (k < 2) || (k < 2 && !equalPatterns(m3.Phase(k), m.Phase(k))) {
			t.Errorf("--phases 2 --from: phase %d learned %v, want only phases 0-1, the first run's", k, m3.Phase(k) != nil)
		}
	}
	for _, bad := range []string{"0", "9"} {
		_, errOut, code := run(t, "", append(args, "--out", filepath.Join(dir, "x.gz"), "--phases", bad)...)
		if code != exitBadInput || !strings.Contains(errOut, "--phases "+bad) {
			t.Errorf("--phases %s: exit %d, stderr %q", bad, code, errOut)
		}
	}
}

// learnMidgame runs othello midgame with args and reads the evaluation it wrote
// to out.
func learnMidgame(t *testing.T, args []string, out string) *engine.Midgame {
	t.Helper()
	if _, errOut, code := run(t, "", args...); code != 0 {
		t.Fatalf("%v: exit %d, stderr %q", args, code, errOut)
	}
	m, err := readMidgameFile(out, "--midgame")
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// equalPatterns reports whether two weight sets value some positions alike.
func equalPatterns(a, b *engine.Patterns) bool {
	pos := othello.StartPosition()
	for range 20 {
		if a.Value(pos) != b.Value(pos) {
			return false
		}
		if pos.MustPass() {
			pos = pos.Pass()
		}
		if pos.Over() {
			break
		}
		pos = pos.Play(pos.LegalMoves()[0])
	}
	return true
}

// --probcut labels with the search as the engine plays it: a tiny run with it
// fits other weights than the same run with full-width labels.
func TestOthelloMidgameProbcut(t *testing.T) {
	dir := t.TempDir()
	args := []string{"othello", "midgame", "--games", "3", "--per-game", "2", "--depth", "4", "--exact", "4",
		"--epochs", "1", "--workers", "1", "--phases", "4", "--json"}
	full, errOut, code := run(t, "", append(args, "--out", filepath.Join(dir, "full.gz"))...)
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	sel, errOut, code := run(t, "", append(args, "--out", filepath.Join(dir, "sel.gz"), "--probcut")...)
	if code != 0 {
		t.Fatalf("--probcut: exit %d, stderr %q", code, errOut)
	}
	strip := regexp.MustCompile(`"seconds":[0-9.e+-]+`)
	if strip.ReplaceAllString(full, "") == strip.ReplaceAllString(sel, "") {
		t.Errorf("--probcut changed nothing:\n%s", sel)
	}
}

// A checkpoint within a phase (OUT.partial.samples) is picked up by the same
// command run again: it learns the very file the run straight through writes,
// from the checkpoint's samples (altered ones change the result), and removes
// the checkpoint; one made with other flags is refused, naming it.
func TestOthelloMidgameSamplesCheckpoint(t *testing.T) {
	dir := t.TempDir()
	o := midgameOptions{games: 5, perGame: 2, depth: 1, exact: 4, seed: 4, randomEvery: 8}
	args := []string{"othello", "midgame", "--games", "5", "--per-game", "2", "--depth", "1", "--exact", "4",
		"--epochs", "1", "--workers", "1", "--seed", "4", "--phases", "2", "--checkpoint-games", "2"}
	straight := filepath.Join(dir, "straight.gz")
	if _, errOut, code := run(t, "", append(args, "--out", straight)...); code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	if _, err := os.Stat(samplesCheckpointPath(straight)); !os.IsNotExist(err) {
		t.Fatalf("the finished run left its checkpoint: %v", err)
	}
	// The checkpoint a run stopped after phase 0's first 4 games leaves.
	var ps *train.PhaseSamples
	_, err := train.LearnMidgame(t.Context(), train.LearnOptions{
		Samples:  train.MidgameOptions{Games: 5, Seed: 4, Workers: 1, PerGame: 2, ExactEmpties: 4, Depth: 1, RandomEvery: 8},
		Training: train.PatternTraining{Epochs: 1, Rate: 0.002, Seed: 4},
		Phases:   2, Block: 2,
	}, train.LearnHooks{Block: func(p train.PhaseSamples) error {
		if p.Games == 4 {
			ps = &p
			return errors.New("stop")
		}
		return nil
	}})
	if ps == nil {
		t.Fatalf("no checkpoint after 4 games: %v", err)
	}
	fp, err := o.samplesFingerprint(nil, 0, "none")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name    string
		fp      string
		shift   float64 // added to every checkpointed score
		code    int
		same    bool
		errText string
	}{
		{"the run's checkpoint", fp, 0, 0, true, ""},
		{"altered samples", fp, 1, 0, false, ""},
		{"other flags", strings.Replace(fp, "seed=4", "seed=5", 1), 0, exitBadInput, false, "other flags"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(dir, strings.ReplaceAll(tc.name, " ", "-")+".gz")
			alt := train.PhaseSamples{Phase: ps.Phase, Games: ps.Games}
			for _, s := range ps.Samples {
				s.Score += tc.shift
				alt.Samples = append(alt.Samples, s)
			}
			if err := writeSamplesCheckpoint(samplesCheckpointPath(out), tc.fp, alt); err != nil {
				t.Fatal(err)
			}
			_, errOut, code := run(t, "", append(args, "--out", out)...)
			if code != tc.code || !strings.Contains(errOut, tc.errText) {
				t.Fatalf("exit %d, stderr %q; want %d and %q", code, errOut, tc.code, tc.errText)
			}
			if code != 0 {
				if _, err := os.Stat(out); !os.IsNotExist(err) {
					t.Errorf("refused, yet wrote --out: %v", err)
				}
				return
			}
			a, _ := os.ReadFile(straight)
			b, _ := os.ReadFile(out)
			if bytes.Equal(a, b) != tc.same {
				t.Errorf("the resumed run's file equals the straight run's: %v, want %v", bytes.Equal(a, b), tc.same)
			}
			if _, err := os.Stat(samplesCheckpointPath(out)); !os.IsNotExist(err) {
				t.Errorf("the finished run left its checkpoint: %v", err)
			}
		})
	}
}
