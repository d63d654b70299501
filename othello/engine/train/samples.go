package train

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"sync"

	"github.com/gridgames/gridgames/othello"
	"github.com/gridgames/gridgames/othello/engine"
)

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
	return sampleGames(ctx, opts.Games, opts.Workers, progress, func(e *engine.Engine, g int) []Sample {
		return gameSamples(ctx, e, opts, g, 8)
	})
}

// sampleGames runs sample(e, g) for games 0 to games-1 on workers goroutines, each
// with an engine of its own, and returns the samples in game order; progress, if
// not nil, is called after each game (from one goroutine at a time). If ctx ends
// first, it returns the samples found so far (sample must then keep only values it
// finished) with ctx's error.
func sampleGames(ctx context.Context, games, workers int, progress func(done int), sample func(e *engine.Engine, g int) []Sample) ([]Sample, error) {
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
			e := engine.New(engine.Options{Workers: 1, TableBits: 20})
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

// gameSamples plays game g of opts on a size x size board and solves its sampled
// position and children.
func gameSamples(ctx context.Context, e *engine.Engine, opts SampleOptions, g, size int) []Sample {
	rnd := rand.New(rand.NewPCG(opts.Seed, uint64(g)))
	// The moves come from an engine of the game's own, so they do not depend on
	// what the worker searched before (the solver's table does not matter: its
	// scores are exact).
	player := engine.New(engine.Options{Workers: 1, TableBits: 12})
	target := opts.MinEmpties + rnd.IntN(opts.MaxEmpties-opts.MinEmpties+1)
	pos, _ := othello.NewPosition(size)
	for pos.Empties() > target && !pos.Over() {
		if pos.MustPass() {
			pos = pos.Pass()
			continue
		}
		pos = pos.Play(plausibleMove(ctx, rnd, player, moveStyle{}, pos))
	}
	if pos.MustPass() {
		pos = pos.Pass()
	}
	if pos.Over() {
		return nil
	}
	var out []Sample
	best, complete := math.MinInt, true
	for _, m := range pos.LegalMoves() {
		child := pos.Play(m)
		v, ok := exactValue(ctx, e, child)
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
	if complete && best > math.MinInt {
		out = append(out, Sample{Pos: pos, Score: float64(best)})
	}
	return out
}

// plausibleMove picks a move for the sample games: usually the best of a one- to
// three-ply search, one time in style.randomEvery (0 means 8) a random one. The
// search uses the hand-made evaluation, so the games do not change when a new
// learned one is built in, unless style.learned is set: then it uses player's own
// midgame evaluation.
func plausibleMove(ctx context.Context, rnd *rand.Rand, player *engine.Engine, style moveStyle, pos othello.Position) othello.Square {
	every := style.randomEvery
	if every == 0 {
		every = 8
	}
	legal := pos.LegalMoves()
	m := legal[rnd.IntN(len(legal))]
	if rnd.IntN(every) != 0 {
		if r, err := player.Search(ctx, pos, engine.Limits{Depth: 1 + rnd.IntN(3), Classic: !style.learned}); err == nil {
			m = r.Move
		}
	}
	return m
}

// moveStyle is how plausibleMove plays: with the player's learned evaluation or
// the hand-made one, and how often at random.
type moveStyle struct {
	learned     bool
	randomEvery int
}

// exactValue solves pos for its side to move (passing if it must).
func exactValue(ctx context.Context, e *engine.Engine, pos othello.Position) (int, bool) {
	switch {
	case pos.Over():
		return pos.ScoreFor(), true
	case pos.MustPass():
		v, ok := exactValue(ctx, e, pos.Pass())
		return -v, ok
	}
	r, err := e.Search(ctx, pos, engine.Limits{Endgame: 64})
	if err != nil || !r.Exact {
		return 0, false
	}
	return int(r.Score), true
}
