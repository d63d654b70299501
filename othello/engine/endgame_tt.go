package engine

// This file is hot code: the exact solver's nodes far from the end (more than
// ttSolve empties), which keep bounds in the transposition table. As in Edax, the
// null-window search, where nearly all of these nodes are, has its own lean
// function, solveNWS, apart from the full-window search along the principal
// variation, solvePVS; the table probe, the move list and the enhanced
// transposition cutoff are helpers both call.

// solveTT solves (p, o) with n empties, more than ttSolve, with the transposition
// table: the exact score if it lies in (alpha, beta), else a bound on the right
// side of the window (fail-soft).
func (s *searcher) solveTT(p, o uint64, alpha, beta, n int) int {
	if beta == alpha+1 {
		return s.solveNWS(p, o, alpha, n, false)
	}
	return s.solvePVS(p, o, alpha, beta, n, false)
}

// solvePVS is solveTT for a window wider than a null window: the first move with
// the window, the others with a null window and searched again with the window if
// they beat it. Far from the end it orders the moves by a shallow search.
func (s *searcher) solvePVS(p, o uint64, alpha, beta, n int, passed bool) int {
	s.nodes++
	if s.aborted || (s.nodes&0x3ff == 0 && s.poll()) {
		return 0
	}
	h := hashOf(p, o)
	lo, hi, ttMove := s.solvedBounds(h)
	switch {
	case lo >= beta:
		return lo
	case hi <= alpha:
		return hi
	case lo == hi:
		return lo
	}
	alpha, beta = max(alpha, lo), min(beta, hi)
	if s.stableWorth(o, alpha, stabilityMargin) {
		if v := s.stabilityCut(p, o, alpha); v != inf {
			return v
		}
	}
	mv := moves(p, o, s.g.mask)
	if mv == 0 {
		if passed {
			return -s.finalScore(o, p)
		}
		return -s.solvePVS(o, p, -beta, -alpha, n, true)
	}
	var best, bestMove int
	if s.lazyOrder(n) {
		best, bestMove = s.solveList(p, o, s.lazyList(p, o, mv, ttMove, n), alpha, beta, n)
	} else {
		list := s.solveTTList(p, o, mv, ttMove, n)
		if v := s.etc(p, o, list, beta, n); v >= beta {
			return v
		}
		best, bestMove = s.solveOrderedPVS(p, o, list, alpha, beta, n)
	}
	if s.aborted {
		return 0
	}
	storeBounds(s.tt, h, best, alpha, beta, s.solveDepth(n), bestMove)
	return best
}

// solveOrderedPVS searches the moves of list (ordered) for solvePVS, sharing all but
// the first with idle workers far enough from the end. It returns the best value
// (fail-soft) and its move, stopping at the first move that reaches beta.
func (s *searcher) solveOrderedPVS(p, o uint64, list []moveScore, alpha, beta, n int) (best, bestMove int) {
	best, bestMove = -inf, -1
	for i, m := range list {
		if i == 1 && s.canShare(n) {
			return s.shareSolve(p, o, list[1:], alpha, beta, best, bestMove, n)
		}
		np, no := o&^m.flips, p|m.flips|1<<uint(m.sq)
		a := max(alpha, best)
		var v int
		if i == 0 {
			v = -s.solveNext(np, no, -beta, -a, n-1)
		} else {
			v = -s.solveNext(np, no, -a-1, -a, n-1)
			if v > a && v < beta {
				v = -s.solveNext(np, no, -beta, -v, n-1)
			}
		}
		if s.aborted {
			return 0, -1
		}
		if v > best {
			best, bestMove = v, int(m.sq)
			if v >= beta {
				break
			}
		}
	}
	return best, bestMove
}

// solveNWS is solveTT for the null window (alpha, alpha+1): it only tells whether
// the score is above alpha, so every move is searched with the same null window
// and none again. The table's bounds never narrow a null window: they either
// answer at once or leave it as it is.
func (s *searcher) solveNWS(p, o uint64, alpha, n int, passed bool) int {
	s.nodes++
	if s.aborted || (s.nodes&0x3ff == 0 && s.poll()) {
		return 0
	}
	h := hashOf(p, o)
	lo, hi, ttMove := s.solvedBounds(h)
	if lo > alpha {
		return lo
	}
	if hi <= alpha {
		return hi
	}
	if s.stableWorth(o, alpha, stabilityMargin) {
		if v := s.stabilityCut(p, o, alpha); v != inf {
			return v
		}
	}
	if s.probable && n >= probableMinEmpties {
		if v, ok := s.endProbcut(p, o, alpha, n); ok {
			return v
		}
	}
	mv := moves(p, o, s.g.mask)
	if mv == 0 {
		if passed {
			return -s.finalScore(o, p)
		}
		return -s.solveNWS(o, p, -alpha-1, n, true)
	}
	var best, bestMove int
	if s.lazyOrder(n) {
		best, bestMove = s.solveListNWS(p, o, s.lazyList(p, o, mv, ttMove, n), alpha, n)
	} else {
		list := s.solveTTList(p, o, mv, ttMove, n)
		if v := s.etc(p, o, list, alpha+1, n); v > alpha {
			return v
		}
		best, bestMove = s.solveOrderedNWS(p, o, list, alpha, n)
	}
	if s.aborted {
		return 0
	}
	storeBounds(s.tt, h, best, alpha, alpha+1, s.solveDepth(n), bestMove)
	return best
}

