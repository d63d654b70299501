package exact

// This file is hot code: backward induction, the value of every position from the
// values of the two layers above it (a 2 adds 2 to the tile sum, a 4 adds 4).
//
// Summation: a chance node's value is the sum over the empty cells, in row-major
// order of the canonical position, of P(2)*V(2 there) then P(4)*V(4 there), added
// with Neumaier's compensated summation and divided by the number of empty cells
// at the end. The order is fixed, so a solve gives bit-identical values on every
// run, and each chance node is within about one ulp of its exact rational value
// given its children; the rounding over a whole game is at most a few ulps per
// move made.

import (
	"context"
	"math/bits"

	"github.com/gridgames/gridgames/game2048"
)

// noMove marks a position with no legal move in a best-move array.
const noMove = 255

// layer is the positions of one tile sum, sorted, and their values once known.
type layer struct {
	keys []uint64
	vals []float64
}

// neumaier adds x to the compensated sum (sum, comp).
func neumaier(sum, comp, x float64) (float64, float64) {
	t := sum + x
	if abs(sum) >= abs(x) {
		comp += (sum - t) + x
	} else {
		comp += (x - t) + sum
	}
	return t, comp
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// values fills every layer's vals and s.best, from the last layer down.
func (s *solve) values(ctx context.Context) error {
	H := len(s.layers)
	s.best = make([][]uint8, H)
	idx := make([]*index, H+2)
	for h := H - 1; h >= 0; h-- {
		L := &s.layers[h]
		vals := make([]float64, len(L.keys))
		best := make([]uint8, len(L.keys))
		ch := chanceCtx{g: s.g, q2: 1 - s.four, q4: s.four, idx1: idx[h+1], idx2: idx[h+2]}
		if h+1 < H {
			ch.vals1 = s.layers[h+1].vals
		}
		if h+2 < H {
			ch.vals2 = s.layers[h+2].vals
		}
		for i, k := range L.keys {
			if i&0xfff == 0 {
				if err := ctx.Err(); err != nil {
					return err
				}
			}
			vals[i], best[i] = ch.position(k, s.goal)
		}
		L.vals, s.best[h] = vals, best
		if len(L.keys) > 0 {
			idx[h] = newIndex(L.keys)
		}
		idx[h+2] = nil
		s.report(Progress{Phase: PhaseValues, Sum: 2 * h, Positions: s.positions, Done: H - h, Layers: H})
	}
	return nil
}

// chanceCtx is what valuing one layer needs: the values of the next two layers.
type chanceCtx struct {
	g            *geom
	q2, q4       float64
	idx1, idx2   *index
	vals1, vals2 []float64
}

// position returns the value of position k and its best move (noMove when the
// game is over); a goal of 0 means the score.
func (c *chanceCtx) position(k uint64, goal uint8) (float64, uint8) {
	if goal != 0 && maxTile(k) >= goal {
		return 1, noMove
	}
	best, bd := 0.0, uint8(noMove)
	for _, d := range game2048.Directions {
		after, pts := c.g.move(k, d)
		if after == k {
			continue
		}
		var v float64
		switch {
		case goal == 0:
			v = float64(pts) + c.expect(after)
		case maxTile(after) >= goal:
			v = 1
		default:
			v = c.expect(after)
		}
		if bd == noMove || v > best {
			best, bd = v, uint8(d)
		}
	}
	return best, bd
}

// expect returns the value of the chance node after a move: the mean over empty
// cells of the spawns' values, summed as the file header says.
func (c *chanceCtx) expect(after uint64) float64 {
	em := c.g.empties(after)
	var sum, comp float64
	for m := em; m != 0; m &= m - 1 {
		b := uint(bits.TrailingZeros64(m))
		if c.q2 > 0 {
			sum, comp = neumaier(sum, comp, c.q2*c.vals1[c.idx1.find(c.g.canon(after|1<<b))])
		}
		if c.q4 > 0 {
			sum, comp = neumaier(sum, comp, c.q4*c.vals2[c.idx2.find(c.g.canon(after|2<<b))])
		}
	}
	return (sum + comp) / float64(bits.OnesCount64(em))
}
