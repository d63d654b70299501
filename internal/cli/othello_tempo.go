package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/gridgames/gridgames/othello/engine/train"
	"github.com/spf13/cobra"
)

func newOthelloTempoCommand() *cobra.Command {
	var o tempoOptions
	cmd := &cobra.Command{
		Use:   "tempo --midgame IN --out OUT",
		Short: "Take the side to move's constant error out of a midgame evaluation",
		Long: `Measure, for each phase of a midgame evaluation (from othello midgame), how much a
search's value swings between an even depth d and d+1 on positions whose searches
both end in that phase (--positions positions from plausible games, --seed), and
take half the mean swing out of the phase's constant weight: the evaluation's
error in favour of the side to move. Values then agree from one depth to the next
instead of swinging with the depth's parity. Deterministic: the result depends
only on the input and the flags.

The built-in evaluation was made by othello midgame, then:
  gridgames othello tempo --midgame m.gz --out midgame_default.bin.gz`,
		Args: cobra.NoArgs,
		RunE: runOptions(&o),
	}
	f := cmd.Flags()
	f.StringVar(&o.inPath, "midgame", "", "the midgame evaluation to correct (from othello midgame)")
	f.StringVar(&o.outPath, "out", "", "write the corrected evaluation to this file")
	f.IntVar(&o.positions, "positions", 64, "positions measured per phase")
	f.IntVar(&o.depth, "depth", 8, "the even depth d of the pair (d, d+1) compared")
	f.Uint64Var(&o.seed, "seed", 1, "seed of the games the positions come from")
	f.IntVar(&o.workers, "workers", 0, "positions searched side by side (0: one per CPU)")
	f.BoolVar(&o.json, "json", false, "print each phase's figures as JSON")
	return cmd
}

// tempoOptions are the flags of othello tempo.
type tempoOptions struct {
	positions, depth, workers int
	seed                      uint64
	inPath, outPath           string
	json                      bool
}

// validate refuses missing files and flag values out of range, before any
// file is read.
func (o *tempoOptions) validate() error {
	switch {
	case o.inPath == "":
		return badInputf("--midgame is required: the evaluation to correct (from othello midgame)")
	case o.outPath == "":
		return badInputf("--out is required: the file to write the corrected evaluation to")
	case o.positions < 1:
		return badInputf("--positions %d: want 1 or more", o.positions)
	case o.depth < 2 || o.depth > 12 || o.depth%2 != 0:
		return badInputf("--depth %d: want an even depth from 2 to 12", o.depth)
	}
	return checkWorkers(o.workers)
}

// run reads the evaluation, corrects it (train.CalibrateTempo) with a
// progress bar a phase, prints a line a phase and writes it.
func (o *tempoOptions) run(cmd *cobra.Command) error {
	workers := o.workers
	if workers == 0 {
		workers = defaultWorkers()
	}
	m, err := readMidgameFile(o.inPath, "--midgame")
	if err != nil {
		return err
	}
	out, err := createBeside("--out", o.outPath)
	if err != nil {
		return err
	}
	defer out.discard()
	var bar *progress
	cur := -1
	phases, err := train.CalibrateTempo(cmd.Context(), m,
		train.TempoOptions{Positions: o.positions, Depth: o.depth, Seed: o.seed, Workers: workers},
		func(phase, done, total int) {
			if phase != cur { // phases come one after another
				bar.finish()
				bar, cur = newProgress(cmd, fmt.Sprintf("phase %d", phase)), phase
			}
			bar.report(done, total)
		})
	bar.finish()
	if errors.Is(err, context.Canceled) {
		fmt.Fprintln(cmd.ErrOrStderr(), "Stopped: nothing written.")
		return errInterrupted
	}
	if err != nil {
		return err
	}
	if err := o.print(cmd.OutOrStdout(), phases); err != nil {
		return err
	}
	return commitMidgame(cmd, out, m, o.outPath, o.json)
}

// print writes a line a phase: JSON with --json, else a sentence.
func (o *tempoOptions) print(out io.Writer, phases []train.TempoPhase) error {
	enc := json.NewEncoder(out)
	for _, p := range phases {
		if o.json {
			if err := enc.Encode(p); err != nil {
				return err
			}
			continue
		}
		fmt.Fprintf(out, "phase %d (%s empties): v(%d)-v(%d) %+.2f discs on %d positions: tempo %+.2f\n",
			p.Phase, phaseSpan(p.Phase), p.Depth, p.Depth+1, p.Swing, p.Positions, p.Tempo)
	}
	return nil
}
