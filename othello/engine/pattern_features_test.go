package engine

import (
	"math/bits"
	"slices"
	"testing"

	"github.com/gridgames/gridgames/othello"
)

// referenceFeatures computes the features of (p, o) from their definition, one
// instance and one square at a time: an instance's index is its offset plus its
// squares read in order as base-3 digits, the first the most significant (1 for
// a disc of p, 2 for one of o); mobility counts legal moves, potential mobility
// the empty squares next to a disc of the other side.
func referenceFeatures(p, o uint64) ([]int32, [numScalars]float32) {
	var idx []int32
	for _, in := range layout.instances {
		k := int32(0)
		for _, sq := range in.squares {
			d := int32(0)
			switch {
			case p>>uint(sq)&1 != 0:
				d = 1
			case o>>uint(sq)&1 != 0:
				d = 2
			}
			k = 3*k + d
		}
		idx = append(idx, in.offset+k)
	}
	var sc [numScalars]float32
	sc[featMobility] = float32(bits.OnesCount64(othello.MoveBits(p, o, ^uint64(0))))
	sc[featMobilityO] = float32(bits.OnesCount64(othello.MoveBits(o, p, ^uint64(0))))
	empties := 0
	for sq := range 64 {
		if (p|o)>>uint(sq)&1 != 0 {
			continue
		}
		empties++
		nextToO, nextToP := false, false
		for dr := -1; dr <= 1; dr++ {
			for dc := -1; dc <= 1; dc++ {
				r, c := sq/8+dr, sq%8+dc
				if (dr == 0 && dc == 0) || r < 0 || r > 7 || c < 0 || c > 7 {
					continue
				}
				nextToO = nextToO || o>>uint(8*r+c)&1 != 0
				nextToP = nextToP || p>>uint(8*r+c)&1 != 0
			}
		}
		if nextToO {
			sc[featPotential]++
		}
		if nextToP {
			sc[featPotentialO]++
		}
	}
	sc[featParity] = float32(empties % 2)
	sc[featBias] = 1
	return idx, sc
}

// The features computed square by square (featuresBySquare) and the fast ones
// the search and training use (features) both equal the definition, on
// positions from every stage of the game and on the empty and the full board.
func TestFeaturesMatchDefinition(t *testing.T) {
	t.Parallel()
	type pair struct{ p, o uint64 }
	cases := []pair{{0, 0}, {^uint64(0), 0}, {0, ^uint64(0)}, {0x5555555555555555, 0xaaaaaaaaaaaaaaaa}}
	rnd := newRand(7)
	for empties := 0; empties <= 60; empties += 3 {
		for range 4 {
			pos := randomPosition(rnd, 8, empties)
			cases = append(cases, pair{pos.Player(), pos.Opponent()})
		}
	}
	for _, c := range cases {
		wantIdx, wantSc := referenceFeatures(c.p, c.o)
		prefix := []int32{-1} // features append after what the buffer holds
		for _, f := range []struct {
			name string
			fn   func(p, o uint64, idx []int32) ([]int32, [numScalars]float32)
		}{{"featuresBySquare", layout.featuresBySquare}, {"features", layout.features}} {
			idx, sc := f.fn(c.p, c.o, slices.Clone(prefix))
			if idx[0] != -1 || !slices.Equal(idx[1:], wantIdx) {
				t.Fatalf("%s(%#x, %#x) indexes %v, want %v after the buffer's -1", f.name, c.p, c.o, idx, wantIdx)
			}
			if sc != wantSc {
				t.Fatalf("%s(%#x, %#x) scalars %v, want %v", f.name, c.p, c.o, sc, wantSc)
			}
		}
	}
}
