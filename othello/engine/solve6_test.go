package engine

import (
	"os"
	"testing"

	"github.com/gridgames/gridgames/othello"
)

// alphaBeta is a plain negamax with alpha-beta pruning over every move, passes
// included, to the end of the game: obviously correct, and fast enough for 6x6
// positions with 14 or so empties.
func alphaBeta(pos othello.Position, alpha, beta int) int {
	if pos.Over() {
		return pos.ScoreFor()
	}
	moves := pos.LegalMoves()
	if len(moves) == 0 {
		return -alphaBeta(pos.Pass(), -beta, -alpha)
	}
	best := -1000
	for _, m := range moves {
		best = max(best, -alphaBeta(pos.Play(m), -beta, -max(alpha, best)))
		if best >= beta {
			break
		}
	}
	return best
}

// exactValue is alphaBeta's exact value of pos.
func exactValue(pos othello.Position) int { return alphaBeta(pos, -100, 100) }

func TestSymmetry(t *testing.T) {
	t.Parallel()
	for _, size := range othello.Sizes {
		pos, _ := othello.NewPosition(size)
		mask := pos.Mask()
		for sym := range 8 {
			if got := boardImage(mask, size, sym); got != mask {
				t.Errorf("%dx%d, symmetry %d: the board maps onto %#x, want %#x", size, size, sym, got, mask)
			}
			for sq := range 64 {
				if mask&(1<<uint(sq)) == 0 {
					continue
				}
				if back := boardImage(boardImage(1<<uint(sq), size, sym), size, sym); sym != 5 && sym != 6 && back != 1<<uint(sq) {
					t.Errorf("%dx%d, symmetry %d is not its own inverse at bit %d", size, size, sym, sq)
				}
			}
		}
		// The start's four moves are images of each other.
		list := make([]moveScore, 0, 4)
		for m := pos.Moves(); m != 0; m &= m - 1 {
			list = append(list, moveScore{sq: int8(lowest(m))})
		}
		if got := dropSymmetricMoves(list, selfSymmetries(pos.Player(), pos.Opponent(), size), size); len(got) != 1 {
			t.Errorf("%dx%d start: %d moves left after dropping images, want 1", size, size, len(got))
		}
	}
}

// TestSolve6x6Line solves 6x6 positions along a game and random ones, 12 to 14
// empties, each move valued exactly, and checks every value against alphaBeta.
func TestSolve6x6Line(t *testing.T) {
	t.Parallel()
	rnd := newRand(37)
	e := New(Options{Workers: 2, TableBits: 18})
	for i := range 12 {
		pos := randomPosition(rnd, 6, 12+i%3)
		if pos.Over() || pos.MustPass() {
			continue
		}
		checkExactMoves(t, e, pos)
	}
}

// TestSolve6x6Start solves the 6x6 start and each position after a first move
// (about a minute each on one CPU; set GRIDGAMES_SOLVE6=1): White wins by 4 with
// perfect play (Feinstein, 1993), and every first move is an image of the others.
func TestSolve6x6Start(t *testing.T) {
	t.Parallel()
	if os.Getenv("GRIDGAMES_SOLVE6") == "" {
		t.Skip("set GRIDGAMES_SOLVE6=1 to solve the 6x6 start (minutes)")
	}
	start := start6(t, "")
	e := New(Options{TableBits: 24})
	r, err := e.Search(t.Context(), start, Limits{Endgame: 64})
	if err != nil || !r.Exact || r.Score != -4 {
		t.Fatalf("the start: %+v %v, want -4 exact", r, err)
	}
	for _, m := range start.LegalMoves() {
		r, err := e.Search(t.Context(), start.Play(m), Limits{Endgame: 64})
		if err != nil || !r.Exact || r.Score != 4 {
			t.Errorf("after %v: %+v %v, want +4 exact for White", m, r, err)
		}
	}
}

// checkExactMoves values every move of pos exactly with e and checks each value
// against alphaBeta; it returns the number of moves checked.
func checkExactMoves(t *testing.T, e *Engine, pos othello.Position) int {
	t.Helper()
	vals, err := e.Analyze(t.Context(), pos, Limits{Endgame: 64})
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range vals {
		if want := -exactValue(pos.Play(v.Move)); !v.Exact || int(v.Score) != want {
			t.Fatalf("%v: %v scores %+v (exact %v), alphaBeta %+d", pos, v.Move, v.Score, v.Exact, want)
		}
	}
	return len(vals)
}
