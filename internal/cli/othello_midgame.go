package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/gridgames/gridgames/othello/engine"
	"github.com/gridgames/gridgames/othello/engine/train"
	"github.com/spf13/cobra"
)

// midgamePhaseLine is one phase of `othello midgame --json`.
type midgamePhaseLine struct {
	Phase       int     `json:"phase"`
	Empties     string  `json:"empties"`
	Samples     int     `json:"samples"`
	TrainRMSE   float64 `json:"trainRmse"`
	HoldoutRMSE float64 `json:"holdoutRmse,omitempty"`
	Seconds     float64 `json:"seconds"`
}

func newOthelloMidgameCommand() *cobra.Command {
	var o midgameOptions
	cmd := &cobra.Command{
		Use:   "midgame --games N --out FILE [--seed S] [--dir DIR]",
		Short: "Learn the midgame evaluation (pattern weights for every phase of the game)",
		Long: `Learn the engine's midgame evaluation on 8x8: one set of pattern weights for each
phase of 8 empty squares, from the end of the game back to the opening. For each
phase, --games games of plausible moves give --per-game positions each; positions
with at most --exact empty squares are solved exactly, the others valued by a
--depth ply search whose leaves the phases already learned value (full width,
or with --probcut as the engine plays: ProbCut, the value of two depths); the phase's
weights are then fitted to them (starting from the next phase's). The games' moves
are the best of 1- to 3-ply searches with the hand-made evaluation, or with the
midgame evaluation --player names, and one in --random-moves at random. --dir
keeps each phase's samples (othello train reads them). The result is for
--midgame.

--phases N learns phases 0 to N-1 only and writes them to FILE, for a run with
other flags (deeper --depth, say) to go on from with --from FILE.

After each phase the evaluation so far is saved to FILE.partial (removed once FILE
is written); a run stopped by Ctrl+C or at the end of a session goes on with
--from FILE.partial and the same other flags, learning only the phases left, to
the very file the run straight through writes. Within a phase, its samples so far
are saved to FILE.partial.samples after every --checkpoint-games of its games; the
run started again with the same flags (and the same --from) plays only the games
after them.

The built-in evaluation was made in steps (othello/engine/generate.go has them):
  gridgames othello midgame --games 480000 --seed 1 --out m480.gz
  gridgames othello tempo --midgame m480.gz --out m480.t.gz
  gridgames othello midgame --games 480000 --seed 1 --phases 3 --from m480.gz --out p.gz
  gridgames othello midgame --games 120000 --seed 1 --depth 6 --player m480.t.gz \
    --from p.gz --out m.gz
then othello tempo --midgame m.gz.`,
		Args: cobra.NoArgs,
		RunE: runOptions(&o),
	}
	f := cmd.Flags()
	f.IntVar(&o.games, "games", 20000, "games to take each phase's positions from")
	f.IntVar(&o.perGame, "per-game", 2, "positions taken from each game, per phase")
	f.IntVar(&o.depth, "depth", 4, "plies searched to value a position that is not solved exactly")
	f.IntVar(&o.exact, "exact", 18, "solve positions with at most this many empty squares exactly")
	f.IntVar(&o.epochs, "epochs", 40, "passes over each phase's samples")
	f.Float64Var(&o.rate, "rate", 0.002, "learning rate")
	f.IntVar(&o.holdout, "holdout", 0, "samples of each phase kept aside to measure the fit")
	f.Uint64Var(&o.seed, "seed", 1, "seed of the games and of the sample order")
	f.IntVar(&o.workers, "workers", 0, "games played side by side (0: one per CPU)")
	f.StringVar(&o.outPath, "out", "", "write the evaluation to this file")
	f.StringVar(&o.dir, "dir", "", "also write each phase's samples to this directory")
	f.StringVar(&o.fromPath, "from", "", "go on from this stopped run (its FILE.partial), with the same other flags")
	f.IntVar(&o.phases, "phases", engine.MidgamePhases, "learn phases 0 to N-1 only: a run that another can go on from (--from)")
	f.IntVar(&o.randomEvery, "random-moves", 8, "make one move in N of the sample games a random one")
	f.StringVar(&o.playerPath, "player", "", "play the sample games with this midgame evaluation (default: the hand-made one)")
	f.IntVar(&o.checkpointGames, "checkpoint-games", 10000, "write a phase's samples so far to OUT.partial.samples after every N of its games (0: never)")
	f.BoolVar(&o.probcut, "probcut", false, "label with the search as the engine plays it (ProbCut, the value of two depths), not a full-width one")
	f.BoolVar(&o.json, "json", false, "print each phase's figures as JSON")
	return cmd
}

// midgameOptions are the flags of othello midgame.
type midgameOptions struct {
	games, perGame, depth, exact, epochs, holdout, workers int
	randomEvery, phases, checkpointGames                   int
	rate                                                   float64
	seed                                                   uint64
	outPath, dir, fromPath, playerPath                     string
	json, probcut                                          bool
}

