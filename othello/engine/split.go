package engine

import (
	"sync"
	"sync/atomic"
)

// This file spreads a search over the workers. Along the principal variation (the
// first move at each full-window node, where the search spends most of its time
// before any bound is known) it descends on one goroutine; once a node's first move
// is done, the node's other moves are shared out to all idle workers with a null
// window, each re-searched on its own worker if it proves better. Deeper in the
// solver, any node far enough from the end does the same after its first move
// whenever a worker sits idle (young brothers wait), so no CPU waits long for the
// last big subtree of a split. Below splitMinEmpties (or splitMinDepth for the
// midgame) a full-window node is searched on one goroutine; other nodes share from
// helpMinEmpties.

const (
	splitMinEmpties = 12
	splitMinDepth   = 4
	helpMinEmpties  = 14
)

// pool counts the idle CPUs of one search and hands out searchers, all sharing the
// table and stop flag. A worker that waits for its helpers gives its CPU back while
// it waits, so idle counts CPUs, not goroutines.
type pool struct {
	e   *Engine
	g   geometry
	run *searchRun
	pat *Patterns  // the evaluation of every searcher, or nil for the hand-made one
	mid *Midgame   // else this one, if not nil
	sm  *SmallEval // else this one (6x6), if not nil
	// selective turns ProbCut on in every searcher's midgame search.
	selective bool
	// probable makes every searcher's solves probable ones (probable.go).
	probable bool
	idle     atomic.Int32 // CPUs free to help
	mu       sync.Mutex
	free     []*searcher // searchers not in use
	all      []*searcher // every searcher made, for the node count
}

func (e *Engine) newPool(g geometry, r *searchRun) *pool {
	pl := &pool{e: e, g: g, run: r, pat: e.using, mid: e.usingMid, sm: e.usingSm, selective: e.selective, probable: e.probable}
	pl.all = append(pl.all, pl.newSearcher())
	pl.idle.Store(int32(e.workers - 1))
	return pl
}

// newSearcher readies a searcher for the pool: one the engine kept from an
// earlier pool (searchers are large: their move lists), or a new one.
func (pl *pool) newSearcher() *searcher {
	e := pl.e
	var s *searcher
	if n := len(e.spare); n > 0 {
		s, e.spare = e.spare[n-1], e.spare[:n-1]
	} else {
		s = new(searcher)
	}
	s.g, s.tt, s.stop, s.live, s.pl, s.pat, s.mid, s.selective = pl.g, e.tt, &pl.run.stop, &pl.run.nodes, pl, pl.pat.searchForm(), pl.mid, pl.selective
	s.small, s.probable = pl.sm, pl.probable
	s.shallowFrom = shallowOrderEmpties
	if pl.e.shallowFrom > 0 {
		s.shallowFrom = pl.e.shallowFrom
	}
	s.nodes, s.reported, s.aborted = 0, 0, false
	return s
}

// finish adds the nodes of every searcher that the run has not counted yet, and
// gives the searchers back to the engine.
func (pl *pool) finish() {
	for _, s := range pl.all {
		s.report()
		s.pl, s.stop, s.live = nil, nil, nil
	}
	pl.e.spare = append(pl.e.spare, pl.all...)
}

func (pl *pool) aborted() bool {
	for _, s := range pl.all {
		if s.aborted {
			return true
		}
	}
	return false
}

// take claims up to k idle CPUs and returns a searcher for each.
func (pl *pool) take(k int) []*searcher {
	n := int32(0)
	for {
		idle := pl.idle.Load()
		n = min(idle, int32(k))
		if n <= 0 {
			return nil
		}
		if pl.idle.CompareAndSwap(idle, idle-n) {
			break
		}
	}
	pl.mu.Lock()
	defer pl.mu.Unlock()
	out := make([]*searcher, n)
	for i := range out {
		if len(pl.free) > 0 {
			out[i] = pl.free[len(pl.free)-1]
			pl.free = pl.free[:len(pl.free)-1]
		} else {
			out[i] = pl.newSearcher()
			pl.all = append(pl.all, out[i])
		}
	}
	return out
}

// done returns a helper's searcher and its CPU.
func (pl *pool) done(s *searcher) {
	pl.mu.Lock()
	pl.free = append(pl.free, s)
	pl.mu.Unlock()
	pl.idle.Add(1)
}

// childFn searches one child (already played: the opponent to move) with searcher s
// in window (a, b) from the parent's point of view, returning the parent's value.
type childFn func(s *searcher, p, o uint64, a, b int) int

// splitNode searches the moves of list at a full-window node: the first on s by
// descend (which may split again deeper), then the rest shared among s and any idle
// workers with null windows. It returns the best value and move (fail-soft).
func (pl *pool) splitNode(s *searcher, p, o uint64, list []moveScore, alpha, beta int,
	descend, child childFn) (int, int) {
	first := list[0]
	best := descend(s, o&^first.flips, p|first.flips|1<<uint(first.sq), alpha, beta)
	bestMove := int(first.sq)
	if best >= beta || len(list) == 1 || s.aborted {
		return best, bestMove
	}
	return pl.share(s, p, o, list[1:], alpha, beta, best, bestMove, child)
}

