package engine

import (
	"context"
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
	// TableBits sizes the transposition table: 2^TableBits slots of 16 bytes; 0
	// means 22. Each evaluation the engine searches with (the hand-made one, the
	// learned one) has a table of its own, the second made when first needed.
	TableBits uint
	// Patterns is the evaluation the exact solver orders moves by on 8x8; nil means
	// DefaultPatterns.
	Patterns *Patterns
	// SmallEval is the evaluation the exact solver orders moves by and guesses
	// its first window from on 6x6; nil means DefaultSmallEval.
	SmallEval *SmallEval
	// Midgame is the evaluation of midgame searches on 8x8 (unless Limits.Classic
	// asks for the hand-made one); nil means DefaultMidgame, if the build has one.
	Midgame *Midgame
	// Book is the opening book that Analyze answers from and that levels from
	// BookFromLevel play from; nil means none (DefaultBook is the built-in one).
	Book *Book
}

// Engine searches Othello positions. It keeps its transposition table between
// searches. One search runs at a time (calls are serialised).
type Engine struct {
	mu        sync.Mutex
	tt        *table    // the table of the current (or last) search's evaluation
	tables    [2]*table // each evaluation's table: [0] the hand-made one's, [1] the learned one's; nil until used
	tableBits uint
	workers   int
	patterns  *Patterns   // the solver's evaluation on 8x8
	using     *Patterns   // patterns while the current search solves, else nil
	smallEval *SmallEval  // the solver's evaluation on 6x6, or nil for the hand-made one
	usingSm   *SmallEval  // smallEval while the current search solves, else nil
	midgame   *Midgame    // the learned midgame evaluation, or nil
	book      *Book       // the opening book, or nil
	usingMid  *Midgame    // midgame while the current search uses it, else nil
	selective bool        // ProbCut in the current search
	probable  bool        // the current solve is a probable one (Limits.ProbableEndgame)
	spare     []*searcher // searchers of finished pools, for the next (under mu, and the pool's lock)
	// shallowFrom, if not 0, replaces shallowOrderEmpties (tests lower it, so that
	// positions small enough to check by a plain search meet shallowOrder).
	shallowFrom int
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
	if opt.Midgame == nil {
		opt.Midgame = DefaultMidgame()
	}
	if opt.SmallEval == nil {
		opt.SmallEval = DefaultSmallEval()
	}
	return &Engine{tt: newTable(opt.TableBits), tableBits: opt.TableBits, workers: opt.Workers, patterns: opt.Patterns,
		smallEval: opt.SmallEval, midgame: opt.Midgame, book: opt.Book}
}

// Limits bound one search. The zero value searches to depth 1. Cancellation and
// hard deadlines come from the context given to Search.
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
	// WLDEndgame, if above Endgame, is the number of empty squares at or below
	// which (and above Endgame) the engine, after its midgame search, solves for
	// win, loss or draw: NTest's way from 21 empties. A won or drawn position is
	// then never let go: the move is the solve's when it wins or draws, and the
	// midgame search's when every move loses. Score stays the midgame value, moved
	// to the outcome's side (at least +2 for a win, 0 for a draw, at most -2 for a
	// loss), and Exact stays false. A solve the time cuts short changes nothing.
	WLDEndgame int
	// ProbableEndgame, if above Endgame and WLDEndgame, is the number of empty
	// squares at or below which (and above both) the engine, after its midgame
	// search, solves "probably": the exact solver, but a node far enough from the
	// end that a shallow search values well clear of the window is cut there (see
	// probable.go), as NTest does from 22 to 25 empties. The move and Score are
	// then the probable solve's (Exact stays false). A solve the time cuts short
	// changes nothing.
	ProbableEndgame int
	// Classic searches the midgame with the hand-made evaluation, even on 8x8
	// where the engine has a learned one (the classic levels and baselines).
	Classic bool
	// NoProbcut turns off the selective search (ProbCut) that midgame searches
	// with the learned evaluation use: every move is then searched to full depth.
	NoProbcut bool
	// SingleDepth makes a midgame Score the value of the deepest iteration alone.
	// By default it is the mean of the two deepest iterations' values (depths d
	// and d-1): a search's leaves are valued for the side to move at one depth and
	// for the other side at the next, so single depths swing with their parity and
	// the mean does not. Training sets it, for labels that come from one depth.
	SingleDepth bool
	// Progress, if not nil, is told how the search is going about every
	// ProgressInterval while it runs (never for a search that ends sooner), from
	// one goroutine at a time.
	Progress func(Progress)
}

