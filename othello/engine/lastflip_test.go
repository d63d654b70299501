package engine

import (
	"math/rand/v2"
	"testing"

	"github.com/gridgames/gridgames/othello"
)

// countLastFlips agrees with the full flip generator on boards with one empty
// square, on every board size.
func TestCountLastFlips(t *testing.T) {
	t.Parallel()
	rnd := rand.New(rand.NewPCG(8, 8))
	for _, size := range othello.Sizes {
		mask := newGeometry(size).mask
		for range 20000 {
			sq := rnd.IntN(64)
			for mask&(1<<uint(sq)) == 0 {
				sq = rnd.IntN(64)
			}
			p := rnd.Uint64() & mask &^ (1 << uint(sq))
			o := mask &^ p &^ (1 << uint(sq))
			if got, want := countLastFlips(p, sq), popcount(flips(p, o, sq)); got != want {
				t.Fatalf("size %d, p %#x, square %d: %d flips, want %d", size, p, sq, got, want)
			}
		}
	}
}