// validate refuses flag values out of range, before any file is touched.
func (o *midgameOptions) validate() error {
	switch {
	case o.games < 1:
		return badInputf("--games %d: want 1 or more", o.games)
	case o.perGame < 1 || o.perGame > engine.MidgamePhaseWidth:
		return badInputf("--per-game %d: want 1 to %d", o.perGame, engine.MidgamePhaseWidth)
	case o.depth < 1 || o.depth > 12:
		return badInputf("--depth %d: want 1 to 12", o.depth)
	case o.exact < 0 || o.exact > 24:
		return badInputf("--exact %d: want 0 to 24 empty squares", o.exact)
	case o.epochs < 1:
		return badInputf("--epochs %d: want 1 or more", o.epochs)
	case !(o.rate > 0 && o.rate <= 1):
		return badInputf("--rate %v: want above 0, at most 1", o.rate)
	case o.holdout < 0:
		return badInputf("--holdout %d: want 0 or more", o.holdout)
	case o.phases < 1 || o.phases > engine.MidgamePhases:
		return badInputf("--phases %d: want 1 to %d", o.phases, engine.MidgamePhases)
	case o.checkpointGames < 0:
		return badInputf("--checkpoint-games %d: want 0 (never) or more", o.checkpointGames)
	case o.randomEvery < 1:
		return badInputf("--random-moves %d: want 1 or more (1: every move at random)", o.randomEvery)
	}
	if err := checkWorkers(o.workers); err != nil {
		return err
	}
	if o.outPath == "" {
		return badInputf("--out is required: the file to write the evaluation to")
	}
	return nil
}

// run learns the evaluation (train.LearnMidgame), a line a phase, and writes it.
func (o *midgameOptions) run(cmd *cobra.Command) error {
	workers := o.workers
	if workers == 0 {
		workers = defaultWorkers()
	}
	out, err := createBeside("--out", o.outPath)
	if err != nil {
		return err
	}
	defer out.discard()
	if o.dir != "" {
		if err := checkWritableDir("--dir", o.dir); err != nil {
			return err
		}
	}
	var from *engine.Midgame
	if o.fromPath != "" {
		if from, err = readMidgameFile(o.fromPath, "--from"); err != nil {
			return err
		}
	}
	var player *engine.Midgame
	if o.playerPath != "" {
		if player, err = readMidgameFile(o.playerPath, "--player"); err != nil {
			return err
		}
	}
	playerSum, err := fileSum(o.playerPath)
	if err != nil {
		return err
	}
	resume, err := o.resumeSamples(from, playerSum)
	if err != nil {
		return err
	}
	partial := o.outPath + ".partial"
	ckpt := samplesCheckpointPath(o.outPath)
	savedPhases, savedGames := 0, 0
	if resume != nil {
		savedGames = resume.Games // its checkpoint stays until a later one or the phase's end
	}
	learned := from // the phases learned so far, for the checkpoints' fingerprints
	var (
		bar   *progress
		phase int
		t0    time.Time
	)
	enc := json.NewEncoder(cmd.OutOrStdout())
	hooks := train.LearnHooks{
		Start: func(p int) func(int) {
			phase, t0 = p, time.Now()
			bar = newProgress(cmd, fmt.Sprintf("phase %d (%s empties)", p, phaseSpan(p)))
			return func(done int) { bar.report(done, o.games) }
		},
		Sampled: func(p int, samples []train.Sample) error {
			bar.finish()
			if o.dir == "" {
				return nil
			}
			return writeSamplesFile(filepath.Join(o.dir, fmt.Sprintf("midgame-phase%d.txt", p)), samples)
		},
		Block: func(ps train.PhaseSamples) error {
			fp, err := o.samplesFingerprint(learned, ps.Phase, playerSum)
			if err == nil {
				err = writeSamplesCheckpoint(ckpt, fp, ps)
			}
			if err != nil {
				fmt.Fprintf(cmd.ErrOrStderr(), "warning: saving %s: %v\n", ckpt, err)
			} else {
				savedGames = ps.Games
			}
			return nil
		},
		Fitted: func(lp train.LearnedPhase) error {
			learned = lp.SoFar
			if err := saveWhole(lp.SoFar, partial); err != nil {
				fmt.Fprintf(cmd.ErrOrStderr(), "warning: saving %s: %v\n", partial, err)
			} else {
				savedPhases, savedGames = lp.Phase+1, 0
				os.Remove(ckpt) // the phase is in the partial file now
			}
			line := midgamePhaseLine{Phase: lp.Phase, Empties: phaseSpan(lp.Phase), Samples: lp.Samples,
				TrainRMSE: lp.Stats.TrainRMSE, HoldoutRMSE: lp.Stats.HoldoutRMSE, Seconds: time.Since(t0).Seconds()}
			if o.json {
				return enc.Encode(line)
			}
			printMidgamePhase(cmd.OutOrStdout(), line, lp.Holdout)
			return nil
		},
	}
	m, err := train.LearnMidgame(cmd.Context(), train.LearnOptions{
		Samples: train.MidgameOptions{Games: o.games, Seed: o.seed, Workers: workers, PerGame: o.perGame,
			ExactEmpties: o.exact, Depth: o.depth, Selective: o.probcut, Player: player, RandomEvery: o.randomEvery},
		Training: train.PatternTraining{Epochs: o.epochs, Rate: o.rate, Seed: o.seed, Holdout: o.holdout},
		From:     from,
		Phases:   o.phases,
		Block:    o.checkpointGames,
		Resume:   resume,
	}, hooks)
	bar.finish()
	if errors.Is(err, context.Canceled) {
		games := ""
		if savedGames > 0 {
			games = fmt.Sprintf(" (its first %d games' samples are in %s, which that run picks up)", savedGames, ckpt)
		}
		switch {
		case savedPhases > 0:
			fmt.Fprintf(cmd.ErrOrStderr(), "Stopped in phase %d: phases 0-%d saved in %s; go on with --from %s and the same flags%s.\n",
				phase, savedPhases-1, partial, partial, games)
		case savedGames > 0:
			fmt.Fprintf(cmd.ErrOrStderr(), "Stopped in phase %d: its first %d games' samples saved in %s; run the same command again to go on.\n",
				phase, savedGames, ckpt)
		default:
			fmt.Fprintf(cmd.ErrOrStderr(), "Stopped in phase %d: nothing written.\n", phase)
		}
		return errInterrupted
	}
	if ns := (*train.NoSamplesError)(nil); errors.As(err, &ns) {
		return badInputf("phase %d (%d-%d empty squares) drew no positions from %d games: give more --games or --per-game",
			ns.Phase, ns.Phase*engine.MidgamePhaseWidth+1, (ns.Phase+1)*engine.MidgamePhaseWidth, ns.Games)
	}
	if err != nil {
		if resume != nil && strings.Contains(err.Error(), "does not fit") {
			return badInputf("%s: %v", ckpt, strings.TrimPrefix(err.Error(), "train: "))
		}
		if o.fromPath != "" && strings.Contains(err.Error(), "not a stopped run") {
			return badInputf("--from %s: %v", o.fromPath, strings.TrimPrefix(err.Error(), "train: "))
		}
		return err
	}
	if o.phases < engine.MidgamePhases {
		if err := commitMidgame(cmd, out, m, o.outPath, true); err != nil {
			return err
		}
		if !o.json {
			fmt.Fprintf(cmd.OutOrStdout(), "Wrote %s with phases 0-%d; go on with --from %s.\n", o.outPath, o.phases-1, o.outPath)
		}
	} else if err := commitMidgame(cmd, out, m, o.outPath, o.json); err != nil {
		return err
	}
	os.Remove(partial)
	os.Remove(ckpt)
	return nil
}

