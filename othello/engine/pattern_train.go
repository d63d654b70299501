package engine

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"sync"

	"github.com/gridgames/gridgames/othello"
)

// Patterns is a learned evaluation of 8x8 positions late in the game: one weight for
// each configuration of each board shape (shared by the shape's symmetric copies) and
// for mobility, potential mobility and parity. Its value predicts the final disc
// difference with perfect play. The exact solver orders its moves by it far from the
// end and guesses its first window with it; the midgame levels keep the hand-made
// evaluation. DefaultPatterns is built in; TrainPatterns makes new ones.
type Patterns struct {
	w []float32

	fastOnce sync.Once
	fast     *fastPatterns // the search's form of w (see searchForm)
}

// newPatterns returns all-zero weights.
func newPatterns() *Patterns { return &Patterns{w: make([]float32, layout.size)} }

// Value predicts the final disc difference of pos for its side to move (8x8 only;
// other sizes value 0).
func (w *Patterns) Value(pos othello.Position) float64 {
	if pos.Size() != 8 {
		return 0
	}
	return float64(w.value(pos.Player(), pos.Opponent()))
}

// Sample is a position with its exact value: the final disc difference for the side
// to move with perfect play by both sides.
type Sample struct {
	Pos   othello.Position
	Score float64
}

// SampleOptions configure EndgameSamples.
type SampleOptions struct {
	Games      int    // games played, one position (and its children) solved from each
	Seed       uint64 // the games are a function of the seed
	MinEmpties int    // positions are taken at a random number of empties in [MinEmpties, MaxEmpties]
	MaxEmpties int
	Workers    int // games solved side by side; 0 means 1
}

// EndgameSamples plays opts.Games games of varied, plausible moves (a shallow search,
// with a random move now and then) and, from each, solves a position with
// MinEmpties to MaxEmpties empty squares and every position one move later exactly.
// The samples come in game order, whatever the number of workers; progress, if not
// nil, is called after each game (from one goroutine at a time). If ctx ends first,
// EndgameSamples returns what it solved so far with ctx's error: the samples of
// every game finished, and the positions of the games under way that were solved
// before the end (never a value that is not exact).
func EndgameSamples(ctx context.Context, opts SampleOptions, progress func(done int)) ([]Sample, error) {
	if opts.Games < 1 {
		return nil, fmt.Errorf("engine: %d games: want at least 1", opts.Games)
	}
	if opts.MinEmpties < 1 || opts.MaxEmpties < opts.MinEmpties || opts.MaxEmpties > 40 {
		return nil, fmt.Errorf("engine: empties %d to %d: want 1 <= min <= max <= 40", opts.MinEmpties, opts.MaxEmpties)
	}
	return sampleGames(ctx, opts.Games, opts.Workers, progress, func(e *Engine, g int) []Sample {
		return gameSamples(ctx, e, opts, g)
	})
}

// sampleGames runs sample(e, g) for games 0 to games-1 on workers goroutines, each
// with an engine of its own, and returns the samples in game order; progress, if
// not nil, is called after each game (from one goroutine at a time). If ctx ends
// first, it returns the samples found so far (sample must then keep only values it
// finished) with ctx's error.
func sampleGames(ctx context.Context, games, workers int, progress func(done int), sample func(e *Engine, g int) []Sample) ([]Sample, error) {
	workers = max(1, workers)
	perGame := make([][]Sample, games)
	var mu sync.Mutex
	done := 0
	var wg sync.WaitGroup
	next := make(chan int)
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			e := New(Options{Workers: 1, TableBits: 20})
			for g := range next {
				s := sample(e, g)
				mu.Lock()
				perGame[g] = s
				done++
				if progress != nil {
					progress(done)
				}
				mu.Unlock()
			}
		}()
	}
