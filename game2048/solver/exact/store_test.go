package exact

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gridgames/gridgames/game2048"
)

// TestStore loads a table from its directory before solving, solves small boards
// on need, and names the command for a big board with no file.
func TestStore(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	tb := solveT(t, Config{Rows: 2, Cols: 3, FourChance: 0.1})
	path := filepath.Join(dir, FileName(2, 3, 0.1, 0))
	data := encoded(t, tb)
	data[len(data)-1] ^= 1 // a damaged file proves the file is read first
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	s := &Store{Dir: dir}
	if _, err := s.Table(ctx, 2, 3, 0.1, 0); !errors.Is(err, ErrFile) {
		t.Fatalf("damaged file: %v, want ErrFile", err)
	}
	if err := tb.WriteFile(path); err != nil {
		t.Fatal(err)
	}
	got, err := s.Table(ctx, 2, 3, 0.1, 0)
	if err != nil || got.Summary().Value != tb.Summary().Value {
		t.Fatalf("from the file: %v", err)
	}
	if again, _ := s.Table(ctx, 2, 3, 0.1, 0); again != got {
		t.Error("a second call did not return the table in memory")
	}
	g, err := s.Table(ctx, 2, 2, 0.1, 16) // no file: solved
	if err != nil || g.Goal() != 16 {
		t.Fatalf("solve on need: %v", err)
	}
	_, err = s.Table(ctx, 3, 3, 0.1, 0)
	if !errors.Is(err, ErrNoTable) || !strings.Contains(err.Error(), "gridgames 2048 solve --rows 3 --cols 3") {
		t.Fatalf("3x3 with no file: %v", err)
	}
	if FileName(3, 3, 0.1, 0) != "3x3-four0.1.table" || FileName(2, 4, 0.1, 256) != "2x4-four0.1-goal256.table" {
		t.Errorf("file names %q %q", FileName(3, 3, 0.1, 0), FileName(2, 4, 0.1, 256))
	}
}

// TestReview values each move of a game played badly on purpose against the
// reference: each loss is the best move's reference value minus the played one's.
func TestReview(t *testing.T) {
	tb := solveT(t, Config{Rows: 2, Cols: 3, FourChance: 0.1})
	ref := newRef(0.1, 0)
	for seed := range uint64(5) {
		g, _ := game2048.NewGame(game2048.WithSize(2, 3), game2048.WithSeed(seed))
		for i := 0; !g.Over(); i++ { // the first legal move of a rotating order
			for k := range 4 {
				d := game2048.Directions[(i+k)%4]
				if g.CanMove(d) {
					g.Move(d)
					break
				}
			}
		}
		rev, err := tb.Review(g.Record())
		if err != nil {
			t.Fatal(err)
		}
		if len(rev) != g.MoveCount() {
			t.Fatalf("%d reviews for %d moves", len(rev), g.MoveCount())
		}
		lost := 0
		for _, m := range rev {
			best := 0.0
			for _, d := range game2048.Directions {
				if m.Board.CanMove(d) {
					best = max(best, ref.moveValue(m.Board, d))
				}
			}
			want := best - ref.moveValue(m.Board, m.Played)
			if m.Loss < 0 || !close(m.Loss+best, want+best) {
				t.Fatalf("seed %d move %d (%s, %s): loss %v, reference %v", seed, m.Number, m.Board, m.Played, m.Loss, want)
			}
			if m.Loss > 0 {
				lost++
			}
		}
		if lost == 0 {
			t.Errorf("seed %d: a rotating policy lost nothing in %d moves", seed, len(rev))
		}
	}
	// The table's own moves lose nothing.
	g, _ := game2048.NewGame(game2048.WithSize(2, 3), game2048.WithSeed(9))
	for !g.Over() {
		d, _, _ := tb.Best(g.Board())
		g.Move(d)
	}
	rev, _ := tb.Review(g.Record())
	for _, m := range rev {
		if m.Loss != 0 {
			t.Fatalf("the best move %d lost %v", m.Number, m.Loss)
		}
	}
	bad := g.Record()
	bad.Rules.Rows = 3
	if _, err := tb.Review(bad); !errors.Is(err, ErrBoard) {
		t.Errorf("a 3x3 record on a 2x3 table: %v", err)
	}
}