// ProgressInterval is how often a search calls Limits.Progress.
const ProgressInterval = 250 * time.Millisecond

// Progress is a search under way, as Limits.Progress sees it.
type Progress struct {
	// Move is the best move so far (Pass before the first iteration ends) and Score
	// its value for the side to move, from the deepest finished midgame iteration.
	Move  othello.Square
	Score float64
	// Depth is the deepest midgame iteration finished, in plies.
	Depth int
	// Solving is set once the exact solve has begun; Lower and Upper are then the
	// bounds proven so far on the exact final score (they meet when it is known).
	Solving      bool
	Empties      int
	Lower, Upper int
	// Nodes counts the positions searched so far; Elapsed is the time since the
	// search began.
	Nodes   uint64
	Elapsed time.Duration
	// Analyzing, Done and Total are set by Analyze: the move being valued, and how
	// many of the Total legal moves are valued already. The other fields then
	// describe the search of that move's reply.
	Analyzing   othello.Square
	Done, Total int
}

// Result is what a search found.
type Result struct {
	Move othello.Square `json:"move"` // Pass when the side to move must pass
	// Score is the value for the side to move in discs: exact final disc difference
	// (empties to the winner) when Exact, else the evaluation's estimate: the mean
	// of the depth-Depth and depth-(Depth-1) searches' values unless
	// Limits.SingleDepth (or Depth is 1, or the search reached the end of the game).
	Score float64          `json:"score"`
	Exact bool             `json:"exact"`
	Depth int              `json:"depth"` // plies searched (empties when Exact)
	PV    []othello.Square `json:"pv"`    // expected line, starting with Move
	Nodes uint64           `json:"nodes"`
	Time  time.Duration    `json:"-"`
}

// Search chooses a move for the side to move of pos within lim. A position that must
// pass returns Pass; a finished game returns ErrNoMove.
//
// When ctx is cancelled or its deadline passes before the search ends, Search stops
// within a few milliseconds and returns the best result found so far (from the
// deepest finished iteration; Exact is false unless the solve had finished) together
// with ctx's error. Even then Move is a legal move of pos.
func (e *Engine) Search(ctx context.Context, pos othello.Position, lim Limits) (Result, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if pos.Over() {
		return Result{}, ErrNoMove
	}
	if pos.MustPass() {
		return Result{Move: othello.Pass, PV: []othello.Square{othello.Pass}}, nil
	}
	if err := ctx.Err(); err != nil {
		return Result{Move: pos.LegalMoves()[0]}, err
	}
	run := e.begin(ctx, lim, pos)
	defer run.end()
	e.usingMid = nil
	if pos.Size() == 8 && !lim.Classic {
		e.usingMid = e.midgame
	}
	// ProbCut belongs with the learned evaluation it was measured on; the
	// classic levels search as they always did.
	e.selective = e.usingMid != nil && !lim.NoProbcut
	e.tt = e.tableFor(e.usingMid)
	e.tt.newSearch()
	n := pos.Empties()
	var res Result
	if lim.Endgame > 0 && n <= lim.Endgame {
		defer e.solveOrdering(pos.Size())()
		// A midgame search first fills the table with good move orders and guesses
		// the score; with the patterns it can go deeper (to 12 empties), as its
		// leaves are where they were trained.
		pd := max(2, (n-8)/2)
		if e.using != nil {
			pd = max(2, n-12)
		}
		pre := e.iterate(run, pos, min(n-1, pd), 0, !lim.SingleDepth)
		res = pre
		if !run.stopped() {
			if r, ok := e.solveRoot(run, pos, lim.WLD, int(pre.Score)); ok {
				res = r
			}
		}
	} else {
		depth := lim.Depth
		if depth <= 0 {
			depth = 1
			if lim.Time > 0 {
				depth = 60
			}
		}
		res = e.iterate(run, pos, depth, lim.Time, !lim.SingleDepth)
		switch {
		case run.stopped() || res.Depth == 0:
		case n <= lim.WLDEndgame:
			res = e.solveWLD(run, pos, res)
		case n <= lim.ProbableEndgame:
			res = e.solveProbable(run, pos, res)
		}
	}
	if res.Depth == 0 || !pos.IsLegal(res.Move) {
		res.Move = pos.LegalMoves()[0] // stopped before any iteration finished
	}
	res.Nodes, res.Time = run.nodes.Load(), time.Since(run.start)
	res.PV = e.pv(pos, res.Move, 30)
	if run.stopped() && !res.Exact {
		if err := ctx.Err(); err != nil {
			return res, err
		}
	}
	return res, nil
}

