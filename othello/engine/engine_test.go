package engine

import (
	"bufio"
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"testing"
	"time"

	"github.com/gridgames/gridgames/othello"
)

// minimax is the obviously correct reference: plain negamax over every move, passes
// included, to the end of the game.
func minimax(pos othello.Position) int {
	if pos.Over() {
		return pos.ScoreFor()
	}
	moves := pos.LegalMoves()
	if len(moves) == 0 {
		return -minimax(pos.Pass())
	}
	best := -1000
	for _, m := range moves {
		best = max(best, -minimax(pos.Play(m)))
	}
	return best
}

// randomPosition plays random moves from the start of a size x size board until
// empties squares are left (or the game ends).
func randomPosition(rnd *rand.Rand, size, empties int) othello.Position {
	pos, _ := othello.NewPosition(size)
	for pos.Empties() > empties && !pos.Over() {
		if pos.MustPass() {
			pos = pos.Pass()
			continue
		}
		m := pos.LegalMoves()
		pos = pos.Play(m[rnd.IntN(len(m))])
	}
	return pos
}

func TestSolveMatchesMinimax(t *testing.T) {
	t.Parallel()
	rnd := rand.New(rand.NewPCG(1, 2))
	e := New(Options{Workers: 2, TableBits: 16})
	tests := []struct{ size, empties, count int }{{8, 9, 40}, {8, 10, 10}, {6, 10, 30}, {4, 10, 30}}
	for _, tc := range tests {
		for range tc.count {
			pos := randomPosition(rnd, tc.size, tc.empties)
			if pos.Over() {
				continue
			}
			want := minimax(pos)
			if pos.MustPass() {
				pos = pos.Pass()
				want = -want
			}
			r, err := e.Search(t.Context(), pos, Limits{Endgame: 64})
			if err != nil {
				t.Fatal(err)
			}
			if !r.Exact || int(r.Score) != want {
				t.Fatalf("%s: solved %+v, minimax %+d", pos, r, want)
			}
			if got := -minimax(pos.Play(r.Move)); got != want {
				t.Fatalf("%s: %v scores %+d, best is %+d", pos, r.Move, got, want)
			}
			w, _ := e.Search(t.Context(), pos, Limits{Endgame: 64, WLD: true})
			if int(w.Score) != sign(want) {
				t.Fatalf("%s: WLD %+v, want %+d", pos, w.Score, sign(want))
			}
		}
	}
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// TestFFOFirst solves the FFO problems of fforum-1-19.obf (14 to 16 empties) and
// checks the score and that the move is one of the best.
func TestFFOFirst(t *testing.T) {
	t.Parallel()
	f, err := os.Open("../../data/fforum-1-19.obf")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	e := New(Options{Workers: 2})
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		o, err := othello.ParseOBF(sc.Text())
		if err != nil {
			t.Fatal(err)
		}
		n++
		r, err := e.Search(t.Context(), o.Position, Limits{Endgame: 64})
		if err != nil {
			t.Fatal(err)
		}
		best := o.Scores[0].Score
		okMove := false
		for _, ms := range o.Scores {
			if ms.Move == r.Move && ms.Score == best {
				okMove = true
			}
		}
		if int(r.Score) != best || !okMove {
			t.Errorf("FFO #%d: %v %+.0f, want %+d (%v)", n, r.Move, r.Score, best, o.Scores[0].Move)
		}
	}
	if n != 19 {
		t.Fatalf("read %d positions, want 19", n)
	}
}

// TestLevelsPlayLegalGames plays every level against a random player on every board
// size: each move is legal (PlayGame checks), passes are handled, games finish.
func TestLevelsPlayLegalGames(t *testing.T) {
	t.Parallel()
	rnd := rand.New(rand.NewPCG(3, 4))
	for _, size := range othello.Sizes {
		for level := 1; level <= MaxLevel; level++ {
			if size == 8 && level > 5 { // deeper 8x8 levels play whole games in matches, not here
				continue
			}
			start, _ := othello.NewPosition(size)
			e := New(Options{Workers: 2, TableBits: 18})
			lp := LevelPlayer{Level: level, Engine: e}
			rp := RandomPlayer{Rand: rnd}
			var err error
			var final othello.Position
			if level%2 == 0 {
				_, final, err = PlayGame(t.Context(), start, lp, rp)
			} else {
				_, final, err = PlayGame(t.Context(), start, rp, lp)
			}
			if err != nil || !final.Over() {
				t.Fatalf("%dx%d level %d: %v", size, size, level, err)
			}
		}
	}
}

