package engine

import (
	"errors"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gridgames/gridgames/othello"
)

// ErrNoMove reports a position where the game is over, so there is no move to choose.
var ErrNoMove = errors.New("engine: the game is over")

// Options configure an Engine. The zero value means one worker per CPU and a 64 MiB
// transposition table.
type Options struct {
	// Workers is the number of goroutines a search uses; 0 means one per CPU.
	Workers int
	// TableBits sizes the shared transposition table: 2^TableBits slots of 16 bytes;
	// 0 means 22.
	TableBits uint
	// Patterns is the evaluation the exact solver orders moves by on 8x8; nil means
	// DefaultPatterns.
	Patterns *Patterns
}

// Engine searches Othello positions. It keeps its transposition table between
// searches. One search runs at a time (calls are serialised).
type Engine struct {
	mu       sync.Mutex
	tt       *table
	workers  int
	patterns *Patterns // the solver's evaluation on 8x8
	using    *Patterns // patterns while the current search solves, else nil
}

// New returns an engine.
func New(opt Options) *Engine {
	if opt.Workers <= 0 {
		opt.Workers = runtime.GOMAXPROCS(0)
	}
	if opt.TableBits == 0 {
		opt.TableBits = 22
	}
	if opt.Patterns == nil {
		opt.Patterns = DefaultPatterns()
	}
	return &Engine{tt: newTable(opt.TableBits), workers: opt.Workers, patterns: opt.Patterns}
}

// Limits bound one search. The zero value searches to depth 1.
type Limits struct {
	// Depth is the midgame search depth in plies; 0 means no limit but Time's
	// (and depth 1 when Time is 0 too).
	Depth int
	// Time, if set, is the time allowed; the search deepens until it is spent and
	// answers with the deepest finished result. It is honoured within about 10%.
	Time time.Duration
	// Endgame is the number of empty squares at or below which the engine solves the
	// position exactly instead of searching with the evaluation; 0 never solves.
	Endgame int
	// WLD solves for win, loss or draw only (faster): Score is then +1, 0 or -1.
	WLD bool
	// Stop, if not nil, ends the search early when it becomes true; the best move
	// found so far is returned.
	Stop *atomic.Bool
}

// Result is what a search found.
type Result struct {
	Move othello.Square `json:"move"` // Pass when the side to move must pass
	// Score is the value for the side to move in discs: exact final disc difference
	// (empties to the winner) when Exact, else the evaluation's estimate.
	Score float64          `json:"score"`
	Exact bool             `json:"exact"`
	Depth int              `json:"depth"` // plies searched (empties when Exact)
	PV    []othello.Square `json:"pv"`    // expected line, starting with Move
	Nodes uint64           `json:"nodes"`
	Time  time.Duration    `json:"time"`
}

// Search chooses a move for the side to move of pos within lim. A position that must
// pass returns Pass; a finished game returns ErrNoMove.
func (e *Engine) Search(pos othello.Position, lim Limits) (Result, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	start := time.Now()
	if pos.Over() {
		return Result{}, ErrNoMove
	}
	if pos.MustPass() {
		return Result{Move: othello.Pass, PV: []othello.Square{othello.Pass}}, nil
	}
	stop, cancel := e.stopper(lim)
	defer cancel()
	e.tt.newSearch()
	n := pos.Empties()
	var res Result
	var nodes uint64
	if lim.Endgame > 0 && n <= lim.Endgame {
		if pos.Size() == 8 {
			e.using = e.patterns
			defer func() { e.using = nil }()
		}
		// A midgame search first fills the table with good move orders and guesses
		// the score; with the patterns it can go deeper (to 12 empties), as its
		// leaves are where they were trained.
		pd := max(2, (n-8)/2)
		if e.using != nil {
			pd = max(2, n-12)
		}
		pre, pn := e.iterate(pos, min(n-1, pd), 0, stop)
		nodes += pn
		r, rn, ok := e.solveRoot(pos, lim.WLD, int(pre.Score), stop)
		nodes += rn
		res = r
		if !ok {
			res = pre
		}
	} else {
		depth := lim.Depth
		if depth <= 0 {
			depth = 1
			if lim.Time > 0 {
				depth = 60
			}
		}
		var rn uint64
		res, rn = e.iterate(pos, depth, lim.Time, stop)
		nodes += rn
	}
	res.Nodes, res.Time = nodes, time.Since(start)
	res.PV = e.pv(pos, res.Move, 30)
	return res, nil
}

