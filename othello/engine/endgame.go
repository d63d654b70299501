package engine

// This file is hot code: the exact endgame solver. Scores are final disc differences
// for the side to move, empties going to the winner. Near the end it skips move
// generation and tries the empty squares in parity order; further from the end it
// sorts moves fastest-first (fewest replies for the opponent), and furthest from it
// keeps bounds in the transposition table (endgame_tt.go).

const (
	inf        = 1 << 14
	smallSolve = 6  // at or below this many empties: parity order, no sorting
	ttSolve    = 9  // above this many empties: the transposition table too
	etcEmpties = 12 // at or above this many empties: enhanced transposition cutoffs

	// The stable discs are counted only with this many of o's discs to spare (see
	// stableWorth). At 4 empties a cut saves only a few leaves, so solve4 asks for
	// more to spare, counting only where a cut is likely.
	stabilityMargin = 4
	solve4Margin    = 6
)

// finalScore is the score of a finished game for p: discs difference, empties to the winner.
func (s *searcher) finalScore(p, o uint64) int {
	d := popcount(p) - popcount(o)
	switch e := s.g.squares - popcount(p|o); {
	case d > 0:
		return d + e
	case d < 0:
		return d - e
	}
	return 0
}

// solve returns the exact score of (p, o) with n empties if it lies in (alpha,
// beta); otherwise a bound on the right side of the window (fail-soft).
func (s *searcher) solve(p, o uint64, alpha, beta, n int) int {
	switch {
	case n == 0:
		s.nodes++
		return popcount(p) - popcount(o)
	case n == 1:
		s.nodes++
		return s.last1(p, o, lowest(s.g.mask&^(p|o)))
	case n == 2:
		empty := s.g.mask &^ (p | o)
		return s.solve2(p, o, alpha, beta, lowest(empty), lowest(empty&(empty-1)))
	case n == 3:
		return s.solve3(p, o, alpha, beta, s.g.mask&^(p|o), false)
	case n == 4:
		return s.solve4(p, o, alpha, beta, s.g.parity(s.g.mask&^(p|o)), false)
	case n <= smallSolve:
		return s.solveSmall(p, o, alpha, beta, n, s.g.parity(s.g.mask&^(p|o)), false)
	case n <= ttSolve:
		return s.solveSorted(p, o, moves(p, o, s.g.mask), alpha, beta, n, false)
	}
	return s.solveTT(p, o, alpha, beta, n)
}

// neighbourOf[sq] is the squares next to sq: a move there flips nothing unless
// the opponent has a disc among them.
var neighbourOf [64]uint64

func init() {
	for sq := range neighbourOf {
		neighbourOf[sq] = neighbours8(1 << uint(sq))
	}
}

// last1 scores the last empty square sq (every other square is occupied): the
// side to move plays it if it can, else the other side, else nobody, and the
// empty square goes to the winner.
func (s *searcher) last1(p, o uint64, sq int) int {
	pc := popcount(p)
	if n := countLastFlips(p, sq); n > 0 {
		return 2*(pc+n+1) - s.g.squares
	}
	if n := countLastFlips(o, sq); n > 0 {
		return 2*(pc-n) - s.g.squares
	}
	d := 2*pc + 1 - s.g.squares
	if d > 0 {
		return d + 1
	}
	return d - 1
}

// solve2 solves the last two empty squares x1 and x2: each side's moves tried in
// turn, the last square scored by last1.
func (s *searcher) solve2(p, o uint64, alpha, beta, x1, x2 int) int {
	s.nodes++
	best := -inf
	if neighbourOf[x1]&o != 0 {
		if f := flips(p, o, x1); f != 0 {
			s.nodes++
			best = -s.last1(o&^f, p|f|1<<uint(x1), x2)
			if best >= beta {
				return best
			}
		}
	}
	if neighbourOf[x2]&o != 0 {
		if f := flips(p, o, x2); f != 0 {
			s.nodes++
			best = max(best, -s.last1(o&^f, p|f|1<<uint(x2), x1))
		}
	}
	if best != -inf {
		return best
	}
	// p passes: o moves (and p's score is the least o leaves it).
	worst := inf
	if neighbourOf[x1]&p != 0 {
		if f := flips(o, p, x1); f != 0 {
			s.nodes++
			worst = s.last1(p&^f, o|f|1<<uint(x1), x2)
			if worst <= alpha {
				return worst
			}
		}
	}
	if neighbourOf[x2]&p != 0 {
		if f := flips(o, p, x2); f != 0 {
			s.nodes++
			worst = min(worst, s.last1(p&^f, o|f|1<<uint(x2), x1))
		}
	}
	if worst != inf {
		return worst
	}
	return s.finalScore(p, o)
}

