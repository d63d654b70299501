package cli

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// cancelWriter collects stderr and presses Ctrl+C (cancels) the first time what it
// holds so far satisfies when.
type cancelWriter struct {
	mu     sync.Mutex
	buf    bytes.Buffer
	when   func(stderr string) bool
	cancel context.CancelFunc
}

func (w *cancelWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	n, err := w.buf.Write(p)
	if w.when != nil && w.when(w.buf.String()) {
		w.cancel()
		w.when = nil
	}
	return n, err
}

func (w *cancelWriter) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.String()
}

// runCancelledWhen runs the command line and presses Ctrl+C once its stderr
// satisfies when (or, so that a broken command cannot hang the test, after
// backstop: nothing is asserted about that time).
func runCancelledWhen(t *testing.T, when func(stderr string) bool, backstop time.Duration, args ...string) (string, string, int) {
	t.Helper()
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	timer := time.AfterFunc(backstop, cancel)
	defer timer.Stop()
	var out bytes.Buffer
	errw := &cancelWriter{when: when, cancel: cancel}
	code := execute(ctx, args, strings.NewReader(""), &out, errw)
	return out.String(), errw.String(), code
}

const start8 = "---------------------------OX------XO--------------------------- X"

// Ctrl+C during a deep analysis prints every move's value and line at the deepest
// depth finished, and says which depth that is.
func TestAnalyzeStoppedPrintsDeepestDepth(t *testing.T) {
	forceProgress = true
	defer func() { forceProgress = false }()
	running := regexp.MustCompile(`depth (\d+) of 40`)
	out, errOut, code := runCancelledWhen(t, func(stderr string) bool {
		for _, m := range running.FindAllStringSubmatch(stderr, -1) {
			if n, _ := strconv.Atoi(m[1]); n >= 4 { // so depth 2 at least is done
				return true
			}
		}
		return false
	}, 30*time.Second, "othello", "analyze", "--board", start8, "--depth", "40", "--workers", "1", "--no-book")
	if code != exitInterrupted {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, tail(errOut))
	}
	stopped := regexp.MustCompile(`Stopped at depth (\d+) of 40: the values above are every move's at depth (\d+), the deepest finished\.`).FindStringSubmatch(errOut)
	if stopped == nil || stopped[1] != stopped[2] || stopped[1] == "0" {
		t.Fatalf("stderr %q: want the depth it stopped at", tail(errOut))
	}
	moves := map[string]bool{}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		f := strings.Fields(line)
		if len(f) < 3 {
			t.Fatalf("line %q: want move, value and line", line)
		}
		pv := f[2:]
		if pv[0] == "exact" {
			pv = pv[1:]
		}
		if _, err := strconv.ParseFloat(f[1], 64); err != nil || len(pv) == 0 || pv[0] != f[0] {
			t.Fatalf("line %q: want a value and a line starting with the move", line)
		}
		moves[f[0]] = true
	}
	if len(moves) != 4 || !moves["d3"] || !moves["c4"] || !moves["f5"] || !moves["e6"] {
		t.Fatalf("stdout %q: want the 4 legal moves valued", out)
	}
}

// tail is the end of a long stderr (progress lines pile up), for messages.
func tail(s string) string {
	if len(s) > 400 {
		return "..." + s[len(s)-400:]
	}
	return s
}

// solve stopped before any search finished shows no move and no value (the
// engine's fallback move was shown with +0.0, a value nothing had found); the
// positions solved before the stop are printed as usual.
func TestSolveStoppedInventsNothing(t *testing.T) {
	ffo40 := "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X"
	small := "-----OX--XO----- X"
	for _, tc := range []struct {
		name   string
		stdin  string
		args   []string
		solved int // lines on stdout
	}{
		{"board", "", []string{"--board", ffo40}, 0},
		{"stdin", small + "\n" + ffo40 + "\n", nil, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(t.Context())
			var out, errb bytes.Buffer
			// Ctrl+C once the first position is answered (at once for --board).
			stdout := &cancelWriter{when: func(string) bool { return true }, cancel: cancel}
			if tc.solved == 0 {
				cancel()
			}
			args := append([]string{"othello", "solve", "--workers", "1"}, tc.args...)
			code := execute(ctx, args, strings.NewReader(tc.stdin), stdout, &errb)
			out.WriteString(stdout.String())
			if code != exitInterrupted {
				t.Fatalf("exit %d, stdout %q, stderr %q", code, out.String(), errb.String())
			}
			if n := strings.Count(out.String(), "\n"); n != tc.solved {
				t.Fatalf("stdout %q: want %d solved lines", out.String(), tc.solved)
			}
			if e := errb.String(); !strings.Contains(e, "before any search of "+ffo40+" finished: not solved, no move to show") || strings.Contains(e, "+0.0") {
				t.Fatalf("stderr %q: want no move and no value for the stopped position", e)
			}
		})
	}
}