func TestSearchSpecialPositions(t *testing.T) {
	t.Parallel()
	e := New(Options{Workers: 1, TableBits: 14})
	over, _ := othello.ParsePosition("XXXX XXXX OOOO OOOO X")
	if _, err := e.Search(t.Context(), over, Limits{Depth: 3}); !errors.Is(err, ErrNoMove) {
		t.Fatalf("finished game: %v", err)
	}
	mustPass, _ := othello.ParsePosition("XO-- ---- ---- ---- O")
	r, err := e.Search(t.Context(), mustPass, Limits{Depth: 3})
	if err != nil || r.Move != othello.Pass {
		t.Fatalf("forced pass: %+v %v", r, err)
	}
	for level := 1; level <= MaxLevel; level++ {
		m, err := (LevelPlayer{Level: level, Engine: e}).Choose(t.Context(), othello.StartPosition())
		if err != nil || !othello.StartPosition().IsLegal(m) {
			t.Fatalf("level %d from the start: %v %v", level, m, err)
		}
	}
	if _, err := LevelLimits(11); err == nil {
		t.Fatal("level 11 accepted")
	}
}

func TestTimeLimit(t *testing.T) {
	t.Parallel()
	e := New(Options{Workers: 2, TableBits: 18})
	pos := othello.StartPosition()
	r, err := e.Search(t.Context(), pos, Limits{Time: 50 * time.Millisecond})
	if err != nil || !pos.IsLegal(r.Move) || r.Depth < 1 {
		t.Fatalf("timed search: %+v %v", r, err)
	}
}

// hardPosition has 34 empties: solving it exactly takes far longer than a test
// runs, so only a cancelled search returns.
func hardPosition(t *testing.T) othello.Position {
	t.Helper()
	pos := randomPosition(rand.New(rand.NewPCG(5, 5)), 8, 34)
	if pos.Over() || pos.MustPass() || pos.Empties() != 34 {
		t.Fatalf("not a position to search: %v", pos)
	}
	return pos
}

// cancelBound is how soon a cancelled search must return. The searches poll
// every few thousand nodes (well under a millisecond); the bound is loose so that
// a loaded machine (the tests of other packages run beside these) cannot fail it,
// and still far below the hours the uncancelled searches would take.
const cancelBound = 500 * time.Millisecond

// A search stops within cancelBound of its context ending, midgame or exact, and
// answers with a legal move and the context's error.
func TestSearchCancelled(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		lim  Limits
	}{
		{"midgame", Limits{Depth: 40}},
		{"exact", Limits{Endgame: 64}},
		{"wld", Limits{Endgame: 64, WLD: true}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := New(Options{Workers: 2, TableBits: 18})
			pos := hardPosition(t)
			ctx, cancel := context.WithCancel(t.Context())
			var cancelled time.Time
			time.AfterFunc(300*time.Millisecond, func() { cancelled = time.Now(); cancel() })
			r, err := e.Search(ctx, pos, tc.lim)
			took := time.Since(cancelled)
			if !errors.Is(err, context.Canceled) {
				t.Fatalf("err %v, want context.Canceled (result %+v)", err, r)
			}
			if took > cancelBound {
				t.Errorf("returned %v after the cancel, want within %v", took, cancelBound)
			}
			if !pos.IsLegal(r.Move) || r.Exact || r.Nodes == 0 {
				t.Errorf("cancelled result %+v: want a legal move, not exact, some nodes", r)
			}
		})
	}
	t.Run("deadline", func(t *testing.T) {
		e := New(Options{Workers: 1, TableBits: 16})
		pos := hardPosition(t)
		ctx, cancel := context.WithTimeout(t.Context(), 200*time.Millisecond)
		defer cancel()
		r, err := e.Search(ctx, pos, Limits{Endgame: 64})
		if !errors.Is(err, context.DeadlineExceeded) || !pos.IsLegal(r.Move) {
			t.Fatalf("%+v %v, want a legal move and DeadlineExceeded", r, err)
		}
	})
	t.Run("before", func(t *testing.T) {
		e := New(Options{Workers: 1, TableBits: 12})
		ctx, cancel := context.WithCancel(t.Context())
		cancel()
		pos := othello.StartPosition()
		r, err := e.Search(ctx, pos, Limits{Depth: 5})
		if !errors.Is(err, context.Canceled) || !pos.IsLegal(r.Move) {
			t.Fatalf("%+v %v, want a legal move and Canceled", r, err)
		}
	})
}

