package solver

import (
	"context"
	"errors"
	"math"
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gridgames/gridgames/game2048"
	"github.com/gridgames/gridgames/internal/weights"
)

// ErrNoMove reports a board on which no direction changes anything: the game is over.
var ErrNoMove = errors.New("solver: no move changes the board")

// Options configure a Solver. The zero value is the default: the depth the position
// calls for (AdaptiveDepth) within DefaultMoveNodes and DefaultMoveTime, one worker per CPU, the
// original game's chance of a 4.
type Options struct {
	// Depth fixes the search depth in random-tile layers (depth 3 looks at move, tile,
	// move, tile, move, tile, move, then scores the board). 0 chooses the depth from the
	// position: deeper when the board is crowded with different tiles.
	Depth int
	// Time, if set, is a budget per move: the search deepens one layer at a time and
	// plays the deepest finished answer when the budget runs out. A Depth above 0 is
	// then the deepest it tries; with Depth 0 it tries up to 12. With none of Depth,
	// Time and Nodes, the search deepens to AdaptiveDepth within DefaultMoveNodes
	// and DefaultMoveTime.
	Time time.Duration
	// Nodes, if set, is a budget of moves searched per move (Analysis.Nodes): the
	// search deepens one layer at a time while the next layer, predicted from how
	// the last ones grew, fits in what is left of it. Unlike Time it does not depend
	// on the machine or its load: with Nodes and no Time, a seeded game replays
	// move for move. Depth and Time, if set too, bound the deepening as above.
	Nodes uint64
	// Workers is the number of goroutines per search; 0 means one per CPU.
	Workers int
	// FourChance is the probability that a new tile is a 4 when the board's rules are
	// not known (Play reads it from a *game2048.Game). 0 means 0.1; use a negative
	// value for a game that never spawns a 4.
	FourChance float64
	// Cutoff is the probability below which a branch is no longer searched but scored
	// as it stands. 0 means 0.0001.
	Cutoff float64
	// Weights of the heuristic; the zero value means DefaultWeights.
	Weights *Weights
	// Eval chooses what scores the leaves on 4x4 boards; the zero value is
	// EvalBlend (an unknown value means EvalHeuristic). Boards of other sizes, and
	// 4x4 boards holding two 32768 tiles, are always scored by the heuristic.
	Eval Eval
	// Network6 is the 6-tuple network EvalBlend and EvalNetwork use; nil means
	// the built-in one. New takes a rounded copy of it.
	Network6 *Network6
	// Network is a 4-tuple network for EvalBlend4; nil means DefaultNetwork. If it
	// is set, EvalBlend and EvalNetwork use it instead of a Network6. It must not
	// change while a Solver uses it.
	Network *Network
	// Blend is the heuristic's share in EvalBlend; 0 means DefaultBlend.
	Blend float64
	// TableBits sizes each worker's transposition table (2^TableBits entries of 16
	// bytes); 0 means 20 (16 MiB per worker). On 4x4 boards the last chance layer
	// has a table of its own besides, of at most 2^14 entries.
	TableBits uint

	// builtin6 is the loader of the built-in 6-tuple network (nil:
	// builtinTable6); tests give one whose read they cancel.
	builtin6 *weights.File[*table6]
}

// lastLayerTableBits sizes the 4x4 table for chance nodes one layer above the
// leaves (2^14 entries, 256 KiB): they are most of the probes, and a table that
// stays in the CPU's cache answers them faster than a big one that keeps more
// (measured at depth 3: about a quarter more searches a second than in the big table).
const lastLayerTableBits = 14

// Solver chooses 2048 moves by expectimax. It keeps its transposition tables from
// one call to the next; it is not safe for concurrent use (make one per goroutine).
type Solver struct {
	opt     Options
	weights Weights
	eval    *evaluator // the 4x4 evaluation, made on first use: see evaluator4
	heur    *evaluator // the heuristic alone, for other boards: see heuristic
	workers int
	w4      []*worker4
	ww      []*workerWide
	wg      []*workerGen
}

