package solver

import (
	"math"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/gridgames/gridgames/game2048"
)

// newWorker6 is a worker searching with the built-in 6-tuple network blended as
// the default evaluation is, its tables empty.
func newWorker6(t *testing.T, p2, p4, lift float32) *worker4 {
	t.Helper()
	s := New(Options{Workers: 1})
	e := s.evaluator()
	if e.big == nil {
		t.Fatal("the default evaluation has no 6-tuple table")
	}
	return &worker4{eval: e, p2: p2, p4: p4, lift: lift, leafGen: 1,
		leaves: make([]leafEntry, 1<<leafCacheBits), batch: new(leafBatch)}
}

// refLeaves6 is the last chance layer as the search took it before the batch:
// each spawn's maxLeaf, weighed in the same order (float32 sums), and the leaves
// it counted.
func refLeaves6(w *worker4, b game2048.Bitboard) (float32, uint64) {
	n0 := w.nodes
	var sum float32
	for m := b.EmptyMask(); m != 0; m &= m - 1 {
		shift := uint(bits.TrailingZeros64(m))
		if w.p2 > 0 {
			sum += w.p2 * w.maxLeaf(b|game2048.Bitboard(1)<<shift)
		}
		if w.p4 > 0 {
			sum += w.p4 * w.maxLeaf(b|game2048.Bitboard(2)<<shift)
		}
	}
	return sum, w.nodes - n0
}

// TestBatchLeaves6MatchesMaxLeaf checks the batched last layer against the spawns'
// maxLeaf on random boards: every number of empty cells, tiles that merge a lot or
// not at all, a lift, games where only one kind of tile spawns, and a leaf cache
// that is cold or already holds the leaves. Values must be equal to the bit (the
// search's games must not change) and the leaf counts equal.
func TestBatchLeaves6MatchesMaxLeaf(t *testing.T) {
	for _, tc := range []struct {
		name   string
		top    int
		p2, p4 float32
		lift   float32
	}{
		{"tiles", 12, 0.9, 0.1, 0},
		{"merges", 3, 0.9, 0.1, 0},
		{"32768", 15, 0.9, 0.1, 0},
		{"lift", 12, 0.9, 0.1, 5000},
		{"only2", 6, 1, 0, 0},
		{"only4", 6, 0, 1, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, want := newWorker6(t, tc.p2, tc.p4, tc.lift), newWorker6(t, tc.p2, tc.p4, tc.lift)
			rnd := rand.New(rand.NewPCG(17, uint64(tc.top)))
			for empty := 1; empty <= 16; empty++ {
				for range 30 {
					b := boardWith(rnd, empty, tc.top)
					for _, pass := range []string{"cold", "warm"} {
						got.nodes = 0
						v := got.spawnLeaves(b, b.EmptyMask())
						ref, nodes := refLeaves6(want, b)
						if got.nodes != nodes {
							t.Fatalf("%s (%s cache): %d leaves, want %d", b, pass, got.nodes, nodes)
						}
						if math.Float32bits(v) != math.Float32bits(ref) {
							t.Fatalf("%s (%s cache): batch %v, maxLeaf %v", b, pass, v, ref)
						}
					}
				}
			}
		})
	}
}

// TestIndexes6SumIsValueT checks that the batch's indexes and sum give valueT's
// value on random boards.
func TestIndexes6SumIsValueT(t *testing.T) {
	tab := defaultTable6()
	rnd := rand.New(rand.NewPCG(5, 6))
	for range 2000 {
		b := boardWith(rnd, rnd.IntN(16), 1+rnd.IntN(15))
		var idx [numImages6]uint32
		indexes6(uint64(b), uint64(b.Transpose()), &idx)
		prefetch6(tab, &idx)
		if got, want := float32(tab.sum(&idx)), tab.valueT(b, b.Transpose()); got != want {
			t.Fatalf("%s: sum %v, valueT %v", b, got, want)
		}
	}
}