// stopper returns a flag raised by lim.Stop or the time limit.
func (e *Engine) stopper(lim Limits) (*atomic.Bool, func()) {
	stop := new(atomic.Bool)
	done := make(chan struct{})
	if lim.Time > 0 {
		t := time.AfterFunc(lim.Time, func() { stop.Store(true) })
		go func() { <-done; t.Stop() }()
	}
	if lim.Stop != nil {
		go func() {
			tick := time.NewTicker(5 * time.Millisecond)
			defer tick.Stop()
			for {
				select {
				case <-done:
					return
				case <-tick.C:
					if lim.Stop.Load() {
						stop.Store(true)
						return
					}
				}
			}
		}()
	}
	return stop, func() { close(done) }
}

// iterate deepens the midgame search to maxDepth, or until the time budget (if any)
// would be overrun by the next iteration, or stop. It returns the deepest finished
// iteration's result (depth 1 always finishes unless stopped at once).
func (e *Engine) iterate(pos othello.Position, maxDepth int, budget time.Duration, stop *atomic.Bool) (Result, uint64) {
	start := time.Now()
	var best Result
	var nodes uint64
	prevScore := 0
	var lastTook time.Duration
	for depth := 1; depth <= maxDepth && depth <= pos.Empties(); depth++ {
		t0 := time.Now()
		// Aspiration: a window of two discs around the last score, widened on failure.
		lo, hi := -inf, inf
		if depth > 2 {
			lo, hi = prevScore-2*unit, prevScore+2*unit
		}
		var r rootResult
		var ok bool
		for {
			var n uint64
			r, n, ok = e.rootSplit(pos, lo, hi, stop,
				func(pl *pool, s *searcher, p, o uint64, a, b int) int { return -pl.pvsPV(s, p, o, -b, -a, depth-1) },
				func(s *searcher, p, o uint64, a, b int) int { return -s.pvs(p, o, -b, -a, depth-1, false) })
			nodes += n
			if !ok || (r.score > lo && r.score < hi) {
				break
			}
			lo, hi = -inf, inf
		}
		if !ok {
			if best.Depth == 0 && r.move >= 0 {
				best = Result{Move: othello.Square(r.move), Score: float64(r.score) / unit, Depth: depth}
			}
			break
		}
		best = Result{Move: othello.Square(r.move), Score: float64(r.score) / unit, Depth: depth}
		prevScore = r.score
		took := time.Since(t0)
		if budget > 0 {
			growth := 4.0
			if lastTook > time.Millisecond {
				growth = max(2, float64(took)/float64(lastTook))
			}
			if time.Since(start)+time.Duration(growth*float64(took)) > budget {
				break
			}
		}
		lastTook = took
	}
	return best, nodes
}

// solveRoot solves pos exactly (or win/loss/draw). A window of a few discs around
// guess, the midgame estimate, comes first (even scores only, so 3 discs either
// side); it is widened on the side that fails. It reports false if stopped.
func (e *Engine) solveRoot(pos othello.Position, wld bool, guess int, stop *atomic.Bool) (Result, uint64, bool) {
	n := pos.Empties()
	// Final scores are even on every board size (an even number of squares, the
	// empties to the winner), so the window (g-1, g+1) asks "is it exactly g?" with
	// a null window's cost; a probe that fails gives a bound, and the next probe
	// goes to it, twice as far again after each further failure the same way.
	lower, upper := -pos.Size()*pos.Size(), pos.Size()*pos.Size()
	g := min(upper, max(lower, guess&^1))
	lo, hi := g-1, g+1
	if wld {
		lo, hi = -1, 1
	}
	var r rootResult
	var nodes uint64
	run, lastDir := 0, 0
	for {
		var rn uint64
		var ok bool
		r, rn, ok = e.rootSplit(pos, lo, hi, stop,
			func(pl *pool, s *searcher, p, o uint64, a, b int) int { return -pl.solvePV(s, p, o, -b, -a, n-1) },
			func(s *searcher, p, o uint64, a, b int) int { return -s.solveNext(p, o, -b, -a, n-1) })
		nodes += rn
		if !ok {
			return Result{}, nodes, false
		}
		if wld || (r.score > lo && r.score < hi) {
			break
		}
		dir := 1
		if r.score <= lo {
			dir = -1
			upper = min(upper, r.score&^1)
		} else {
			lower = max(lower, (r.score+1)&^1)
		}
		if dir == lastDir {
			run++
		} else {
			run = 0
		}
		lastDir = dir
		jump := (2 << min(run, 5)) - 2
		if dir > 0 {
			g = min(upper, lower+jump)
		} else {
			g = max(lower, upper-jump)
		}
		lo, hi = g-1, g+1
	}
	score := r.score
	if wld {
		score = max(-1, min(1, score))
	}
	return Result{Move: othello.Square(r.move), Score: float64(score), Exact: true, Depth: n}, nodes, true
}

