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
		{"opening", "2,0,0,0/0,0,0,0/0,0,0,0/0,0,0,2", DefaultOpeningNodes, 250 * time.Millisecond},
		{"4096 is still the opening", "4096,2048,2,0/0,0,0,0/0,0,0,0/0,0,0,2", DefaultOpeningNodes, 250 * time.Millisecond},
		{"the first 8192", "8192,2,0,0/0,0,0,0/0,0,0,0/0,0,0,2", DefaultLateNodes, 250 * time.Millisecond},
		{"32768", "32768,16384,8192,2/0,0,0,0/0,0,0,0/0,0,0,2", DefaultLateNodes, 250 * time.Millisecond},
		{"two 32768s (not the fast path)", "32768,32768,2,0/0,0,0,0/0,0,0,0/0,0,0,2", DefaultLateNodes, 250 * time.Millisecond},
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