// New returns a solver with the given options.
func New(opt Options) *Solver {
	if opt.Workers <= 0 {
		opt.Workers = runtime.GOMAXPROCS(0)
	}
	if opt.FourChance == 0 {
		opt.FourChance = 0.1
	}
	if opt.Cutoff == 0 {
		opt.Cutoff = 0.0001
	}
	if opt.TableBits == 0 {
		opt.TableBits = 20
	}
	w := DefaultWeights()
	if opt.Weights != nil {
		w = *opt.Weights
	}
	if opt.Blend == 0 {
		opt.Blend = DefaultBlend
	}
	return &Solver{opt: opt, weights: w, workers: opt.Workers}
}

// evaluator4 returns the solver's evaluation of 4x4 boards, made on first use
// rather than in New, so that New stays quick and only a 4x4 search reads the
// built-in 6-tuple network (see Warm). If ctx ends while the network is read, it
// returns ctx's error and the next call tries again.
func (s *Solver) evaluator4(ctx context.Context) (*evaluator, error) {
	if s.eval == nil {
		e, err := newEvaluatorFor(ctx, s.opt.Eval, s.weights, s.opt.Network, s.opt.Network6, s.opt.builtin6, s.opt.Blend)
		if err != nil {
			return nil, err
		}
		s.eval = e
	}
	return s.eval, nil
}

// evaluator is evaluator4 for a caller that waits for the network as long as it
// takes.
func (s *Solver) evaluator() *evaluator {
	e, _ := s.evaluator4(context.Background())
	return e
}

// heuristic returns the evaluation of boards other than the 4x4 fast path's: the
// heuristic alone, whatever Eval says, so these searches never read a network.
func (s *Solver) heuristic() *evaluator {
	if s.heur == nil {
		s.heur = newEvaluator(s.weights)
	}
	return s.heur
}

// Analysis is the answer for one board.
type Analysis struct {
	// Best is the direction with the highest value.
	Best game2048.Direction `json:"best"`
	// Values holds each direction's expected evaluation, indexed by Direction;
	// meaningful only where Legal is true.
	Values [4]float64 `json:"values"`
	// Legal tells which directions change the board.
	Legal [4]bool `json:"legal"`
	// Depth is the depth searched, in random-tile layers.
	Depth int `json:"depth"`
	// Nodes counts the moves searched.
	Nodes uint64 `json:"nodes"`
	// Elapsed is the time the search took.
	Elapsed time.Duration `json:"-"`
}