type rootResult struct {
	move, score int
}

// rootSplit searches the root as a full-window node of the principal variation:
// descend searches the first move (splitting again deeper), child the others, shared
// among the workers. Both return the root side's value of a child. It reports false
// if stopped.
func (e *Engine) rootSplit(pos othello.Position, alpha, beta int, stop *atomic.Bool,
	descend func(pl *pool, s *searcher, p, o uint64, a, b int) int, child childFn) (rootResult, uint64, bool) {
	p, o := pos.Player(), pos.Opponent()
	pl := e.newPool(newGeometry(pos.Size()), stop)
	s0 := pl.all[0]
	var buf [32]moveScore
	mv := moves(p, o, s0.g.mask)
	h := hashOf(p, o)
	ttMove := -1
	if en, ok := e.tt.probe(h); ok {
		ttMove = int(en.move)
	}
	list := s0.orderedMoves(p, o, mv, &buf)
	promote(list, ttMove)
	score, move := pl.splitNode(s0, p, o, list, alpha, beta,
		func(s *searcher, np, no uint64, a, b int) int { return descend(pl, s, np, no, a, b) }, child)
	if pl.aborted() {
		return rootResult{move: move, score: score}, pl.nodes(), false
	}
	if old, ok := e.tt.probe(h); ok {
		old.move = int8(move)
		e.tt.store(h, old)
	} else {
		e.tt.store(h, entry{lower: -inf, upper: inf, move: int8(move)})
	}
	return rootResult{move: move, score: score}, pl.nodes(), true
}

// pv follows the table's best moves from pos after first, up to n plies.
func (e *Engine) pv(pos othello.Position, first othello.Square, n int) []othello.Square {
	line := []othello.Square{first}
	pos = pos.Play(first)
	for len(line) < n && !pos.Over() {
		if pos.MustPass() {
			line = append(line, othello.Pass)
			pos = pos.Pass()
			continue
		}
		en, ok := e.tt.probe(hashOf(pos.Player(), pos.Opponent()))
		if !ok || en.move < 0 || !pos.IsLegal(othello.Square(en.move)) {
			break
		}
		line = append(line, othello.Square(en.move))
		pos = pos.Play(othello.Square(en.move))
	}
	return line
}

// MoveValue is one legal move with its value and expected line.
type MoveValue struct {
	Move  othello.Square   `json:"move"`
	Score float64          `json:"score"` // discs for the side to move
	Exact bool             `json:"exact"`
	PV    []othello.Square `json:"pv"`
}

// Analyze values every legal move of pos within lim (each move gets the same
// depth or, when solving, an exact score), best first.
func (e *Engine) Analyze(pos othello.Position, lim Limits) ([]MoveValue, error) {
	if pos.Over() {
		return nil, ErrNoMove
	}
	if pos.MustPass() {
		return []MoveValue{{Move: othello.Pass, PV: []othello.Square{othello.Pass}}}, nil
	}
	var out []MoveValue
	per := lim
	if lim.Time > 0 {
		per.Time = lim.Time / time.Duration(len(pos.LegalMoves()))
	}
	for _, m := range pos.LegalMoves() {
		child := pos.Play(m)
		mv := MoveValue{Move: m, PV: []othello.Square{m}}
		if child.Over() {
			mv.Score, mv.Exact = float64(child.Pass().ScoreFor()), true
		} else {
			r, err := e.Search(child, subLimits(per))
			if err != nil {
				return nil, fmt.Errorf("analysing %v: %w", m, err)
			}
			mv.Score, mv.Exact = -r.Score, r.Exact
			if child.MustPass() {
				r2, err := e.Search(child.Pass(), subLimits(per))
				if err != nil {
					return nil, err
				}
				mv.Score, mv.Exact = r2.Score, r2.Exact
				r = r2
				mv.PV = append(mv.PV, othello.Pass)
			}
			mv.PV = append(mv.PV, r.PV...)
		}
		out = append(out, mv)
	}
	sortValues(out)
	return out, nil
}

// subLimits are the limits for searching a child: one ply less, one empty less.
func subLimits(l Limits) Limits {
	if l.Depth > 1 {
		l.Depth--
	}
	return l
}

func sortValues(v []MoveValue) {
	for i := 1; i < len(v); i++ {
		x := v[i]
		j := i
		for ; j > 0 && v[j-1].Score < x.Score; j-- {
			v[j] = v[j-1]
		}
		v[j] = x
	}
}
