package cli

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gridgames/gridgames/game2048/solver/exact"
)

// `2048 solve --json` prints the library's figures under the keys, and
// --out writes a table that loads back with the same values.
func TestSolve2048JSON(t *testing.T) {
	want, err := exact.Solve(context.Background(), exact.Config{Rows: 3, Cols: 2, FourChance: 0.1})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "3x2.table")
	out, errOut, code := run(t, "", "2048", "solve", "--rows", "3", "--cols", "2", "--json", "--out", path)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal([]byte(out), &raw); err != nil {
		t.Fatalf("%v: %q", err, out)
	}
	for _, k := range []string{"expectedScore", "expectedScoreTwoTwos", "tileChances", "positions", "seconds"} {
		if _, ok := raw[k]; !ok {
			t.Errorf("no %q in %s", k, out)
		}
	}
	var got solveOutput
	_ = json.Unmarshal([]byte(out), &got)
	ws := want.Summary()
	if *got.ExpectedScore != ws.Value || *got.ExpectedScoreTwoTwos != ws.ValueTwoTwos || got.Positions != ws.Positions {
		t.Errorf("printed %+v, library %+v", got, ws)
	}
	for tile, c := range ws.TileChances() {
		if got.TileChances[strconv.FormatUint(tile, 10)] != c {
			t.Errorf("tile %d: printed %v, library %v", tile, got.TileChances[strconv.FormatUint(tile, 10)], c)
		}
	}
	tb, err := exact.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if tb.Summary().Value != ws.Value || tb.Rows() != 3 || tb.Cols() != 2 {
		t.Errorf("table file: %dx%d value %v", tb.Rows(), tb.Cols(), tb.Summary().Value)
	}
}

// The text output names the figures; --goal solves for a tile's chance.
func TestSolve2048Text(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want []string
	}{
		{[]string{"--rows", "2", "--cols", "2"}, []string{"expected final score of optimal play: 66.96", "from two 2s:", "      32  8.28"}},
		{[]string{"--rows", "2", "--cols", "3", "--goal", "128", "--four", "10%"}, []string{"best chance of making 128: 5.699"}},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			out, errOut, code := run(t, "", append([]string{"2048", "solve"}, tc.args...)...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			for _, w := range tc.want {
				if !strings.Contains(out, w) {
					t.Errorf("no %q in:\n%s", w, out)
				}
			}
		})
	}
}

// Bad input exits 2 at once with one line naming the problem.
func TestSolve2048BadInput(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--rows", "4", "--cols", "4"}, "the limit is 9"},
		{[]string{"--rows", "2", "--cols", "5"}, "2x5 has"},
		{[]string{"--rows", "3", "--cols", "4", "--count"}, "the limit for --count is 10"},
		{[]string{"--rows", "2", "--cols", "2", "--count", "--out", "t"}, "--count solves nothing"},
		{[]string{"--rows", "2", "--cols", "2", "--count", "--goal", "64"}, "--count solves nothing"},
		{[]string{"--rows", "3", "--cols", "4"}, "3x4 board has 12 cells"},
		{[]string{"--rows", "3"}, "--rows and --cols are required"},
		{[]string{"--rows", "1", "--cols", "3"}, "--rows/--cols"},
		{[]string{"--rows", "2", "--cols", "2", "--goal", "100"}, "--goal 100"},
		{[]string{"--rows", "2", "--cols", "2", "--four", "1.5"}, "--four"},
		{[]string{"--rows", "2", "--cols", "2", "--out", "/nonexistent/dir/t"}, "--out"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			out, errOut, code := run(t, "", append([]string{"2048", "solve"}, tc.args...)...)
			if code != exitBadInput || out != "" || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, tc.want) {
				t.Fatalf("exit %d, stdout %q, stderr %q; want 2 and %q", code, out, errOut, tc.want)
			}
		})
	}
}

// Ctrl+C during a solve exits 130 and writes no table.
func TestSolve2048Interrupted(t *testing.T) {
	forceProgress = true
	defer func() { forceProgress = false }()
	path := filepath.Join(t.TempDir(), "2x4.table")
	_, errOut, code := runCancelledWhen(t, func(s string) bool { return strings.Contains(s, "listing positions") },
		2*time.Minute, "2048", "solve", "--rows", "2", "--cols", "4", "--out", path)
	if code != exitInterrupted {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Errorf("a table was written after Ctrl+C: %v", err)
	}
	if m, _ := filepath.Glob(filepath.Join(filepath.Dir(path), ".*")); len(m) != 0 {
		t.Errorf("temporary files left: %v", m)
	}
}

// --count lists a board's positions without solving it, also past the solve's
// limit, and says what a solve would need.
func TestSolve2048Count(t *testing.T) {
	want, err := exact.Count(context.Background(), exact.Config{Rows: 2, Cols: 3, FourChance: 0.1})
	if err != nil {
		t.Fatal(err)
	}
	out, errOut, code := run(t, "", "2048", "solve", "--rows", "2", "--cols", "3", "--count", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var got countOutput
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v: %q", err, out)
	}
	if got.Positions != want.Positions || got.WidestLayer != want.Widest || got.TopSum != want.TopSum ||
		got.SolveBytes != want.SolveBytes() || !got.Solvable {
		t.Errorf("printed %+v, library %+v", got, want)
	}
	out, errOut, code = run(t, "", "2048", "solve", "--rows", "2", "--cols", "3", "--count")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, w := range []string{"positions: 21,752 (mirrors and turns counted once)", "widest layer:", "solvable here"} {
		if !strings.Contains(out, w) {
			t.Errorf("no %q in:\n%s", w, out)
		}
	}
}
