package cli

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/gridgames/gridgames/othello"
)

const startText = "---------------------------OX------XO--------------------------- X"

func TestOthelloMoves(t *testing.T) {
	tests := []struct {
		name     string
		args     []string
		stdin    string
		wantOut  string
		wantCode int
		wantErr  string
	}{
		{"start", []string{"--board", startText}, "", "d3 c4 f5 e6\n", 0, ""},
		{"batch with pass, end and obf", nil,
			"XO-- ---- ---- ---- O\n\nXXXX XXXX OOOO OOOO X\n" + startText + "; D3:+0\n",
			"pass\nend\nd3 c4 f5 e6\n", 0, ""},
		{"6x6 start", []string{"--board", "--------------OX----XO-------------- x"}, "", "c2 b3 e4 d5\n", 0, ""},
		{"bad char", []string{"--board", "XO-- ---- --Z- ---- O"}, "", "", 2, "character 13 ('Z')"},
		{"batch bad line", nil, startText + "\nXO--\n", "d3 c4 f5 e6\n", 2, "line 2: othello: syntax error"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, code := run(t, tc.stdin, append([]string{"othello", "moves"}, tc.args...)...)
			if out != tc.wantOut || code != tc.wantCode {
				t.Fatalf("code %d, stdout %q; want %d, %q (stderr %q)", code, out, tc.wantCode, tc.wantOut, errOut)
			}
			if tc.wantErr != "" && (!strings.Contains(errOut, tc.wantErr) || strings.Count(errOut, "\n") != 1) {
				t.Fatalf("stderr %q, want one line containing %q", errOut, tc.wantErr)
			}
		})
	}
}

func TestOthelloPerft(t *testing.T) {
	out, errOut, code := run(t, "", "othello", "perft", "--depth", "6")
	if code != 0 {
		t.Fatalf("code %d: %s", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 7 {
		t.Fatalf("want a header and 6 lines, got %q", out)
	}
	for i, want := range []string{"4", "12", "56", "244", "1396", "8200"} {
		f := strings.Fields(lines[i+1])
		if f[0] != itoa(i+1) || f[1] != want {
			t.Fatalf("line %q, want depth %d with %s leaves", lines[i+1], i+1, want)
		}
	}

	out, _, code = run(t, "", "othello", "perft", "--depth", "6", "--size", "6", "--json", "--workers", "1")
	var last perftLine
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		if err := json.Unmarshal([]byte(l), &last); err != nil {
			t.Fatalf("line %q: %v", l, err)
		}
	}
	six, _ := othello.NewPosition(6)
	if code != 0 || last.Depth != 6 || last.Leaves != othello.Perft(six, 6) || last.Leaves == published8x8Depth6 {
		t.Fatalf("6x6 perft(3) = %+v", last)
	}

	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--depth", "0"}, "--depth 0"},
		{[]string{"--depth", "3", "--size", "5"}, "--size 5: Othello boards are 4, 6 or 8"},
		{[]string{}, "--depth is required"},
		{[]string{"--depth", "x"}, `--depth "x": want a whole number`},
	} {
		_, errOut, code := run(t, "", append([]string{"othello", "perft"}, tc.args...)...)
		if code != 2 || !strings.Contains(errOut, tc.want) {
			t.Errorf("perft %v: code %d, stderr %q, want 2 and %q", tc.args, code, errOut, tc.want)
		}
	}
}

// published8x8Depth6 guards against the CLI ignoring --size.
const published8x8Depth6 = 8200

func itoa(n int) string { return strconv.Itoa(n) }