// solve3 solves the last three empty squares, those of empty: a square alone in its
// quadrant first (parity), each move answered by solve2 on the other two squares,
// with no move list and no loop.
func (s *searcher) solve3(p, o uint64, alpha, beta int, empty uint64, passed bool) int {
	s.nodes++
	x1 := lowest(empty)
	empty &= empty - 1
	x2 := lowest(empty)
	x3 := lowest(empty & (empty - 1))
	if q := &s.g.quadOf; q[x1] == q[x2] {
		x1, x2, x3 = x3, x1, x2
	} else if q[x1] == q[x3] {
		x1, x2 = x2, x1
	}
	best := -inf
	if neighbourOf[x1]&o != 0 {
		if f := flips(p, o, x1); f != 0 {
			best = -s.solve2(o&^f, p|f|1<<uint(x1), -beta, -alpha, x2, x3)
			if best >= beta {
				return best
			}
		}
	}
	if neighbourOf[x2]&o != 0 {
		if f := flips(p, o, x2); f != 0 {
			v := -s.solve2(o&^f, p|f|1<<uint(x2), -beta, -max(alpha, best), x1, x3)
			if v > best {
				if v >= beta {
					return v
				}
				best = v
			}
		}
	}
	if neighbourOf[x3]&o != 0 {
		if f := flips(p, o, x3); f != 0 {
			best = max(best, -s.solve2(o&^f, p|f|1<<uint(x3), -beta, -max(alpha, best), x1, x2))
		}
	}
	if best != -inf {
		return best
	}
	if passed {
		return -s.finalScore(o, p) // neither side can move; undo the pass's negation
	}
	return -s.solve3(o, p, -beta, -alpha, s.g.mask&^(p|o), true)
}

// solve4 solves the last four empty squares in solveSmall's order (odd quadrants
// first, then corners first and X squares last), the order found by sorting four
// keys branch-free, each move answered by solve3 with no move list or loop.
func (s *searcher) solve4(p, o uint64, alpha, beta int, parity uint8, passed bool) int {
	s.nodes++
	if s.stableWorth(o, alpha, solve4Margin) {
		if v := s.stabilityCut(p, o, alpha); v != inf {
			return v
		}
	}
	empty := s.g.mask &^ (p | o)
	// key: 6 bits of square, then its class: the parity pass (0 odd, 1 even) times
	// 3 plus its rank, so ascending keys are the order to try.
	key := func(sq int) int {
		even := int(s.g.quadOf[sq]&parity) == 0
		c := int(s.g.squareRank[sq])
		if even {
			c += 3
		}
		return c<<6 | sq
	}
	e := empty
	k1 := key(lowest(e))
	e &= e - 1
	k2 := key(lowest(e))
	e &= e - 1
	k3 := key(lowest(e))
	e &= e - 1
	k4 := key(lowest(e))
	// A sorting network of five compare-exchanges.
	k1, k2 = min(k1, k2), max(k1, k2)
	k3, k4 = min(k3, k4), max(k3, k4)
	k1, k3 = min(k1, k3), max(k1, k3)
	k2, k4 = min(k2, k4), max(k2, k4)
	k2, k3 = min(k2, k3), max(k2, k3)
	x1, x2, x3, x4 := k1&63, k2&63, k3&63, k4&63
	best := -inf
	for _, x := range [4]int{x1, x2, x3, x4} {
		if neighbourOf[x]&o == 0 {
			continue
		}
		f := flips(p, o, x)
		if f == 0 {
			continue
		}
		v := -s.solve3(o&^f, p|f|1<<uint(x), -beta, -max(alpha, best), empty&^(1<<uint(x)), false)
		if v > best {
			best = v
			if v >= beta {
				return v
			}
		}
	}
	if best != -inf {
		return best
	}
	if passed {
		return -s.finalScore(o, p) // neither side can move; undo the pass's negation
	}
	return -s.solve4(o, p, -beta, -alpha, parity, true)
}

