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
	"github.com/gridgames/gridgames/othello"
	"github.com/gridgames/gridgames/othello/engine"
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

// offTable6 is a 6x6 game whose last position, Black to move, is not in the
// Perfect player's opening table (Black's second move is not the table's).
const offTable6 = "c2b2e4c1"

// TestClientGoneStopsSearch starts a search that only cancellation can end (a
// budget of an hour, or a Perfect move's exact solve of seconds), drops the request about 50 ms
// after sending it and checks what follows in order, not against the clock:
// the cancelled request finishes, then a computer move, which needs the only
// engine slot, is answered, and the cancellation was not logged as an error.
func TestClientGoneStopsSearch(t *testing.T) {
	tests := []struct {
		name, create, path string
		write              bool
	}{
		// A position out of the opening book, so the engine searches until the
		// hour of AnalyzeTime or its cancellation.
		{"analysis", `{"size":8,"transcript":"f5f4e3f6d3"}`, "/analyze", false},
		// The Perfect player's move from a 6x6 position of 28 empties that its
		// opening table does not hold (checked below), so it solves it: seconds
		// on one worker (5.7 s here), where a level's move, depth-bound, can end
		// within the 50 ms (level 10 from 34 empties did).
		{"perfect move off the opening table", `{"size":6,"black":"perfect","transcript":"` + offTable6 + `"}`, "/engine", true},
	}
	g, err := othello.NewGame(othello.WithSize(6), othello.WithTranscript(offTable6))
	if err != nil {
		t.Fatal(err)
	}
	if _, _, ok := engine.DefaultOpening(6).Lookup(g.Position()); ok {
		t.Fatalf("%s is in the 6x6 opening table, so Perfect would answer at once: choose a position off it", offTable6)
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
