package tui_test

// This test runs the real gridgames program in a terminal (tmux), presses keys
// and reads the screen back. It skips without tmux unless GRIDGAMES_E2E=1.

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gridgames/gridgames/game2048"
)

type terminal struct {
	t       *testing.T
	session string
}

func startTerminal(t *testing.T, args ...string) *terminal {
	t.Helper()
	if _, err := exec.LookPath("tmux"); err != nil {
		if os.Getenv("GRIDGAMES_E2E") == "1" {
			t.Fatal("GRIDGAMES_E2E=1 but tmux is missing (apt-get install -y tmux)")
		}
		t.Skip("terminal test skipped: no tmux (apt-get install -y tmux)")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "gridgames")
	if out, err := exec.Command("go", "build", "-o", bin, "github.com/gridgames/gridgames/cmd/gridgames").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	// The process id keeps sessions of test runs side by side apart (t.TempDir's
	// last element is a counter that starts again in every process).
	term := &terminal{t: t, session: fmt.Sprintf("gridgames-test-%d-%s", os.Getpid(), filepath.Base(dir))}
	cmdline := bin + " " + strings.Join(args, " ") + " --db " + filepath.Join(dir, "g.db")
	if args[1] == "othello" {
		cmdline = bin + " " + strings.Join(args, " ")
	}
	cmd := exec.Command("tmux", "new-session", "-d", "-s", term.session, "-x", "100", "-y", "32", cmdline)
	cmd.Env = append(os.Environ(), "TERM=xterm-256color")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("tmux: %v\n%s", err, out)
	}
	t.Cleanup(func() { exec.Command("tmux", "kill-session", "-t", term.session).Run() })
	return term
}

func (term *terminal) keys(keys ...string) {
	term.t.Helper()
	for _, k := range keys {
		if out, err := exec.Command("tmux", "send-keys", "-t", term.session, k).CombinedOutput(); err != nil {
			term.t.Fatalf("send-keys %s: %v\n%s", k, err, out)
		}
		time.Sleep(150 * time.Millisecond)
	}
}

func (term *terminal) screen() string {
	out, _ := exec.Command("tmux", "capture-pane", "-p", "-t", term.session).Output()
	return string(out)
}

// waitFor polls the screen until it contains want.
func (term *terminal) waitFor(want string) string {
	term.t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for time.Now().Before(deadline) {
		if s := term.screen(); strings.Contains(s, want) {
			return s
		}
		time.Sleep(100 * time.Millisecond)
	}
	term.t.Fatalf("screen never showed %q:\n%s", want, term.screen())
	return ""
}