// solveOrdering sets the evaluation that orders the moves of an exact solve on
// a board of the given size, and returns what puts it back.
func (e *Engine) solveOrdering(size int) (restore func()) {
	switch size {
	case 8:
		e.using = e.patterns
		return func() { e.using = nil }
	case 6:
		// The learned evaluation orders the moves of every 6x6 solve. It
		// searched 17% fewer nodes over 8 balanced positions of 22 empties
		// (-bench Solve6x6Set) and 24% fewer at 26 (-bench Solve6x6/ply6),
		// but 28% more on the start (2.23 billion against 1.75) while the
		// sorting searches' values alone ordered the moves far from the end;
		// with those values beside the fastest-first key (shallowOrder), the
		// start took 478 million nodes with it against 783 without.
		e.usingSm = e.smallEval
		return func() { e.usingSm = nil }
	}
	return func() {}
}

// solveWLD follows the midgame result mid of pos with a win/loss/draw solve
// (Limits.WLDEndgame): it returns mid with the solve's move when that wins or
// draws, and its score moved to the outcome's side; mid itself if every move
// loses or the solve was cut short.
func (e *Engine) solveWLD(run *searchRun, pos othello.Position, mid Result) Result {
	restore := e.solveOrdering(pos.Size())
	defer restore()
	r, ok := e.solveRoot(run, pos, true, 0)
	if !ok {
		return mid
	}
	switch {
	case r.Score > 0:
		mid.Move, mid.Score = r.Move, max(mid.Score, 2)
	case r.Score == 0:
		mid.Move, mid.Score = r.Move, 0
	default:
		mid.Score = min(mid.Score, -2)
	}
	return mid
}

// solveProbable follows the midgame result mid of pos with a probable solve
// (Limits.ProbableEndgame): it returns mid with the solve's move and score, or
// mid itself if the solve was cut short.
func (e *Engine) solveProbable(run *searchRun, pos othello.Position, mid Result) Result {
	restore := e.solveOrdering(pos.Size())
	defer restore()
	e.probable = true
	defer func() { e.probable = false }()
	r, ok := e.solveRoot(run, pos, false, int(mid.Score))
	if !ok {
		return mid
	}
	mid.Move, mid.Score = r.Move, r.Score
	return mid
}

// tableFor returns the table of the evaluation mid (nil: the hand-made one), so
// that a search never reads the values another evaluation stored and a switch
// between them (a level-3 move, then a hint at level 10) keeps both tables: the
// first evaluation to search takes the table New made, the other gets one of the
// same size when it first searches. Call it under e.mu.
func (e *Engine) tableFor(mid *Midgame) *table {
	k := 0
	if mid != nil {
		k = 1
	}
	if e.tables[k] == nil {
		if e.tables[1-k] == nil {
			e.tables[k] = e.tt
		} else {
			e.tables[k] = newTable(e.tableBits)
		}
	}
	return e.tables[k]
}

// reset empties the engine's tables and restarts their generations, so that
// the next search finds what a new engine's would.
func (e *Engine) reset() {
	e.mu.Lock()
	defer e.mu.Unlock()
	for _, t := range e.tables {
		if t != nil && t != e.tt {
			t.clear()
			t.age = 0
		}
	}
	e.tt.clear()
	e.tt.age = 0
}

// searchRun is the state of one Search: its stop flag (raised by the context or the
// time budget), node count and what Progress reports.
type searchRun struct {
	stop  atomic.Bool
	nodes atomic.Uint64 // nodes of finished root searches, plus live counts
	start time.Time
	end   func()

	mu       sync.Mutex
	progress Progress
}

