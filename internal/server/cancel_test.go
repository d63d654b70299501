package server_test

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptrace"
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

// hangGuard bounds the waits of TestClientGoneStopsSearch: not a measure of
// speed (a search stopped by its cancellation ends in milliseconds, under the
// race detector too) but the point past which the search is taken to have
// ignored it and run on toward its hour.
const hangGuard = time.Minute

// TestClientGoneStopsSearch starts a search that only cancellation can end (a
// budget of an hour, or the strongest level), drops the request about 50 ms
// after sending it and checks what follows in order, not against the clock:
// the cancelled request finishes, then a computer move, which needs the only
// engine slot, is answered, and the cancellation was not logged as an error.
func TestClientGoneStopsSearch(t *testing.T) {
	tests := []struct {
		name, create, path string
		write              bool
	}{
		// Positions out of the opening book, so the engine searches; the
		// strongest level's move from 34 empties takes long enough to be cut
		// off (from 55 empties, a level 10 search that cut more answered in
		// 40 ms on an idle core).
		{"analysis", `{"size":8,"transcript":"f5f4e3f6d3"}`, "/analyze", false},
		{"computer move at the strongest level", `{"size":8,"black":"10","transcript":"e6f4g3d6e3f6c4f3f2g4h5c3c6c5f5g5d7e7c7d8c8h4h3g6e8d2f7h6h7f1"}`, "/engine", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			logs := &syncBuffer{}
			log := slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
			srv := serve(t, openStore(t), server.Options{Logger: log, AnalyzeTime: time.Hour, AIWorkers: 1})
			id, token, _ := create(t, srv, "othello", tc.create)

			ctx, cancel := context.WithCancel(context.Background())
			trace := &httptrace.ClientTrace{WroteRequest: func(httptrace.WroteRequestInfo) {
				time.AfterFunc(50*time.Millisecond, cancel) // when to hang up, not a bound
			}}
			req, _ := http.NewRequestWithContext(httptrace.WithClientTrace(ctx, trace), "POST",
				srv.URL+"/api/othello/games/"+id+tc.path, nil)
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

			// First: the cancelled request finishes (its line is logged once it has).
			done := "path=/api/othello/games/" + id + tc.path
			for guard := time.Now().Add(hangGuard); !strings.Contains(logs.String(), done); time.Sleep(10 * time.Millisecond) {
				if time.Now().After(guard) {
					t.Fatalf("the cancelled request still runs after %v: its search ignored the cancellation; log:\n%s", hangGuard, logs)
				}
			}

			// Then: the only engine slot is free, so a level-1 move is answered.
			next, nextToken, _ := create(t, srv, "othello", `{"size":8,"black":"1"}`)
			ctx2, cancel2 := context.WithTimeout(context.Background(), hangGuard)
			defer cancel2()
			req, _ = http.NewRequestWithContext(ctx2, "POST", srv.URL+"/api/othello/games/"+next+"/engine", nil)
			req.Header.Set("Authorization", "Bearer "+nextToken)
			res, err = srv.Client().Do(req)
			if err != nil {
				t.Fatalf("the computer move after the cancellation did not answer: the engine slot stayed taken: %v", err)
			}
			res.Body.Close()
			if res.StatusCode != http.StatusOK {
				t.Fatalf("computer move after the cancellation: %d", res.StatusCode)
			}

			if out := logs.String(); strings.Contains(out, "level=ERROR") {
				t.Fatalf("a cancelled request was logged as an error:\n%s", out)
			}
		})
	}
}
