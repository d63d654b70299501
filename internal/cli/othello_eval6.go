package cli

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/gridgames/gridgames/othello/engine/train"
	"github.com/spf13/cobra"
)

func newOthelloEval6Command() *cobra.Command {
	var games, workers int
	var seed uint64
	var empties, outPath string
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "eval6 --out FILE [--games N] [--seed S] [--empties A-B]",
		Short: "Learn the 6x6 evaluation the exact solver orders moves by",
		Long: `Play --games games of plausible moves on 6x6, solve a position with A to B empties
from each and every position one move later exactly, and fit the 6x6 evaluation
(a linear model over a few features, each weight moving with the empties) to them
by least squares. The solver orders its moves by it on 6x6 and guesses its first
window from it. Deterministic: the file depends only on the flags.

The built-in evaluation was made by:
  gridgames othello eval6 --games 300 --seed 1 --empties 12-22 --out eval6_default.txt`,
		Example: `  gridgames othello eval6 --games 300 --seed 1 --empties 12-22 --out eval6.txt`,
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			opts, err := sampleOptions(games, seed, empties, outPath, workers, 32, "6x6", "the evaluation")
			if err != nil {
				return err
			}
			out, err := createBeside("--out", outPath)
			if err != nil {
				return err
			}
			defer out.discard()
			start := time.Now()
			bar := newProgress(cmd, "solving")
			samples, err := train.SmallSamples(cmd.Context(), opts,
				func(done int) { bar.report(done, games) })
			bar.finish()
			if errors.Is(err, context.Canceled) {
				fmt.Fprintf(cmd.ErrOrStderr(), "Stopped: nothing written (%s is as it was).\n", outPath)
				return errInterrupted
			}
			if err != nil {
				return badInput(err)
			}
			ev, err := train.FitSmall(samples)
			if err != nil {
				return badInput(err)
			}
			if _, err := ev.WriteTo(out); err != nil {
				return err
			}
			if err := out.commit(); err != nil {
				return err
			}
			return printSampleRun(cmd, asJSON, games, len(samples), outPath, start, "Fitted the 6x6 evaluation to %d positions from %d games in %.1f s; wrote %s.\n")
		},
	}
	f := cmd.Flags()
	f.IntVar(&games, "games", 300, "games to take positions from")
	f.Uint64Var(&seed, "seed", 1, "seed of the games")
	f.StringVar(&empties, "empties", "12-22", "range of empty squares of the positions taken")
	f.StringVar(&outPath, "out", "", "write the evaluation to this file")
	f.IntVar(&workers, "workers", 0, "games solved side by side (0: one per CPU)")
	f.BoolVar(&asJSON, "json", false, "print the summary as JSON")
	return cmd
}