// Analyze stops too, keeping the moves it valued.
func TestAnalyzeCancelled(t *testing.T) {
	t.Parallel()
	e := New(Options{Workers: 2, TableBits: 18})
	pos := hardPosition(t)
	ctx, cancel := context.WithCancel(t.Context())
	var cancelled time.Time
	time.AfterFunc(300*time.Millisecond, func() { cancelled = time.Now(); cancel() })
	vals, err := e.Analyze(ctx, pos, Limits{Endgame: 64})
	if took := time.Since(cancelled); took > cancelBound {
		t.Errorf("returned %v after the cancel", took)
	}
	if !errors.Is(err, context.Canceled) || len(vals) >= len(pos.LegalMoves()) {
		t.Fatalf("%d values, %v: want fewer than all moves and Canceled", len(vals), err)
	}
}

// Progress reports arrive while a long search runs, with growing node counts,
// and the exact solve's bounds narrow.
func TestProgress(t *testing.T) {
	t.Parallel()
	e := New(Options{Workers: 2, TableBits: 18})
	pos := hardPosition(t)
	var reports []Progress
	ctx, cancel := context.WithTimeout(t.Context(), 1200*time.Millisecond)
	defer cancel()
	_, err := e.Search(ctx, pos, Limits{Endgame: 64, Progress: func(p Progress) { reports = append(reports, p) }})
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err %v", err)
	}
	if len(reports) < 2 {
		t.Fatalf("%d progress reports in 1.2 s, want several", len(reports))
	}
	for i, p := range reports {
		if p.Empties != pos.Empties() || p.Lower > p.Upper || p.Lower < -64 || p.Upper > 64 {
			t.Errorf("report %d: %+v", i, p)
		}
		if i > 0 && (p.Nodes < reports[i-1].Nodes || p.Elapsed <= reports[i-1].Elapsed) {
			t.Errorf("report %d went back: %+v after %+v", i, p, reports[i-1])
		}
	}
	last := reports[len(reports)-1]
	if last.Nodes == 0 || last.Depth == 0 || !pos.IsLegal(last.Move) {
		t.Errorf("last report %+v: want nodes, a finished iteration and a legal move", last)
	}
}

func TestAnalyzeMatchesSolve(t *testing.T) {
	t.Parallel()
	rnd := rand.New(rand.NewPCG(9, 9))
	e := New(Options{Workers: 2, TableBits: 16})
	for range 10 {
		pos := randomPosition(rnd, 8, 9)
		if pos.Over() || pos.MustPass() {
			continue
		}
		vals, err := e.Analyze(t.Context(), pos, Limits{Endgame: 64})
		if err != nil {
			t.Fatal(err)
		}
		if len(vals) != len(pos.LegalMoves()) {
			t.Fatalf("%d values for %d moves", len(vals), len(pos.LegalMoves()))
		}
		for i, v := range vals {
			if want := -minimax(pos.Play(v.Move)); int(v.Score) != want || !v.Exact {
				t.Fatalf("%s: %v valued %+v, minimax %+d", pos, v.Move, v.Score, want)
			}
			if i > 0 && v.Score > vals[i-1].Score {
				t.Fatal("analysis not sorted best first")
			}
			if len(v.PV) == 0 || v.PV[0] != v.Move {
				t.Fatalf("PV %v does not start with %v", v.PV, v.Move)
			}
		}
	}
}

func TestBaselinesPlayLegalMoves(t *testing.T) {
	t.Parallel()
	rnd := rand.New(rand.NewPCG(1, 1))
	for _, size := range othello.Sizes {
		start, _ := othello.NewPosition(size)
		if _, final, err := PlayGame(t.Context(), start, GreedyPlayer{rnd}, RandomPlayer{rnd}); err != nil || !final.Over() {
			t.Fatalf("%dx%d: %v", size, size, err)
		}
	}
	g := GreedyPlayer{rnd}
	pos, _ := othello.ParsePosition("---------------------------OX------XO--------------------------- X")
	pos = pos.Play(othello.SquareAt(3, 2)) // d3; white to move
	m, _ := g.Choose(t.Context(), pos)
	most := 0
	for _, x := range pos.LegalMoves() {
		most = max(most, popcount(pos.Flips(x)))
	}
	if popcount(pos.Flips(m)) != most {
		t.Fatalf("greedy chose %v flipping %d, most is %d", m, popcount(pos.Flips(m)), most)
	}
}

func newRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, seed+1)) }

func lowestSquare(b uint64) othello.Square { return othello.Square(lowest(b)) }
