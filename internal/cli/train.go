package cli

import (
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
	Games          int     `json:"games"`
	Seed           uint64  `json:"seed"`
	Rate           float64 `json:"rate"`
	From           string  `json:"from,omitempty"`
	Out            string  `json:"out"`
	LastMean       float64 `json:"lastMean"` // mean score of the last 1,000 games (or all, if fewer)
	Seconds        float64 `json:"seconds"`  // wall time
	GamesPerSecond float64 `json:"gamesPerSecond"`
}

func new2048TrainCommand() *cobra.Command {
	var games int
	var seed uint64
	var rate float64
	var from, outPath string
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "train --games N --out FILE [--seed S] [--rate R] [--from FILE]",
		Short: "Train an n-tuple network for the solver by self-play (TD learning)",
		Long: `Train the n-tuple network the solver's default evaluation uses, by temporal
difference learning of afterstate values over N self-play games (one CPU, so the
result depends only on the flags), and write it to FILE for --network.

The built-in network was made by (about 16 minutes on one CPU):
  gridgames 2048 train --games 125000 --seed 1 --rate 0.1 --out a.gz
  gridgames 2048 train --games 100000 --seed 2 --rate 0.02 --from a.gz --out net.gz`,
		Example: `  gridgames 2048 train --games 20000 --out net.gz
  gridgames 2048 autoplay --games 30 --depth 3 --network net.gz`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if games < 1 {
				return badInputf("--games %d: want 1 or more", games)
			}
			if !(rate > 0 && rate <= 1) {
				return badInputf("--rate %v: want above 0, at most 1", rate)
			}
			if outPath == "" {
				return badInputf("--out is required: the file to write the network to")
			}
			n := new(solver.Network)
			if from != "" {
				f, err := openInput("--from", from)
				if err != nil {
					return err
				}
				n, err = solver.ReadNetwork(f)
				f.Close()
				if err != nil {
					return badInputf("--from %s: %v", from, err)
				}
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
			err = solver.Train(cmd.Context(), n, solver.TrainOptions{Games: games, Seed: seed, Rate: rate,
				Progress: func(g int, score int64) {
					if g > games-window {
						lastSum += score
					}
					bar.report(g, games)
				}})
			bar.finish()
			if errors.Is(err, context.Canceled) {
				fmt.Fprintf(cmd.ErrOrStderr(), "Stopped: nothing written (%s is as it was).\n", outPath)
				return errInterrupted
			}
			if err != nil {
				return err
			}
			if _, err := n.WriteTo(out); err != nil {
				return err
			}
			if err := out.commit(); err != nil {
				return err
			}
			elapsed := time.Since(start)
			sum := trainSummary{Games: games, Seed: seed, Rate: rate, From: from, Out: outPath,
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
	f.Uint64Var(&seed, "seed", 1, "seed of the games")
	f.Float64Var(&rate, "rate", 0.1, "learning rate")
	f.StringVar(&from, "from", "", "continue training this network file instead of starting from zero")
	f.StringVar(&outPath, "out", "", "write the network to this file")
	f.BoolVar(&asJSON, "json", false, "print the summary as JSON")
	return cmd
}

func printTrainSummary(w io.Writer, s trainSummary, window int) {
	fmt.Fprintf(w, "Trained on %d games (seed %d, rate %g) in %.1f s, %.0f games/s.\n",
		s.Games, s.Seed, s.Rate, s.Seconds, s.GamesPerSecond)
	fmt.Fprintf(w, "Mean score of the last %d games (one move ahead, learning): %.0f\n", window, s.LastMean)
	fmt.Fprintf(w, "Wrote %s; use it with --network %s.\n", s.Out, s.Out)
}
