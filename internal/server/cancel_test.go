package server_test

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gridgames/gridgames/internal/server"
)

// syncBuffer is a log sink that the server's goroutines write to while the test reads.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestClientGoneStopsSearch starts a search that only cancellation can end (a
// budget of an hour, or the strongest level), drops the request after about
// 50 ms and checks that the one engine slot is free again at once (a following
// computer move answers) and that the cancellation is not logged as an error.
func TestClientGoneStopsSearch(t *testing.T) {
	tests := []struct {
		name, create, path string
		write              bool
	}{
		{"analysis", `{"size":8}`, "/analyze", false},
		{"computer move at the strongest level", `{"size":8,"black":"10"}`, "/engine", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			logs := &syncBuffer{}
			log := slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
			srv := serve(t, openStore(t), server.Options{Logger: log, AnalyzeTime: time.Hour, AIWorkers: 1})
			id, token, _ := create(t, srv, "othello", tc.create)

			ctx, cancel := context.WithCancel(context.Background())
			time.AfterFunc(50*time.Millisecond, cancel)
			req, _ := http.NewRequestWithContext(ctx, "POST", srv.URL+"/api/othello/games/"+id+tc.path, nil)
			if tc.write {
				req.Header.Set("Authorization", "Bearer "+token)
			}
			res, err := srv.Client().Do(req)
			if err == nil {
				res.Body.Close()
				t.Fatalf("the search answered %d before it was cancelled", res.StatusCode)
			}
			if !errors.Is(err, context.Canceled) {
				t.Fatal(err)
			}

			// The only engine slot must be free again: a level-1 move needs it.
			next, nextToken, _ := create(t, srv, "othello", `{"size":8,"black":"1"}`)
			ctx2, cancel2 := context.WithTimeout(context.Background(), 2*time.Second)
			defer cancel2()
			req, _ = http.NewRequestWithContext(ctx2, "POST", srv.URL+"/api/othello/games/"+next+"/engine", nil)
			req.Header.Set("Authorization", "Bearer "+nextToken)
			res, err = srv.Client().Do(req)
			if err != nil {
				t.Fatalf("the engine slot was not freed within 2 s of the cancellation: %v", err)
			}
			res.Body.Close()
			if res.StatusCode != http.StatusOK {
				t.Fatalf("computer move after the cancellation: %d", res.StatusCode)
			}

			// Once the cancelled request has finished, nothing was logged as an error.
			done := "path=/api/othello/games/" + id + tc.path
			for deadline := time.Now().Add(2 * time.Second); !strings.Contains(logs.String(), done); {
				if time.Now().After(deadline) {
					t.Fatalf("the cancelled request did not finish within 2 s; log:\n%s", logs)
				}
				time.Sleep(10 * time.Millisecond)
			}
			if out := logs.String(); strings.Contains(out, "level=ERROR") {
				t.Fatalf("a cancelled request was logged as an error:\n%s", out)
			}
		})
	}
}
