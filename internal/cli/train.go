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
	"github.com/gridgames/gridgames/game2048/solver/train"
	"github.com/spf13/cobra"
)

// trainSummary is what `2048 train` prints.
type trainSummary struct {
	Tuples         int      `json:"tuples"`
	Games          int      `json:"games"`
	Seed           uint64   `json:"seed"`
	Rate           float64  `json:"rate"`
	Workers        int      `json:"workers"`
	From           string   `json:"from,omitempty"`
	Coherence      bool     `json:"coherence,omitempty"`
	Restarts       float64  `json:"restarts,omitempty"`
	Stages         int      `json:"stages,omitempty"`
	Resume         string   `json:"resume,omitempty"`
	Checkpoint     string   `json:"checkpoint,omitempty"`
	Out            string   `json:"out,omitempty"`
	LastMean       float64  `json:"lastMean"`            // mean score of the last 1,000 games from the start (or all, if fewer)
	Last16384      *float64 `json:"last16384,omitempty"` // the share of those that reached 16384 (6-tuple, one worker)
	Last32768      *float64 `json:"last32768,omitempty"` // and 32768
	Seconds        float64  `json:"seconds"`             // wall time
	GamesPerSecond float64  `json:"gamesPerSecond"`
}

// trainOptions are the flags of `2048 train`.
type trainOptions struct {
	games, tuples, workers, checkpointGames, stages int
	seed                                            uint64
	rate, restarts                                  float64
	from, outPath, checkpoint, resume               string
	coherence, asJSON, checkpointLight              bool
	checkpointEvery                                 time.Duration
}

// trainLong is the help of 2048 train.
const trainLong = `Train an n-tuple network for the solver's evaluation, by temporal difference
learning of afterstate values over N self-play games, and write it to FILE for
--network. --tuples 6 (the default) trains the network the default evaluation
uses (four groups of six cells, 256 MiB while it learns); --tuples 4 the small
one of --eval blend4. With --workers above 1 (6-tuple only) the games run side by
side, sharing the weights without locks: nearly twice as fast on two, but a rerun does not give
the same bits. With one worker the result depends only on the flags.

6-tuple training on one worker can also:
  --tc            give every weight its own rate by temporal coherence (768 MiB
                  while it learns); --rate is then the meta-rate (1 is usual)
  --restarts P    start a share P of the games from boards saved when earlier
                  games first showed 8192 or more, so late boards are learned
  --checkpoint F  write all the training needs to go on (weights, accumulators,
                  the generator, games done, saved boards) to F every
                  --checkpoint-every (10m) or --checkpoint-games N, at the end and
                  on Ctrl+C; written beside F, then renamed over it
                  (--checkpoint-light keeps the weights to 24 bits and the --tc
                  accumulators to 16: about half the size, but a run resumed
                  from it is not exact)
  --resume F      go on from checkpoint F with its options, to --games games in
                  all (the checkpoint's included): stopped and resumed, a run
                  learns exactly what it would have learned straight through
                  (--restarts and --stages 2 may be given to change the run from
                  there on, for its next stage; --seed, --rate, --tc may not)
  --stages 2      give the network a late stage, weights of its own for the
                  boards with 16384 or more, started as a copy of the network
                  (weight promotion); the search reads both
--out may then be left out; the last lines of the run say how it went (the
mean of the last 1,000 games from the start, and their shares of 16384 and
32768; restarted games are not counted).

A stronger 6-tuple network is under way, stage by stage (see the README for
where it stands; each step is deterministic, and a stop and --resume anywhere
changes nothing). Stage 1, then stage 2 as proposed (not yet measured):
  gridgames 2048 train --games G1 --seed 1 --tc --rate 1 --checkpoint stage1.ckpt.gz
  gridgames 2048 train --games G2 --resume stage1.ckpt.gz --stages 2 --restarts 0.3 \
      --checkpoint stage2.ckpt.gz --out net6.gz

The built-in 6-tuple network is stage 1 stopped at 359,372 games; its light
checkpoint is in the repository (train/stage1.light.ckpt.gz.00 and .01: join
them with cat), and the network is the checkpoint's:
  gridgames 2048 train --games 359372 --resume stage1.ckpt.gz --out net6.gz

The built-in 4-tuple network was made by (about 16 minutes on one CPU):
  gridgames 2048 train --tuples 4 --games 125000 --seed 1 --rate 0.1 --out a.gz
  gridgames 2048 train --tuples 4 --games 100000 --seed 2 --rate 0.02 --from a.gz --out net.gz`

