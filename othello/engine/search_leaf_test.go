package engine

import (
	"slices"
	"testing"
)

// TestLeafIndexesMatchIndexes checks the indexes a depth-2 node hands to each
// child (leafIndexes.set) against the child's indexes read from its board, for
// every move of many positions, and that get gives them only for that child.
func TestLeafIndexesMatchIndexes(t *testing.T) {
	t.Parallel()
	g := newGeometry(8)
	s := &searcher{g: g}
	rnd := newRand(36)
	children := 0
	for i := range 2000 {
		pos := randomPosition(rnd, 8, 1+rnd.IntN(58))
		p, o := pos.Player(), pos.Opponent()
		var buf, want [64]int32
		base := layout.indexes(p, o, buf[:0])
		var lists [32]moveScore
		for _, m := range s.scoredMoves(p, o, moves(p, o, g.mask), &lists) {
			np, no := o&^m.flips, p|m.flips|1<<uint(m.sq)
			var l leafIndexes
			l.set(base, &m, np, no)
			if got, want := l.get(np, no), layout.indexes(no, np, want[:0]); !slices.Equal(got, want) {
				t.Fatalf("position %d (%s), move %d: set gives %v, indexes %v", i, pos, m.sq, got, want)
			}
			if l.get(no, np) != nil {
				t.Fatalf("position %d (%s), move %d: get answers for the other side to move", i, pos, m.sq)
			}
			children++
		}
	}
	if children < 10000 {
		t.Fatalf("only %d children checked", children)
	}
}
