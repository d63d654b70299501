package server_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http/httptest"
	"path/filepath"
	"testing"

	"github.com/gridgames/gridgames/internal/server"
	"github.com/gridgames/gridgames/internal/store"
)

// newTestServer serves the app over a fresh SQLite file.
func newTestServer(t testing.TB) (*httptest.Server, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "games.db")
	st, err := store.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(server.New(st, server.Options{}).Handler())
	t.Cleanup(func() {
		srv.Close()
		st.Close()
	})
	return srv, path
}

func decodeJSON(r io.Reader, v any) error { return json.NewDecoder(r).Decode(v) }