func new2048TrainCommand() *cobra.Command {
	var o trainOptions
	cmd := &cobra.Command{
		Use:   "train --games N --out FILE [--tuples 6|4] [--seed S] [--rate R] [--from FILE] [--workers W] [--tc] [--restarts P] [--stages 2] [--checkpoint FILE] [--resume FILE]",
		Short: "Train an n-tuple network for the solver by self-play (TD learning)",
		Long:  trainLong,
		Example: `  gridgames 2048 train --games 20000 --workers 2 --out net6.gz
  gridgames 2048 autoplay --games 30 --depth 2 --network net6.gz
  gridgames 2048 train --games 1000000 --tc --rate 1 --checkpoint run.ckpt.gz
  gridgames 2048 train --games 1000000 --resume run.ckpt.gz --checkpoint run.ckpt.gz --out net6.gz`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := o.validate(cmd); err != nil {
				return err
			}
			return o.run(cmd)
		},
	}
	f := cmd.Flags()
	f.IntVar(&o.games, "games", 10000, "self-play games to learn from (with --resume: in all, the checkpoint's included)")
	f.IntVar(&o.tuples, "tuples", 6, "the network: 6 (the default evaluation's) or 4 (blend4's)")
	f.IntVar(&o.workers, "workers", 1, "games played side by side (6-tuple only; above 1 the result is not reproducible)")
	f.Uint64Var(&o.seed, "seed", 1, "seed of the games")
	f.Float64Var(&o.rate, "rate", 0.1, "learning rate (with --tc: the meta-rate)")
	f.StringVar(&o.from, "from", "", "continue training this network file instead of starting from zero")
	f.StringVar(&o.outPath, "out", "", "write the network to this file")
	f.BoolVar(&o.coherence, "tc", false, "temporal coherence: a rate for every weight (6-tuple, one worker)")
	f.Float64Var(&o.restarts, "restarts", 0, "share of games started from saved late boards, 0 to 1 (6-tuple, one worker)")
	f.StringVar(&o.checkpoint, "checkpoint", "", "write checkpoints to this file (6-tuple, one worker)")
	f.DurationVar(&o.checkpointEvery, "checkpoint-every", 10*time.Minute, "time between checkpoints")
	f.IntVar(&o.checkpointGames, "checkpoint-games", 0, "also write a checkpoint every this many games (0: by time only)")
	f.BoolVar(&o.checkpointLight, "checkpoint-light", false, "checkpoints with the weights cut to 24 bits and the --tc accumulators to 16: about half the size, but a run resumed from one is not exact")
	f.StringVar(&o.resume, "resume", "", "go on from this checkpoint, with its options")
	f.IntVar(&o.stages, "stages", 1, "1, or 2 for a late stage for boards with 16384 or more (6-tuple, one worker)")
	f.BoolVar(&o.asJSON, "json", false, "print the summary as JSON")
	return cmd
}

// validate refuses flag values out of range and flags that do not go together.
func (o *trainOptions) validate(cmd *cobra.Command) error {
	switch {
	case o.games < 1:
		return badInputf("--games %d: want 1 or more", o.games)
	case !(o.rate > 0 && o.rate <= 1):
		return badInputf("--rate %v: want above 0, at most 1", o.rate)
	case o.tuples != 4 && o.tuples != 6:
		return badInputf("--tuples %d: want 6 or 4", o.tuples)
	case o.workers < 1:
		return badInputf("--workers %d: want 1 or more", o.workers)
	case o.tuples == 4 && o.workers > 1:
		return badInputf("--workers %d: the 4-tuple network trains on one CPU (leave --workers out)", o.workers)
	case !(o.restarts >= 0 && o.restarts <= 1):
		return badInputf("--restarts %v: want a share from 0 to 1", o.restarts)
	case o.checkpointEvery <= 0:
		return badInputf("--checkpoint-every %v: want a positive duration", o.checkpointEvery)
	case o.stages != 1 && o.stages != 2:
		return badInputf("--stages %d: want 1 or 2", o.stages)
	case o.checkpointGames < 0:
		return badInputf("--checkpoint-games %d: want 0 or more", o.checkpointGames)
	}
	oneWorker6 := map[string]bool{"tc": o.coherence, "restarts": o.restarts > 0, "checkpoint": o.checkpoint != "",
		"resume": o.resume != "", "stages": o.stages == 2}
	for _, name := range []string{"tc", "restarts", "checkpoint", "resume", "stages"} {
		if oneWorker6[name] && (o.tuples != 6 || o.workers != 1) {
			return badInputf("--%s: for the 6-tuple network on one worker (leave --tuples and --workers out)", name)
		}
	}
	if o.resume != "" {
		for _, name := range []string{"seed", "rate", "from", "tc"} {
			if cmd.Flags().Changed(name) {
				return badInputf("--%s: --resume goes on with the checkpoint's options (leave --%s out)", name, name)
			}
		}
	}
	if o.checkpointLight && o.checkpoint == "" {
		return badInputf("--checkpoint-light: name the checkpoint file with --checkpoint")
	}
	if o.outPath == "" && o.checkpoint == "" {
		return badInputf("--out is required: the file to write the network to")
	}
	return nil
}