// share searches the moves of rest, after a first move that scored best, among s
// and as many idle workers as can help, each move with a null window first. It
// returns the best value and move (fail-soft); s.aborted is set if any worker was
// stopped.
func (pl *pool) share(s *searcher, p, o uint64, rest []moveScore, alpha, beta, best, bestMove int,
	child childFn) (int, int) {
	helpers := pl.take(len(rest) - 1)
	var mu sync.Mutex
	var next atomic.Int32
	work := func(w *searcher) {
		for {
			i := int(next.Add(1) - 1)
			if i >= len(rest) {
				return
			}
			m := rest[i]
			np, no := o&^m.flips, p|m.flips|1<<uint(m.sq)
			mu.Lock()
			a := max(alpha, best)
			mu.Unlock()
			if a >= beta {
				return
			}
			v := child(w, np, no, a, a+1)
			if v > a && v < beta && !w.aborted {
				v = child(w, np, no, v-1, beta)
			}
			if w.aborted {
				return
			}
			mu.Lock()
			if v > best {
				best, bestMove = v, int(m.sq)
			}
			mu.Unlock()
		}
	}
	var wg sync.WaitGroup
	var helperAborted atomic.Bool
	for _, h := range helpers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			work(h)
			if h.aborted {
				helperAborted.Store(true)
				h.aborted = false
			}
			pl.done(h)
		}()
	}
	work(s)
	if len(helpers) > 0 {
		// Lend this CPU to the helpers' own splits while waiting for them.
		pl.idle.Add(1)
		wg.Wait()
		pl.idle.Add(-1)
	}
	if helperAborted.Load() {
		s.aborted = true
	}
	return best, bestMove
}

// solvePV solves a full-window node exactly, splitting along the principal variation.
func (pl *pool) solvePV(s *searcher, p, o uint64, alpha, beta, n int) int {
	if n < splitMinEmpties || len(pl.all) == 1 {
		return s.solve(p, o, alpha, beta, n)
	}
	s.nodes++
	mv := moves(p, o, pl.g.mask)
	if mv == 0 {
		if moves(o, p, pl.g.mask) == 0 {
			return s.finalScore(p, o)
		}
		return -pl.solvePV(s, o, p, -beta, -alpha, n)
	}
	h := hashOf(p, o)
	ttMove := -1
	if e, ok := s.tt.probe(h); ok {
		ttMove = int(e.move)
	}
	list := s.solverOrder(p, o, mv, &s.solveLists[n], ttMove, n)
	if n > s.g.squares-symmetricPlies {
		list = dropSymmetricMoves(list, selfSymmetries(p, o, s.g.size), s.g.size)
	}
	alpha0 := alpha
	best, bestMove := pl.splitNode(s, p, o, list, alpha, beta,
		func(s *searcher, np, no uint64, a, b int) int { return -pl.solvePV(s, np, no, -b, -a, n-1) },
		func(s *searcher, np, no uint64, a, b int) int { return -s.solveNext(np, no, -b, -a, n-1) })
	if pl.aborted() {
		return 0
	}
	storeBounds(s.tt, h, best, alpha0, beta, s.solveDepth(n), bestMove)
	return best
}

// pvsPV is the midgame search of a full-window node, splitting along the principal
// variation.
func (pl *pool) pvsPV(s *searcher, p, o uint64, alpha, beta, depth int) int {
	if depth < splitMinDepth || len(pl.all) == 1 {
		return s.pvs(p, o, alpha, beta, depth, false)
	}
	s.nodes++
	mv := moves(p, o, pl.g.mask)
	if mv == 0 {
		if moves(o, p, pl.g.mask) == 0 {
			return s.finalScore(p, o) * unit
		}
		return -pl.pvsPV(s, o, p, -beta, -alpha, depth)
	}
	h := hashOf(p, o)
	ttMove := -1
	if e, ok := s.tt.probe(h); ok {
		ttMove = int(e.move)
	}
	list := s.searchOrder(p, o, mv, &s.midLists[depth], ttMove, depth)
	alpha0 := alpha
	best, bestMove := pl.splitNode(s, p, o, list, alpha, beta,
		func(s *searcher, np, no uint64, a, b int) int { return -pl.pvsPV(s, np, no, -b, -a, depth-1) },
		func(s *searcher, np, no uint64, a, b int) int { return -s.pvs(np, no, -b, -a, depth-1, false) })
	if pl.aborted() {
		return 0
	}
	storeBounds(s.tt, h, best, alpha0, beta, uint8(depth), bestMove)
	return best
}

// storeBounds records best as a bound or exact value for the window (alpha0, beta).
func storeBounds(t *table, h uint64, best, alpha0, beta int, depth uint8, move int) {
	e := entry{lower: -inf, upper: inf, depth: depth, move: int8(move)}
	switch {
	case best >= beta:
		e.lower = int16(best)
	case best <= alpha0:
		e.upper = int16(best)
	default:
		e.lower, e.upper = int16(best), int16(best)
	}
	t.store(h, e)
}
