package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/gridgames/gridgames/game2048/solver"
	"github.com/spf13/cobra"
)

// trainSummary is what `2048 train` prints.
type trainSummary struct {
	Tuples         int     `json:"tuples"`
	Games          int     `json:"games"`
	Seed           uint64  `json:"seed"`
	Rate           float64 `json:"rate"`
	Workers        int     `json:"workers"`
	From           string  `json:"from,omitempty"`
	Out            string  `json:"out"`
	LastMean       float64 `json:"lastMean"` // mean score of the last 1,000 games (or all, if fewer)
	Seconds        float64 `json:"seconds"`  // wall time
	GamesPerSecond float64 `json:"gamesPerSecond"`
}

func new2048TrainCommand() *cobra.Command {
	var games, tuples, workers int
	var seed uint64
	var rate float64
	var from, outPath string
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "train --games N --out FILE [--tuples 6|4] [--seed S] [--rate R] [--from FILE] [--workers W]",
		Short: "Train an n-tuple network for the solver by self-play (TD learning)",
		Long: `Train an n-tuple network for the solver's evaluation, by temporal difference
learning of afterstate values over N self-play games, and write it to FILE for
--network. --tuples 6 (the default) trains the network the default evaluation
uses (four groups of six cells, 256 MiB while it learns); --tuples 4 the small
one of --eval blend4. With --workers above 1 (6-tuple only) the games run side by
side, sharing the weights without locks: nearly twice as fast on two, but a rerun does not give
the same bits. With one worker the result depends only on the flags.

The built-in 6-tuple network was made by (about an hour on one CPU):
  gridgames 2048 train --games 200000 --seed 1 --rate 0.1 --out a.gz
  gridgames 2048 train --games 50000 --seed 2 --rate 0.02 --from a.gz --out net6.gz

The built-in 4-tuple network was made by (about 16 minutes on one CPU):
  gridgames 2048 train --tuples 4 --games 125000 --seed 1 --rate 0.1 --out a.gz
  gridgames 2048 train --tuples 4 --games 100000 --seed 2 --rate 0.02 --from a.gz --out net.gz`,
		Example: `  gridgames 2048 train --games 20000 --workers 2 --out net6.gz
  gridgames 2048 autoplay --games 30 --depth 2 --network net6.gz`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if games < 1 {
				return badInputf("--games %d: want 1 or more", games)
			}
			if !(rate > 0 && rate <= 1) {
				return badInputf("--rate %v: want above 0, at most 1", rate)
			}
			if tuples != 4 && tuples != 6 {
				return badInputf("--tuples %d: want 6 or 4", tuples)
			}
			if workers < 1 {
				return badInputf("--workers %d: want 1 or more", workers)
			}
			if tuples == 4 && workers > 1 {
				return badInputf("--workers %d: the 4-tuple network trains on one CPU (leave --workers out)", workers)
			}
			if outPath == "" {
				return badInputf("--out is required: the file to write the network to")
			}
			var n4 *solver.Network
			var n6 *solver.Network6
			if from != "" {
				f, err := openInput("--from", from)
				if err != nil {
					return err
				}
				data, err := io.ReadAll(f)
				f.Close()
				if err != nil {
					return badInputf("--from %s: %v", from, err)
				}
				if is6 := solver.IsNetwork6File(data); is6 != (tuples == 6) {
					return badInputf("--from %s: not a %d-tuple network (set --tuples to match the file)", from, tuples)
				}
				if tuples == 6 {
					n6, err = solver.ReadNetwork6(bytes.NewReader(data))
				} else {
					n4, err = solver.ReadNetwork(bytes.NewReader(data))
				}
				if err != nil {
					return badInputf("--from %s: %v", from, err)
				}
			} else if tuples == 6 {
				n6 = solver.NewNetwork6()
			} else {
				n4 = new(solver.Network)
			}
			out, err := createBeside("--out", outPath)
			if err != nil {
				return err
			}
			defer out.discard()
			start := time.Now()
			bar := newProgress(cmd, "training")
			window := min(games, 1000)
			var lastSum int64
			opts := solver.TrainOptions{Games: games, Seed: seed, Rate: rate, Workers: workers,
				Progress: func(g int, score int64) {
					if g > games-window {
						lastSum += score
					}
					bar.report(g, games)
				}}
			var w io.WriterTo
			if tuples == 6 {
				err, w = solver.Train6(cmd.Context(), n6, opts), n6
			} else {
				err, w = solver.Train(cmd.Context(), n4, opts), n4
			}
			bar.finish()
			if errors.Is(err, context.Canceled) {
				fmt.Fprintf(cmd.ErrOrStderr(), "Stopped: nothing written (%s is as it was).\n", outPath)
				return errInterrupted
			}
			if err != nil {
				return err
			}
			if _, err := w.WriteTo(out); err != nil {
				return err
			}
			if err := out.commit(); err != nil {
				return err
			}
			elapsed := time.Since(start)
			sum := trainSummary{Tuples: tuples, Games: games, Seed: seed, Rate: rate, Workers: workers, From: from, Out: outPath,
				LastMean: float64(lastSum) / float64(window), Seconds: elapsed.Seconds(),
				GamesPerSecond: float64(games) / elapsed.Seconds()}
			if asJSON {
				return json.NewEncoder(cmd.OutOrStdout()).Encode(sum)
			}
			printTrainSummary(cmd.OutOrStdout(), sum, window)
			return nil
		},
	}
	f := cmd.Flags()
	f.IntVar(&games, "games", 10000, "self-play games to learn from")
	f.IntVar(&tuples, "tuples", 6, "the network: 6 (the default evaluation's) or 4 (blend4's)")
	f.IntVar(&workers, "workers", 1, "games played side by side (6-tuple only; above 1 the result is not reproducible)")
	f.Uint64Var(&seed, "seed", 1, "seed of the games")
	f.Float64Var(&rate, "rate", 0.1, "learning rate")
	f.StringVar(&from, "from", "", "continue training this network file instead of starting from zero")
	f.StringVar(&outPath, "out", "", "write the network to this file")
	f.BoolVar(&asJSON, "json", false, "print the summary as JSON")
	return cmd
}

func printTrainSummary(w io.Writer, s trainSummary, window int) {
	fmt.Fprintf(w, "Trained a %d-tuple network on %d games (seed %d, rate %g, %d workers) in %.1f s, %.0f games/s.\n",
		s.Tuples, s.Games, s.Seed, s.Rate, s.Workers, s.Seconds, s.GamesPerSecond)
	fmt.Fprintf(w, "Mean score of the last %d games (one move ahead, learning): %.0f\n", window, s.LastMean)
	fmt.Fprintf(w, "Wrote %s; use it with --network %s.\n", s.Out, s.Out)
}