// BestMove analyses b, on which a new tile is a 4 with probability fourChance (a
// negative value means the solver's option). It returns ErrNoMove when no direction
// changes the board.
//
// When ctx ends before the search does, BestMove stops within a few milliseconds
// and returns the deepest analysis it finished (at worst the one-move evaluation,
// depth 0) together with ctx's error; Best is then still a direction that moves.
// A 4x4 search first reads the built-in network if it needs it and no one has
// (see Warm); if ctx ends during that read, the depth-0 values are the
// heuristic's. The time budget (Options.Time, or DefaultMoveTime) counts from
// the end of that read.
func (s *Solver) BestMove(ctx context.Context, b game2048.Board, fourChance float64) (Analysis, error) {
	start := time.Now()
	if fourChance < 0 {
		fourChance = s.opt.FourChance
		if fourChance < 0 {
			fourChance = 0
		}
	}
	var legal [4]bool
	any := false
	for _, d := range game2048.Directions {
		legal[d] = b.CanMove(d)
		any = any || legal[d]
	}
	if !any {
		return Analysis{Legal: legal}, ErrNoMove
	}
	if onFastPath(b) {
		if _, err := s.evaluator4(ctx); err != nil {
			// Stopped while the network was read: the heuristic's one-move values
			// still name a direction that moves.
			a := s.heuristicMoves(b)
			a.Legal, a.Elapsed = legal, time.Since(start)
			return a, err
		}
	}
	// The time budget starts once the network is read: the first search of a
	// process searches as deep as the others (the node budget decides, not how
	// long the network took to unpack).
	searchStart := time.Now()
	var stop atomic.Bool
	defer context.AfterFunc(ctx, func() { stop.Store(true) })()
	maxDepth, budget, nodeBudget := s.opt.Depth, s.opt.Time, s.opt.Nodes
	switch {
	case maxDepth <= 0 && budget <= 0 && nodeBudget == 0:
		maxDepth, budget, nodeBudget = AdaptiveDepth(b), DefaultMoveTime(b), DefaultMoveNodes(b)
	case maxDepth <= 0:
		maxDepth = 12
	}
	var best Analysis
	var nodes uint64
	if budget <= 0 && nodeBudget == 0 {
		a, ok := s.search(b, fourChance, maxDepth, &stop)
		if ok {
			a.Legal, a.Elapsed = legal, time.Since(start)
			return a, nil
		}
		nodes = a.Nodes
	} else {
		// Iterative deepening against the budgets.
		if budget > 0 {
			timer := time.AfterFunc(budget, func() { stop.Store(true) })
			defer timer.Stop()
		}
		var lastTook time.Duration
		var lastNodes uint64
		for depth := 1; depth <= maxDepth; depth++ {
			t0 := time.Now()
			a, ok := s.search(b, fourChance, depth, &stop)
			nodes += a.Nodes
			if !ok {
				break
			}
			best = a
			took := time.Since(t0)
			if budget > 0 && !nextLayerFits(float64(time.Since(searchStart)), float64(took), float64(lastTook), float64(budget)) {
				break
			}
			if nodeBudget > 0 && !nextLayerFits(float64(nodes), float64(a.Nodes), float64(lastNodes), float64(nodeBudget)) {
				break
			}
			lastTook, lastNodes = took, a.Nodes
		}
	}
	if best.Depth == 0 { // not even depth 1 finished: fall back to depth 0
		a, _ := s.search(b, fourChance, 0, nil)
		best.Best, best.Values = a.Best, a.Values
	}
	best.Legal, best.Nodes, best.Elapsed = legal, nodes, time.Since(start)
	return best, ctx.Err()
}

// AdaptiveDepth is the depth the solver chooses for b when none is fixed. On 4x4
// boards it is two less than the number of distinct tiles, at least 3 and at most
// 8. Many distinct tiles mean a crowded, dangerous board; the probability cutoff
// keeps deep searches affordable since few branches stay likely that deep. Other
// boards follow adaptiveDepthWide.
func AdaptiveDepth(b game2048.Board) int {
	if b.Rows() != 4 || b.Cols() != 4 {
		return adaptiveDepthWide(b)
	}
	var seen [game2048.MaxTile + 1]bool
	distinct := 0
	for r := range b.Rows() {
		for c := range b.Cols() {
			if t := b.At(r, c); t != 0 && !seen[t] {
				seen[t] = true
				distinct++
			}
		}
	}
	return min(8, max(3, distinct-2))
}

// search runs one fixed-depth search, splitting the root's (move, tile) branches
// over the workers. Branch i goes to worker i mod workers so that each worker's
// table, and so the answer, does not depend on scheduling. It reports false when
// stop was raised before it finished.
func (s *Solver) search(b game2048.Board, fourChance float64, depth int, stop *atomic.Bool) (Analysis, bool) {
	if stop == nil {
		stop = new(atomic.Bool)
	}
	if onFastPath(b) {
		bb, _ := game2048.FromBoard(b)
		return s.search4(bb, fourChance, depth, stop)
	}
	if p, err := game2048.Pack(b); err == nil {
		return s.searchWide(b, p, fourChance, depth, stop)
	}
	return s.searchGen(b, fourChance, depth, stop)
}

