package cli

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/gridgames/gridgames/game2048/solver/train"
	"github.com/spf13/cobra"
)

// runTrainer6 trains the 6-tuple network on one worker, from a checkpoint or
// from --from (or zero), writing checkpoints as it goes when asked.
func runTrainer6(cmd *cobra.Command, o *trainOptions) error {
	tr, err := o.trainer6(cmd)
	if err != nil {
		return err
	}
	var out *atomicFile
	if o.outPath != "" {
		if out, err = createBeside("--out", o.outPath); err != nil {
			return err
		}
		defer out.discard()
	}
	if o.checkpoint != "" {
		if err := checkWritable("--checkpoint", o.checkpoint); err != nil {
			return err
		}
	}
	start, first := time.Now(), tr.Done()
	bar := newProgress(cmd, "training")
	var recent train.Recent
	schedule := train.CheckpointSchedule{Every: o.checkpointEvery, Games: o.checkpointGames}
	schedule.Start(start)
	err = tr.Run(cmd.Context(), o.games, func(g train.Game) error {
		recent.Add(g)
		bar.report(g.Game, o.games)
		if o.checkpoint == "" || g.Game == o.games || !schedule.Due(g.Game, time.Now()) {
			return nil
		}
		if err := o.saveCheckpoint(tr); err != nil {
			return err
		}
		schedule.Saved(time.Now())
		mean, r16k, r32k := recent.Figures()
		bar.note("checkpoint %s: %d games, %.0f games/s; last %d from the start: mean %.0f, 16384 in %.1f%%, 32768 in %.1f%%",
			o.checkpoint, g.Game, float64(g.Game-first)/time.Since(start).Seconds(), recent.Len(), mean, 100*r16k, 100*r32k)
		return nil
	})
	bar.finish()
	if errors.Is(err, context.Canceled) {
		return o.stopped(cmd, tr)
	}
	if err != nil {
		return err
	}
	if o.checkpoint != "" {
		if err := o.saveCheckpoint(tr); err != nil {
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
	mean, r16k, r32k := recent.Figures()
	sum := trainSummary{Tuples: 6, Games: tr.Done(), Seed: opt.Seed, Rate: opt.Rate, Workers: 1, From: o.from,
		Coherence: opt.Coherence, Restarts: opt.Restarts, Stages: tr.Network().Stages(), Resume: o.resume, Checkpoint: o.checkpoint, Out: o.outPath,
		LastMean: mean, Last16384: &r16k, Last32768: &r32k, Seconds: elapsed.Seconds(),
		GamesPerSecond: float64(tr.Done()-first) / elapsed.Seconds()}
	return o.print(cmd, sum, recent.Len())
}

// trainer6 is the 6-tuple trainer the flags ask for: --resume's checkpoint
// (with --restarts if given), or a new one on --from's network (or zero); with
// --stages 2 promoted.
func (o *trainOptions) trainer6(cmd *cobra.Command) (*train.Trainer6, error) {
	var tr *train.Trainer6
	if o.resume != "" {
		f, err := openInput("--resume", o.resume)
		if err != nil {
			return nil, err
		}
		tr, err = train.ReadCheckpoint6(f)
		f.Close()
		if err != nil {
			return nil, badInputf("--resume %s: %v", o.resume, err)
		}
		if o.games < tr.Done() {
			return nil, badInputf("--games %d: the checkpoint %s has %d games done already (--games counts them)", o.games, o.resume, tr.Done())
		}
	} else {
		n := train.NewNetwork6()
		if o.from != "" {
			var err error
			if _, n, err = readNetworkFlag("--from", o.from, 6); err != nil {
				return nil, err
			}
		}
		tr = train.NewTrainer6(n, train.Options{Seed: o.seed, Rate: o.rate, Coherence: o.coherence, Restarts: o.restarts})
	}
	if o.stages == 2 {
		tr.Promote()
	}
	if o.resume != "" && cmd.Flags().Changed("restarts") {
		tr.SetRestarts(o.restarts)
	}
	return tr, nil
}

// saveCheckpoint writes tr's checkpoint (light with --checkpoint-light) beside
// --checkpoint and renames it over it.
func (o *trainOptions) saveCheckpoint(tr *train.Trainer6) error {
	f, err := createBeside("--checkpoint", o.checkpoint)
	if err != nil {
		return err
	}
	defer f.discard()
	write := tr.WriteCheckpoint
	if o.checkpointLight {
		write = tr.WriteLightCheckpoint
	}
	if err := write(f); err != nil {
		return fmt.Errorf("writing %s: %w", o.checkpoint, err)
	}
	return f.commit()
}

// stopped ends a run Ctrl+C stopped: the checkpoint is written, if there is
// one, and stderr says how to go on.
func (o *trainOptions) stopped(cmd *cobra.Command, tr *train.Trainer6) error {
	if o.checkpoint == "" {
		fmt.Fprintf(cmd.ErrOrStderr(), "Stopped: nothing written (%s is as it was).\n", o.outPath)
		return errInterrupted
	}
	if err := o.saveCheckpoint(tr); err != nil {
		return err
	}
	fmt.Fprintf(cmd.ErrOrStderr(), "Stopped after %d games: wrote the checkpoint %s; go on with --resume %s --checkpoint %s --games %d.\n",
		tr.Done(), o.checkpoint, o.checkpoint, o.checkpoint, o.games)
	return errInterrupted
}
