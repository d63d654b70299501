package train

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/gridgames/gridgames/othello/engine"
)

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
func TrainPatterns(samples []Sample, from *engine.Patterns, opt PatternTraining) (*engine.Patterns, TrainStats, error) {
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
	w := engine.NewPatterns(from)
	train := samples[:len(samples)-opt.Holdout]
	order := make([]int, len(train))
	for i := range order {
		order[i] = i
	}
	rnd := rand.New(rand.NewPCG(opt.Seed, 0x5eed))
	rate := float32(opt.Rate)
	for range opt.Epochs {
		rnd.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		for _, i := range order {
			w.Learn(train[i].Pos, train[i].Score, rate)
		}
	}
	w.Symmetrize()
	st := TrainStats{Samples: len(samples), TrainRMSE: rmse(w, train)}
	if opt.Holdout > 0 {
		st.HoldoutRMSE = rmse(w, samples[len(train):])
	}
	return w, st, nil
}

// rmse is the root mean square error of w on samples, in discs.
func rmse(w *engine.Patterns, samples []Sample) float64 {
	if len(samples) == 0 {
		return 0
	}
	sum := 0.0
	for _, s := range samples {
		d := w.Value(s.Pos) - s.Score
		sum += d * d
	}
	return math.Sqrt(sum / float64(len(samples)))
}
