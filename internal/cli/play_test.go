package cli

import (
	"bytes"
	"io"
	"os"
	"strings"
	"testing"
)

func TestPlayCommandLine(t *testing.T) {
	for _, tc := range []struct {
		name   string
		args   []string
		code   int
		stderr string // a substring of the one line on stderr; "" means stderr is empty
		stdout string // a substring of stdout
	}{
		{"2048 without a terminal", []string{"play", "2048"}, exitBadInput, "play 2048 needs a terminal (stdin and stdout are not one)", ""},
		{"othello without a terminal", []string{"play", "othello"}, exitBadInput, "play othello needs a terminal (stdin and stdout are not one)", ""},
		{"unknown game", []string{"play", "tetris"}, exitBadInput, `unknown command "tetris" for "gridgames play": want 2048 or othello`, ""},
		{"play alone shows help", []string{"play"}, exitOK, "", "Available Commands"},
		{"four as a percent", []string{"play", "2048", "--four", "10%"}, exitBadInput, "needs a terminal", ""},
		{"four as a fraction", []string{"play", "2048", "--four", "0.25"}, exitBadInput, "needs a terminal", ""},
		{"four out of range", []string{"play", "2048", "--four", "150%"}, exitBadInput, `--four "150%"`, ""},
		{"four shown as a percent", []string{"play", "2048", "--help"}, exitOK, "", "(default 10%)"},
		{"2048 help lists the queue", []string{"play", "2048", "--help"}, exitOK, "", "wait their turn"},
		{"bad rows", []string{"play", "2048", "--rows", "1"}, exitBadInput, "rows", ""},
		{"bad seed", []string{"play", "2048", "--seed", "x"}, exitBadInput, `--seed "x"`, ""},
		{"unknown seat", []string{"play", "othello", "--white", "robot"}, exitBadInput, `--white "robot": want human, a level from 1 to 10 or perfect (4x4 and 6x6)`, ""},
		{"level out of range", []string{"play", "othello", "--black", "11"}, exitBadInput, `--black "11": want human, a level from 1 to 10`, ""},
		{"random is for matches", []string{"play", "othello", "--white", "random"}, exitBadInput, `--white "random": want human, a level from 1 to 10 or perfect (4x4 and 6x6) (random plays only in engine matches)`, ""},
		{"level words", []string{"play", "othello", "--white", "Level 3", "--black", "person"}, exitBadInput, "needs a terminal", ""},
		{"perfect on 8x8", []string{"play", "othello", "--white", "perfect"}, exitBadInput, "--white perfect: perfect play is offered on the 4x4 and 6x6 boards only, not --size 8", ""},
		{"perfect on 6x6", []string{"play", "othello", "--size", "6", "--white", "Perfect"}, exitBadInput, "needs a terminal", ""},
		{"bad size", []string{"play", "othello", "--size", "5"}, exitBadInput, "--size 5: Othello boards are 4, 6 or 8 squares wide", ""},
		{"othello help lists the keys", []string{"play", "othello", "--help"}, exitOK, "", "r redoes"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, code := run(t, "", tc.args...)
			if code != tc.code {
				t.Fatalf("exit %d, want %d; stderr %q", code, tc.code, errOut)
			}
			if tc.stderr == "" && errOut != "" || tc.stderr != "" && (!strings.Contains(errOut, tc.stderr) || strings.Count(errOut, "\n") != 1) {
				t.Fatalf("stderr %q, want one line with %q", errOut, tc.stderr)
			}
			if !strings.Contains(out, tc.stdout) {
				t.Fatalf("stdout lacks %q:\n%s", tc.stdout, out)
			}
		})
	}
}

// TestPlayNeedsATerminalDevice: files that are not terminals (/dev/null) are
// refused as well, naming the one that is not a terminal.
func TestPlayNeedsATerminalDevice(t *testing.T) {
	null, err := os.OpenFile(os.DevNull, os.O_RDWR, 0)
	if err != nil {
		t.Skip(err)
	}
	defer null.Close()
	var errb bytes.Buffer
	for _, game := range []string{"2048", "othello"} {
		errb.Reset()
		code := Run([]string{"play", game}, null, null, &errb)
		if code != exitBadInput || errb.String() != "gridgames: play "+game+" needs a terminal (stdin and stdout are not one)\n" {
			t.Fatalf("%s: exit %d, stderr %q", game, code, errb.String())
		}
	}
	// Only stdout a terminal: the message names stdin.
	old := playTerminals
	defer func() { playTerminals = old }()
	playTerminals = func(io.Reader, io.Writer) (bool, bool) { return false, true }
	errb.Reset()
	if code := Run([]string{"play", "othello"}, null, null, &errb); code != exitBadInput || !strings.Contains(errb.String(), "(stdin is not one)") {
		t.Fatalf("exit %d, stderr %q", code, errb.String())
	}
}
