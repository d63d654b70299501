package tui

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gridgames/gridgames/game2048"
)

// recordingScores is a Scores fake that records its calls.
type recordingScores struct {
	mu    sync.Mutex
	best  map[string]int64
	calls []string
}

func (s *recordingScores) Best(_ context.Context, key string) (int64, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.calls = append(s.calls, "Best "+key)
	return s.best[key], nil
}

func (s *recordingScores) RaiseBest(_ context.Context, key string, score int64) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.calls = append(s.calls, "RaiseBest "+key)
	s.best[key] = max(s.best[key], score)
	return nil
}

func (s *recordingScores) count() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.calls)
}

// Test2048ScoresOnlyInCommands: neither New2048 nor Update reads or writes the
// best scores; the commands they return do, and their messages bring the best
// score to the screen.
func Test2048ScoresOnlyInCommands(t *testing.T) {
	sc := &recordingScores{best: map[string]int64{"2048:4x4": 123456}}
	m, err := New2048(Options2048{Rules: game2048.DefaultRules(), Seed: 3, HasSeed: true, NoColor: true,
		Scores: sc, SlideTime: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	send(t, m, press("?"))
	send(t, m, press("x"))
	if n := sc.count(); n != 0 {
		t.Fatalf("New2048 or Update called Scores %d times: %v", n, sc.calls)
	}
	drain(t, m, m.Init())
	if n := sc.count(); n != 1 || !strings.Contains(m.Render(), "Best 123456") {
		t.Fatalf("after Init's command: calls %v, view:\n%s", sc.calls, m.Render())
	}

	// A new best score is written by a command too.
	sc.best["2048:4x4"] = 0
	m.best = 0
	for i := 0; i < 50 && m.game.Score() == 0; i++ {
		before := sc.count()
		cmd := send(t, m, press(firstMove(m)))
		if sc.count() != before {
			t.Fatalf("Update called Scores: %v", sc.calls)
		}
		drain(t, m, cmd)
	}
	if sc.best["2048:4x4"] != m.game.Score() || m.game.Score() == 0 {
		t.Fatalf("stored best %d, score %d; calls %v", sc.best["2048:4x4"], m.game.Score(), sc.calls)
	}

	// A new game reads the best score again, in a command.
	before := sc.count()
	send(t, m, press("n"))
	cmd := send(t, m, press("y"))
	if sc.count() != before || cmd == nil {
		t.Fatalf("new game: Update called Scores (%v) or asked for no read", sc.calls)
	}
	drain(t, m, cmd)
	if sc.count() != before+1 {
		t.Fatalf("new game: calls %v", sc.calls)
	}
}