// solveSmall (5 to smallSolve empties) tries each empty square directly (no move generation), odd quadrants
// first, and within each parity corners first and X squares last.
// parity is the quadrants holding an odd number of empties (see geometry.parity).
func (s *searcher) solveSmall(p, o uint64, alpha, beta, n int, parity uint8, passed bool) int {
	s.nodes++
	if s.stableWorth(o, alpha, stabilityMargin) {
		if v := s.stabilityCut(p, o, alpha); v != inf {
			return v
		}
	}
	empty := s.g.mask &^ (p | o)
	odd := empty & s.g.parityMask[parity]
	best := -inf
	good, bad := s.g.corners, s.g.xSquares
	sets := [6]uint64{odd & good, odd &^ (good | bad), odd & bad}
	even := empty &^ odd
	sets[3], sets[4], sets[5] = even&good, even&^(good|bad), even&bad
	for _, set := range sets {
		for ; set != 0; set &= set - 1 {
			sq := lowest(set)
			if neighbourOf[sq]&o == 0 {
				continue
			}
			f := flips(p, o, sq)
			if f == 0 {
				continue
			}
			np, no := o&^f, p|f|1<<uint(sq)
			var v int
			if n == 5 {
				v = -s.solve4(np, no, -beta, -max(alpha, best), parity^s.g.quadOf[sq], false)
			} else {
				v = -s.solveSmall(np, no, -beta, -max(alpha, best), n-1, parity^s.g.quadOf[sq], false)
			}
			if v > best {
				best = v
				if v >= beta {
					return v
				}
			}
		}
	}
	if best != -inf {
		return best
	}
	if passed {
		return -s.finalScore(o, p) // neither side can move; undo the pass's negation
	}
	return -s.solveSmall(o, p, -beta, -alpha, n, parity, true)
}

// orderedMoves lists the moves of p sorted fastest-first (see scoredMoves).
func (s *searcher) orderedMoves(p, o, mv uint64, buf *[32]moveScore) []moveScore {
	list := s.scoredMoves(p, o, mv, buf)
	sortMoves(list)
	return list
}

// scoredMoves lists the moves of p, unsorted, each keyed fastest-first: fewest
// replies for the opponent, a reply on a corner counting twice, each empty square
// next to p's discs a quarter reply, a move onto a corner as one reply fewer,
// odd-quadrant moves first among equals. Each entry keeps the opponent's replies,
// which its child needs next.
func (s *searcher) scoredMoves(p, o, mv uint64, buf *[32]moveScore) []moveScore {
	odd := s.g.oddQuadrants(s.g.mask &^ (p | o))
	list := buf[:0]
	for m := mv; m != 0; m &= m - 1 {
		sq := lowest(m)
		f := flips(p, o, sq)
		np, no := o&^f, p|f|1<<uint(sq)
		// Weigh the opponent's replies, and a quarter as much its potential
		// mobility (empty squares next to our discs): on FFO #21-49 a quarter
		// searched 4% fewer nodes (geometric mean) than an eighth.
		reply := moves(np, no, s.g.mask)
		key := popcount(reply)*8 + popcount(reply&s.g.corners)*8 + 2*popcount(neighbours(no, &s.g)&^(np|no)&s.g.mask)
		if s.g.corners&(1<<uint(sq)) != 0 {
			key -= 8
		}
		if odd&(1<<uint(sq)) == 0 {
			key += 2
		}
		list = append(list, moveScore{sq: int8(sq), key: int16(key), flips: f, reply: reply})
	}
	return list
}

type moveScore struct {
	sq    int8
	key   int16
	flips uint64
	reply uint64 // the opponent's moves after this one, where the list keeps them (else 0)
}

// sortMoves is an insertion sort by key, ascending: the lists are short.
func sortMoves(l []moveScore) {
	for i := 1; i < len(l); i++ {
		x := l[i]
		j := i
		for ; j > 0 && l[j-1].key > x.key; j-- {
			l[j] = l[j-1]
		}
		l[j] = x
	}
}

