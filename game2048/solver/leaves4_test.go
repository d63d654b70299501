package solver

import (
	"math"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/gridgames/gridgames/game2048"
)

// refSpawnLeaves is what spawnLeaves computes, written plainly: for each spawn, the
// best leaf over the moves that change the board, each board scored whole by the
// evaluation (float64 sums); and the number of (spawn, move) leaves.
func refSpawnLeaves(w *worker4, b game2048.Bitboard) (float64, uint64) {
	sum, nodes := 0.0, uint64(0)
	for m := b.EmptyMask(); m != 0; m &= m - 1 {
		shift := uint(bits.TrailingZeros64(m))
		for tile, p := range [...]float32{1: w.p2, 2: w.p4} {
			if p == 0 {
				continue
			}
			child := b | game2048.Bitboard(tile)<<shift
			best := 0.0
			for _, d := range game2048.Directions {
				if leaf := child.Move(d); leaf != child {
					nodes++
					best = max(best, float64(w.eval.bitboard(leaf))+float64(w.lift), 1)
				}
			}
			sum += float64(p) * best
		}
	}
	return sum, nodes
}

// boardWith is a random 4x4 board with the given number of empty cells and tiles
// from 2 up to 2^top: small tops make many equal neighbours (merges), 15 puts
// 32768 tiles (that do not merge) on the board.
func boardWith(rnd *rand.Rand, empty int, top int) game2048.Bitboard {
	var b game2048.Bitboard
	for _, c := range rnd.Perm(16)[empty:] {
		b |= game2048.Bitboard(1+rnd.IntN(top)) << (4 * c)
	}
	return b
}

// TestSpawnLeavesMatchesPlainSum checks the last layer's split, incremental and
// shared leaves against the plain sum on random boards: every number of empty
// cells, tiles that merge a lot or not at all, a lift, and games where only one
// kind of tile spawns. The node counts must be equal, the values equal to float32
// rounding.
func TestSpawnLeavesMatchesPlainSum(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name   string
		eval   Eval
		top    int
		p2, p4 float32
		lift   float32
	}{
		{"blend", EvalBlend4, 12, 0.9, 0.1, 0},
		{"blend/merges", EvalBlend4, 3, 0.9, 0.1, 0},
		{"blend/32768", EvalBlend4, 15, 0.9, 0.1, 0},
		{"blend/lift", EvalBlend4, 12, 0.9, 0.1, 5000},
		{"network", EvalNetwork, 12, 0.9, 0.1, 0},
		{"network/only2", EvalNetwork, 6, 1, 0, 0},
		{"network/only4", EvalNetwork, 6, 0, 1, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// The 4-tuple network: spawnLeaves reads its folded tables.
			s := New(Options{Eval: tc.eval, Workers: 1, Network: DefaultNetwork()})
			w := &worker4{eval: s.evaluator(), p2: tc.p2, p4: tc.p4, lift: tc.lift}
			rnd := rand.New(rand.NewPCG(11, uint64(tc.top)))
			for empty := 1; empty <= 16; empty++ {
				for range 40 {
					b := boardWith(rnd, empty, tc.top)
					w.nodes = 0
					got := w.spawnLeaves(b, b.EmptyMask())
					want, nodes := refSpawnLeaves(w, b)
					if w.nodes != nodes {
						t.Fatalf("%s: %d leaves, want %d", b, w.nodes, nodes)
					}
					if math.Abs(float64(got)-want) > 1e-5*max(1, math.Abs(want)) {
						t.Fatalf("%s: spawnLeaves %v, plain sum %v", b, got, want)
					}
				}
			}
		})
	}
}
