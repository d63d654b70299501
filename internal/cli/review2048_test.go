package cli

import (
	"context"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gridgames/gridgames/game2048"
	"github.com/gridgames/gridgames/game2048/solver/exact"
)

// `2048 hint --perfect` prints the table's exact values: each legal move's value,
// the best among them, the position's expected score, and the next tile's chances.
func TestHintPerfect(t *testing.T) {
	tb, err := exact.Solve(context.Background(), exact.Config{Rows: 2, Cols: 3, FourChance: 0.1})
	if err != nil {
		t.Fatal(err)
	}
	board := "2,4,8/0,2,0"
	out, errOut, code := run(t, "", "2048", "hint", "--perfect", "--board", board, "--tables", t.TempDir())
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var got perfectHintOutput
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	b, _ := game2048.ParseBoard(board)
	mv, _ := tb.Moves(b)
	want, _ := tb.Value(b)
	if got.ExpectedScore != want || !got.Perfect || got.Best == nil {
		t.Fatalf("got %s", out)
	}
	for _, d := range game2048.Directions {
		v := got.Values[d.String()]
		if (v != nil) != mv[d].Legal || (v != nil && *v != mv[d].Value) {
			t.Errorf("%s: printed %v, table %+v", d, v, mv[d])
		}
	}
	if *got.Values[*got.Best] != want {
		t.Errorf("best %s is worth %v, the position %v", *got.Best, *got.Values[*got.Best], want)
	}
	if got.NextTile != 16 || len(got.NextTileChances) != 4 {
		t.Errorf("next tile %d, chances %v", got.NextTile, got.NextTileChances)
	}
	for d, p := range got.NextTileChances {
		if p != nil && !(*p >= 0 && *p <= 1) {
			t.Errorf("%s: chance %v", d, *p)
		}
	}
}

// Bad uses of --perfect exit 2 with one line.
func TestHintPerfectBadInput(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--board", "2,2,0/0,0,0/0,0,0"}, "write it with: gridgames 2048 solve --rows 3 --cols 3"},
		{[]string{"--board", "2,2,0,0/0,0,0,0/0,0,0,0/0,0,0,0"}, "the limit is 9 (3x3)"},
		{[]string{"--board", "2,2,0/0,0,0", "--depth", "2"}, "--perfect and --depth"},
		{[]string{"--board", "2048,2,0/0,0,0"}, "--board"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			out, errOut, code := run(t, "", append([]string{"2048", "hint", "--perfect", "--tables", dir}, tc.args...)...)
			if code != exitBadInput || out != "" || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, tc.want) {
				t.Fatalf("exit %d, stdout %q, stderr %q; want 2 and %q", code, out, errOut, tc.want)
			}
		})
	}
}

// `2048 review` lists exactly the moves the library finds lossy, and its total.
func TestReview2048(t *testing.T) {
	g, _ := game2048.NewGame(game2048.WithSize(2, 3), game2048.WithSeed(3))
	for i := 0; !g.Over(); i++ {
		for k := range 4 {
			if d := game2048.Directions[(i+k)%4]; g.CanMove(d) {
				g.Move(d)
				break
			}
		}
	}
	rec, _ := json.Marshal(g.Record())
	path := filepath.Join(t.TempDir(), "g.jsonl")
	if err := os.WriteFile(path, append(rec, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := run(t, "", "2048", "review", "--record", path, "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var got reviewOutput
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	tb, _ := exact.Solve(context.Background(), exact.Config{Rows: 2, Cols: 3, FourChance: 0.1})
	rev, _ := tb.Review(g.Record())
	var lossy []exact.MoveReview
	lost := 0.0
	for _, m := range rev {
		lost += m.Loss
		if m.Loss > 1e-9 {
			lossy = append(lossy, m)
		}
	}
	if len(got.Mistakes) != len(lossy) || len(lossy) == 0 || math.Abs(got.Lost-lost) > 1e-9 || got.Score != g.Score() {
		t.Fatalf("printed %d mistakes (lost %v), library %d (lost %v)", len(got.Mistakes), got.Lost, len(lossy), lost)
	}
	for i, m := range got.Mistakes {
		if m.Number != lossy[i].Number || m.Loss != lossy[i].Loss || m.Played != lossy[i].Played.String() {
			t.Errorf("mistake %d: %+v, library %+v", i, m, lossy[i])
		}
	}
	text, _, _ := run(t, "", "2048", "review", "--record", path)
	if !strings.Contains(text, "points of expected score in all") || !strings.Contains(text, "lost ") {
		t.Errorf("text review:\n%s", text)
	}
}
