package store

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gridgames/gridgames/internal/store/sandbox"
)

// fill writes a file at path until the volume has no room left.
func fill(t *testing.T, path string) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	chunk := make([]byte, 4096)
	for {
		if _, err := f.Write(chunk); err != nil {
			return // ENOSPC, with the volume full
		}
	}
}

// On a small volume the write-ahead log is checkpointed often, and the log
// says so, so that the volume holds the games rather than a log of their pages
// (before, the log filled 1 MiB after about 70 actions and stayed full). When the volume fills
// up all the same, a write checkpoints the log to free room (and says so in
// the log), fails with ErrUnavailable when that is not enough, and writes
// resume once there is room again; every write acknowledged is kept.
func TestSQLiteSmallVolume(t *testing.T) {
	dir, ok := sandbox.SmallVolume(t, 1<<20)
	if !ok {
		return
	}
	ctx := context.Background()
	path := filepath.Join(dir, "games.db")
	var logs logBuffer
	s, err := Open(context.Background(), path, WithLogger(logs.logger()), WithBusyTimeout(100*time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	defer func() { s.Close() }()
	act := func(seq int) error {
		return s.AppendAction(ctx, "g", seq, fmt.Sprintf("move %d", seq), Summary{Score: int64(seq), BestKey: "2048:4x4"})
	}

	play(t, s, "g", 400)
	if !strings.Contains(logs.String(), "database volume nearly full: checkpointing the write-ahead log every") {
		t.Errorf("the log does not say the log is checkpointed often on this volume:\n%s", logs.String())
	}

	// Fill the volume with something else, every page of the database in its
	// file (the log's file kept for reuse), while a reader keeps the log from
	// being checkpointed: best scores raised (one page rewritten) fill the log,
	// and the checkpoint made when the volume is full cannot free it.
	if _, err := s.write.Exec("PRAGMA wal_checkpoint(RESTART)"); err != nil {
		t.Fatal(err)
	}
	ballast := filepath.Join(dir, "ballast")
	fill(t, ballast)
	reader, err := s.read.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	var n int
	if err := reader.QueryRow("SELECT count(*) FROM actions").Scan(&n); err != nil {
		t.Fatal(err)
	}
	score := int64(1000)
	for ; score < 2000; score++ {
		if err = s.RaiseBest(ctx, "2048:4x4", score); err != nil {
			break
		}
	}
	if !errors.Is(err, ErrUnavailable) || !strings.Contains(err.Error(), "full") {
		t.Fatalf("raise %d on a full volume, the log held: %v; want ErrUnavailable saying the volume is full", score, err)
	}
	if !strings.Contains(logs.String(), "checkpointing the write-ahead log freed no room") {
		t.Errorf("the log does not tell of the checkpoint that failed:\n%s", logs.String())
	}
	if err := s.Check(ctx); !errors.Is(err, ErrUnavailable) {
		t.Errorf("Check on a full volume: %v; want ErrUnavailable", err)
	}
	// The reader gone, the checkpoint frees the log's room for the write.
	reader.Rollback()
	if err := s.RaiseBest(ctx, "2048:4x4", score); err != nil {
		t.Fatalf("raise once the log can be checkpointed: %v", err)
	}
	if !strings.Contains(logs.String(), "checkpointed the write-ahead log to free room") {
		t.Errorf("the log does not tell of the checkpoint:\n%s", logs.String())
	}
	if best, err := s.Best(ctx, "2048:4x4"); best != score || err != nil {
		t.Errorf("best %d, %v; want %d", best, err, score)
	}

	// New actions fill the volume for good: they fail, and resume once there
	// is room again.
	seq := 400
	for ; seq < 5000; seq++ {
		if err = act(seq); err != nil {
			break
		}
	}
	if !errors.Is(err, ErrUnavailable) || !strings.Contains(err.Error(), "full") {
		t.Fatalf("action %d on a full volume: %v; want ErrUnavailable saying the volume is full", seq, err)
	}
	if err := os.Remove(ballast); err != nil {
		t.Fatal(err)
	}
	for range 50 {
		if err := act(seq); err != nil {
			t.Fatalf("action %d once there is room: %v", seq, err)
		}
		seq++
	}
	if err := s.Check(ctx); err != nil {
		t.Errorf("Check once there is room: %v", err)
	}

	s.Close()
	s, err = Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	g, err := s.Game(ctx, "g")
	if err != nil || len(g.Actions) != seq {
		t.Fatalf("reopened: %d actions, %v; want the %d acknowledged", len(g.Actions), err, seq)
	}
	for i, a := range g.Actions {
		if want := fmt.Sprintf("move %d", i); a != want {
			t.Fatalf("action %d is %q, want %q", i, a, want)
		}
	}
	t.Logf("%d actions acknowledged; log:\n%s", seq, logs.String())
}
