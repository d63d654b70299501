package store

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gridgames/gridgames/internal/store/sandbox"
)

// logBuffer is a log sink safe for the store's goroutines.
type logBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *logBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

func (l *logBuffer) logger() *slog.Logger {
	return slog.New(slog.NewTextHandler(l, &slog.HandlerOptions{Level: slog.LevelDebug}))
}

// openT opens path, closed when the test ends.
func openT(t *testing.T, path string, opts ...Option) *SQLite {
	t.Helper()
	s, err := Open(context.Background(), path, opts...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// play creates game id and appends n actions to it, failing the test on any
// error.
func play(t *testing.T, s Store, id string, n int) {
	t.Helper()
	ctx := context.Background()
	if err := s.CreateGame(ctx, newGame(id)); err != nil {
		t.Fatal(err)
	}
	for i := range n {
		if err := s.AppendAction(ctx, id, i, fmt.Sprintf("move %d", i), Summary{Score: int64(i), BestKey: "2048:4x4"}); err != nil {
			t.Fatalf("action %d: %v", i, err)
		}
	}
}

// A --db path is a file name, whatever its characters: it is not read as a URI
// (before, "a?b.db" opened "a", "a#b.db" opened "a#b.db" without its pragmas
// and "a%41.db" opened "aA.db").
func TestSQLitePathCharacters(t *testing.T) {
	for _, name := range []string{"a?b.db", "a#b.db", "a%41.db", "100%.db", "with space.db", "q?x=1&mode=ro#frag%2F.db", "é ü.db", "semi;colon=.db"} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, name)
			s, err := Open(context.Background(), path)
			if err != nil {
				t.Fatal(err)
			}
			play(t, s, "g", 2)
			s.Close()
			entries, err := os.ReadDir(dir)
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, e := range entries {
				names = append(names, e.Name())
			}
			if !slices.Equal(names, []string{name}) {
				t.Fatalf("the directory holds %q, want just %q", names, name)
			}
			s = openT(t, path)
			if g, err := s.Game(context.Background(), "g"); err != nil || len(g.Actions) != 2 {
				t.Fatalf("reopened: %d actions, %v; want 2", len(g.Actions), err)
			}
			if mode := pragma(t, s.write, "journal_mode"); mode != "wal" {
				t.Errorf("journal_mode %q, want wal: the pragmas were lost", mode)
			}
		})
	}
}

// pragma reads one pragma's value on db.
func pragma(t *testing.T, db *sql.DB, name string) string {
	t.Helper()
	var v string
	if err := db.QueryRow("PRAGMA " + name).Scan(&v); err != nil {
		t.Fatal(err)
	}
	return v
}

// A database file deleted (with its directory) or replaced while the store has
// it open takes no more writes: SQLite would write on into the unlinked file and
// every acknowledged write would be lost. Check says so too. The file put back
// makes the store available again.
func TestSQLiteFileGone(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		name    string
		break_  func(t *testing.T, path string)
		says    string
		restore func(t *testing.T, path string) // nil: stays unavailable
	}{
		{"directory deleted", func(t *testing.T, path string) {
			if err := os.RemoveAll(filepath.Dir(path)); err != nil {
				t.Fatal(err)
			}
		}, "is gone", nil},
		{"file moved away and back", func(t *testing.T, path string) {
			if err := os.Rename(path, path+".moved"); err != nil {
				t.Fatal(err)
			}
		}, "is gone", func(t *testing.T, path string) {
			if err := os.Rename(path+".moved", path); err != nil {
				t.Fatal(err)
			}
		}},
		{"file replaced", func(t *testing.T, path string) {
			if err := os.Rename(path, path+".old"); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, nil, 0o644); err != nil {
				t.Fatal(err)
			}
		}, "replaced", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "data", "games.db")
			if err := os.Mkdir(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			s := openT(t, path)
			play(t, s, "g", 3)
			if err := s.Check(ctx); err != nil {
				t.Fatalf("Check before: %v", err)
			}
			tc.break_(t, path)
			writes := []struct {
				name string
				do   func() error
			}{
				{"append", func() error { return s.AppendAction(ctx, "g", 3, "L", Summary{}) }},
				{"create", func() error { return s.CreateGame(ctx, newGame("g2")) }},
				{"raise best", func() error { return s.RaiseBest(ctx, "k", 5) }},
				{"add score", func() error { _, err := s.AddScore(ctx, Score{GameID: "g", Board: "b", Score: 1}); return err }},
			}
			for _, w := range writes {
				if err := w.do(); !errors.Is(err, ErrUnavailable) || !strings.Contains(err.Error(), tc.says) {
					t.Errorf("%s: %v; want ErrUnavailable saying %q", w.name, err, tc.says)
				}
			}
			if err := s.Check(ctx); !errors.Is(err, ErrUnavailable) || !strings.Contains(err.Error(), tc.says) {
				t.Errorf("Check: %v; want ErrUnavailable saying %q", err, tc.says)
			}
			if tc.restore == nil {
				return
			}
			tc.restore(t, path)
			if err := s.Check(ctx); err != nil {
				t.Errorf("Check once restored: %v", err)
			}
			if err := s.AppendAction(ctx, "g", 3, "L", Summary{}); err != nil {
				t.Errorf("append once restored: %v", err)
			}
		})
	}
}

