package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSQLite runs the Store suite on SQLite files; a second handle on a file is
// another process sharing it.
func TestSQLite(t *testing.T) {
	testStore(t, func(t *testing.T) func() (Store, error) {
		path := filepath.Join(t.TempDir(), "games.db")
		return func() (Store, error) { return Open(context.Background(), path) }
	})
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
			s, err := Open(context.Background(), tc.path)
			if !errors.Is(err, tc.want) {
				if s != nil {
					s.Close()
				}
				t.Fatalf("Open(context.Background(), %s): %v, want %v", tc.path, err, tc.want)
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
	s, path, err := OpenDefault(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if want := filepath.Join(os.Getenv("XDG_DATA_HOME"), "gridgames", "gridgames.db"); path != want {
		t.Fatalf("path %s, want %s", path, want)
	}
}

// A database written by a newer program is refused, not migrated down.
func TestSQLiteNewerSchema(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games.db")
	s, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.write.ExecContext(context.Background(), "PRAGMA user_version = 99"); err != nil {
		t.Fatal(err)
	}
	s.Close()
	if s, err := Open(context.Background(), path); err == nil || !strings.Contains(err.Error(), "newer") {
		if s != nil {
			s.Close()
		}
		t.Fatalf("Open of a newer schema: %v, want an error saying it is newer", err)
	}
}

// A database of schema 1 (before players and ranked games) opens, and its games
// load as they were.
func TestSQLiteMigratesV1(t *testing.T) {
	path := filepath.Join(t.TempDir(), "v1.db")
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	now := "1700000000000"
	for _, q := range []string{migrations[0], fmt.Sprintf(v1Rows, now, now, now), "PRAGMA user_version = 1"} {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()
	s, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	testMigrateV1(t, s)
}
