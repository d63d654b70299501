package server_test

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/gridgames/gridgames/internal/server"
	"github.com/gridgames/gridgames/internal/store"
	"github.com/gridgames/gridgames/internal/store/pgtest"
)

// brokenStore is a store and the means to make it unavailable and (when
// restore is not nil) available again.
type brokenStore struct {
	st              store.Store
	break_, restore func(t *testing.T)
	says            string // in /healthz's error
}

// pgRefuse makes the PostgreSQL database at dbURL refuse connections (on) and
// ends those open, or lets it take them again.
func pgRefuse(t *testing.T, dbURL string, on bool) {
	t.Helper()
	ctx := context.Background()
	u, err := url.Parse(dbURL)
	if err != nil {
		t.Fatal(err)
	}
	name := strings.TrimPrefix(u.Path, "/")
	u.Path = "/postgres" // a database may not refuse connections to itself
	admin, err := pgx.Connect(ctx, u.String())
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close(ctx)
	if _, err := admin.Exec(ctx, fmt.Sprintf(`ALTER DATABASE %q ALLOW_CONNECTIONS %v`, name, !on)); err != nil {
		t.Fatal(err)
	}
	if on {
		if _, err := admin.Exec(ctx, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1`, name); err != nil {
			t.Fatal(err)
		}
	}
}

// TestStoreUnavailable: a store that cannot keep moves (its SQLite file deleted
// or moved away while serving, its PostgreSQL database refusing connections)
// answers moves with 503, never 200 (before, a deleted file took the moves,
// answered 200, and lost them all at the restart), logs it once, and /healthz
// says why; when the store is back, so are the moves and the health.
func TestStoreUnavailable(t *testing.T) {
	sqliteIn := func(t *testing.T) (store.Store, string) {
		dir := filepath.Join(t.TempDir(), "data")
		if err := os.Mkdir(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		st, err := store.Open(context.Background(), filepath.Join(dir, "games.db"))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		return st, dir
	}
	for _, tc := range []struct {
		name string
		make func(t *testing.T) brokenStore
	}{
		{"sqlite directory deleted", func(t *testing.T) brokenStore {
			st, dir := sqliteIn(t)
			return brokenStore{st: st, says: "is gone", break_: func(t *testing.T) {
				if err := os.RemoveAll(dir); err != nil {
					t.Fatal(err)
				}
			}}
		}},
		{"sqlite directory moved away and back", func(t *testing.T) brokenStore {
			st, dir := sqliteIn(t)
			move := func(from, to string) func(t *testing.T) {
				return func(t *testing.T) {
					if err := os.Rename(from, to); err != nil {
						t.Fatal(err)
					}
				}
			}
			return brokenStore{st: st, says: "is gone", break_: move(dir, dir+".away"), restore: move(dir+".away", dir)}
		}},
		{"postgres refusing connections", func(t *testing.T) brokenStore {
			dbURL := pgtest.URL(t)
			st, err := store.OpenPostgres(context.Background(), dbURL)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { st.Close() })
			t.Cleanup(func() { pgRefuse(t, dbURL, false) })
			return brokenStore{st: st, says: "does not answer",
				break_:  func(t *testing.T) { pgRefuse(t, dbURL, true) },
				restore: func(t *testing.T) { pgRefuse(t, dbURL, false) }}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := tc.make(t)
			logs := &syncBuffer{}
			srv := serve(t, b.st, server.Options{Logger: slog.New(slog.NewTextHandler(logs, nil))})
			id, token, _ := create(t, srv, "2048", `{"seed":"7"}`)
			move := func(dir string) (int, map[string]any) {
				return call(t, srv, "POST", "/api/2048/games/"+id+"/moves", token, `{"dir":"`+dir+`"}`)
			}
			if code, out := move("left"); code != http.StatusOK {
				t.Fatalf("move before: %d %v", code, out)
			}
			if code, out := call(t, srv, "GET", "/healthz", "", ""); code != http.StatusOK || out["status"] != "ok" {
				t.Fatalf("/healthz before: %d %v", code, out)
			}

			b.break_(t)
			for _, dir := range []string{"right", "up", "down"} {
				if code, out := move(dir); code != http.StatusServiceUnavailable || !strings.Contains(fmt.Sprint(out["error"]), "unavailable") {
					t.Errorf("move %s with the store unavailable: %d %v; want 503", dir, code, out)
				}
			}
			if n := strings.Count(logs.String(), `level=ERROR msg="store unavailable`); n != 1 {
				t.Errorf("%d error lines for three moves refused, want one:\n%s", n, logs)
			}
			code, out := call(t, srv, "GET", "/healthz", "", "")
			if code != http.StatusServiceUnavailable || out["status"] != "unavailable" || !strings.Contains(fmt.Sprint(out["error"]), b.says) {
				t.Errorf("/healthz with the store unavailable: %d %v; want 503 saying %q", code, out, b.says)
			}
			if b.restore == nil {
				return
			}

			b.restore(t)
			if code, out := move("right"); code != http.StatusOK {
				t.Errorf("move once the store is back: %d %v", code, out)
			}
			if code, out := call(t, srv, "GET", "/healthz", "", ""); code != http.StatusOK {
				t.Errorf("/healthz once the store is back: %d %v", code, out)
			}
			if !strings.Contains(logs.String(), "store available again") {
				t.Errorf("the log does not say the store is back:\n%s", logs)
			}
		})
	}
}

// TestHealthzNoticesLock: while another process holds the database's write
// lock, /healthz answers 503 saying so (before, "ok" while every write waited
// and failed), and games are still read; once the lock is released, "ok".
func TestHealthzNoticesLock(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games.db")
	st, err := store.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	srv := serve(t, st, server.Options{})
	id, _, _ := create(t, srv, "2048", `{"seed":"7"}`)

	other, err := sql.Open("sqlite", path) // another process's connection
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	ctx := context.Background()
	conn, err := other.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, "BEGIN IMMEDIATE"); err != nil {
		t.Fatal(err)
	}
	code, out := call(t, srv, "GET", "/healthz", "", "")
	if code != http.StatusServiceUnavailable || !strings.Contains(fmt.Sprint(out["error"]), "locked") {
		t.Errorf("/healthz with the write lock held elsewhere: %d %v; want 503 saying locked", code, out)
	}
	if code, out := call(t, srv, "GET", "/api/2048/games/"+id, "", ""); code != http.StatusOK {
		t.Errorf("reading a game with the write lock held elsewhere: %d %v", code, out)
	}
	if _, err := conn.ExecContext(ctx, "ROLLBACK"); err != nil {
		t.Fatal(err)
	}
	if code, out := call(t, srv, "GET", "/healthz", "", ""); code != http.StatusOK {
		t.Errorf("/healthz once the lock is released: %d %v", code, out)
	}
}