// phaseSpan is the empty squares of a midgame phase: "1-8" for phase 0.
func phaseSpan(phase int) string {
	lo := phase*engine.MidgamePhaseWidth + 1
	return fmt.Sprintf("%d-%d", lo, lo+engine.MidgamePhaseWidth-1)
}

// printMidgamePhase writes a phase's line; held is the samples held out.
func printMidgamePhase(out io.Writer, line midgamePhaseLine, held int) {
	fmt.Fprintf(out, "phase %d (%s empties): %d samples, error %.2f discs", line.Phase, line.Empties, line.Samples, line.TrainRMSE)
	if held > 0 {
		fmt.Fprintf(out, " (%.2f on %d held out)", line.HoldoutRMSE, held)
	}
	fmt.Fprintf(out, ", %.0f s\n", line.Seconds)
}

// writeSamplesFile writes samples to path in the samples file format.
func writeSamplesFile(path string, samples []train.Sample) error {
	f, err := os.Create(path)
	if err != nil {
		return badInputf("--dir: %v", pathReason(err))
	}
	if err := writeSamples(f, samples); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// commitMidgame writes m to out, renames it to path, and (unless quiet, as
// with --json) says so and how to use it.
func commitMidgame(cmd *cobra.Command, out *atomicFile, m *engine.Midgame, path string, quiet bool) error {
	if _, err := m.WriteTo(out); err != nil {
		return err
	}
	if err := out.commit(); err != nil {
		return err
	}
	if !quiet {
		fmt.Fprintf(cmd.OutOrStdout(), "Wrote %s; use it with --midgame %s.\n", path, path)
	}
	return nil
}

// readMidgameFile loads a midgame evaluation, naming the flag in errors.
func readMidgameFile(path, flag string) (*engine.Midgame, error) {
	f, err := openInput(flag, path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	m, err := engine.ReadMidgame(f)
	if err != nil {
		return nil, badInputf("%s %s: %v", flag, path, err)
	}
	return m, nil
}
