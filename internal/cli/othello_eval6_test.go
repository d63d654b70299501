package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gridgames/gridgames/othello/engine"
)

// othello eval6 writes an evaluation the engine reads, and refuses bad flags
// with exit status 2 naming the flag.
func TestOthelloEval6(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "e.txt")
	stdout, errOut, code := run(t, "", "othello", "eval6", "--games", "30", "--seed", "2", "--empties", "8-10", "--workers", "1", "--out", out)
	if code != 0 || !strings.Contains(stdout, "Fitted the 6x6 evaluation") {
		t.Fatalf("code %d, %q %s", code, stdout, errOut)
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := engine.ReadSmallEval(f); err != nil {
		t.Fatalf("the written file does not read: %v", err)
	}
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"no games", []string{"--games", "0", "--out", out}, "--games 0"},
		{"too many empties", []string{"--empties", "20-33", "--out", out}, `--empties "20-33"`},
		{"backwards", []string{"--empties", "9-3", "--out", out}, `--empties "9-3"`},
		{"no out", []string{"--games", "1"}, "--out is required"},
		{"too few samples", []string{"--games", "1", "--empties", "8-8", "--out", out}, "want at least"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, errOut, code := run(t, "", append([]string{"othello", "eval6"}, tc.args...)...)
			if code != 2 || !strings.Contains(errOut, tc.want) {
				t.Errorf("code %d, stderr %q, want 2 and %q", code, errOut, tc.want)
			}
		})
	}
}
