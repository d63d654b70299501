package engine

// The evaluation: a weighted sum of features Othello players know, from the side to
// move's point of view, in units of 1/16 disc. Weights move linearly from the opening
// (60 empties) to the end of the midgame (0 empties).

const unit = 16 // evaluation units per disc

// weights of one game phase.
type weights struct {
	mobility, potential, corner, xSquare, cSquare, stable, disc, parity int
}

var (
	openingWeights = weights{mobility: 14, potential: 5, corner: 130, xSquare: -60, cSquare: -25, stable: 20, disc: -2, parity: 0}
	endWeights     = weights{mobility: 8, potential: 2, corner: 60, xSquare: -20, cSquare: -8, stable: 24, disc: 12, parity: 24}
)

// evaluate scores p against o for the side to move.
func (s *searcher) evaluate(p, o uint64) int {
	g := &s.g
	empty := g.mask &^ (p | o)
	n := popcount(empty)
	// Blend the phase weights: t runs from 0 at the opening to 64 at the end.
	t := 64 - n*64/g.squares
	w := func(a, b int) int { return (a*(64-t) + b*t) / 64 }
	mp, mo := moves(p, o, g.mask), moves(o, p, g.mask)
	if mp == 0 && mo == 0 {
		return s.finalScore(p, o) * unit
	}
	score := w(openingWeights.mobility, endWeights.mobility) * (popcount(mp) - popcount(mo))
	score += w(openingWeights.potential, endWeights.potential) *
		(popcount(empty&neighbours(o, g)) - popcount(empty&neighbours(p, g)))
	score += w(openingWeights.corner, endWeights.corner) * (popcount(p&g.corners) - popcount(o&g.corners))
	// X and C squares count only next to an empty corner.
	xs, cs := s.dangerSquares(empty)
	score += w(openingWeights.xSquare, endWeights.xSquare) * (popcount(p&xs) - popcount(o&xs))
	score += w(openingWeights.cSquare, endWeights.cSquare) * (popcount(p&cs) - popcount(o&cs))
	if p&g.corners|o&g.corners != 0 { // stable discs grow only from corners
		score += w(openingWeights.stable, endWeights.stable) * (popcount(g.stable(o, p)) - popcount(g.stable(p, o)))
	}
	score += w(openingWeights.disc, endWeights.disc) * (popcount(p) - popcount(o))
	if n&1 == 1 {
		score += w(openingWeights.parity, endWeights.parity)
	}
	return score
}

// neighbours returns the squares next to any disc of b (in all eight directions).
func neighbours(b uint64, g *geometry) uint64 {
	h := (b<<1)&^g.colA | (b>>1)&^g.colH
	r := b | h
	return (h | r<<8 | r>>8) & g.mask
}

// dangerSquares returns the X squares (diagonal to a corner) and C squares (beside a
// corner on the edge) of the empty corners.
func (s *searcher) dangerSquares(empty uint64) (x, c uint64) {
	for i, corner := range s.g.cornerList {
		if empty&corner != 0 {
			x |= s.g.xSquare[i]
			c |= s.g.cSquares[i]
		}
	}
	return x, c
}