// solveOrderedNWS searches the moves of list (ordered) with the null window (alpha,
// alpha+1) for solveNWS, sharing all but the first with idle workers far enough
// from the end. It returns the best value (fail-soft) and its move, stopping at
// the first move above alpha.
func (s *searcher) solveOrderedNWS(p, o uint64, list []moveScore, alpha, n int) (best, bestMove int) {
	best, bestMove = -inf, -1
	for i, m := range list {
		if i == 1 && s.canShare(n) {
			return s.shareSolve(p, o, list[1:], alpha, alpha+1, best, bestMove, n)
		}
		v := -s.solveNext(o&^m.flips, p|m.flips|1<<uint(m.sq), -alpha-1, -alpha, n-1)
		if s.aborted {
			return 0, -1
		}
		if v > best {
			best, bestMove = v, int(m.sq)
			if v > alpha {
				break
			}
		}
	}
	return best, bestMove
}

// solveListNWS is solveList for the null window (alpha, alpha+1): each next move
// picked fastest-first only when it is needed, each searched once.
func (s *searcher) solveListNWS(p, o uint64, list []moveScore, alpha, n int) (best, bestMove int) {
	best, bestMove = -inf, -1
	for i := range list {
		selectBest(list[i:])
		m := &list[i]
		v := -s.solveChild(o&^m.flips, p|m.flips|1<<uint(m.sq), m.reply, -alpha-1, -alpha, n-1)
		if v > best {
			best, bestMove = v, int(m.sq)
			if v > alpha {
				break
			}
		}
	}
	return best, bestMove
}

// solvedBounds returns the bounds the table holds on the exact score of the
// position hashed h (-inf and inf if it holds none: an entry of the midgame search
// bounds a different value), and the table's move for it, if any, else -1.
func (s *searcher) solvedBounds(h uint64) (lo, hi, move int) {
	lo, hi, move = -inf, inf, -1
	if e, ok := s.tt.probe(h); ok {
		move = int(e.move)
		if e.depth >= exactBase || s.probable && e.depth >= probableBase {
			lo, hi = int(e.lower), int(e.upper)
		}
	}
	return lo, hi, move
}

// lazyOrder reports whether a node with n empties can pick its moves lazily
// (lazyList): near the end, where no ETC, no sharing, no patterns and no shallow
// search need the whole list sorted.
func (s *searcher) lazyOrder(n int) bool {
	return n < etcEmpties && n < helpMinEmpties && n < shallowOrderEmpties &&
		(n < patternOrderEmpties || s.pat == nil && (s.g.size == 8 || n < smallOrderEmpties))
}

// lazyList lists the moves mv keyed fastest-first, unsorted, for solveList or
// solveListNWS to pick from, with the table's move ttMove (if not -1) keyed first.
func (s *searcher) lazyList(p, o, mv uint64, ttMove, n int) []moveScore {
	list := s.scoredMoves(p, o, mv, &s.solveLists[n])
	if ttMove >= 0 {
		for i := range list {
			if int(list[i].sq) == ttMove {
				list[i].key = -inf
				break
			}
		}
	}
	return list
}

// solveTTList lists the moves mv in the solver's order (solverOrder), keeping one
// of each set of moves that a symmetry of the position maps onto each other.
func (s *searcher) solveTTList(p, o, mv uint64, ttMove, n int) []moveScore {
	list := s.solverOrder(p, o, mv, &s.solveLists[n], ttMove, n)
	if n > s.g.squares-symmetricPlies {
		list = dropSymmetricMoves(list, selfSymmetries(p, o, s.g.size), s.g.size)
	}
	return list
}

// etc is the enhanced transposition cutoff, from etcEmpties on: if the table
// already bounds a child of list at or below -beta for the opponent, it returns
// that bound's negation (at or above beta: the node fails high without a search),
// else -inf.
func (s *searcher) etc(p, o uint64, list []moveScore, beta, n int) int {
	if n < etcEmpties {
		return -inf
	}
	// The children's buckets are nearly all in memory, not the cache: touch them
	// all first, so the loads overlap rather than wait one by one.
	var hs [32]uint64
	for i, m := range list {
		hs[i] = hashOf(o&^m.flips, p|m.flips|1<<uint(m.sq))
		s.touched += s.tt.touch(hs[i])
	}
	for i := range list {
		if e, ok := s.tt.probe(hs[i]); ok && e.depth >= exactBase && -int(e.upper) >= beta {
			return -int(e.upper)
		}
	}
	return -inf
}

// canShare reports whether a node with n empties shares its moves after the first:
// far enough from the end, with a worker idle.
func (s *searcher) canShare(n int) bool {
	return n >= helpMinEmpties && s.pl.idle.Load() > 0
}

// shareSolve searches rest, the moves after a first that scored best, among s and
// the idle workers (pool.share) and returns the best value and move (fail-soft), or
// 0 and -1 if the search was stopped.
func (s *searcher) shareSolve(p, o uint64, rest []moveScore, alpha, beta, best, bestMove, n int) (int, int) {
	best, bestMove = s.pl.share(s, p, o, rest, alpha, beta, best, bestMove,
		func(w *searcher, np, no uint64, a, b int) int { return -w.solveNext(np, no, -b, -a, n-1) })
	if s.aborted {
		return 0, -1
	}
	return best, bestMove
}

// exactDepth is the table depth of an exact-solver entry with n empties: above every
// midgame depth, and larger for bigger subtrees, which the table prefers to keep.
func exactDepth(n int) uint8 { return uint8(exactBase + n) }
