package cli

import (
	"strings"
	"testing"
)

// solve --check says how each answer compares with the scores of its line, and
// exits 1 when one disagrees. The position's best move is b1, -10.
func TestSolveCheckVerdicts(t *testing.T) {
	const board = "-----OX--XO----- X"
	for _, tc := range []struct {
		scores string
		wld    bool
		want   string
		code   int
	}{
		{"B1:-10; A2:-12", false, "  ok\n", 0},
		{"", false, "  no scores to check\n", 0},
		{"B1:-8; A2:-12", false, "  MISMATCH: score -10, the file says -8\n", 1},
		{"A2:-10; B1:-12", false, "  MISMATCH: b1 scores -12 in the file, best is -10\n", 1},
		{"A2:-10; D3:-10", false, "  MISMATCH: b1 is not among the file's moves\n", 1},
		{"A2:-10; B1:-12", true, "  ok\n", 0},
		{"B1:+10", true, "  MISMATCH: score -1, the file says +1\n", 1},
	} {
		t.Run(tc.scores, func(t *testing.T) {
			args := []string{"othello", "solve", "--check", "--workers", "1", "--board", board + "; " + tc.scores}
			if tc.wld {
				args = append(args, "--wld")
			}
			out, errOut, code := run(t, "", args...)
			if code != tc.code || !strings.HasSuffix(out, tc.want) {
				t.Fatalf("exit %d, out %q, err %q; want %d and %q", code, out, errOut, tc.code, tc.want)
			}
			if tc.code == 1 && errOut != "gridgames: 1 of 1 positions disagree with the scores given\n" {
				t.Fatalf("stderr %q", errOut)
			}
		})
	}
}
