package train

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/gridgames/gridgames/othello"
	"github.com/gridgames/gridgames/othello/engine"
)

// The tempo term. A depth-d search values its leaves for the side to move there:
// the root's side when d is even, the other side when d is odd. If the evaluation
// of a phase errs by a constant b in favour of the side to move, every value of a
// search whose leaves lie in that phase moves by +b at even depths and by -b at
// odd ones (a constant added to every leaf of one side shifts the minimax value by
// exactly that constant), so the values swing by 2b from one depth to the next.
// A correct evaluation has no such swing: the true value of a position is the
// best of its children's, whatever depth one reads it at.
//
// The midgame weights had that error, from a tenth of a disc in the last phase
// to over four in the opening (see the README). Even a phase fitted to exact
// solves errs that way on the leaves a search reaches, and each later phase was
// fitted to 4-ply searches whose leaves the phase before valued, an even depth,
// so its labels inherited that phase's error and passed it on.
//
// CalibrateTempo measures b for each phase and takes it out of the phase's
// constant weight (the pattern feature that is 1 for every position: the side to
// move's tempo term). It changes no comparison between two positions of one phase
// with the same side to move, so among moves searched to one depth a search
// prefers what it did (but for lines that pass or cross phases).

// TempoOptions configure CalibrateTempo.
type TempoOptions struct {
	Positions int    // positions measured per phase; 0 means 64
	Depth     int    // the even depth d of the pair (d, d+1) compared; 0 means 8
	Seed      uint64 // the positions are a function of the seed (and the phase)
	Workers   int    // positions searched side by side; 0 means 1
}

// TempoPhase is what CalibrateTempo found for one phase.
type TempoPhase struct {
	Phase     int `json:"phase"`
	Depth     int `json:"depth"`     // the even depth d of the pair compared
	Positions int `json:"positions"` // positions measured
	// Swing is the mean of v(d) - v(d+1) over the positions before the
	// correction, in discs; Tempo is the correction taken from the phase's
	// constant weight: Swing/2.
	Swing float64 `json:"swing"`
	Tempo float64 `json:"tempo"`
}

// CalibrateTempo measures, for each phase of m that has weights, the side to
// move's constant error of its evaluation, and subtracts it from the phase's
// constant weight (m's phases are replaced by corrected copies). The positions of phase k come from plausible games
// (as MidgameSamples's do), with so many empties that both the depth-d and the
// depth-(d+1) search from them end in phase k; v(d) - v(d+1) averages 2b over
// them, b being the phase's error. Near the opening, where no such position exists
// at depth opts.Depth, the depth is lowered to the deepest even one that fits (2
// for the last phase, measured on the start position). Searches run without
// ProbCut, one worker each, with a table of their own: the result depends only on
// m and opts. If ctx ends first, m is unchanged and ctx's error returned.
func CalibrateTempo(ctx context.Context, m *engine.Midgame, opts TempoOptions, progress func(phase, done, total int)) ([]TempoPhase, error) {
	if opts.Positions == 0 {
		opts.Positions = 64
	}
	if opts.Depth == 0 {
		opts.Depth = 8
	}
	if opts.Positions < 1 {
		return nil, fmt.Errorf("engine: %d positions a phase: want at least 1", opts.Positions)
	}
	if opts.Depth < 2 || opts.Depth%2 != 0 || opts.Depth > 12 {
		return nil, fmt.Errorf("engine: tempo depth %d: want an even depth from 2 to 12", opts.Depth)
	}
	// The searches value with a copy of the phases as they are: m's change only
	// once every phase is measured.
	phases := new(engine.Midgame)
	for k := range engine.MidgamePhases {
		phases.SetPhase(k, m.Phase(k))
	}
	var out []TempoPhase
	tempo := make([]float64, engine.MidgamePhases)
	for k := range engine.MidgamePhases {
		if m.Phase(k) == nil {
			continue
		}
		lo := k*engine.MidgamePhaseWidth + 1
		hi := lo + engine.MidgamePhaseWidth - 1
		// Both searches' leaves in the phase: n-d <= hi and n-d-1 >= lo, n <= 60.
		d := min(opts.Depth, (59-lo)&^1)
		if d < 2 {
			continue // no position of the game fits (never on 8x8: d is 2 for the last phase)
		}
		from, to := lo+d+1, min(60, hi+d)
		games := opts.Positions
		if from == to && to == 60 {
			games = 1 // the start position: every game's is the same
		}
		samples, err := sampleGames(ctx, games, opts.Workers,
			func(done int) {
				if progress != nil {
					progress(k, done, games)
				}
			},
			func(_ *engine.Engine, g int) []Sample {
				return tempoSwing(ctx, phases, k, d, from, to, opts.Seed, g)
			})
		if err != nil {
			return nil, err
		}
		tp := TempoPhase{Phase: k, Depth: d, Positions: len(samples)}
		if len(samples) > 0 {
			for _, s := range samples {
				tp.Swing += s.Score
			}
			tp.Swing /= float64(len(samples))
			tp.Tempo = tp.Swing / 2
			tempo[k] = tp.Tempo
		}
		out = append(out, tp)
	}
	for k, t := range tempo {
		if t != 0 {
			// A new Patterns: the old one's search form is made already.
			m.SetPhase(k, m.Phase(k).Shifted(-t))
		}
	}
	return out, nil
}

// tempoSwing plays game g of phase k's calibration to a position with from to to
// empties and returns it with v(d) - v(d+1) as its score (no sample if the game
// ends first, or the side to move must pass there). The searches value with
// phases, a copy of the phases before any correction, so the calibration of one
// phase never sees another's.
func tempoSwing(ctx context.Context, phases *engine.Midgame, k, d, from, to int, seed uint64, g int) []Sample {
	rnd := rand.New(rand.NewPCG(seed, uint64(k)<<32|uint64(g)))
	player := engine.New(engine.Options{Workers: 1, TableBits: 12})
	target := from + rnd.IntN(to-from+1)
	pos, _ := othello.NewPosition(8)
	for !pos.Over() && pos.Empties() > target {
		if pos.MustPass() {
			pos = pos.Pass()
			continue
		}
		pos = pos.Play(plausibleMove(ctx, rnd, player, moveStyle{}, pos))
	}
	if pos.Over() || pos.MustPass() {
		return nil
	}
	searcher := engine.New(engine.Options{Workers: 1, TableBits: 18, Midgame: phases})
	var v [2]float64
	for i := range v {
		r, err := searcher.Search(ctx, pos, engine.Limits{Depth: d + i, NoProbcut: true, SingleDepth: true})
		if err != nil {
			return nil
		}
		v[i] = r.Score
	}
	return []Sample{{Pos: pos, Score: v[0] - v[1]}}
}
