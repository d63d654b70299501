package engine

// This file is hot code: the midgame principal-variation search.

import "sync/atomic"

const (
	exactBase           = 128 // table entries from the exact solver have depth exactBase+empties
	shallowOrderEmpties = 20  // at or above this many empties the solver orders moves by a shallow search
	patternOrderEmpties = 13  // from 13 to 19 empties the solver's fastest-first order heeds the patterns too
	// smallOrderEmpties: on 4x4 and 6x6, which have no patterns, the solver's
	// fastest-first order heeds the hand-made evaluation from this many empties
	// (on 8 balanced 6x6 positions of 22 empties, 13% fewer nodes than without).
	smallOrderEmpties = 13
	// smallShallowPlies and smallShallowWeight: on 4x4 and 6x6, the shallow
	// searches that order the solver's moves go this many plies deeper than on
	// 8x8, and their values count this many key points a disc (see shallowOrder).
	smallShallowPlies  = 4
	smallShallowWeight = 16
)

// searcher is one goroutine's search state. The table is shared; everything else
// is its own.
type searcher struct {
	g           geometry
	shallowFrom int // shallowOrder orders the solver's moves from this many empties (see Engine.shallowFrom)
	tt          *table
	nodes       uint64
	reported    uint64         // nodes already added to live
	live        *atomic.Uint64 // the run's node count, for progress reports
	stop        *atomic.Bool
	aborted     bool
	pl          *pool         // the search's workers, for sharing moves with idle ones
	pat         *fastPatterns // if not nil, the evaluation instead of the hand-made one
	mid         *Midgame      // else if not nil, the evaluation
	small       *SmallEval    // else if not nil, the evaluation (6x6 solves)
	selective   bool          // ProbCut in the midgame search
	probable    bool          // the solver cuts as a probable solve (probable.go)

	// Move lists, one per level of the recursion, so they never go to the heap
	// (shared with helpers, a list on the stack would): the midgame indexes them
	// by depth, the solver by empties. Along one line of the recursion both
	// strictly decrease (a pass comes before its node's list is made), and the
	// shallow searches that order the solver's moves stay below the empties of
	// the solver nodes that call them, so no two live lists share one.
	midLists   [maxPly + 1][32]moveScore
	solveLists [maxPly + 1][32]moveScore
	touched    uint64 // sums the words table.touch loads, so the compiler keeps the loads

	leaf leafIndexes // a depth-2 node's gift to its child's leafMoves
}

// maxPly bounds search depths and empties.
const maxPly = 64

// report adds the nodes searched since the last report to the run's count.
func (s *searcher) report() {
	s.live.Add(s.nodes - s.reported)
	s.reported = s.nodes
}

// poll reports the node count and reads the stop flag; the searches call it every
// few thousand nodes. It returns whether the search is to stop.
func (s *searcher) poll() bool {
	s.report()
	if s.stop.Load() {
		s.aborted = true
	}
	return s.aborted
}

// eval is the static evaluation the search uses.
func (s *searcher) eval(p, o uint64) int {
	if s.pat != nil {
		return s.patternEval(p, o)
	}
	if s.mid != nil {
		return s.midgameEval(p, o)
	}
	if s.small != nil {
		return s.smallEval(p, o)
	}
	return s.evaluate(p, o)
}

// pvs returns the value of (p, o) searched depth plies deep (fail-soft), in
// evaluation units. A pass does not use up depth.
func (s *searcher) pvs(p, o uint64, alpha, beta, depth int, passed bool) int {
	s.nodes++
	if s.nodes&0x3ff == 0 {
		s.poll()
	}
	if s.aborted {
		return 0
	}
	if depth == 0 {
		return s.eval(p, o)
	}
	h := hashOf(p, o)
	ttMove := -1
	if e, ok := s.tt.probe(h); ok {
		ttMove = int(e.move)
		lo, hi, usable := int(e.lower), int(e.upper), int(e.depth) >= depth
		if e.depth >= probableBase { // the solver's, in discs
			lo, hi = lo*unit, hi*unit
			if e.lower == -inf {
				lo = -inf
			}
			if e.upper == inf {
				hi = inf
			}
		}
		if usable {
			if lo >= beta {
				return lo
			}
			if hi <= alpha {
				return hi
			}
			if lo == hi {
				return lo
			}
		}
	}
	if s.selective && depth >= probcutMinDepth && beta == alpha+1 {
		if v, ok := s.probcut(p, o, alpha, depth); ok {
			return v
		}
	}
	mv := moves(p, o, s.g.mask)
	if mv == 0 {
		if passed {
			return -s.finalScore(o, p) * unit
		}
		return -s.pvs(o, p, -beta, -alpha, depth, true)
	}
	list := s.searchOrder(p, o, mv, &s.midLists[depth], ttMove, depth)
	alpha0 := alpha
	if depth == 1 {
		if f := s.childWeights(p, o); f != nil {
			best, bestMove := s.leafMoves(f, p, o, list, beta)
			if s.aborted {
				return 0
			}
			storeBounds(s.tt, h, best, alpha0, beta, uint8(depth), bestMove)
			return best
		}
	}
	var base []int32 // at depth 2, the node's own pattern indexes, for its children's leafMoves
	var baseBuf [64]int32
	if depth == 2 && (s.pat != nil || s.mid != nil) {
		base = layout.indexes(p, o, baseBuf[:0])
	}
	best, bestMove := -inf, -1
	for i, m := range list {
		np, no := o&^m.flips, p|m.flips|1<<uint(m.sq)
		a := max(alpha, best)
		if base != nil {
			s.leaf.set(base, &m, np, no)
		}
		var v int
		if i == 0 {
			v = -s.pvs(np, no, -beta, -a, depth-1, false)
		} else {
			v = -s.pvs(np, no, -a-1, -a, depth-1, false)
			if v > a && v < beta {
				v = -s.pvs(np, no, -beta, -v, depth-1, false)
			}
		}
		if s.aborted {
			return 0
		}
		if v > best {
			best, bestMove = v, int(m.sq)
			if v >= beta {
				break
			}
		}
	}
	storeBounds(s.tt, h, best, alpha0, beta, uint8(depth), bestMove)
	return best
}

