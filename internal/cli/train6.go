package cli

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/gridgames/gridgames/game2048/solver/train"
	"github.com/spf13/cobra"
)

// trainWindow keeps the last games from the start that a training run finished
// (restarted ones are left out), for its figures.
type trainWindow struct {
	games []train.Game
	next  int
}

const trainWindowSize = 1000

func (w *trainWindow) add(g train.Game) {
	if g.Restarted {
		return
	}
	if len(w.games) < trainWindowSize {
		w.games = append(w.games, g)
		return
	}
	w.games[w.next] = g
	w.next = (w.next + 1) % trainWindowSize
}

// figures returns the mean score of the window's games and the shares that
// reached 16384 and 32768 (zeros for an empty window).
func (w *trainWindow) figures() (mean, r16k, r32k float64) {
	if len(w.games) == 0 {
		return 0, 0, 0
	}
	for _, g := range w.games {
		mean += float64(g.Score)
		if g.MaxTile >= 14 { // exponents: 2^14 = 16384

			r16k++
		}
		if g.MaxTile >= 15 {
			r32k++
		}
	}
	n := float64(len(w.games))
	return mean / n, r16k / n, r32k / n
}

// runTrainer6 trains the 6-tuple network on one worker, from a checkpoint or
// from --from (or zero), writing checkpoints as it goes when asked.
func runTrainer6(cmd *cobra.Command, fl trainFlags) error {
	var tr *train.Trainer6
	if fl.resume != "" {
		f, err := openInput("--resume", fl.resume)
		if err != nil {
			return err
		}
		tr, err = train.ReadCheckpoint6(f)
		f.Close()
		if err != nil {
			return badInputf("--resume %s: %v", fl.resume, err)
		}
		if fl.games < tr.Done() {
			return badInputf("--games %d: the checkpoint %s has %d games done already (--games counts them)", fl.games, fl.resume, tr.Done())
		}
	} else {
		n := train.NewNetwork6()
		if fl.from != "" {
			var err error
			if _, n, err = readNetworkFlag("--from", fl.from, 6); err != nil {
				return err
			}
		}
		tr = train.NewTrainer6(n, train.Options{Seed: fl.seed, Rate: fl.rate, Coherence: fl.coherence, Restarts: fl.restarts})
	}
	if fl.stages == 2 {
		tr.Promote()
	}
	if fl.resume != "" && cmd.Flags().Changed("restarts") {
		tr.SetRestarts(fl.restarts)
	}
	var out *atomicFile
	if fl.outPath != "" {
		var err error
		if out, err = createBeside("--out", fl.outPath); err != nil {
			return err
		}
		defer out.discard()
	}
	if fl.checkpoint != "" {
		if err := checkWritable("--checkpoint", fl.checkpoint); err != nil {
			return err
		}
	}
	save := func() error {
		f, err := createBeside("--checkpoint", fl.checkpoint)
		if err != nil {
			return err
		}
		defer f.discard()
		write := tr.WriteCheckpoint
		if fl.checkpointLight {
			write = tr.WriteLightCheckpoint
		}
		if err := write(f); err != nil {
			return fmt.Errorf("writing %s: %w", fl.checkpoint, err)
		}
		return f.commit()
	}
	start, first := time.Now(), tr.Done()
	bar := newProgress(cmd, "training")
	var window trainWindow
	lastSave := start
	err := tr.Run(cmd.Context(), fl.games, func(g train.Game) error {
		window.add(g)
		bar.report(g.Game, fl.games)
		if fl.checkpoint == "" || g.Game == fl.games {
			return nil
		}
		if fl.checkpointGames > 0 && g.Game%fl.checkpointGames == 0 || time.Since(lastSave) >= fl.checkpointEvery {
			if err := save(); err != nil {
				return err
			}
			lastSave = time.Now()
			mean, r16k, r32k := window.figures()
			bar.note("checkpoint %s: %d games, %.0f games/s; last %d from the start: mean %.0f, 16384 in %.1f%%, 32768 in %.1f%%",
				fl.checkpoint, g.Game, float64(g.Game-first)/time.Since(start).Seconds(), len(window.games), mean, 100*r16k, 100*r32k)
		}
		return nil
	})
	bar.finish()
	if errors.Is(err, context.Canceled) {
		if fl.checkpoint == "" {
			fmt.Fprintf(cmd.ErrOrStderr(), "Stopped: nothing written (%s is as it was).\n", fl.outPath)
			return errInterrupted
		}
		if err := save(); err != nil {
			return err
		}
		fmt.Fprintf(cmd.ErrOrStderr(), "Stopped after %d games: wrote the checkpoint %s; go on with --resume %s --checkpoint %s --games %d.\n",
			tr.Done(), fl.checkpoint, fl.checkpoint, fl.checkpoint, fl.games)
		return errInterrupted
	}
	if err != nil {
		return err
	}
	if fl.checkpoint != "" {
		if err := save(); err != nil {
			return err
		}
	}
	if out != nil {
		if _, err := tr.Network().WriteTo(out); err != nil {
			return err
		}
		if err := out.commit(); err != nil {
			return err
		}
	}
	elapsed := time.Since(start)
	opt := tr.Options()
	mean, r16k, r32k := window.figures()
	sum := trainSummary{Tuples: 6, Games: tr.Done(), Seed: opt.Seed, Rate: opt.Rate, Workers: 1, From: fl.from,
		Coherence: opt.Coherence, Restarts: opt.Restarts, Stages: tr.Network().Stages(), Resume: fl.resume, Checkpoint: fl.checkpoint, Out: fl.outPath,
		LastMean: mean, Last16384: &r16k, Last32768: &r32k, Seconds: elapsed.Seconds(),
		GamesPerSecond: float64(tr.Done()-first) / elapsed.Seconds()}
	return printTrain(cmd, fl, sum, len(window.games))
}