feed:
	for g := range games {
		select {
		case next <- g:
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()
	var out []Sample
	for _, s := range perGame {
		out = append(out, s...)
	}
	return out, ctx.Err()
}

// gameSamples plays game g of opts and solves its sampled position and children.
func gameSamples(ctx context.Context, e *Engine, opts SampleOptions, g int) []Sample {
	rnd := rand.New(rand.NewPCG(opts.Seed, uint64(g)))
	// The moves come from an engine of the game's own, so they do not depend on
	// what the worker searched before (the solver's table does not matter: its
	// scores are exact).
	player := New(Options{Workers: 1, TableBits: 12})
	target := opts.MinEmpties + rnd.IntN(opts.MaxEmpties-opts.MinEmpties+1)
	pos, _ := othello.NewPosition(8)
	for pos.Empties() > target && !pos.Over() {
		if pos.MustPass() {
			pos = pos.Pass()
			continue
		}
		pos = pos.Play(plausibleMove(ctx, rnd, player, pos))
	}
	if pos.MustPass() {
		pos = pos.Pass()
	}
	if pos.Over() {
		return nil
	}
	var out []Sample
	best, complete := -inf, true
	for _, m := range pos.LegalMoves() {
		child := pos.Play(m)
		v, ok := e.exactValue(ctx, child)
		if !ok { // stopped: pos's value needs every child's
			complete = false
			continue
		}
		best = max(best, -v)
		if child.MustPass() {
			child = child.Pass()
			v = -v
		}
		if !child.Over() {
			out = append(out, Sample{Pos: child, Score: float64(v)})
		}
	}
	if complete && best > -inf {
		out = append(out, Sample{Pos: pos, Score: float64(best)})
	}
	return out
}

// plausibleMove picks a move for the sample games: usually the best of a one- to
// three-ply search, one time in eight a random one. The search uses the hand-made
// evaluation, so the games do not change when a new learned one is built in.
func plausibleMove(ctx context.Context, rnd *rand.Rand, player *Engine, pos othello.Position) othello.Square {
	legal := pos.LegalMoves()
	m := legal[rnd.IntN(len(legal))]
	if rnd.IntN(8) != 0 {
		if r, err := player.Search(ctx, pos, Limits{Depth: 1 + rnd.IntN(3), Classic: true}); err == nil {
			m = r.Move
		}
	}
	return m
}

// exactValue solves pos for its side to move (passing if it must).
func (e *Engine) exactValue(ctx context.Context, pos othello.Position) (int, bool) {
	switch {
	case pos.Over():
		return pos.ScoreFor(), true
	case pos.MustPass():
		v, ok := e.exactValue(ctx, pos.Pass())
		return -v, ok
	}
	r, err := e.Search(ctx, pos, Limits{Endgame: 64})
	if err != nil || !r.Exact {
		return 0, false
	}
	return int(r.Score), true
}

// PatternTraining configures TrainPatterns.
type PatternTraining struct {
	Epochs  int     // passes over the samples; 0 means 40
	Rate    float64 // step size; 0 means 0.002
	Seed    uint64  // shuffles the samples
	Holdout int     // the last Holdout samples are not learned from, only measured
}

// TrainStats reports how well the weights fit: root mean square errors in discs.
type TrainStats struct {
	Samples     int     `json:"samples"`
	TrainRMSE   float64 `json:"trainRmse"`
	HoldoutRMSE float64 `json:"holdoutRmse"` // 0 without a holdout
}

// TrainPatterns fits weights to samples by stochastic gradient descent on the
// squared error, starting from from (or from zero if nil). Deterministic by seed.
func TrainPatterns(samples []Sample, from *Patterns, opt PatternTraining) (*Patterns, TrainStats, error) {
	if opt.Epochs == 0 {
		opt.Epochs = 40
	}
	if opt.Rate == 0 {
		opt.Rate = 0.002
	}
	if opt.Holdout < 0 || opt.Holdout >= len(samples) {
		return nil, TrainStats{}, fmt.Errorf("engine: holdout %d of %d samples", opt.Holdout, len(samples))
	}
	for _, s := range samples {
		if s.Pos.Size() != 8 {
			return nil, TrainStats{}, errors.New("engine: pattern samples must be 8x8 positions")
		}
	}
	w := newPatterns()
	if from != nil {
		copy(w.w, from.w)
	}
	train := samples[:len(samples)-opt.Holdout]
	order := make([]int, len(train))
	for i := range order {
		order[i] = i
	}
	rnd := rand.New(rand.NewPCG(opt.Seed, 0x5eed))
	rate := float32(opt.Rate)
	var buf [64]int32
	for range opt.Epochs {
		rnd.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		for _, i := range order {
			s := &train[i]
			p, o := s.Pos.Player(), s.Pos.Opponent()
			idx, sc := layout.features(p, o, buf[:0])
			v := float32(0)
			for _, k := range idx {
				v += w.w[k]
			}
			for k, x := range sc {
				v += w.w[layout.scalars+k] * x
			}
			d := rate * (float32(s.Score) - v)
			for _, k := range idx {
				w.w[k] += d
			}
			for k, x := range sc {
				w.w[layout.scalars+k] += d * x * scalarRate
			}
		}
	}
	w.tieTwins()
	st := TrainStats{Samples: len(samples), TrainRMSE: w.rmse(train)}
	if opt.Holdout > 0 {
		st.HoldoutRMSE = w.rmse(samples[len(train):])
	}
	return w, st, nil
}

// tieTwins gives configurations that are mirror images within one shape their
// mean weight, so every position is valued like its mirror images.
func (w *Patterns) tieTwins() {
	for _, t := range layout.twins {
		size := pow3(len(t.perm))
		for k := range size {
			if j := t.twin(k); j > k {
				m := (w.w[t.offset+k] + w.w[t.offset+j]) / 2
				w.w[t.offset+k], w.w[t.offset+j] = m, m
			}
		}
	}
}

// scalarRate scales the steps of the scalar weights, whose features are counts
// (up to about 20) where the tables' are 0 or 1.
const scalarRate = 0.01

// rmse is the root mean square error of w on samples, in discs.
func (w *Patterns) rmse(samples []Sample) float64 {
	if len(samples) == 0 {
		return 0
	}
	sum := 0.0
	for _, s := range samples {
		d := float64(w.value(s.Pos.Player(), s.Pos.Opponent())) - s.Score
		sum += d * d
	}
	return math.Sqrt(sum / float64(len(samples)))
}
