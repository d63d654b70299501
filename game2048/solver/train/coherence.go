package train

import (
	"math"

	"github.com/gridgames/gridgames/game2048"
	"github.com/gridgames/gridgames/game2048/internal/hugepages"
	"github.com/gridgames/gridgames/game2048/solver"
)

// coherence holds temporal coherence's accumulators (Beal and Smith, 1997; for
// 2048, Jaśkowski, 2018): for every weight of a Network6, the sum of the errors
// that moved it (e) and the sum of their sizes (a). A weight's own rate is
// |e|/a: near 1 while its errors keep one sign, near 0 once they cancel out, so
// weights that have settled stop wandering while new ones still learn fast.
type coherence struct {
	e, a [solver.Groups6][]float32
	late *coherence // the late stage's, once the network is promoted
}

func newCoherence() *coherence {
	c := new(coherence)
	for g := range c.e {
		c.e[g] = make([]float32, solver.Patterns6)
		c.a[g] = make([]float32, solver.Patterns6)
		hugepages.Advise(c.e[g])
		hugepages.Advise(c.a[g])
	}
	return c
}

// clone returns a copy of c's accumulators (without a late stage).
func (c *coherence) clone() *coherence {
	d := newCoherence()
	for g := range c.e {
		copy(d.e[g], c.e[g])
		copy(d.a[g], c.a[g])
	}
	return d
}

// update moves every weight b reads by beta x its rate x err (a weight never
// moved has rate 1), then adds err to its accumulators.
func (c *coherence) update(n *Network6, b game2048.Bitboard, err, beta float32) {
	if n.late != nil && solver.LateBoard(b) {
		n, c = n.late, c.late
	}
	abs := float32(math.Abs(float64(err)))
	for i, j := range solver.Indexes6(b) {
		g := i / 8
		rate := float32(1)
		if a := c.a[g][j]; a != 0 {
			rate = float32(math.Abs(float64(c.e[g][j]))) / a
		}
		n.w[g][j] += beta * rate * err
		c.e[g][j] += err
		c.a[g][j] += abs
	}
}
