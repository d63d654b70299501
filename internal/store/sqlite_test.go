package store

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func openTemp(t *testing.T) (*SQLite, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "games.db")
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s, path
}

func TestGamesAndActions(t *testing.T) {
	ctx := context.Background()
	s, path := openTemp(t)
	g := Game{ID: "g1", Kind: "2048", TokenHash: []byte{1, 2, 3}, Params: []byte(`{"seed":1}`)}
	if err := s.CreateGame(ctx, g); err != nil {
		t.Fatal(err)
	}
	steps := []struct {
		name   string
		seq    int
		action string
		want   error
	}{
		{"first", 0, "L", nil},
		{"second", 1, "U", nil},
		{"stale sequence", 1, "R", ErrConflict},
		{"gap", 5, "R", ErrConflict},
		{"third", 2, "Z", nil},
	}
	for _, st := range steps {
		t.Run(st.name, func(t *testing.T) {
			err := s.AppendAction(ctx, "g1", st.seq, st.action, Summary{Score: int64(st.seq * 4), BestKey: "2048:4x4"})
			if !errors.Is(err, st.want) {
				t.Fatalf("AppendAction = %v, want %v", err, st.want)
			}
		})
	}
	if err := s.AppendAction(ctx, "nope", 0, "L", Summary{}); !errors.Is(err, ErrNotFound) {
		t.Errorf("append to unknown game = %v, want ErrNotFound", err)
	}
	// Reopen the file: everything acknowledged is there.
	s.Close()
	s2, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	got, err := s2.Game(ctx, "g1")
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"L", "U", "Z"}; len(got.Actions) != 3 || got.Actions[0] != want[0] || got.Actions[2] != want[2] {
		t.Errorf("actions = %v, want %v", got.Actions, want)
	}
	if string(got.Params) != `{"seed":1}` || got.Kind != "2048" || string(got.TokenHash) != "\x01\x02\x03" {
		t.Errorf("game = %+v", got)
	}
	if best, _ := s2.Best(ctx, "2048:4x4"); best != 8 {
		t.Errorf("best = %d, want 8", best)
	}
	for _, raise := range []struct {
		score, want int64
	}{{5, 8}, {20, 20}, {10, 20}} {
		if err := s2.RaiseBest(ctx, "2048:4x4", raise.score); err != nil {
			t.Fatal(err)
		}
		if best, _ := s2.Best(ctx, "2048:4x4"); best != raise.want {
			t.Errorf("after RaiseBest(%d) best = %d, want %d", raise.score, best, raise.want)
		}
	}
	if _, err := s2.Game(ctx, "nope"); !errors.Is(err, ErrNotFound) {
		t.Errorf("Game(nope) = %v, want ErrNotFound", err)
	}
}

func TestLeaderboard(t *testing.T) {
	ctx := context.Background()
	s, _ := openTemp(t)
	for i, sc := range []Score{
		{GameID: "a", Board: "2048:4x4", Name: "ann", Score: 100},
		{GameID: "b", Board: "2048:4x4", Name: "bob", Score: 300},
		{GameID: "c", Board: "2048:5x5", Name: "cy", Score: 999},
		{GameID: "a", Board: "2048:4x4", Name: "ann", Score: 200}, // replaces a's entry
	} {
		if err := s.CreateGame(ctx, Game{ID: sc.GameID + string(rune('0'+i)), Kind: "2048", TokenHash: []byte{0}, Params: []byte("{}")}); err != nil {
			t.Fatal(err)
		}
		if i < 3 {
			if err := s.CreateGame(ctx, Game{ID: sc.GameID, Kind: "2048", TokenHash: []byte{0}, Params: []byte("{}")}); err != nil {
				t.Fatal(err)
			}
		}
		if err := s.AddScore(ctx, sc); err != nil {
			t.Fatal(err)
		}
	}
	got, err := s.Leaderboard(ctx, "2048:4x4", 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].Name != "bob" || got[1].Score != 200 {
		t.Errorf("leaderboard = %+v", got)
	}
	if got, _ := s.Leaderboard(ctx, "2048:3x3", 10); len(got) != 0 {
		t.Errorf("empty board leaderboard = %+v", got)
	}
}

// Open names what is wrong with a path instead of creating directories or
// overwriting files that are not databases.
func TestOpenRefuses(t *testing.T) {
	dir := t.TempDir()
	garbage := filepath.Join(dir, "garbage.bin")
	if err := os.WriteFile(garbage, []byte("this is not a database, it is a file of plain text\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, path string
		want       error
	}{
		{"missing directory", filepath.Join(dir, "no", "such", "x.db"), ErrNoDirectory},
		{"file as directory", filepath.Join(garbage, "x.db"), ErrNoDirectory},
		{"not a database", garbage, ErrNotDatabase},
		{"a directory", dir, ErrNotDatabase},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := Open(tc.path)
			if !errors.Is(err, tc.want) {
				if s != nil {
					s.Close()
				}
				t.Fatalf("Open(%s): %v, want %v", tc.path, err, tc.want)
			}
		})
	}
	if _, err := os.Stat(filepath.Join(dir, "no")); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("Open created a directory: %v", err)
	}
	if data, _ := os.ReadFile(garbage); !strings.HasPrefix(string(data), "this is not") {
		t.Fatal("Open changed the file that is not a database")
	}
}

func TestOpenDefaultMakesItsDirectory(t *testing.T) {
	t.Setenv("XDG_DATA_HOME", filepath.Join(t.TempDir(), "data"))
	s, path, err := OpenDefault()
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if want := filepath.Join(os.Getenv("XDG_DATA_HOME"), "gridgames", "gridgames.db"); path != want {
		t.Fatalf("path %s, want %s", path, want)
	}
}
