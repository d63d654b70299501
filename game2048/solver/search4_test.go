package solver

import (
	"math"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/gridgames/gridgames/game2048"
)

// refSearch is plain expectimax on the 4x4 board, the obviously correct reference
// for the fast path: no table, every move by Bitboard.Move, sums in float64. It
// keeps the solver's definitions: leaves scored max(eval+lift, 1), a branch less
// likely than cut scored as it stands, a lost board worth 0.
type refSearch struct {
	s      *Solver
	lift   float64
	p2, p4 float64
	cut    float64
}

func (r *refSearch) maxNode(b game2048.Bitboard, depth int, prob float64) float64 {
	best := 0.0
	for _, d := range game2048.Directions {
		if nb := b.Move(d); nb != b {
			best = max(best, r.chanceNode(nb, depth, prob))
		}
	}
	return best
}

func (r *refSearch) chanceNode(b game2048.Bitboard, depth int, prob float64) float64 {
	if depth == 0 || prob < r.cut {
		return max(float64(r.s.evaluator().bitboard(b))+r.lift, 1)
	}
	empty := b.EmptyMask()
	n := float64(bits.OnesCount64(empty))
	sum := 0.0
	for ; empty != 0; empty &= empty - 1 {
		shift := uint(bits.TrailingZeros64(empty))
		sum += r.p2 * r.maxNode(b|1<<shift, depth-1, prob/n*r.p2)
		sum += r.p4 * r.maxNode(b|2<<shift, depth-1, prob/n*r.p4)
	}
	return sum / n
}

// TestSearch4MatchesReference compares every move's value from the 4x4 search with
// the reference on random boards, at depths 1 to 3 and for each evaluation. Within
// one search a table entry can only answer its own depth here (boards one layer
// apart differ in their tile sum), so the values must agree to rounding.
func TestSearch4MatchesReference(t *testing.T) {
	t.Parallel()
	rnd := rand.New(rand.NewPCG(7, 8))
	for _, tc := range []struct {
		depth, boards, minEmpty, maxEmpty int
	}{
		{1, 60, 1, 12},
		{2, 30, 1, 8},
		{3, 6, 1, 4},
	} {
		for _, eval := range []Eval{EvalBlend, EvalBlend4, EvalHeuristic} {
			t.Run(eval.String()+"/depth"+string(rune('0'+tc.depth)), func(t *testing.T) {
				s := New(Options{Depth: tc.depth, Workers: 1, Eval: eval})
				for i := 0; i < tc.boards; i++ {
					b := randomPlayable(rnd, tc.minEmpty+rnd.IntN(tc.maxEmpty-tc.minEmpty+1))
					s.forget()
					a, err := s.BestMove(t.Context(), b.Board(), 0.1)
					if err != nil {
						t.Fatalf("%s: %v", b, err)
					}
					r := &refSearch{s: s, p2: 0.9, p4: 0.1, cut: s.opt.Cutoff}
					r.lift = float64(float32(s.evaluator().lift4(float64(s.evaluator().bitboard(b)))))
					for _, d := range game2048.Directions {
						after := b.Move(d)
						want := 0.0
						if after != b {
							// The root: each spawn after the move, weighted by its chance.
							want = r.chanceNode(after, tc.depth, 1)
						}
						if got := a.Values[d]; math.Abs(got-want) > 1e-4*max(1, math.Abs(want)) {
							t.Fatalf("%s %v depth %d: search %v, reference %v", b, d, tc.depth, got, want)
						}
					}
				}
			})
		}
	}
}

// randomPlayable is a random 4x4 board with the given number of empty cells
// (tiles up to 4096), redrawn until some move is legal.
func randomPlayable(rnd *rand.Rand, empty int) game2048.Bitboard {
	for {
		var b game2048.Bitboard
		for _, c := range rnd.Perm(16)[empty:] {
			b |= game2048.Bitboard(1+rnd.IntN(12)) << (4 * c)
		}
		for _, d := range game2048.Directions {
			if b.Move(d) != b {
				return b
			}
		}
	}
}

// TestSearch4TablesForgetAnotherLift follows a game to its end, where the blend's
// value of the root falls so low that the leaves are lifted (see evaluator.lift4)
// by an amount that changes from move to move: what the tables kept from the
// search before must not leak into the next one, so each search values the moves
// as a solver with empty tables does.
func TestSearch4TablesForgetAnotherLift(t *testing.T) {
	t.Parallel()
	g, err := game2048.NewGame(game2048.WithSeed(5))
	if err != nil {
		t.Fatal(err)
	}
	kept := New(Options{Depth: 2, Workers: 1, TableBits: 12})
	weak := New(Options{Depth: 1, Workers: 1, TableBits: 10})
	lifted := 0
	for !g.Over() {
		b := g.Board()
		bb, err := game2048.FromBoard(b)
		if err != nil {
			t.Fatal(err)
		}
		if kept.evaluator().lift4(float64(kept.evaluator().bitboard(bb))) > 0 {
			lifted++
		}
		a, err := kept.BestMove(t.Context(), b, 0.1)
		if err != nil {
			t.Fatal(err)
		}
		fresh, _ := New(Options{Depth: 2, Workers: 1, TableBits: 12}).BestMove(t.Context(), b, 0.1)
		if a.Values != fresh.Values {
			t.Fatalf("move %d, %s: values %v after the searches before, %v from empty tables", g.MoveCount(), b, a.Values, fresh.Values)
		}
		// Play on weakly, so the game reaches its crowded end soon.
		w, _ := weak.BestMove(t.Context(), b, 0.1)
		if _, err := g.Move(w.Best); err != nil {
			t.Fatal(err)
		}
	}
	if lifted < 2 {
		t.Fatalf("only %d lifted roots: the test does not reach what it tests", lifted)
	}
}