// A database file the process may not write is refused at Open, as a directory
// it may not write already was: before, the store opened, and every write
// failed.
func TestSQLiteReadOnlyFile(t *testing.T) {
	if !sandbox.Unprivileged(t) {
		return
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "games.db")
	s, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	play(t, s, "g", 1)
	s.Close()
	if err := os.Chmod(path, 0o444); err != nil {
		t.Fatal(err)
	}
	s, err = Open(context.Background(), path)
	if err == nil {
		defer s.Close()
		t.Fatalf("Open of a read-only file: no error (a write then says %v)", s.AppendAction(context.Background(), "g", 1, "L", Summary{}))
	}
	if !errors.Is(err, ErrReadOnly) || !strings.Contains(err.Error(), path) {
		t.Fatalf("Open: %v; want ErrReadOnly naming %s", err, path)
	}
	checkReason(t, err, "read-only database: "+path+" cannot be written")
}

// checkReason fails unless err is an *Error whose Reason is want (want "" takes
// any) and whose text is Reason behind the package prefix.
func checkReason(t *testing.T, err error, want string) {
	t.Helper()
	var se *Error
	if !errors.As(err, &se) || (want != "" && se.Reason != want) || err.Error() != "store: "+se.Reason {
		t.Fatalf("Open: %v (%T); want an *Error with the reason %q", err, err, want)
	}
}

// corrupt overwrites page n (from 1) of the database file at path with garbage.
func corrupt(t *testing.T, path string, n int) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	garbage := bytes.Repeat([]byte{0x5a, 0x00, 0xff, 0x13}, 1024)
	if _, err := f.WriteAt(garbage, int64(n-1)*4096); err != nil {
		t.Fatal(err)
	}
}

// corruptDB makes a database of one game of 400 actions and overwrites a page
// of its actions; it returns the path.
func corruptDB(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "games.db")
	s, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	play(t, s, "g", 400)
	var pages int
	if err := s.read.QueryRow("PRAGMA page_count").Scan(&pages); err != nil {
		t.Fatal(err)
	}
	s.Close() // checkpoints: every page is in the file
	corrupt(t, path, pages-1)
	return path
}

// A database with damaged pages is refused at Open with the first problem
// named: before, it opened and served games with actions missing.
func TestSQLiteCorrupt(t *testing.T) {
	path := corruptDB(t)
	s, err := Open(context.Background(), path)
	if err == nil {
		defer s.Close()
		g, gerr := s.Game(context.Background(), "g")
		t.Fatalf("Open of a damaged database: no error (the game has %d actions of 400, %v)", len(g.Actions), gerr)
	}
	if !errors.Is(err, ErrCorrupt) || strings.Contains(err.Error(), "\n") {
		t.Fatalf("Open: %v; want ErrCorrupt on one line", err)
	}
	checkReason(t, err, "")
	t.Log(err)
}

// The integrity check is bounded: one that cannot finish in time is logged as
// cut short and the database opens; a negative bound skips it.
func TestSQLiteCheckBounded(t *testing.T) {
	for _, tc := range []struct {
		name string
		d    string
		log  string
	}{
		{"cut short", "1ns", "integrity check cut short"},
		{"skipped", "-1s", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := corruptDB(t)
			var logs logBuffer
			d, _ := parseDuration(tc.d)
			s, err := Open(context.Background(), path, WithCheckTimeout(d), WithLogger(logs.logger()))
			if err != nil {
				t.Fatalf("Open: %v", err)
			}
			s.Close()
			if !strings.Contains(logs.String(), tc.log) {
				t.Errorf("log %q, want %q", logs.String(), tc.log)
			}
		})
	}
}

func parseDuration(s string) (d time.Duration, err error) { return time.ParseDuration(s) }