// onFastPath reports whether b is searched as a Bitboard (search4): a 4x4 board
// without two 32768 tiles.
func onFastPath(b game2048.Board) bool {
	bb, err := game2048.FromBoard(b)
	return err == nil && !hasPair32768(bb)
}

// heuristicMoves is the depth-0 analysis of b by the heuristic alone.
func (s *Solver) heuristicMoves(b game2048.Board) Analysis {
	h := s.heuristic()
	var a Analysis
	legal := func(d game2048.Direction) bool { return b.CanMove(d) }
	for _, d := range game2048.Directions {
		if legal(d) {
			after := b.Clone()
			after.Move(d)
			a.Values[d] = h.board(&after)
		}
	}
	a.Best = pick(a.Values, legal)
	return a
}

// forget clears every worker's transposition table, so the next search starts cold
// (Play starts each game so; benchmarks use it to time a search as a new position
// would see it).
func (s *Solver) forget() {
	for _, w := range s.w4 {
		w.tt.clear()
		w.tt1.clear()
		w.leafGen++
	}
	for _, w := range s.ww {
		w.tt.clear()
	}
	for _, w := range s.wg {
		w.tt.clear()
	}
}

// hasPair32768 reports two 32768 tiles on the board: the fast path cannot merge them,
// so such boards take the PackedBoard path (searchWide).
func hasPair32768(b game2048.Bitboard) bool {
	n := 0
	for x := uint64(b); x != 0; x >>= 4 {
		if x&0xf == 0xf {
			n++
		}
	}
	return n >= 2
}

// branch is one root branch: a move and the tile that spawns after it.
type branch struct {
	move   game2048.Direction
	cell   int           // row-major index of the spawn
	tile   game2048.Tile // 1 (a 2) or 2 (a 4)
	weight float64       // probability of this spawn
}

func rootBranches(after func(game2048.Direction) (empties []int, ok bool), p2, p4 float64) []branch {
	var out []branch
	for _, d := range game2048.Directions {
		empties, ok := after(d)
		if !ok {
			continue
		}
		n := float64(len(empties))
		for _, c := range empties {
			if p2 > 0 {
				out = append(out, branch{d, c, 1, p2 / n})
			}
			if p4 > 0 {
				out = append(out, branch{d, c, 2, p4 / n})
			}
		}
	}
	return out
}

// runBranches evaluates branch i on worker i mod workers and sums the values per
// move in branch order, so the result does not depend on timing.
func (s *Solver) runBranches(branches []branch, eval func(worker int, br branch) float64) [4]float64 {
	vals := make([]float64, len(branches))
	workers := min(s.workers, max(1, len(branches)))
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < len(branches); i += workers {
				vals[i] = eval(w, branches[i])
			}
		}()
	}
	wg.Wait()
	var sums [4]float64
	for i, br := range branches {
		sums[br.move] += br.weight * vals[i]
	}
	return sums
}

func pick(values [4]float64, legal func(game2048.Direction) bool) game2048.Direction {
	best, bestV := game2048.Left, math.Inf(-1)
	for _, d := range game2048.Directions {
		if legal(d) && values[d] > bestV {
			best, bestV = d, values[d]
		}
	}
	return best
}