// begin starts a search's run: ctx raises its stop flag, and lim.Progress, if set,
// is called every ProgressInterval until end.
func (e *Engine) begin(ctx context.Context, lim Limits, pos othello.Position) *searchRun {
	r := &searchRun{start: time.Now()}
	r.progress = Progress{Move: othello.Pass, Empties: pos.Empties(), Lower: -pos.Size() * pos.Size(), Upper: pos.Size() * pos.Size()}
	stopCtx := context.AfterFunc(ctx, func() { r.stop.Store(true) })
	done := make(chan struct{})
	var timer *time.Timer
	if lim.Time > 0 {
		timer = time.AfterFunc(lim.Time, func() { r.stop.Store(true) })
	}
	var wg sync.WaitGroup
	if lim.Progress != nil {
		wg.Add(1)
		go func() {
			defer wg.Done()
			tick := time.NewTicker(ProgressInterval)
			defer tick.Stop()
			for {
				select {
				case <-done:
					return
				case <-tick.C:
					lim.Progress(r.snapshot())
				}
			}
		}()
	}
	r.end = func() {
		stopCtx()
		if timer != nil {
			timer.Stop()
		}
		close(done)
		wg.Wait()
	}
	return r
}

func (r *searchRun) stopped() bool { return r.stop.Load() }

// snapshot is the progress so far.
func (r *searchRun) snapshot() Progress {
	r.mu.Lock()
	p := r.progress
	r.mu.Unlock()
	p.Nodes, p.Elapsed = r.nodes.Load(), time.Since(r.start)
	return p
}

// update changes what progress reports.
func (r *searchRun) update(f func(p *Progress)) {
	r.mu.Lock()
	f(&r.progress)
	r.mu.Unlock()
}