// searchOrder sorts moves for the midgame search: the table's move first, then, deep
// in the tree, by a shallow search of each child; near the leaves fastest-first.
func (s *searcher) searchOrder(p, o, mv uint64, buf *[32]moveScore, ttMove, depth int) []moveScore {
	var list []moveScore
	if depth >= 4 {
		list = s.valueOrder(p, o, mv, buf, depth/4)
	} else {
		list = s.orderedMoves(p, o, mv, buf)
	}
	promote(list, ttMove)
	return list
}

// valueOrder sorts moves by the value of a depth-d search of each child, best first.
func (s *searcher) valueOrder(p, o, mv uint64, buf *[32]moveScore, d int) []moveScore {
	list := buf[:0]
	var w *fastPatterns
	var pbuf [64]int32
	var parent []int32
	if d <= 1 {
		if w = s.childWeights(p, o); w != nil {
			parent = layout.indexes(o, p, pbuf[:0])
		}
	}
	for m := mv; m != 0; m &= m - 1 {
		sq := lowest(m)
		f := flips(p, o, sq)
		np, no := o&^f, p|f|1<<uint(sq)
		var v int
		if w != nil {
			ms := moveScore{sq: int8(sq), flips: f, reply: moves(np, no, s.g.mask)}
			v = s.childEval(w, parent, &ms, np, no)
		} else if d <= 1 {
			v = s.eval(np, no)
		} else {
			v = s.pvs(np, no, -inf, inf, d-1, false)
		}
		list = append(list, moveScore{sq: int8(sq), key: int16(v), flips: f}) // the child's value: lower is better for p
	}
	sortMoves(list)
	return list
}

// solverOrder orders the exact solver's moves with n empties: the table's move
// first, then by a shallow search far from the end, fastest-first nearer to it.
func (s *searcher) solverOrder(p, o, mv uint64, buf *[32]moveScore, ttMove, n int) []moveScore {
	if n >= s.shallowFrom {
		return s.shallowOrder(p, o, mv, buf, ttMove, n)
	}
	list := s.scoredMoves(p, o, mv, buf)
	if s.pat != nil && n >= patternOrderEmpties {
		// The patterns' value of each reply, two key points per disc, counts
		// beside the replies (eight points each).
		var buf [64]int32
		parent := layout.indexes(o, p, buf[:0])
		for i := range list {
			m := &list[i]
			np, no := o&^m.flips, p|m.flips|1<<uint(m.sq)
			m.key += int16(s.childEval(s.pat, parent, m, np, no) / (unit / 2))
		}
	} else if s.g.size != 8 && n >= smallOrderEmpties {
		for i := range list {
			m := &list[i]
			np, no := o&^m.flips, p|m.flips|1<<uint(m.sq)
			m.key += int16(s.eval(np, no) / (unit / 2))
		}
	}
	sortMoves(list)
	promote(list, ttMove)
	return list
}

// shallowOrder orders the solver's moves far from the end by a shallow search of
// each child. On 8x8 the search's value alone orders them. On the smaller boards,
// which have no patterns, the search goes smallShallowPlies deeper, and its value
// counts beside the fastest-first key (scoredMoves), smallShallowWeight key points
// a disc (a disc counts as two of the opponent's replies), as Edax weighs mobility
// beside its sorting searches. On the 6x6 start (one worker, 64 MiB table) the value
// beside the key searched 1.57 billion nodes instead of 1.75, and 4 plies deeper
// with the learned evaluation 0.58 billion; the README's 6x6 section lists the
// other depths and weights tried.
func (s *searcher) shallowOrder(p, o, mv uint64, buf *[32]moveScore, ttMove, n int) []moveScore {
	d := 1 + (n-s.shallowFrom)/3
	if s.g.size == 8 {
		list := s.valueOrder(p, o, mv, buf, d)
		promote(list, ttMove)
		return list
	}
	d += smallShallowPlies
	list := s.scoredMoves(p, o, mv, buf)
	for i := range list {
		m := &list[i]
		np, no := o&^m.flips, p|m.flips|1<<uint(m.sq)
		var v int
		if d <= 1 {
			v = s.eval(np, no)
		} else {
			v = s.pvs(np, no, -inf, inf, d-1, false)
		}
		m.key += int16(v * smallShallowWeight / unit)
	}
	sortMoves(list)
	promote(list, ttMove)
	return list
}