// run trains the network: the 6-tuple one on one worker by a Trainer6
// (checkpoints, restarts, stages), the others by Train4 or Train6.
func (o *trainOptions) run(cmd *cobra.Command) error {
	if o.tuples == 6 && o.workers == 1 {
		return runTrainer6(cmd, o)
	}
	return runTrain(cmd, o)
}

// readNetworkFlag reads the network file a flag names, of the kind tuples says.
func readNetworkFlag(flag, path string, tuples int) (*solver.Network, *train.Network6, error) {
	f, err := openInput(flag, path)
	if err != nil {
		return nil, nil, err
	}
	data, err := io.ReadAll(f)
	f.Close()
	if err != nil {
		return nil, nil, badInputf("%s %s: %v", flag, path, err)
	}
	if is6 := solver.IsNetwork6File(data); is6 != (tuples == 6) {
		return nil, nil, badInputf("%s %s: not a %d-tuple network (set --tuples to match the file)", flag, path, tuples)
	}
	var n4 *solver.Network
	var n6 *solver.Network6
	if tuples == 6 {
		n6, err = solver.ReadNetwork6(bytes.NewReader(data))
	} else {
		n4, err = solver.ReadNetwork(bytes.NewReader(data))
	}
	if err != nil {
		return nil, nil, badInputf("%s %s: %v", flag, path, err)
	}
	if n6 != nil {
		return nil, train.FromSolver6(n6), nil
	}
	return n4, nil, nil
}

// runTrain trains the 4-tuple network, or the 6-tuple one on several workers.
func runTrain(cmd *cobra.Command, o *trainOptions) error {
	var n4 *solver.Network
	var n6 *train.Network6
	var err error
	switch {
	case o.from != "":
		if n4, n6, err = readNetworkFlag("--from", o.from, o.tuples); err != nil {
			return err
		}
	case o.tuples == 6:
		n6 = train.NewNetwork6()
	default:
		n4 = new(solver.Network)
	}
	out, err := createBeside("--out", o.outPath)
	if err != nil {
		return err
	}
	defer out.discard()
	start := time.Now()
	bar := newProgress(cmd, "training")
	games := o.games
	window := min(games, 1000)
	var lastSum int64
	opts := train.Options{Games: games, Seed: o.seed, Rate: o.rate, Workers: o.workers,
		Progress: func(g int, score int64) {
			if g > games-window {
				lastSum += score
			}
			bar.report(g, games)
		}}
	var w io.WriterTo
	if o.tuples == 6 {
		err, w = train.Train6(cmd.Context(), n6, opts), n6
	} else {
		err, w = train.Train4(cmd.Context(), n4, opts), n4
	}
	bar.finish()
	if errors.Is(err, context.Canceled) {
		fmt.Fprintf(cmd.ErrOrStderr(), "Stopped: nothing written (%s is as it was).\n", o.outPath)
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
	sum := trainSummary{Tuples: o.tuples, Games: games, Seed: o.seed, Rate: o.rate, Workers: o.workers, From: o.from, Out: o.outPath,
		LastMean: float64(lastSum) / float64(window), Seconds: elapsed.Seconds(),
		GamesPerSecond: float64(games) / elapsed.Seconds()}
	return o.print(cmd, sum, window)
}

// print writes the summary of a run whose figures are of its last window
// games: JSON with --json, else sentences.
func (o *trainOptions) print(cmd *cobra.Command, sum trainSummary, window int) error {
	if o.asJSON {
		return json.NewEncoder(cmd.OutOrStdout()).Encode(sum)
	}
	printTrainSummary(cmd.OutOrStdout(), sum, window)
	return nil
}

// printTrainSummary writes a run's summary as sentences.
func printTrainSummary(w io.Writer, s trainSummary, window int) {
	if window == 0 { // resumed at the games asked for: the network is the checkpoint's
		fmt.Fprintf(w, "No game played: the checkpoint's %d-tuple network had its %d games (seed %d, rate %g).\n",
			s.Tuples, s.Games, s.Seed, s.Rate)
	} else {
		fmt.Fprintf(w, "Trained a %d-tuple network on %d games (seed %d, rate %g, %d workers) in %.1f s, %.0f games/s.\n",
			s.Tuples, s.Games, s.Seed, s.Rate, s.Workers, s.Seconds, s.GamesPerSecond)
		fmt.Fprintf(w, "Mean score of the last %d games (one move ahead, learning): %.0f\n", window, s.LastMean)
	}
	if s.Last16384 != nil && window > 0 {
		fmt.Fprintf(w, "Of those, %.1f%% reached 16384 and %.1f%% 32768.\n", 100**s.Last16384, 100**s.Last32768)
	}
	if s.Checkpoint != "" {
		fmt.Fprintf(w, "Wrote the checkpoint %s; go on with --resume %s.\n", s.Checkpoint, s.Checkpoint)
	}
	if s.Out != "" {
		fmt.Fprintf(w, "Wrote %s; use it with --network %s.\n", s.Out, s.Out)
	}
}