func TestTerminal2048(t *testing.T) {
	term := startTerminal(t, "play", "2048", "--seed", "7", "--rows", "4", "--cols", "4")
	first := term.waitFor("Score 0")
	term.keys("Left", "Up", "Right", "Down", "Left", "Up")
	after := term.screen()
	if after == first || !strings.Contains(after, "┌") {
		t.Fatalf("the board did not change after moves:\n%s", after)
	}
	term.keys("u")
	term.waitFor("Move undone.")
	term.keys("?")
	term.waitFor("autoplay on and off")
	term.keys("x", "q")
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		if exec.Command("tmux", "has-session", "-t", term.session).Run() != nil {
			return // q quit the program, which ended the session
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatalf("q did not quit:\n%s", term.screen())
}

func TestTerminalOthello(t *testing.T) {
	term := startTerminal(t, "play", "othello", "--size", "6", "--white", "1", "--no-color")
	term.waitFor("Black to move")
	term.keys("Enter")
	s := term.waitFor("White played")
	if !strings.Contains(s, "Black played") && !strings.Contains(s, "●") {
		t.Fatalf("screen after a move:\n%s", s)
	}
	term.keys("u")
	term.waitFor("Move undone.")
	// A typed square: its letter shows, then its digit plays it.
	term.keys("e")
	term.waitFor("Square: e_")
	term.keys("4")
	s = term.waitFor("Black played e4. White played")
	if !strings.Contains(s, "● Black") || !strings.Contains(s, "○ White") || !strings.Contains(s, "○") {
		t.Fatalf("discs or legend:\n%s", s)
	}
	// Values: the engine's value on the legal squares.
	term.keys("v")
	s = term.waitFor("Values in discs for black: best")
	for _, l := range strings.Split(s, "\n") {
		if len([]rune(l)) > 60 {
			t.Errorf("line wider than 60: %q", l)
		}
	}
	term.keys("q")
}

// burstKeys are thirty direction keys for tmux, arrows and letters, some
// repeated so that a few move nothing; dirOf maps them to directions.
var (
	burstKeys = strings.Fields(`Left Left Up Up Right Down Down a w d s h k l j
		Left Left Left Down Right Up Up w a s d Right Right Down Left`)
	dirOf = map[string]game2048.Direction{
		"Left": game2048.Left, "Right": game2048.Right, "Up": game2048.Up, "Down": game2048.Down,
		"a": game2048.Left, "d": game2048.Right, "w": game2048.Up, "s": game2048.Down,
		"h": game2048.Left, "l": game2048.Right, "k": game2048.Up, "j": game2048.Down,
	}
)

// screenBoard reads the 2048 board off a screen: a row of tile values for each
// line of cells that shows values ("·" is 0), and the score.
func screenBoard(screen string) (rows [][]uint64, score string) {
	for _, line := range strings.Split(screen, "\n") {
		if f := strings.Fields(line); len(f) >= 3 && f[0] == "2048" && f[1] == "Score" {
			score = f[2]
		}
		if !strings.HasPrefix(line, "│") {
			continue
		}
		cells := strings.Split(strings.Trim(strings.TrimSpace(line), "│"), "│")
		row := make([]uint64, 0, len(cells))
		for _, c := range cells {
			c = strings.TrimSpace(c)
			if c == "" {
				break
			}
			v := uint64(0)
			if c != "·" {
				n, err := strconv.ParseUint(c, 10, 64)
				if err != nil {
					break
				}
				v = n
			}
			row = append(row, v)
		}
		if len(row) == len(cells) {
			rows = append(rows, row)
		}
	}
	return rows, score
}

// TestTerminal2048Burst sends thirty keys in one send-keys: every key acts, in
// order, so the screen settles on the board and score that a replay of the keys
// on the same seed gives (skipping those that move nothing).
func TestTerminal2048Burst(t *testing.T) {
	const seed = 1
	ref, err := game2048.NewGame(game2048.WithSeed(seed))
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range burstKeys {
		if _, err := ref.Move(dirOf[k]); err != nil {
			t.Fatal(err)
		}
	}
	if n := ref.MoveCount(); n == len(burstKeys) || n < len(burstKeys)/2 {
		t.Fatalf("the reference made %d moves of %d keys: pick keys of which some, not most, move nothing", n, len(burstKeys))
	}
	var want [][]uint64
	for r := range ref.Rows() {
		var row []uint64
		for c := range ref.Cols() {
			v := uint64(0)
			if e := ref.At(r, c); e > 0 {
				v = 1 << e
			}
			row = append(row, v)
		}
		want = append(want, row)
	}

	term := startTerminal(t, "play", "2048", "--seed", fmt.Sprint(seed), "--no-color")
	term.waitFor("Score 0")
	args := append([]string{"send-keys", "-t", term.session}, burstKeys...)
	if out, err := exec.Command("tmux", args...).CombinedOutput(); err != nil {
		t.Fatalf("send-keys: %v\n%s", err, out)
	}
	deadline := time.Now().Add(15 * time.Second)
	var screen string
	for time.Now().Before(deadline) {
		screen = term.screen()
		if b, score := screenBoard(screen); score == fmt.Sprint(ref.Score()) && slices.EqualFunc(b, want, slices.Equal) {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatalf("after %d keys the screen never showed the replay's board %v, score %d (%d moves):\n%s",
		len(burstKeys), want, ref.Score(), ref.MoveCount(), screen)
}
