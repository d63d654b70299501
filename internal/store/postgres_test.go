package store

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gridgames/gridgames/internal/store/pgtest"
	"github.com/jackc/pgx/v5"
)

// TestPostgres runs the Store suite on databases of the test PostgreSQL server; a
// second handle on a database is another server instance sharing it.
func TestPostgres(t *testing.T) {
	testStore(t, func(t *testing.T) func() (Store, error) {
		url := pgtest.URL(t)
		return func() (Store, error) { return OpenPostgres(context.Background(), url) }
	})
}

func TestIsPostgresURL(t *testing.T) {
	for _, tc := range []struct {
		db   string
		want bool
	}{
		{"postgres://user@host/db", true},
		{"postgresql://host:5432/db?sslmode=disable", true},
		{"postgres:///db?host=/tmp", true},
		{"games.db", false},
		{"/var/lib/gridgames/postgres://x", false},
		{"POSTGRES://host/db", false}, // an SQLite file name, however odd
		{"sqlite://x", false},
		{"", false},
	} {
		if got := IsPostgresURL(tc.db); got != tc.want {
			t.Errorf("IsPostgresURL(%q) = %v, want %v", tc.db, got, tc.want)
		}
	}
}

// OpenPostgres names a URL it cannot read (without its password) and gives up
// quickly on a server that is not there. No server is needed.
func TestOpenPostgresRefuses(t *testing.T) {
	for _, tc := range []struct {
		name, url string
		want      error  // nil: any error
		says      string // in the message
	}{
		{"bad port", "postgres://gg:secret@localhost:port/db", ErrBadURL, "invalid port"},
		{"bad sslmode", "postgres://gg:secret@localhost/db?sslmode=sometimes", ErrBadURL, "sslmode"},
		{"bad host", "postgresql://gg:secret@[::1/db", ErrBadURL, ""},
		{"no server on the socket", "postgres://gg:secret@/db?host=" + t.TempDir(), nil, "connect"},
		{"no server on the port", "postgres://gg:secret@127.0.0.1:1/db?sslmode=disable", nil, "connect"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			start := time.Now()
			s, err := OpenPostgres(ctx, tc.url)
			if err == nil {
				s.Close()
				t.Fatal("no error")
			}
			if tc.want != nil && !errors.Is(err, tc.want) {
				t.Errorf("error %v, want %v", err, tc.want)
			}
			if msg := err.Error(); !strings.Contains(msg, tc.says) || strings.Contains(msg, "secret") || strings.Contains(msg, "\n") {
				t.Errorf("message %q: want one line saying %q, without the password", msg, tc.says)
			}
			if d := time.Since(start); d > 15*time.Second {
				t.Errorf("took %v", d)
			}
		})
	}
}

// Instances started together migrate one database once, without errors, and a
// database written by a newer program is refused.
func TestPostgresMigrations(t *testing.T) {
	url := pgtest.URL(t)
	ctx := context.Background()
	var wg sync.WaitGroup
	stores := make([]*Postgres, 4)
	errs := make([]error, len(stores))
	for i := range stores {
		wg.Go(func() { stores[i], errs[i] = OpenPostgres(ctx, url) })
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("instance %d: %v", i, err)
		}
		defer stores[i].Close()
	}
	var version, rows int
	if err := stores[0].pool.QueryRow(ctx, `SELECT max(version), count(*) FROM gridgames_schema`).Scan(&version, &rows); err != nil {
		t.Fatal(err)
	}
	if version != len(pgMigrations) || rows != 1 {
		t.Fatalf("schema version %d in %d rows, want %d in 1", version, rows, len(pgMigrations))
	}
	if _, err := stores[0].pool.Exec(ctx, `UPDATE gridgames_schema SET version = 99`); err != nil {
		t.Fatal(err)
	}
	if s, err := OpenPostgres(ctx, url); err == nil || !strings.Contains(err.Error(), "newer") {
		if s != nil {
			s.Close()
		}
		t.Fatalf("OpenPostgres of a newer schema: %v, want an error saying it is newer", err)
	}
}

// A database of schema 1 (before players and ranked games) opens, and its games
// load as they were.
func TestPostgresMigratesV1(t *testing.T) {
	url := pgtest.URL(t)
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		`CREATE TABLE gridgames_schema (version INTEGER NOT NULL)`,
		`INSERT INTO gridgames_schema (version) VALUES (1)`,
		pgMigrations[0],
		fmt.Sprintf(v1Rows, "now()", "now()", "now()"),
	} {
		if _, err := conn.Exec(ctx, q); err != nil {
			conn.Close(ctx)
			t.Fatal(err)
		}
	}
	conn.Close(ctx)
	s, err := OpenPostgres(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	testMigrateV1(t, s)
}

// A database that stops answering (here: connections refused and those open
// ended, as when its server restarts) makes reads and writes fail with
// ErrUnavailable (a 503 from the server) and Check report it; once it answers
// again the store goes on.
func TestPostgresUnavailable(t *testing.T) {
	dbURL := pgtest.URL(t)
	ctx := context.Background()
	u, err := url.Parse(dbURL)
	if err != nil {
		t.Fatal(err)
	}
	name := strings.TrimPrefix(u.Path, "/")
	s, err := OpenPostgres(ctx, dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.CreateGame(ctx, newGame("g")); err != nil {
		t.Fatal(err)
	}
	if err := s.Check(ctx); err != nil {
		t.Fatalf("Check: %v", err)
	}
	adminURL := *u
	adminURL.Path = "/postgres" // a database may not refuse connections to itself
	admin, err := pgx.Connect(ctx, adminURL.String())
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close(ctx)
	allow := func(on bool) {
		t.Helper()
		if _, err := admin.Exec(ctx, fmt.Sprintf(`ALTER DATABASE %q ALLOW_CONNECTIONS %v`, name, on)); err != nil {
			t.Fatal(err)
		}
	}
	allow(false)
	defer allow(true)
	if _, err := admin.Exec(ctx, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, name); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		do   func() error
	}{
		{"append", func() error { return s.AppendAction(ctx, "g", 0, "L", Summary{}) }},
		{"game", func() error { _, err := s.Game(ctx, "g"); return err }},
		{"create", func() error { return s.CreateGame(ctx, newGame("g2")) }},
		{"check", func() error { return s.Check(ctx) }},
	} {
		if err := tc.do(); !errors.Is(err, ErrUnavailable) {
			t.Errorf("%s with the database refusing connections: %v; want ErrUnavailable", tc.name, err)
		}
	}
	allow(true)
	if err := s.AppendAction(ctx, "g", 0, "L", Summary{}); err != nil {
		t.Errorf("append once the database answers again: %v", err)
	}
	if err := s.Check(ctx); err != nil {
		t.Errorf("Check once the database answers again: %v", err)
	}
}
