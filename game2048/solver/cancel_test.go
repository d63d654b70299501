package solver

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/gridgames/gridgames/game2048"
)

// cancelBound is how soon a cancelled search must return. The searches poll
// every few thousand nodes (well under a millisecond); the bound is loose so that
// a loaded machine (the tests of other packages run beside these) cannot fail it,
// and still far below the hours the uncancelled searches would take.
const cancelBound = 500 * time.Millisecond

// A search stops within cancelBound of its context ending, on the 4x4 fast path and on
// the general board, and still names a direction that moves.
func TestBestMoveCancelled(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name  string
		board string
		opt   Options
	}{
		{"4x4 depth", "2,4,8,16/32,64,128,256/0,0,0,0/0,0,0,0", Options{Depth: 12, Cutoff: 1e-12, Workers: 2}},
		{"4x4 time", "2,4,8,16/32,64,128,256/0,0,0,0/0,0,0,0", Options{Time: time.Hour, Cutoff: 1e-12, Workers: 2}},
		{"6x6 depth", "2,4,8,16,32,64/0,0,0,0,0,0/0,0,0,0,0,0/0,0,0,0,0,0/0,0,0,0,0,0/0,0,0,0,0,2", Options{Depth: 12, Cutoff: 1e-12, Workers: 2}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			Warm() // reading the built-in network is not the search, and takes its second
			b := mustBoard(t, tc.board)
			s := New(tc.opt)
			ctx, cancel := context.WithCancel(t.Context())
			var cancelled time.Time
			time.AfterFunc(200*time.Millisecond, func() { cancelled = time.Now(); cancel() })
			a, err := s.BestMove(ctx, b, 0.1)
			if took := time.Since(cancelled); took > cancelBound {
				t.Errorf("returned %v after the cancel, want within %v", took, cancelBound)
			}
			if !errors.Is(err, context.Canceled) {
				t.Fatalf("err %v, want context.Canceled", err)
			}
			if !b.CanMove(a.Best) {
				t.Fatalf("best %v does not move the board", a.Best)
			}
		})
	}
}

// Play stops with the context too, and its figures describe the game so far.
func TestPlayCancelled(t *testing.T) {
	t.Parallel()
	g, err := game2048.NewGame(game2048.WithSize(5, 5), game2048.WithSeed(3))
	if err != nil {
		t.Fatal(err)
	}
	s := New(Options{Depth: 2, Workers: 1, TableBits: 14})
	ctx, cancel := context.WithTimeout(t.Context(), 300*time.Millisecond)
	defer cancel()
	st, err := s.Play(ctx, g, nil)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err %v, want DeadlineExceeded", err)
	}
	if st.Moves == 0 || st.Moves != g.MoveCount() || st.Score != g.Score() || g.Over() {
		t.Fatalf("stats %+v against a game of %d moves, score %d", st, g.MoveCount(), g.Score())
	}
}

// Play stops at once for a context that has ended, even when each search is too
// short to notice it.
func TestPlayCancelledBefore(t *testing.T) {
	t.Parallel()
	g, err := game2048.NewGame(game2048.WithSize(3, 3), game2048.WithSeed(3))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	st, err := New(Options{Depth: 1, Workers: 1, TableBits: 10}).Play(ctx, g, nil)
	if !errors.Is(err, context.Canceled) || st.Moves != 0 || g.MoveCount() != 0 {
		t.Fatalf("%+v %v", st, err)
	}
}
