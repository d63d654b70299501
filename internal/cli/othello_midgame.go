package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
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
	var games, perGame, depth, exact, epochs, holdout, workers int
	var rate float64
	var seed uint64
	var outPath, dir string
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "midgame --games N --out FILE [--seed S] [--dir DIR]",
		Short: "Learn the midgame evaluation (pattern weights for every phase of the game)",
		Long: `Learn the engine's midgame evaluation on 8x8: one set of pattern weights for each
phase of 8 empty squares, from the end of the game back to the opening. For each
phase, --games games of plausible moves give --per-game positions each; positions
with at most --exact empty squares are solved exactly, the others valued by a
--depth ply search whose leaves the phases already learned value; the phase's
weights are then fitted to them (starting from the next phase's). --dir keeps each
phase's samples (othello train reads them). The result is for --midgame.

The built-in evaluation was made by (about 20 minutes on 2 CPUs), then othello tempo:
  gridgames othello midgame --games 20000 --seed 1 --out m.gz`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if games < 1 {
				return badInputf("--games %d: want 1 or more", games)
			}
			if perGame < 1 || perGame > engine.MidgamePhaseWidth {
				return badInputf("--per-game %d: want 1 to %d", perGame, engine.MidgamePhaseWidth)
			}
			if depth < 1 || depth > 12 {
				return badInputf("--depth %d: want 1 to 12", depth)
			}
			if exact < 0 || exact > 24 {
				return badInputf("--exact %d: want 0 to 24 empty squares", exact)
			}
			if epochs < 1 {
				return badInputf("--epochs %d: want 1 or more", epochs)
			}
			if !(rate > 0 && rate <= 1) {
				return badInputf("--rate %v: want above 0, at most 1", rate)
			}
			if holdout < 0 {
				return badInputf("--holdout %d: want 0 or more", holdout)
			}
			if err := checkWorkers(workers); err != nil {
				return err
			}
			if workers == 0 {
				workers = defaultWorkers()
			}
			if outPath == "" {
				return badInputf("--out is required: the file to write the evaluation to")
			}
			out, err := createBeside("--out", outPath)
			if err != nil {
				return err
			}
			defer out.discard()
			if dir != "" {
				if err := checkWritableDir("--dir", dir); err != nil {
					return err
				}
			}
			m := new(engine.Midgame)
			enc := json.NewEncoder(cmd.OutOrStdout())
			for phase := range engine.MidgamePhases {
				t0 := time.Now()
				lo := phase*engine.MidgamePhaseWidth + 1
				span := fmt.Sprintf("%d-%d", lo, lo+engine.MidgamePhaseWidth-1)
				bar := newProgress(cmd, fmt.Sprintf("phase %d (%s empties)", phase, span))
				samples, err := train.MidgameSamples(cmd.Context(), train.MidgameOptions{Games: games, Seed: seed,
					Workers: workers, Phase: phase, PerGame: perGame, ExactEmpties: exact, Depth: depth, Eval: m},
					func(done int) { bar.report(done, games) })
				bar.finish()
				if errors.Is(err, context.Canceled) {
					fmt.Fprintf(cmd.ErrOrStderr(), "Stopped in phase %d: nothing written.\n", phase)
					return errInterrupted
				}
				if err != nil {
					return err
				}
				if dir != "" {
					if err := writeSamplesFile(filepath.Join(dir, fmt.Sprintf("midgame-phase%d.txt", phase)), samples); err != nil {
						return err
					}
				}
				h := min(holdout, len(samples)/2)
				st, err := train.TrainMidgame(m, phase, samples, train.PatternTraining{Epochs: epochs, Rate: rate, Seed: seed, Holdout: h})
				if err != nil {
					return err
				}
				line := midgamePhaseLine{Phase: phase, Empties: span, Samples: len(samples), TrainRMSE: st.TrainRMSE,
					HoldoutRMSE: st.HoldoutRMSE, Seconds: time.Since(t0).Seconds()}
				if asJSON {
					if err := enc.Encode(line); err != nil {
						return err
					}
				} else {
					fmt.Fprintf(cmd.OutOrStdout(), "phase %d (%s empties): %d samples, error %.2f discs", phase, span, len(samples), st.TrainRMSE)
					if h > 0 {
						fmt.Fprintf(cmd.OutOrStdout(), " (%.2f on %d held out)", st.HoldoutRMSE, h)
					}
					fmt.Fprintf(cmd.OutOrStdout(), ", %.0f s\n", line.Seconds)
				}
			}
			if _, err := m.WriteTo(out); err != nil {
				return err
			}
			if err := out.commit(); err != nil {
				return err
			}
			if !asJSON {
				fmt.Fprintf(cmd.OutOrStdout(), "Wrote %s; use it with --midgame %s.\n", outPath, outPath)
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.IntVar(&games, "games", 20000, "games to take each phase's positions from")
	f.IntVar(&perGame, "per-game", 2, "positions taken from each game, per phase")
	f.IntVar(&depth, "depth", 4, "plies searched to value a position that is not solved exactly")
	f.IntVar(&exact, "exact", 18, "solve positions with at most this many empty squares exactly")
	f.IntVar(&epochs, "epochs", 40, "passes over each phase's samples")
	f.Float64Var(&rate, "rate", 0.002, "learning rate")
	f.IntVar(&holdout, "holdout", 0, "samples of each phase kept aside to measure the fit")
	f.Uint64Var(&seed, "seed", 1, "seed of the games and of the sample order")
	f.IntVar(&workers, "workers", 0, "games played side by side (0: one per CPU)")
	f.StringVar(&outPath, "out", "", "write the evaluation to this file")
	f.StringVar(&dir, "dir", "", "also write each phase's samples to this directory")
	f.BoolVar(&asJSON, "json", false, "print each phase's figures as JSON")
	return cmd
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