func (s *Solver) search4(b game2048.Bitboard, fourChance float64, depth int, stop *atomic.Bool) (Analysis, bool) {
	s.evaluator()
	for len(s.w4) < s.workers {
		w := &worker4{eval: s.eval, tt: newTable(s.opt.TableBits), tt1: newTable(min(s.opt.TableBits, lastLayerTableBits)), leafGen: 1}
		if s.eval.big != nil {
			w.leaves = make([]leafEntry, 1<<leafCacheBits)
		}
		s.w4 = append(s.w4, w)
	}
	p2, p4 := float32(1-fourChance), float32(fourChance)
	var after [4]game2048.Bitboard
	for _, d := range game2048.Directions {
		after[d] = b.Move(d)
	}
	legal := func(d game2048.Direction) bool { return after[d] != b }
	lift := float32(s.eval.lift4(float64(s.eval.bitboard(b))))
	var a Analysis
	a.Depth = depth
	if depth == 0 {
		for _, d := range game2048.Directions {
			if legal(d) {
				a.Values[d] = max(float64(s.eval.bitboard(after[d]))+float64(lift), 1)
			}
		}
		a.Best = pick(a.Values, legal)
		return a, true
	}
	branches := rootBranches(func(d game2048.Direction) ([]int, bool) {
		if !legal(d) {
			return nil, false
		}
		var cells []int
		for m := after[d].EmptyMask(); m != 0; m &= m - 1 {
			cells = append(cells, trailingZeros(m)/4)
		}
		return cells, true
	}, float64(p2), float64(p4))
	for _, w := range s.w4[:s.workers] {
		w.p2, w.p4, w.cut, w.stop, w.stopped, w.nodes = p2, p4, float32(s.opt.Cutoff), stop, false, 0
		if w.lift != lift {
			// The tables' values were searched with another lift (the heuristic's
			// share on a board whose value fell low): they would not compare.
			w.tt.clear()
			w.tt1.clear()
			w.lift = lift
		}
	}
	a.Values = s.runBranches(branches, func(wi int, br branch) float64 {
		w := s.w4[wi]
		child := after[br.move] | game2048.Bitboard(br.tile)<<(4*br.cell)
		return float64(w.maxNode(child, depth-1, float32(br.weight)))
	})
	for _, w := range s.w4[:s.workers] {
		a.Nodes += w.nodes
		if w.stopped {
			return a, false
		}
	}
	a.Best = pick(a.Values, legal)
	return a, true
}

func (s *Solver) searchGen(b game2048.Board, fourChance float64, depth int, stop *atomic.Bool) (Analysis, bool) {
	h := s.heuristic()
	for len(s.wg) < s.workers {
		s.wg = append(s.wg, &workerGen{eval: h, tt: newTable(s.opt.TableBits)})
	}
	var after [4]game2048.Board
	var legalMoves [4]bool
	for _, d := range game2048.Directions {
		after[d] = b.Clone()
		_, legalMoves[d] = after[d].Move(d)
	}
	legal := func(d game2048.Direction) bool { return legalMoves[d] }
	lift := h.lift(h.board(&b), b.Rows()+b.Cols())
	var a Analysis
	a.Depth = depth
	if depth == 0 {
		for _, d := range game2048.Directions {
			if legal(d) {
				a.Values[d] = max(h.board(&after[d])+lift, 1)
			}
		}
		a.Best = pick(a.Values, legal)
		return a, true
	}
	cols := b.Cols()
	branches := rootBranches(func(d game2048.Direction) ([]int, bool) {
		if !legal(d) {
			return nil, false
		}
		var cells []int
		for _, c := range after[d].Empty() {
			cells = append(cells, c.Row*cols+c.Col)
		}
		return cells, true
	}, 1-fourChance, fourChance)
	for _, w := range s.wg[:s.workers] {
		w.p2, w.p4, w.cut, w.stop, w.stopped, w.nodes = 1-fourChance, fourChance, s.opt.Cutoff, stop, false, 0
		if w.lift != lift {
			// The table's values were searched with another lift (another root, on
			// a board with huge tiles): they would not compare with this search's.
			w.tt.clear()
			w.lift = lift
		}
	}
	roots := make([]game2048.Board, s.workers)
	a.Values = s.runBranches(branches, func(wi int, br branch) float64 {
		w := s.wg[wi]
		root := &roots[wi]
		root.CopyFrom(after[br.move])
		root.Set(br.cell/cols, br.cell%cols, br.tile)
		return w.maxNode(root, depth-1, br.weight)
	})
	for _, w := range s.wg[:s.workers] {
		a.Nodes += w.nodes
		if w.stopped {
			return a, false
		}
	}
	a.Best = pick(a.Values, legal)
	return a, true
}

func trailingZeros(m uint64) int { return bits.TrailingZeros64(m) }