// iterate deepens the midgame search to maxDepth, or until the time budget (if any)
// would be overrun by the next iteration, or the run stops. It returns the deepest
// finished iteration's result (depth 1 always finishes unless stopped at once), its
// Score the mean of its value and the iteration before's when blend (see
// Limits.SingleDepth).
func (e *Engine) iterate(run *searchRun, pos othello.Position, maxDepth int, budget time.Duration, blend bool) Result {
	start := time.Now()
	var best Result
	var scores [maxPly + 1]int // each finished iteration's score
	var lastTook time.Duration
	for depth := 1; depth <= maxDepth && depth <= pos.Empties(); depth++ {
		t0 := time.Now()
		// Aspiration: a window of two discs around the score of two plies less
		// (values swing with the depth's parity: around the last score, half
		// the iterations from depth 4 to 14 failed), its failing side opened
		// on a failure, then the other.
		lo, hi := -inf, inf
		if depth > 2 {
			lo, hi = scores[depth-2]-2*unit, scores[depth-2]+2*unit
		}
		var r rootResult
		var ok bool
		for {
			r, ok = e.rootSplit(run, pos, lo, hi,
				func(pl *pool, s *searcher, p, o uint64, a, b int) int { return -pl.pvsPV(s, p, o, -b, -a, depth-1) },
				func(s *searcher, p, o uint64, a, b int) int { return -s.pvs(p, o, -b, -a, depth-1, false) })
			if !ok || (r.score > lo && r.score < hi) {
				break
			}
			if r.score <= lo {
				lo = -inf
			} else {
				hi = inf
			}
		}
		if !ok {
			if best.Depth == 0 && r.move >= 0 {
				best = Result{Move: othello.Square(r.move), Score: float64(r.score) / unit, Depth: depth}
			}
			break
		}
		score := float64(r.score)
		if blend && depth >= 2 && depth < pos.Empties() {
			score = (score + float64(scores[depth-1])) / 2 // see Limits.SingleDepth
		}
		best = Result{Move: othello.Square(r.move), Score: score / unit, Depth: depth}
		run.update(func(p *Progress) { p.Move, p.Score, p.Depth = best.Move, best.Score, depth })
		scores[depth] = r.score
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
	return best
}

// solveRoot solves pos exactly (or win/loss/draw), starting from guess, the midgame
// estimate. It reports false if the run stopped first.
func (e *Engine) solveRoot(run *searchRun, pos othello.Position, wld bool, guess int) (Result, bool) {
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
	run.update(func(p *Progress) { p.Solving = true })
	var r rootResult
	run2, lastDir := 0, 0
	for {
		var ok bool
		r, ok = e.rootSplit(run, pos, lo, hi,
			func(pl *pool, s *searcher, p, o uint64, a, b int) int { return -pl.solvePV(s, p, o, -b, -a, n-1) },
			func(s *searcher, p, o uint64, a, b int) int { return -s.solveNext(p, o, -b, -a, n-1) })
		if !ok {
			return Result{}, false
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
		if lower > upper {
			break // a probable solve's cuts disagree with each other: keep the last
		}
		l, u := lower, upper
		run.update(func(p *Progress) { p.Lower, p.Upper = l, u })
		if dir == lastDir {
			run2++
		} else {
			run2 = 0
		}
		lastDir = dir
		jump := (2 << min(run2, 5)) - 2
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
	run.update(func(p *Progress) {
		p.Move, p.Score, p.Lower, p.Upper = othello.Square(r.move), float64(score), score, score
	})
	return Result{Move: othello.Square(r.move), Score: float64(score), Exact: true, Depth: n}, true
}

type rootResult struct {
	move, score int
}

// rootSplit searches the root as a full-window node of the principal variation:
// descend searches the first move (splitting again deeper), child the others, shared
// among the workers. Both return the root side's value of a child. It reports false
// if the run stopped.
func (e *Engine) rootSplit(run *searchRun, pos othello.Position, alpha, beta int,
	descend func(pl *pool, s *searcher, p, o uint64, a, b int) int, child childFn) (rootResult, bool) {
	p, o := pos.Player(), pos.Opponent()
	pl := e.newPool(newGeometry(pos.Size()), run)
	defer pl.finish()
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
	list = dropSymmetricMoves(list, selfSymmetries(p, o, pos.Size()), pos.Size())
	score, move := pl.splitNode(s0, p, o, list, alpha, beta,
		func(s *searcher, np, no uint64, a, b int) int { return descend(pl, s, np, no, a, b) }, child)
	if pl.aborted() {
		return rootResult{move: move, score: score}, false
	}
	if old, ok := e.tt.probe(h); ok {
		old.move = int8(move)
		e.tt.store(h, old)
	} else {
		e.tt.store(h, entry{lower: -inf, upper: inf, move: int8(move)})
	}
	return rootResult{move: move, score: score}, true
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
	// Book marks a value from the opening book (Options.Book) instead of a
	// search: Score is then the book's value and PV the book's line.
	Book bool `json:"book,omitempty"`
}

// Analyze values every legal move of pos within lim (each move gets the same
// depth or, when solving, an exact score), best first. A position in the
// engine's book is answered from the book instead, every move marked Book. With
// lim.Time, every move is valued at one depth after another, and the answer is
// the deepest depth all of them reached in the time (see analyzeTimed). If ctx
// ends first, Analyze returns the moves valued so far (best first) with ctx's
// error.
func (e *Engine) Analyze(ctx context.Context, pos othello.Position, lim Limits) ([]MoveValue, error) {
	if pos.Over() {
		return nil, ErrNoMove
	}
	if pos.MustPass() {
		return []MoveValue{{Move: othello.Pass, PV: []othello.Square{othello.Pass}}}, nil
	}
	if vals, ok := e.bookValues(pos); ok {
		return vals, nil
	}
	if lim.Time > 0 {
		return e.analyzeTimed(ctx, pos, lim)
	}
	legal := pos.LegalMoves()
	var out []MoveValue
	per := subLimits(lim)
	for i, m := range legal {
		if lim.Progress != nil {
			per.Progress = func(p Progress) {
				p.Analyzing, p.Done, p.Total = m, i, len(legal)
				lim.Progress(p)
			}
		}
		child := pos.Play(m)
		mv := MoveValue{Move: m, PV: []othello.Square{m}}
		if child.Over() {
			mv.Score, mv.Exact = float64(child.Pass().ScoreFor()), true
			out = append(out, mv)
			continue
		}
		sign, line := -1.0, child
		if child.MustPass() {
			sign, line = 1, child.Pass()
			mv.PV = append(mv.PV, othello.Pass)
		}
		r, err := e.Search(ctx, line, per)
		if err != nil {
			sortValues(out)
			if ctx.Err() != nil {
				return out, err
			}
			return nil, fmt.Errorf("analysing %v: %w", m, err)
		}
		mv.Score, mv.Exact = sign*r.Score, r.Exact
		mv.PV = append(mv.PV, r.PV...)
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
