package engine

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/gridgames/gridgames/othello"
)

// exactScore is pos's perfect-play score for its side to move, from the exact
// solver (which TestSolveMatchesMinimax checks against plain minimax).
func exactScore(t *testing.T, pos othello.Position) int {
	t.Helper()
	if pos.Over() {
		return pos.Score()
	}
	r, err := New(Options{Workers: 1, TableBits: 16}).Search(t.Context(), pos, Limits{Endgame: 64})
	if err != nil || !r.Exact {
		t.Fatalf("%s: exact solve %+v, %v", pos, r, err)
	}
	return int(r.Score)
}

// outcome names the sign of a score, for messages.
func outcome(score int) string {
	switch sign(score) {
	case 1:
		return "win"
	case -1:
		return "loss"
	}
	return "draw"
}

// With Limits.WLDEndgame a midgame search never lets a won or drawn position
// go: its move keeps the perfect-play outcome, its score is on the outcome's
// side, and when every move loses it plays the midgame search's own move.
func TestWLDEndgame(t *testing.T) {
	t.Parallel()
	rnd := newRand(47)
	counts := map[string]int{}
	for i := range 60 {
		pos := randomPosition(rnd, 8, 12+i%3)
		if pos.Over() || pos.MustPass() {
			continue
		}
		want := exactScore(t, pos)
		lim := Limits{Depth: 3, WLDEndgame: 14}
		r, err := New(Options{Workers: 1, TableBits: 16}).Search(t.Context(), pos, lim)
		if err != nil {
			t.Fatal(err)
		}
		if r.Exact || r.Depth != 3 || !pos.IsLegal(r.Move) {
			t.Fatalf("%s: %+v, want a legal move of a 3-ply search, not exact", pos, r)
		}
		got := -exactScore(t, pos.Play(r.Move))
		if sign(got) != sign(want) {
			t.Errorf("%s: %v leads to a %s (%+d), the position is a %s (%+d)", pos, r.Move, outcome(got), got, outcome(want), want)
		}
		switch s := r.Score; {
		case want > 0 && s < 2, want == 0 && s != 0, want < 0 && s > -2:
			t.Errorf("%s: score %+.2f for a %s", pos, s, outcome(want))
		}
		if want < 0 {
			mid, err := New(Options{Workers: 1, TableBits: 16}).Search(t.Context(), pos, Limits{Depth: 3})
			if err != nil {
				t.Fatal(err)
			}
			if mid.Move != r.Move {
				t.Errorf("%s: lost either way, played %v where the midgame search plays %v", pos, r.Move, mid.Move)
			}
		}
		counts[outcome(want)]++
	}
	if counts["win"] < 10 || counts["loss"] < 10 {
		t.Fatalf("positions tried: %v, want at least 10 wins and 10 losses", counts)
	}
}

// WLDEndgame changes nothing where the exact solve or no solve applies.
func TestWLDEndgameBounds(t *testing.T) {
	t.Parallel()
	checkSameSearches(t, randomPosition(newRand(48), 8, 12), []sameSearch{
		{"under Endgame", Limits{Depth: 3, Endgame: 12, WLDEndgame: 14}, Limits{Depth: 3, Endgame: 12}},
		{"over WLDEndgame", Limits{Depth: 3, WLDEndgame: 10}, Limits{Depth: 3}},
	})
}

// sameSearch names two limits that must search pos alike.
type sameSearch struct {
	name      string
	lim, same Limits
}

// checkSameSearches checks that each case's two limits give pos the same move,
// score and exactness, each from a new engine.
func checkSameSearches(t *testing.T, pos othello.Position, cases []sameSearch) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			a, err := New(Options{Workers: 1, TableBits: 16}).Search(t.Context(), pos, tc.lim)
			if err != nil {
				t.Fatal(err)
			}
			b, err := New(Options{Workers: 1, TableBits: 16}).Search(t.Context(), pos, tc.same)
			if err != nil {
				t.Fatal(err)
			}
			if a.Move != b.Move || a.Score != b.Score || a.Exact != b.Exact {
				t.Errorf("%+v gave %v %+.2f (exact %v), %+v gave %v %+.2f (exact %v)",
					tc.lim, a.Move, a.Score, a.Exact, tc.same, b.Move, b.Score, b.Exact)
			}
		})
	}
}

// A win/loss/draw solve cut short by the context leaves the midgame result.
func TestWLDEndgameCancelled(t *testing.T) {
	t.Parallel()
	pos := hardPosition(t)
	ctx, cancel := context.WithTimeout(t.Context(), 300*time.Millisecond)
	defer cancel()
	r, err := New(Options{Workers: 1, TableBits: 18}).Search(ctx, pos, Limits{Depth: 2, WLDEndgame: 64})
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err %v, want the deadline's (result %+v)", err, r)
	}
	if !pos.IsLegal(r.Move) || r.Exact || r.Depth != 2 {
		t.Errorf("cut-short result %+v: want the 2-ply search's legal move, not exact", r)
	}
}
