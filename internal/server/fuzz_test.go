package server_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	pathpkg "path"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gridgames/gridgames/internal/server"
	"github.com/gridgames/gridgames/internal/store"
)

// FuzzAPI sends arbitrary bodies to every endpoint that reads one: the server
// answers each with a JSON error or success it documents, never a 500 or a panic.
func FuzzAPI(f *testing.F) {
	for _, seed := range []struct{ path, body string }{
		{"/api/2048/games", `{"rows":3,"cols":5,"fourChance":0.5,"winTile":64,"seed":"1"}`},
		{"/api/2048/games", `{"rows":-1}`},
		{"/api/2048/games", `{"winTile":3}`},
		{"/api/2048/games/G/moves", `{"dir":"up"}`},
		{"/api/2048/games/G/moves", `{"dir":7}`},
		{"/api/2048/games/G/score", `{"name":"\u0000"}`},
		{"/api/othello/games", `{"size":6,"black":"level 3","white":"human"}`},
		{"/api/othello/games", `{"board":"XO-- ---- ---- ---- X","transcript":"zz"}`},
		{"/api/othello/games/O/moves", `{"square":"c4"}`},
		{"/api/othello/games/O/moves", `[]`},
	} {
		f.Add(seed.path, seed.body)
	}
	dir := f.TempDir()
	st, err := store.Open(context.Background(), filepath.Join(dir, "fuzz.db"))
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { st.Close() })
	h := server.New(st, server.Options{}).Handler()
	create := func(path, body string) (string, string) {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("POST", path, strings.NewReader(body)))
		var out struct {
			Token string `json:"token"`
			State struct {
				ID string `json:"id"`
			} `json:"state"`
		}
		decodeJSON(rec.Body, &out)
		return out.State.ID, out.Token
	}
	gid, gtok := create("/api/2048/games", `{"rows":3,"cols":3}`)
	oid, otok := create("/api/othello/games", `{"size":4,"white":"human"}`)
	allowed := map[int]bool{200: true, 201: true, 400: true, 403: true, 404: true, 409: true, 413: true}
	f.Fuzz(func(t *testing.T, path, body string) {
		if !strings.HasPrefix(path, "/api/") || strings.ContainsAny(path, " \t\r\n%?#") || pathpkg.Clean(path) != path {
			return // not a request path a client sends (the mux redirects unclean ones)
		}
		if u, err := url.ParseRequestURI(path); err != nil || u.Path != path {
			return // not a request path a client sends (the mux redirects unclean ones)
		}
		path = strings.ReplaceAll(strings.ReplaceAll(path, "/G/", "/"+gid+"/"), "/O/", "/"+oid+"/")
		req := httptest.NewRequest("POST", path, strings.NewReader(body))
		if strings.Contains(path, gid) {
			req.Header.Set("Authorization", "Bearer "+gtok)
		} else {
			req.Header.Set("Authorization", "Bearer "+otok)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if !allowed[rec.Code] && rec.Code != http.StatusMethodNotAllowed {
			t.Fatalf("POST %s %q: status %d: %s", path, body, rec.Code, rec.Body)
		}
		if ct := rec.Header().Get("Content-Type"); rec.Code != http.StatusMethodNotAllowed && !strings.HasPrefix(ct, "application/json") {
			t.Fatalf("POST %s: content type %q", path, ct)
		}
	})
}
