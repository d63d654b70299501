package train

import (
	"context"
	"fmt"

	"github.com/gridgames/gridgames/othello/engine"
)

// NoSamplesError is LearnMidgame's error when a phase's games gave it no
// position to learn from (too few games or positions a game).
type NoSamplesError struct {
	Phase int // the phase, 0 (the last empties) to engine.MidgamePhases-1
	Games int // the games played for it
}

func (e *NoSamplesError) Error() string {
	w := engine.MidgamePhaseWidth
	return fmt.Sprintf("train: phase %d (%d-%d empties) has no samples from %d games",
		e.Phase, e.Phase*w+1, (e.Phase+1)*w, e.Games)
}

// LearnOptions configure LearnMidgame.
type LearnOptions struct {
	// Samples configure each phase's samples; LearnMidgame sets Phase and Eval.
	Samples MidgameOptions
	// Training configures each phase's fit; its Holdout is capped at half of
	// the phase's samples.
	Training PatternTraining
	// From, when not nil, is a run stopped after some phases (LearnedPhase.So
	// far, saved): its phases 0 to k-1 are kept as they are and learning goes on
	// at phase k. With the same Samples and Training the result is the one the
	// run straight through gives, bit for bit. Its phases must be a run's: a
	// phase after a missing one is refused.
	From *engine.Midgame
	// Phases, when above 0, stops after phase Phases-1: the result has phases 0
	// to Phases-1 only (From's later phases are left out too), a stopped run
	// that another (with other Samples, say deeper searches for the later
	// phases) can go on from.
	Phases int
	// Block, when above 0, samples each phase's games Block at a time and
	// tells LearnHooks.Block after each block but the last: a checkpoint
	// within the phase. The samples, and so the result, are the same.
	Block int
	// Resume, when not nil, is such a checkpoint of the first phase to learn:
	// its games are not played again, and sampling goes on after them. It
	// must be a checkpoint of a run with the same Samples.
	Resume *PhaseSamples
}

// PhaseSamples are the samples of a phase's first Games games.
type PhaseSamples struct {
	Phase, Games int
	Samples      []Sample
}

// LearnHooks are told how LearnMidgame goes; each may be nil.
type LearnHooks struct {
	// Start is called as a phase starts; the function it returns, if not nil,
	// is told the games played so far (MidgameSamples' progress).
	Start func(phase int) func(done int)
	// Sampled is called with a phase's samples before they are fitted; an error
	// it returns stops the learning.
	Sampled func(phase int, samples []Sample) error
	// Fitted is called after a phase is fitted; an error it returns stops the
	// learning.
	Fitted func(LearnedPhase) error
	// Block is called after each block of a phase's games (LearnOptions.Block)
	// but the last, with the phase's samples so far; an error it returns
	// stops the learning.
	Block func(PhaseSamples) error
}

// LearnedPhase is what LearnMidgame did in one phase.
type LearnedPhase struct {
	Phase   int
	Samples int // the phase's samples
	Holdout int // of them held out of the fit to measure it
	Stats   TrainStats
	// SoFar is the evaluation learned so far, phases 0 to Phase: saved, it is
	// LearnOptions.From for a run that goes on from here. It is the one being
	// learned: write it out before returning, do not change it.
	SoFar *engine.Midgame
}

// LearnMidgame learns a whole midgame evaluation: for each phase from the end
// of the game (phase 0) back to the opening, it takes the phase's samples
// (MidgameSamples, valued with the phases learned so far) and fits the phase's
// weights to them (TrainMidgame, starting from the phase before). It returns
// the first error of a phase, a hook or ctx (nothing learned is returned then),
// a *NoSamplesError if a phase's games gave it no samples.
func LearnMidgame(ctx context.Context, opts LearnOptions, h LearnHooks) (*engine.Midgame, error) {
	m, first, err := resumeFrom(opts.From)
	if err != nil {
		return nil, err
	}
	last := engine.MidgamePhases
	if opts.Phases > 0 {
		last = min(last, opts.Phases)
	}
	for k := last; k < first; k++ {
		m.SetPhase(k, nil)
	}
	if r := opts.Resume; r != nil && (r.Phase != first || r.Games < 0 || r.Games > opts.Samples.Games) {
		return nil, fmt.Errorf("train: a checkpoint of phase %d after %d games does not fit a run that learns phase %d next from %d games",
			r.Phase, r.Games, first, opts.Samples.Games)
	}
	for phase := first; phase < last; phase++ {
		var progress func(done int)
		if h.Start != nil {
			progress = h.Start(phase)
		}
		so := opts.Samples
		so.Phase, so.Eval = phase, m
		samples, err := phaseSamples(ctx, so, opts, h, progress)
		if err != nil {
			return nil, err
		}
		if len(samples) == 0 {
			return nil, &NoSamplesError{Phase: phase, Games: so.Games}
		}
		if h.Sampled != nil {
			if err := h.Sampled(phase, samples); err != nil {
				return nil, err
			}
		}
		to := opts.Training
		to.Holdout = min(to.Holdout, len(samples)/2)
		st, err := TrainMidgame(m, phase, samples, to)
		if err != nil {
			return nil, err
		}
		if h.Fitted != nil {
			if err := h.Fitted(LearnedPhase{Phase: phase, Samples: len(samples), Holdout: to.Holdout, Stats: st, SoFar: m}); err != nil {
				return nil, err
			}
		}
	}
	return m, nil
}

// resumeFrom returns the evaluation a run starts from and its first phase to
// learn: a new one and 0, or a copy of from's phases and the first it lacks.
func resumeFrom(from *engine.Midgame) (*engine.Midgame, int, error) {
	m := new(engine.Midgame)
	if from == nil {
		return m, 0, nil
	}
	first := 0
	for first < engine.MidgamePhases && from.Phase(first) != nil {
		m.SetPhase(first, from.Phase(first))
		first++
	}
	for k := first; k < engine.MidgamePhases; k++ {
		if from.Phase(k) != nil {
			return nil, 0, fmt.Errorf("train: the run to go on from has phase %d but not phase %d: not a stopped run", k, first)
		}
	}
	return m, first, nil
}

// phaseSamples samples the games of so's phase, in blocks of opts.Block games
// (all at once if 0), after those of opts.Resume if it is of this phase,
// telling h.Block after each block but the last.
func phaseSamples(ctx context.Context, so MidgameOptions, opts LearnOptions, h LearnHooks, progress func(done int)) ([]Sample, error) {
	var samples []Sample
	start := 0
	if r := opts.Resume; r != nil && r.Phase == so.Phase {
		samples, start = append(samples, r.Samples...), r.Games
	}
	block := opts.Block
	if block <= 0 {
		block = so.Games
	}
	games := so.Games
	for start < games {
		bo := so
		bo.FirstGame, bo.Games = start, min(block, games-start)
		var p func(int)
		if progress != nil {
			p = func(done int) { progress(bo.FirstGame + done) }
		}
		got, err := MidgameSamples(ctx, bo, p)
		if err != nil {
			return nil, err
		}
		samples = append(samples, got...)
		start += bo.Games
		if start < games && opts.Block > 0 && h.Block != nil {
			if err := h.Block(PhaseSamples{Phase: so.Phase, Games: start, Samples: samples}); err != nil {
				return nil, err
			}
		}
	}
	return samples, nil
}
