package engine

// This file is hot code: the nodes of the midgame search one ply above the
// leaves, which value their children from their own pattern indexes, and the
// depth-2 nodes that hand those indexes down, each updated by the move's
// squares instead of read from the board anew.

// childWeights returns the pattern weights that value the children of (p, o)
// in the search (see eval), or nil when they are valued otherwise (the
// hand-made evaluations, or a phase without weights).
func (s *searcher) childWeights(p, o uint64) *fastPatterns {
	if s.pat != nil {
		return s.pat
	}
	if s.mid != nil {
		return s.mid.weightsFor(63 - popcount(p|o)).searchForm()
	}
	return nil
}

// leafMoves searches the moves of list (each with its reply moves, as
// scoredMoves gives them) at a node one ply above the leaves: it values each
// child by f from the node's own pattern indexes (childEval, the value the
// child's depth-0 search would return, for a node each; the node's indexes
// come from s.leaf when its parent left them there), in list order until
// one reaches beta. It returns the best value and move (fail-soft); s.aborted
// is set if the search was stopped.
func (s *searcher) leafMoves(f *fastPatterns, p, o uint64, list []moveScore, beta int) (int, int) {
	var buf [64]int32
	parent := s.leaf.get(p, o)
	if parent == nil {
		parent = layout.indexes(o, p, buf[:0])
	}
	best, bestMove := -inf, -1
	for i := range list {
		s.nodes++
		if s.nodes&0x3ff == 0 && s.poll() {
			return 0, -1
		}
		m := &list[i]
		v := -s.childEval(f, parent, m, o&^m.flips, p|m.flips|1<<uint(m.sq))
		if v > best {
			best, bestMove = v, int(m.sq)
			if v >= beta {
				break
			}
		}
	}
	return best, bestMove
}

// leafIndexes holds the pattern indexes of the position (p, o) read from o's
// side (layout.indexes(o, p)), as leafMoves wants them, made by the position's
// parent from its own.
type leafIndexes struct {
	p, o uint64
	n    int
	idx  [64]int32
}

// set makes l the indexes of (np, no), the position after the move m of the
// parent whose indexes, read from its own side (the mover's discs digit 1), are
// base: the move's square turns from empty to the mover's (digit 0 to 1) and
// each flipped disc from the other side's to the mover's (2 to 1).
func (l *leafIndexes) set(base []int32, m *moveScore, np, no uint64) {
	l.p, l.o, l.n = np, no, len(base)
	idx := l.idx[:len(base)]
	copy(idx, base)
	lay := &layout
	sq := int(m.sq)
	for _, d := range lay.bySquare[lay.sqStart[sq]:lay.sqStart[sq+1]] {
		idx[d.inst] += d.power
	}
	for b := m.flips; b != 0; b &= b - 1 {
		sq := lowest(b)
		for _, d := range lay.bySquare[lay.sqStart[sq]:lay.sqStart[sq+1]] {
			idx[d.inst] -= d.power
		}
	}
}

// get returns the indexes if they are those of (p, o), else nil.
func (l *leafIndexes) get(p, o uint64) []int32 {
	if l.n == 0 || l.p != p || l.o != o {
		return nil
	}
	return l.idx[:l.n]
}
