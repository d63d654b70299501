package server_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// rawRequest makes a request with the given headers, without the Go client's own
// gzip handling, and returns the answer and its body as sent.
func rawRequest(t *testing.T, srv *httptest.Server, method, path string, hdr ...string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, srv.URL+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	client := &http.Client{
		Transport:     &http.Transport{DisableCompression: true},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
	res, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res, body
}

// TestMethodNotAllowed: a known path asked with a method it does not take
// answers 405 with the methods it does take in Allow (JSON under /api/), an
// unknown path 404 whatever the method, and HEAD works wherever GET does.
func TestMethodNotAllowed(t *testing.T) {
	srv, _ := newTestServer(t)
	const get, post = "GET, HEAD", "POST"
	routes := []struct{ path, allow string }{
		{"/", get}, {"/2048", get}, {"/othello", get},
		{"/js/2048.js", get}, {"/css/app.css", get}, {"/favicon.svg", get}, {"/healthz", get},
		{"/api/2048/games", post},
		{"/api/2048/games/ID", get},
		{"/api/2048/games/ID/moves", post},
		{"/api/2048/games/ID/undo", post},
		{"/api/2048/games/ID/hint", post},
		{"/api/2048/games/ID/auto", post},
		{"/api/2048/games/ID/score", post},
		{"/api/2048/leaderboard", get},
		{"/api/othello/games", post},
		{"/api/othello/games/ID", get},
		{"/api/othello/games/ID/moves", post},
		{"/api/othello/games/ID/engine", post},
		{"/api/othello/games/ID/undo", post},
		{"/api/othello/games/ID/redo", post},
		{"/api/othello/games/ID/analyze", post},
		{"/api/othello/games/ID/seats", post},
		{"/api/othello/games/ID/evaluations", get},
	}
	for _, r := range routes {
		for _, method := range []string{"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"} {
			if strings.Contains(r.allow, method) {
				continue
			}
			t.Run(method+" "+r.path, func(t *testing.T) {
				res, body := rawRequest(t, srv, method, r.path)
				if res.StatusCode != 405 || res.Header.Get("Allow") != r.allow {
					t.Fatalf("status %d, Allow %q; want 405, Allow %q: %.200s", res.StatusCode, res.Header.Get("Allow"), r.allow, body)
				}
				if strings.HasPrefix(r.path, "/api/") && method != "HEAD" {
					var e struct{ Error string }
					if err := json.Unmarshal(body, &e); err != nil || !strings.Contains(e.Error, "not allowed") {
						t.Errorf("body %q, want a JSON error saying the method is not allowed", body)
					}
				}
			})
		}
	}
	for _, c := range []struct {
		method, path string
		want         int
	}{
		{"POST", "/api/nope", 404}, {"GET", "/api/2048/games/ID/nope", 404}, {"DELETE", "/api/2048", 404},
		{"POST", "/nope", 404}, {"PUT", "/js/nope.js", 404},
		{"HEAD", "/", 200}, {"HEAD", "/js/api.js", 200}, {"HEAD", "/healthz", 200},
		{"HEAD", "/api/2048/leaderboard?rows=4&cols=4", 200}, {"HEAD", "/api/2048/games/ID", 404},
	} {
		t.Run(c.method+" "+c.path, func(t *testing.T) {
			res, body := rawRequest(t, srv, c.method, c.path)
			if res.StatusCode != c.want {
				t.Fatalf("status %d, want %d: %.200s", res.StatusCode, c.want, body)
			}
			if c.method == "HEAD" && len(body) != 0 {
				t.Errorf("HEAD answered %d body bytes", len(body))
			}
			if c.want == 404 && res.Header.Get("Allow") != "" {
				t.Errorf("404 with Allow %q", res.Header.Get("Allow"))
			}
		})
	}
}
