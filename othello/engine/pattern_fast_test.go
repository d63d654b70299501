package engine

import (
	"testing"
)

// TestFastPatternsMatchWeights holds the search's rounded weights to the float
// weights they come from: within two evaluation units (1/8 disc) of the float
// value, the rounding of 52 terms, on the built-in and on random weights.
func TestFastPatternsMatchWeights(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		w    *Patterns
	}{
		{"built-in", DefaultPatterns()},
		{"random", randomPatterns(7)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := &searcher{g: newGeometry(8), pat: tc.w.searchForm()}
			rnd := newRand(11)
			for i := range 2000 {
				pos := randomPosition(rnd, 8, 4+rnd.IntN(55))
				p, o := pos.Player(), pos.Opponent()
				got := s.patternEval(p, o)
				v, over := tc.w.valueOver(p, o)
				want := s.finalScore(p, o) * unit
				if !over {
					want = int(max(-64*unit, min(64*unit, v*unit)))
				}
				if d := got - want; d < -2 || d > 2 {
					t.Fatalf("position %d (%s): %d units, float weights give %d", i, pos, got, want)
				}
			}
		})
	}
}

// TestChildEvalMatchesPatternEval checks the incremental valuation of children
// against valuing each child's board from scratch, for every move of many
// positions, game-ending moves included.
func TestChildEvalMatchesPatternEval(t *testing.T) {
	t.Parallel()
	s := &searcher{g: newGeometry(8), pat: DefaultPatterns().searchForm()}
	rnd := newRand(12)
	children := 0
	for i := range 3000 {
		pos := randomPosition(rnd, 8, 1+rnd.IntN(58))
		p, o := pos.Player(), pos.Opponent()
		var buf [64]int32
		parent := layout.indexes(o, p, buf[:0])
		var lists [32]moveScore
		for _, m := range s.scoredMoves(p, o, moves(p, o, s.g.mask), &lists) {
			np, no := o&^m.flips, p|m.flips|1<<uint(m.sq)
			if got, want := s.childEval(s.pat, parent, &m, np, no), s.patternEval(np, no); got != want {
				t.Fatalf("position %d (%s), move %d: childEval %d, patternEval %d", i, pos, m.sq, got, want)
			}
			children++
		}
	}
	if children < 10000 {
		t.Fatalf("only %d children checked", children)
	}
}
