package exact

// This file is hot code: the forward pass that pushes the start's probability
// through the best policy, layer by layer, to the final positions.

import (
	"context"
	"math/bits"
)

// chances returns the distribution of the largest tile at the end of a game played
// from the standard start by the policy in s.best: hist[e] is the chance that the
// final largest tile is 2^e. Masses are added with Neumaier compensation, in the
// fixed order of the walk.
func (s *solve) chances(ctx context.Context) ([]float64, error) {
	H := len(s.layers)
	mass := make([][]float64, H+2)
	comp := make([][]float64, H+2)
	idx := make([]*index, H+2)
	need := func(h int) {
		if h < H && mass[h] == nil {
			n := len(s.layers[h].keys)
			mass[h], comp[h] = make([]float64, n), make([]float64, n)
			if n > 0 {
				idx[h] = newIndex(s.layers[h].keys)
			}
		}
	}
	add := func(h int, k uint64, x float64) {
		i := idx[h].find(k)
		mass[h][i], comp[h][i] = neumaier(mass[h][i], comp[h][i], x)
	}
	for _, r := range startPositions(s.g, s.four, false) {
		h := int(tileSum(r.key) / 2)
		need(h)
		add(h, r.key, r.prob)
	}
	var hist, hcomp [maxExp + 1]float64
	q2, q4 := 1-s.four, s.four
	for h := range H {
		need(h)
		need(h + 1)
		need(h + 2)
		keys, best := s.layers[h].keys, s.best[h]
		for i, k := range keys {
			if i&0xfff == 0 {
				if err := ctx.Err(); err != nil {
					return nil, err
				}
			}
			m := mass[h][i] + comp[h][i]
			if m == 0 {
				continue
			}
			if best[i] == noMove {
				e := maxTile(k)
				hist[e], hcomp[e] = neumaier(hist[e], hcomp[e], m)
				continue
			}
			after, _ := s.g.move(k, dirOf(best[i]))
			em := s.g.empties(after)
			ne := float64(bits.OnesCount64(em))
			for x := em; x != 0; x &= x - 1 {
				b := uint(bits.TrailingZeros64(x))
				if q2 > 0 {
					add(h+1, s.g.canon(after|1<<b), m*q2/ne)
				}
				if q4 > 0 {
					add(h+2, s.g.canon(after|2<<b), m*q4/ne)
				}
			}
		}
		mass[h], comp[h], idx[h] = nil, nil, nil
		s.report(Progress{Phase: PhaseChances, Sum: 2 * h, Positions: s.positions, Done: h + 1, Layers: H})
	}
	out := make([]float64, maxExp+1)
	for e := range out {
		out[e] = hist[e] + hcomp[e]
	}
	return out, nil
}
