package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"os"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gridgames/gridgames/internal/store"
	"github.com/gridgames/gridgames/internal/store/pgtest"
)

// TestMain stops the PostgreSQL server the tests may have started.
func TestMain(m *testing.M) { os.Exit(pgtest.Run(m)) }

func TestRedactURL(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"postgres://gg:secret@db.example:5432/games", "postgres://gg:xxxxx@db.example:5432/games"},
		{"postgresql://gg@localhost/games?sslmode=disable", "postgresql://gg@localhost/games?sslmode=disable"},
		{"postgres://localhost/games?password=secret&sslmode=disable", "postgres://localhost/games?password=xxxxx&sslmode=disable"},
		{"postgres://gg:secret@[::1/games?password=secret", "postgres://xxxxx@[::1/games"},
	} {
		if got := redactURL(tc.in); got != tc.want {
			t.Errorf("redactURL(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// A --db URL that cannot be read, or whose server cannot be reached, is bad
// input: exit 2 and one line naming --db, without the password.
func TestServeRefusesBadPostgres(t *testing.T) {
	for _, tc := range []struct {
		name, db, says string
	}{
		{"bad port", "postgres://gg:secret@localhost:port/games", "--db postgres://xxxxx@localhost:port/games: not a valid PostgreSQL URL: invalid port"},
		{"bad sslmode", "postgresql://gg:secret@localhost/games?sslmode=sometimes", "sslmode"},
		{"unreachable port", "postgres://gg:secret@127.0.0.1:1/games?sslmode=disable", "--db postgres://gg:xxxxx@127.0.0.1:1/games?sslmode=disable: PostgreSQL: failed to connect"},
		{"no server on the socket", "postgres://gg@/games?host=" + t.TempDir(), "failed to connect"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, errOut, code := run(t, "", "serve", "--addr", "localhost:0", "--db", tc.db)
			if code != exitBadInput || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, tc.says) || strings.Contains(errOut, "secret") {
				t.Fatalf("code %d, stderr %q; want %d and one line saying %q", code, errOut, exitBadInput, tc.says)
			}
		})
	}
}

// lockedBuffer is stderr that the serving command writes while the test reads.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

var servingURL = regexp.MustCompile(`gridgames is serving" url=(http://\S+) db=("[^"]*"|\S+)`)

// startServe runs serve with args until the test ends and returns its URL and the
// database it logged.
func startServe(t *testing.T, args ...string) (string, string) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	var errb lockedBuffer
	done := make(chan int, 1)
	go func() {
		done <- execute(ctx, append([]string{"serve"}, args...), strings.NewReader(""), &bytes.Buffer{}, &errb)
	}()
	t.Cleanup(func() {
		cancel()
		if code := <-done; code != 0 {
			t.Errorf("serve exited %d: %s", code, errb.String())
		}
	})
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if m := servingURL.FindStringSubmatch(errb.String()); m != nil {
			if db, err := strconv.Unquote(m[2]); err == nil {
				return m[1], db
			}
			return m[1], m[2]
		}
		select {
		case code := <-done:
			done <- code
			t.Fatalf("serve exited %d: %s", code, errb.String())
		default:
		}
	}
	t.Fatalf("serve did not start: %s", errb.String())
	return "", ""
}

// post sends a JSON request to a server and decodes its answer.
func post(t *testing.T, method, url, token, body string) (int, map[string]any) {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var out map[string]any
	if err := json.NewDecoder(res.Body).Decode(&out); err != nil {
		t.Fatal(err)
	}
	return res.StatusCode, out
}

// Two serve commands on one PostgreSQL database share its games: a game made on
// one is played on both, each showing the other's moves.
func TestServePostgres(t *testing.T) {
	db := pgtest.URL(t)
	a, logged := startServe(t, "--addr", "localhost:0", "--db", db)
	b, _ := startServe(t, "--addr", "localhost:0", "--db", db)
	if logged != db {
		t.Errorf("logged db=%s, want %s", logged, db)
	}
	code, out := post(t, "POST", a+"/api/othello/games", "", `{"size":8}`)
	if code != http.StatusCreated {
		t.Fatalf("create: %d %v", code, out)
	}
	token := out["token"].(string)
	game := "/api/othello/games/" + out["state"].(map[string]any)["id"].(string)
	for i, sq := range []string{"f5", "f6", "e6", "f4"} {
		srv := []string{a, b}[i%2]
		if code, out := post(t, "POST", srv+game+"/moves", token, `{"square":"`+sq+`"}`); code != http.StatusOK {
			t.Fatalf("move %s on instance %d: %d %v", sq, i%2, code, out)
		}
		for j, srv := range []string{a, b} {
			_, out := post(t, "GET", srv+game, "", "")
			if tr := out["state"].(map[string]any)["transcript"]; !strings.HasSuffix(tr.(string), sq) {
				t.Errorf("after %s, instance %d shows transcript %v", sq, j, tr)
			}
		}
	}
	ctx := context.Background()
	st, err := store.OpenPostgres(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	n, _, err := st.ActionsFrom(ctx, strings.TrimPrefix(game, "/api/othello/games/"), 0)
	if err != nil || n != 4 {
		t.Errorf("stored %d actions, %v; want 4", n, err)
	}
}

// A database that does not exist on a server that answers is bad input too.
func TestServeMissingPostgresDatabase(t *testing.T) {
	db := strings.Replace(pgtest.URL(t), "/test_", "/missing_", 1)
	_, errOut, code := run(t, "", "serve", "--addr", "localhost:0", "--db", db)
	if code != exitBadInput || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, "--db ") || !strings.Contains(errOut, "does not exist") {
		t.Fatalf("code %d, stderr %q", code, errOut)
	}
}
