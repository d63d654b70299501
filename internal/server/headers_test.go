package server_test

import (
	"strings"
	"testing"
)

// TestSecurityHeaders: pages, static files, API answers, errors and 405s all
// carry the policy headers, and the policy allows no inline script or style.
func TestSecurityHeaders(t *testing.T) {
	srv, _ := newTestServer(t)
	want := map[string]string{
		"X-Content-Type-Options":       "nosniff",
		"X-Frame-Options":              "DENY",
		"Referrer-Policy":              "no-referrer",
		"Cross-Origin-Opener-Policy":   "same-origin",
		"Cross-Origin-Resource-Policy": "same-origin",
	}
	for _, c := range []struct {
		method, path string
		status       int
	}{
		{"GET", "/", 200}, {"GET", "/2048", 200}, {"GET", "/othello", 200},
		{"GET", "/js/2048.js", 200}, {"GET", "/css/app.css", 200}, {"GET", "/favicon.svg", 200},
		{"GET", "/api/2048/leaderboard?rows=4&cols=4", 200}, {"POST", "/api/2048/games", 201},
		{"GET", "/healthz", 200}, {"GET", "/api/2048/games/nope", 404}, {"GET", "/nope", 404},
		{"POST", "/api/2048/leaderboard", 405}, {"POST", "/2048", 405},
	} {
		t.Run(c.method+" "+c.path, func(t *testing.T) {
			res, _ := rawRequest(t, srv, c.method, c.path)
			if res.StatusCode != c.status {
				t.Fatalf("status %d, want %d", res.StatusCode, c.status)
			}
			for k, v := range want {
				if got := res.Header.Get(k); got != v {
					t.Errorf("%s: %q, want %q", k, got, v)
				}
			}
			csp := res.Header.Get("Content-Security-Policy")
			directives := map[string]string{}
			for d := range strings.SplitSeq(csp, ";") {
				name, value, _ := strings.Cut(strings.TrimSpace(d), " ")
				directives[name] = value
			}
			for name, value := range map[string]string{
				"default-src": "'none'", "script-src": "'self'", "style-src": "'self'",
				"frame-ancestors": "'none'", "base-uri": "'none'",
			} {
				if directives[name] != value {
					t.Errorf("Content-Security-Policy %s is %q, want %q (policy %q)", name, directives[name], value, csp)
				}
			}
			if strings.Contains(csp, "unsafe") {
				t.Errorf("Content-Security-Policy allows something unsafe: %q", csp)
			}
		})
	}
}
