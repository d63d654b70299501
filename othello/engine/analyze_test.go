package engine

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/gridgames/gridgames/othello"
)

// With a time, Analyze values every move at one depth: given time enough for
// all of them, the answer is Analyze's at the deepest depth, move for move (the
// table carries only shallower work from depth to depth, and no ProbCut, so the
// values are those of a fresh engine).
func TestAnalyzeTimedOneDepth(t *testing.T) {
	t.Parallel()
	rnd := rand.New(rand.NewPCG(36, 1))
	for i := range 4 {
		pos := randomPosition(rnd, 8, 10)
		if pos.Over() || pos.MustPass() {
			continue
		}
		for _, depth := range []int{3, 4} {
			timed, err := New(Options{Workers: 1, TableBits: 16}).Analyze(t.Context(), pos, Limits{Time: time.Hour, Depth: depth, NoProbcut: true})
			if err != nil {
				t.Fatal(err)
			}
			fixed, err := New(Options{Workers: 1, TableBits: 16}).Analyze(t.Context(), pos, Limits{Depth: depth, NoProbcut: true})
			if err != nil {
				t.Fatal(err)
			}
			if len(timed) != len(pos.LegalMoves()) || !slices.EqualFunc(timed, fixed, func(a, b MoveValue) bool {
				return a.Move == b.Move && a.Score == b.Score && a.Exact == b.Exact
			}) {
				t.Errorf("position %d (%v), depth %d: timed %v, fixed %v", i, pos, depth, timed, fixed)
			}
		}
	}
}

// A timed analysis stopped by its caller's context says so.
func TestAnalyzeTimedCancelled(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	pos := othello.StartPosition()
	if _, err := New(Options{Workers: 1, TableBits: 12}).Analyze(ctx, pos, Limits{Time: time.Hour}); !errors.Is(err, context.Canceled) {
		t.Fatalf("err %v, want Canceled", err)
	}
}
