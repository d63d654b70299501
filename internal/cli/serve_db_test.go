package cli

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gridgames/gridgames/internal/store"
	"github.com/gridgames/gridgames/internal/store/sandbox"
)

// makeDB makes an SQLite database of one game of n actions at path, every page
// in the file.
func makeDB(t *testing.T, path string, n int) {
	t.Helper()
	ctx := context.Background()
	st, err := store.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if err := st.CreateGame(ctx, store.Game{ID: "g", Kind: "2048", TokenHash: []byte{1}, Params: []byte(`{}`)}); err != nil {
		t.Fatal(err)
	}
	for i := range n {
		if err := st.AppendAction(ctx, "g", i, fmt.Sprintf("move %d", i), store.Summary{}); err != nil {
			t.Fatal(err)
		}
	}
}

// checkRefused runs serve on db and wants exit status 2 and one line saying
// says. A serve that starts instead is stopped, and the test fails.
func checkRefused(t *testing.T, db, says string) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var errb lockedBuffer
	done := make(chan int, 1)
	go func() {
		done <- execute(ctx, []string{"serve", "--addr", "localhost:0", "--db", db}, strings.NewReader(""), &bytes.Buffer{}, &errb)
	}()
	var code int
	for waiting := true; waiting; {
		select {
		case code = <-done:
			waiting = false
		case <-time.After(10 * time.Millisecond):
			if servingURL.MatchString(errb.String()) {
				cancel()
				<-done
				t.Fatalf("serve started on %s instead of refusing it: %s", db, errb.String())
			}
		}
	}
	errOut := errb.String()
	if code != exitBadInput || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, "--db "+db+": ") || !strings.Contains(errOut, says) {
		t.Fatalf("code %d, stderr %q; want %d and one line naming --db and saying %q", code, errOut, exitBadInput, says)
	}
}

// A database file that cannot be written is refused at the start, with one
// line and status 2, as a directory that cannot be written already was: before,
// the server started, said it was healthy, and answered every move with 500.
func TestServeRefusesReadOnlyDatabase(t *testing.T) {
	if !sandbox.Unprivileged(t) {
		return
	}
	for _, tc := range []struct {
		name string
		mode func(t *testing.T, path string) // makes path (or its directory) read-only
		says string
	}{
		{"read-only file", func(t *testing.T, path string) {
			if err := os.Chmod(path, 0o444); err != nil {
				t.Fatal(err)
			}
		}, "read-only database: " + "%s cannot be written"},
		{"read-only directory", func(t *testing.T, path string) {
			if err := os.Chmod(filepath.Dir(path), 0o555); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { os.Chmod(filepath.Dir(path), 0o755) })
		}, "read-only database: its directory"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "games.db")
			makeDB(t, path, 1)
			tc.mode(t, path)
			checkRefused(t, path, strings.ReplaceAll(tc.says, "%s", path))
		})
	}
}

// A database whose pages are damaged is refused at the start (its integrity
// check fails): before, the server started and served games with moves
// missing.
func TestServeRefusesCorruptDatabase(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games.db")
	makeDB(t, path, 400)
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	// The last page but one: a page of the game's actions.
	if _, err := f.WriteAt(bytes.Repeat([]byte{0x5a, 0, 0xff, 0x13}, 1024), fi.Size()-2*4096); err != nil {
		t.Fatal(err)
	}
	f.Close()
	checkRefused(t, path, "corrupt")
}
