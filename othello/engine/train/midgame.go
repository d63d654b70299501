package train

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/gridgames/gridgames/othello"
	"github.com/gridgames/gridgames/othello/engine"
)

// MidgameOptions configure MidgameSamples.
type MidgameOptions struct {
	Games int // games played; positions of the phase are taken from each
	// FirstGame numbers the games: they are games FirstGame to
	// FirstGame+Games-1 of the phase (each game is a function of the seed, the
	// phase and its number), so a phase's games can be sampled in blocks.
	FirstGame int
	Seed      uint64 // the games are a function of the seed (and the phase)
	Workers   int    // games played side by side; 0 means 1
	Phase     int    // the phase (see MidgamePhase) whose positions are taken
	PerGame   int    // positions taken from each game; 0 means 2
	// Positions with at most ExactEmpties empty squares are labelled by an exact
	// solve (0 means 18); the others by a Depth-ply search (0 means 4) whose leaves
	// Eval values: the phases learned before, with fewer empties.
	ExactEmpties int
	Depth        int
	Eval         *engine.Midgame
	// Selective labels with the search as the engine plays it: ProbCut on, and
	// the value blended from depths Depth and Depth-1 (see engine.Limits).
	// Without it a label is a full-width search of Depth plies exactly. On 60
	// positions of 33-40 empties a 10-ply selective label cost 41% of the CPU
	// of an 8-ply full-width one (README, "Labels by the search as it plays").
	Selective bool
	// Player, if not nil, is the evaluation the games' moves are searched with
	// (see plausibleMove); nil means the hand-made one.
	Player *engine.Midgame
	// RandomEvery is how often the games play a random move instead of the
	// player's: one move in RandomEvery (0 means 8; see plausibleMove).
	RandomEvery int
}

// MidgameSamples plays opts.Games games of plausible moves (as EndgameSamples
// does) and takes from each PerGame positions of the phase, each labelled with
// its value for the side to move: exact near the end, else the value of a search
// with the evaluation of the later phases (so each phase learns from the ones
// after it, back to the opening). The samples come in game order whatever the
// number of workers; if ctx ends first it returns the positions labelled so far
// with ctx's error.
func MidgameSamples(ctx context.Context, opts MidgameOptions, progress func(done int)) ([]Sample, error) {
	if opts.Games < 1 {
		return nil, fmt.Errorf("engine: %d games: want at least 1", opts.Games)
	}
	if opts.FirstGame < 0 {
		return nil, fmt.Errorf("engine: first game %d: want 0 or more", opts.FirstGame)
	}
	if opts.Phase < 0 || opts.Phase >= engine.MidgamePhases {
		return nil, fmt.Errorf("engine: phase %d: want 0 to %d", opts.Phase, engine.MidgamePhases-1)
	}
	if opts.PerGame == 0 {
		opts.PerGame = 2
	}
	if opts.PerGame < 1 || opts.PerGame > engine.MidgamePhaseWidth {
		return nil, fmt.Errorf("engine: %d positions a game: want 1 to %d", opts.PerGame, engine.MidgamePhaseWidth)
	}
	if opts.RandomEvery < 0 {
		return nil, fmt.Errorf("engine: one move in %d at random: want 1 or more (0 for 8)", opts.RandomEvery)
	}
	if opts.ExactEmpties == 0 {
		opts.ExactEmpties = 18
	}
	if opts.Depth == 0 {
		opts.Depth = 4
	}
	return sampleGames(ctx, opts.Games, opts.Workers, progress, func(e *engine.Engine, g int) []Sample {
		return midgameGameSamples(ctx, e, opts, opts.FirstGame+g)
	})
}

// midgameGameSamples plays game g of opts and labels its positions of the phase.
func midgameGameSamples(ctx context.Context, e *engine.Engine, opts MidgameOptions, g int) []Sample {
	rnd := rand.New(rand.NewPCG(opts.Seed, uint64(opts.Phase)<<32|uint64(g)))
	player := engine.New(engine.Options{Workers: 1, TableBits: 12, Midgame: opts.Player})
	// The labelling searches get an engine of the game's own too: what a search
	// finds depends a little on what its table holds, and the samples must not
	// depend on which worker played which game. (Exact labels do not.)
	eval := opts.Eval
	if eval == nil {
		eval = new(engine.Midgame) // not the built-in one: the recipe must not depend on it
	}
	searcher := engine.New(engine.Options{Workers: 1, TableBits: 16, Midgame: eval})
	lo := opts.Phase*engine.MidgamePhaseWidth + 1
	hi := lo + engine.MidgamePhaseWidth - 1
	want := map[int]bool{}
	for _, k := range rnd.Perm(engine.MidgamePhaseWidth)[:opts.PerGame] {
		want[lo+k] = true
	}
	var out []Sample
	pos, _ := othello.NewPosition(8)
	for !pos.Over() && pos.Empties() >= lo {
		if pos.MustPass() {
			pos = pos.Pass()
			continue
		}
		if n := pos.Empties(); n <= hi && want[n] {
			delete(want, n)
			if v, ok := label(ctx, e, searcher, pos, opts); ok {
				out = append(out, Sample{Pos: pos, Score: v})
			}
		}
		pos = pos.Play(plausibleMove(ctx, rnd, player, moveStyle{learned: opts.Player != nil, randomEvery: opts.RandomEvery}, pos))
	}
	return out
}

// label values pos for its side to move, as MidgameSamples describes: solved by
// solver, or searched by searcher (to a sixteenth of a disc, the evaluation's
// unit: the values near the opening are small).
func label(ctx context.Context, solver, searcher *engine.Engine, pos othello.Position, opts MidgameOptions) (float64, bool) {
	if pos.Empties() <= opts.ExactEmpties {
		v, ok := exactValue(ctx, solver, pos)
		return float64(v), ok
	}
	r, err := searcher.Search(ctx, pos, engine.Limits{Depth: opts.Depth, NoProbcut: !opts.Selective, SingleDepth: !opts.Selective})
	if err != nil {
		return 0, false
	}
	return r.Score, true
}

// TrainMidgame fits the weights of one phase to its samples (see TrainPatterns),
// starting from the weights of the phase after it in m if it has them, and sets
// them in m.
func TrainMidgame(m *engine.Midgame, phase int, samples []Sample, opt PatternTraining) (TrainStats, error) {
	if phase < 0 || phase >= engine.MidgamePhases {
		return TrainStats{}, fmt.Errorf("engine: phase %d: want 0 to %d", phase, engine.MidgamePhases-1)
	}
	var from *engine.Patterns
	if phase > 0 {
		from = m.Phase(phase - 1)
	}
	w, st, err := TrainPatterns(samples, from, opt)
	if err != nil {
		return st, err
	}
	m.SetPhase(phase, w)
	return st, nil
}
