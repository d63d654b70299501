package store

import (
	"context"
	"database/sql"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// holdWriteLock takes the write lock of the database at path on a connection of
// its own, as another process would, with a write in progress; the returned
// function releases it.
func holdWriteLock(t *testing.T, path string) (release func()) {
	t.Helper()
	ctx := context.Background()
	db, err := sql.Open("sqlite", sqliteDSN(path, nil))
	if err != nil {
		t.Fatal(err)
	}
	conn, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{"BEGIN IMMEDIATE", "INSERT INTO best (key, score) VALUES ('held', 1)"} {
		if _, err := conn.ExecContext(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	done := false
	release = func() {
		if !done {
			done = true
			conn.ExecContext(ctx, "ROLLBACK")
			conn.Close()
			db.Close()
		}
	}
	t.Cleanup(release)
	return release
}

// Reads do not queue behind a write that waits for a lock another process
// holds: they answer while it waits. Before, the store had one connection, and
// a read waited for the write to give up (5 s a write).
func TestSQLiteReadsDoNotWaitForWrites(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "games.db")
	s := openT(t, path, WithBusyTimeout(time.Minute)) // the write waits until released
	play(t, s, "g", 3)
	release := holdWriteLock(t, path)

	events := make(chan string, 2)
	go func() {
		err := s.AppendAction(ctx, "g", 3, "L", Summary{})
		if err != nil {
			events <- "write: " + err.Error()
			return
		}
		events <- "write"
	}()
	for s.write.Stats().InUse == 0 { // the write has the writer's connection
		time.Sleep(time.Millisecond)
	}
	reads := []struct {
		name string
		read func() error
	}{
		{"game", func() error { _, err := s.Game(ctx, "g"); return err }},
		{"actions from", func() error { _, _, err := s.ActionsFrom(ctx, "g", 1); return err }},
		{"best", func() error { _, err := s.Best(ctx, "2048:4x4"); return err }},
		{"leaderboard", func() error { _, err := s.Leaderboard(ctx, "2048:4x4", 10); return err }},
	}
	for _, r := range reads {
		if err := r.read(); err != nil {
			t.Errorf("%s: %v", r.name, err)
		}
	}
	events <- "reads"
	release()
	if first, second := <-events, <-events; first != "reads" || second != "write" {
		t.Fatalf("events %q then %q; want the reads answered while the write waited, then the write made once the lock was released", first, second)
	}
	if n, _, err := s.ActionsFrom(ctx, "g", 0); n != 4 || err != nil {
		t.Fatalf("%d actions, %v; want 4", n, err)
	}
}

// A lock held elsewhere for longer than a write may wait makes the write fail
// with ErrUnavailable (a 503 from the server, before a 500), and Check reports
// the database locked for as long as the lock is held.
func TestSQLiteLockHeld(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "games.db")
	s := openT(t, path, WithBusyTimeout(20*time.Millisecond))
	play(t, s, "g", 1)
	if err := s.Check(ctx); err != nil {
		t.Fatalf("Check before: %v", err)
	}
	release := holdWriteLock(t, path)
	if err := s.Check(ctx); !errors.Is(err, ErrUnavailable) || !strings.Contains(err.Error(), "locked") {
		t.Errorf("Check while locked: %v; want ErrUnavailable saying locked", err)
	}
	if err := s.AppendAction(ctx, "g", 1, "L", Summary{}); !errors.Is(err, ErrUnavailable) || !strings.Contains(err.Error(), "locked") {
		t.Errorf("append while locked: %v; want ErrUnavailable saying locked", err)
	}
	release()
	if err := s.AppendAction(ctx, "g", 1, "L", Summary{}); err != nil {
		t.Errorf("append once released: %v", err)
	}
	if err := s.Check(ctx); err != nil {
		t.Errorf("Check once released: %v", err)
	}
}