// Ctrl+C during othello samples writes every position solved so far to --out:
// the lines parse, and they are the first lines an uninterrupted run writes.
func TestSamplesStoppedWritesSolved(t *testing.T) {
	dir := t.TempDir()
	fullPath, partPath := filepath.Join(dir, "full.txt"), filepath.Join(dir, "part.txt")
	args := []string{"othello", "samples", "--games", "4", "--seed", "4", "--empties", "8-10", "--workers", "1"}
	if _, errOut, code := run(t, "", append(args, "--out", fullPath)...); code != 0 {
		t.Fatalf("uninterrupted run: exit %d, %s", code, errOut)
	}
	forceProgress = true
	defer func() { forceProgress = false }()
	// The progress bar first shows when the first game is done.
	_, errOut, code := runCancelledWhen(t, func(stderr string) bool { return stderr != "" }, time.Minute,
		append(args, "--out", partPath)...)
	if code != exitInterrupted || !strings.Contains(errOut, "Stopped: wrote the ") || !strings.Contains(errOut, "of 4 finished) to "+partPath) {
		t.Fatalf("exit %d, stderr %q", code, tail(errOut))
	}
	read := func(path string) []string {
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		samples, err := readSamples(f, path)
		if err != nil {
			t.Fatal(err)
		}
		var lines []string
		for _, s := range samples {
			lines = append(lines, fmt.Sprintf("%s; %+v", s.Pos, s.Score))
		}
		return lines
	}
	full, part := read(fullPath), read(partPath)
	if len(part) == 0 || len(part) >= len(full) {
		t.Fatalf("%d positions written when stopped after the first game, %d in all", len(part), len(full))
	}
	for i := range part {
		if part[i] != full[i] {
			t.Fatalf("line %d: %q, the uninterrupted run's %q", i+1, part[i], full[i])
		}
	}
}

// othello match tells how it goes while the first game is played: with stderr
// not a terminal, a line as each game starts (before it ends) and ends.
func TestMatchProgressLines(t *testing.T) {
	_, errOut, code := run(t, "", "othello", "match", "--black", "level1", "--white", "random", "--games", "2",
		"--size", "6", "--workers", "1")
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	var order []string
	for _, line := range strings.Split(strings.TrimSpace(errOut), "\n") {
		switch {
		case strings.HasPrefix(line, "game 1 of 2 started: level 1 (black) against random (white)"):
			order = append(order, "start 1")
		case strings.HasPrefix(line, "game 1 of 2 over after "):
			order = append(order, "end 1")
		case strings.HasPrefix(line, "game 2 of 2 started: random (black) against level 1 (white)"):
			order = append(order, "start 2")
		case strings.HasPrefix(line, "game 2 of 2 over after "):
			order = append(order, "end 2")
		default:
			t.Errorf("unexpected line %q", line)
		}
	}
	if strings.Join(order, ", ") != "start 1, end 1, start 2, end 2" {
		t.Fatalf("stderr %q: want each game's start line before its end line", errOut)
	}
}

// On a terminal the status line shows the first game's moves while it is played:
// Ctrl+C on seeing it stops the match before any game is finished.
func TestMatchProgressDuringFirstGame(t *testing.T) {
	forceProgress = true
	defer func() { forceProgress = false }()
	out, errOut, code := runCancelledWhen(t, func(stderr string) bool { return strings.Contains(stderr, "game 1: ") }, time.Minute,
		"othello", "match", "--black", "level3", "--white", "level3", "--games", "2", "--workers", "1")
	if code != exitInterrupted || out != "" || !strings.Contains(errOut, "0 of 2 games done · game 1: ") ||
		!strings.Contains(errOut, "Stopped: 0 games of 2 finished.") {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, tail(errOut))
	}
}
