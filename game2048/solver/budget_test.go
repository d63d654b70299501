package solver

import (
	"testing"
	"time"

	"github.com/gridgames/gridgames/game2048"
)

func TestDefaultMoveNodes(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, board string
		want        uint64
		wantTime    time.Duration
	}{
		{"opening", "2,0,0,0/0,0,0,0/0,0,0,0/0,0,0,2", DefaultOpeningNodes, 500 * time.Millisecond},
		{"4096 is still the opening", "4096,2048,2,0/0,0,0,0/0,0,0,0/0,0,0,2", DefaultOpeningNodes, 500 * time.Millisecond},
		{"the first 8192", "8192,2,0,0/0,0,0,0/0,0,0,0/0,0,0,2", DefaultLateNodes, 500 * time.Millisecond},
		{"32768", "32768,16384,8192,2/0,0,0,0/0,0,0,0/0,0,0,2", DefaultLateNodes, 500 * time.Millisecond},
		{"two 32768s (not the fast path)", "32768,32768,2,0/0,0,0,0/0,0,0,0/0,0,0,2", DefaultLateNodes, 500 * time.Millisecond},
		{"3x3: time only", "8192,2,0/0,0,0/0,0,2", 0, 50 * time.Millisecond},
		{"5x5: time only", "2,0,0,0,0/0,0,0,0,0/0,0,0,0,0/0,0,0,0,0/0,0,0,0,2", 0, 50 * time.Millisecond},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := mustBoard(t, tc.board)
			if got := DefaultMoveNodes(b); got != tc.want {
				t.Errorf("DefaultMoveNodes = %d, want %d", got, tc.want)
			}
			if got := DefaultMoveTime(b); got != tc.wantTime {
				t.Errorf("DefaultMoveTime = %v, want %v", got, tc.wantTime)
			}
		})
	}
}

func TestNextLayerFits(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name                        string
		spent, this, before, budget float64
		want                        bool
	}{
		{"first layer: grows 8 times", 10, 10, 0, 90, true},
		{"first layer: over by one", 10, 10, 0, 89, false},
		{"grows as the last two did", 700, 600, 100, 4300, true},
		{"grows as the last two did: over", 700, 600, 100, 4299, false},
		{"at least twice", 210, 100, 200, 410, true},
		{"at least twice: over", 210, 100, 200, 409, false},
		{"nothing left", 100, 50, 10, 100, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := nextLayerFits(tc.spent, tc.this, tc.before, tc.budget); got != tc.want {
				t.Errorf("nextLayerFits(%v, %v, %v, %v) = %v, want %v", tc.spent, tc.this, tc.before, tc.budget, got, tc.want)
			}
		})
	}
}

// budgetMoves plays the first n moves of the game of seed with a node budget and
// returns the moves and the depths searched.
func budgetMoves(t *testing.T, seed uint64, n int, opt Options) (moves []game2048.Direction, depths []int) {
	t.Helper()
	g, err := game2048.NewGame(game2048.WithSeed(seed))
	if err != nil {
		t.Fatal(err)
	}
	s := New(opt)
	for range n {
		if g.Over() {
			break
		}
		a, err := s.BestMove(t.Context(), g.Board(), 0.1)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := g.Move(a.Best); err != nil {
			t.Fatal(err)
		}
		moves, depths = append(moves, a.Best), append(depths, a.Depth)
	}
	return moves, depths
}

// TestNodeBudgetReplays plays the first moves of a seeded game twice with a node
// budget, on one worker and on two: the budget counts work, not time, so the
// moves and the depths searched are the same each time, and the budget does
// choose the depth (more than one depth is searched, and a budget four times as
// big searches deeper on the whole and never shallower at the first move).
func TestNodeBudgetReplays(t *testing.T) {
	t.Parallel()
	for _, workers := range []int{1, 2} {
		opt := Options{Nodes: 60_000, Workers: workers, TableBits: 16}
		m1, d1 := budgetMoves(t, 7, 120, opt)
		m2, d2 := budgetMoves(t, 7, 120, opt)
		for i := range m1 {
			if m1[i] != m2[i] || d1[i] != d2[i] {
				t.Fatalf("%d workers: move %d was %v at depth %d, then %v at depth %d", workers, i+1, m1[i], d1[i], m2[i], d2[i])
			}
		}
		seen := map[int]bool{}
		sum := 0
		for _, d := range d1 {
			seen[d] = true
			sum += d
		}
		if len(seen) < 2 {
			t.Errorf("%d workers: every move searched depth %v: the budget chose nothing", workers, d1[0])
		}
		opt.Nodes *= 4
		_, big := budgetMoves(t, 7, 120, opt)
		bigSum := 0
		for _, d := range big {
			bigSum += d
		}
		if bigSum <= sum || big[0] < d1[0] {
			t.Errorf("%d workers: 4 times the budget searched depths summing to %d (first %d), the budget %d (first %d)", workers, bigSum, big[0], sum, d1[0])
		}
	}
}

// shortGame is a game that is over after its first moves moves: Play stops there.
type shortGame struct {
	*game2048.Game
	moves int
}

func (g *shortGame) Over() bool { return g.moves <= 0 || g.Game.Over() }

func (g *shortGame) Move(d game2048.Direction) (game2048.MoveResult, error) {
	g.moves--
	return g.Game.Move(d)
}

// TestPlayForgetsEarlierGames plays the first moves of seed 2 with a node budget
// twice on one solver, and on a new one after it has played seed 1: Play starts
// from empty tables, so the moves are the same each time (what a table holds
// changes how many moves a search counts, and so how deep the budget lets it go).
func TestPlayForgetsEarlierGames(t *testing.T) {
	t.Parallel()
	opt := Options{Nodes: 60_000, Workers: 1, TableBits: 16}
	play := func(s *Solver, seed uint64) game2048.Record {
		g, err := game2048.NewGame(game2048.WithSeed(seed))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Play(t.Context(), &shortGame{g, 300}, nil); err != nil {
			t.Fatal(err)
		}
		return g.Record()
	}
	s := New(opt)
	first := play(s, 2)
	if again := play(s, 2); again != first {
		t.Fatalf("seed 2 played again on the same solver differs:\n%s\n%s: the tables of the first game leaked into the second", first.Moves, again.Moves)
	}
	other := New(opt)
	play(other, 1)
	if after := play(other, 2); after != first {
		t.Fatalf("seed 2 after seed 1 differs from seed 2 on a new solver:\n%s\n%s", first.Moves, after.Moves)
	}
}
