package train

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/gridgames/gridgames/othello"
	"github.com/gridgames/gridgames/othello/engine"
)

// SmallSamples is EndgameSamples on 6x6: opts.Games games of varied, plausible
// moves from the 6x6 start, and from each a position with MinEmpties to
// MaxEmpties empties (at most 32) and every position one move later, solved
// exactly. The samples come in game order, whatever the number of workers, and
// are a function of opts (not of the workers or the solver's move order).
func SmallSamples(ctx context.Context, opts SampleOptions, progress func(done int)) ([]Sample, error) {
	if opts.Games < 1 {
		return nil, fmt.Errorf("engine: %d games: want at least 1", opts.Games)
	}
	if opts.MinEmpties < 1 || opts.MaxEmpties < opts.MinEmpties || opts.MaxEmpties > 32 {
		return nil, fmt.Errorf("engine: empties %d to %d: want 1 <= min <= max <= 32", opts.MinEmpties, opts.MaxEmpties)
	}
	return sampleGames(ctx, opts.Games, opts.Workers, progress, func(e *engine.Engine, g int) []Sample {
		return smallGameSamples(ctx, e, opts, g)
	})
}

// smallGameSamples plays game g of opts on 6x6 and solves its sampled position
// and children.
func smallGameSamples(ctx context.Context, e *engine.Engine, opts SampleOptions, g int) []Sample {
	rnd := rand.New(rand.NewPCG(opts.Seed, uint64(g)))
	player := engine.New(engine.Options{Workers: 1, TableBits: 12})
	target := opts.MinEmpties + rnd.IntN(opts.MaxEmpties-opts.MinEmpties+1)
	pos, _ := othello.NewPosition(6)
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
	best, complete := math.MinInt, true
	for _, m := range pos.LegalMoves() {
		child := pos.Play(m)
		v, ok := exactValue(ctx, e, child)
		if !ok {
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

// FitSmall fits the 6x6 evaluation (engine.FitSmallEval) to samples.
func FitSmall(samples []Sample) (*engine.SmallEval, error) {
	pos := make([]othello.Position, len(samples))
	scores := make([]float64, len(samples))
	for i, s := range samples {
		pos[i], scores[i] = s.Pos, s.Score
	}
	return engine.FitSmallEval(pos, scores)
}
