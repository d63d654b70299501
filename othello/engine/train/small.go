package train

import (
	"context"
	"fmt"

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
		return gameSamples(ctx, e, opts, g, 6)
	})
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