// stableWorth reports whether stabilityCut is worth trying: a cut needs about
// (squares-alpha)/2 of o's discs stable, and when that is all of them or all but
// fewer than spare, a cut is impossible or rare (under 1% of tries at 5 to 7 empties
// on FFO #40-44 with under 4 to spare), so the stable discs are not counted. It is
// small enough to inline, so the usual answer, no, costs no call.
func (s *searcher) stableWorth(o uint64, alpha, spare int) bool {
	return alpha+2*popcount(o) >= s.g.squares+2*spare
}

// stabilityCut returns an upper bound on p's score from o's stable discs, when that
// bound is at or below alpha (so the node fails low), else inf.
func (s *searcher) stabilityCut(p, o uint64, alpha int) int {
	var st uint64
	if s.g.size == 8 {
		st = stable8(p, o)
	} else {
		st = s.g.stableAny(p, o)
	}
	if upper := s.g.squares - 2*popcount(st); upper <= alpha {
		return upper
	}
	return inf
}

// solveSorted searches fastest-first with a null window after the first move; mv
// is p's moves. It picks each next move when it needs it (most nodes cut off after
// the first), rather than sorting the list.
func (s *searcher) solveSorted(p, o, mv uint64, alpha, beta, n int, passed bool) int {
	s.nodes++
	if s.nodes&0xfff == 0 && s.poll() {
		return 0
	}
	if s.stableWorth(o, alpha, stabilityMargin) {
		if v := s.stabilityCut(p, o, alpha); v != inf {
			return v
		}
	}
	if mv == 0 {
		if passed {
			return -s.finalScore(o, p)
		}
		return -s.solveSorted(o, p, moves(o, p, s.g.mask), -beta, -alpha, n, true)
	}
	best, _ := s.solveList(p, o, s.scoredMoves(p, o, mv, &s.solveLists[n]), alpha, beta, n)
	return best
}

// solveList searches the moves of list (keyed, unsorted) fastest-first, picking
// each next move only when it needs one, the first with the window (alpha, beta)
// and the others with a null window. It returns the best value (fail-soft) and its
// move, stopping at the first move that reaches beta.
func (s *searcher) solveList(p, o uint64, list []moveScore, alpha, beta, n int) (best, bestMove int) {
	best, bestMove = -inf, -1
	for i := range list {
		selectBest(list[i:])
		m := &list[i]
		np, no := o&^m.flips, p|m.flips|1<<uint(m.sq)
		a := max(alpha, best)
		var v int
		if i == 0 {
			v = -s.solveChild(np, no, m.reply, -beta, -a, n-1)
		} else {
			v = -s.solveChild(np, no, m.reply, -a-1, -a, n-1)
			if v > a && v < beta {
				v = -s.solveChild(np, no, m.reply, -beta, -v, n-1)
			}
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

// selectBest moves the entry of l with the lowest key to the front.
func selectBest(l []moveScore) {
	b, bk := 0, l[0].key
	for j := 1; j < len(l); j++ {
		if k := l[j].key; k < bk { // a conditional move, not a branch
			b, bk = j, k
		}
	}
	l[0], l[b] = l[b], l[0]
}

// solveNext picks the solver for a child with n empties.
func (s *searcher) solveNext(p, o uint64, alpha, beta, n int) int {
	if n <= 4 {
		return s.solve(p, o, alpha, beta, n)
	}
	if n <= smallSolve {
		return s.solveSmall(p, o, alpha, beta, n, s.g.parity(s.g.mask&^(p|o)), false)
	}
	if n <= ttSolve {
		return s.solveSorted(p, o, moves(p, o, s.g.mask), alpha, beta, n, false)
	}
	// solveTT written out, saving a call on every table node's path.
	if beta == alpha+1 {
		return s.solveNWS(p, o, alpha, n, false)
	}
	return s.solvePVS(p, o, alpha, beta, n, false)
}

// solveChild is solveNext for a child whose moves mv are known (from its parent's
// move ordering).
func (s *searcher) solveChild(p, o, mv uint64, alpha, beta, n int) int {
	if n > smallSolve && n <= ttSolve {
		return s.solveSorted(p, o, mv, alpha, beta, n, false)
	}
	return s.solveNext(p, o, alpha, beta, n)
}

// promote moves the entry for sq, if any, to the front of the list.
func promote(list []moveScore, sq int) {
	if sq < 0 {
		return
	}
	for i := range list {
		if int(list[i].sq) == sq {
			m := list[i]
			copy(list[1:i+1], list[:i])
			list[0] = m
			return
		}
	}
}
