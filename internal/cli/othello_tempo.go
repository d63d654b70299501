package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/gridgames/gridgames/othello/engine"
	"github.com/gridgames/gridgames/othello/engine/train"
	"github.com/spf13/cobra"
)

func newOthelloTempoCommand() *cobra.Command {
	var positions, depth, workers int
	var seed uint64
	var inPath, outPath string
	var asJSON bool
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
		RunE: func(cmd *cobra.Command, _ []string) error {
			if inPath == "" {
				return badInputf("--midgame is required: the evaluation to correct (from othello midgame)")
			}
			if outPath == "" {
				return badInputf("--out is required: the file to write the corrected evaluation to")
			}
			if positions < 1 {
				return badInputf("--positions %d: want 1 or more", positions)
			}
			if depth < 2 || depth > 12 || depth%2 != 0 {
				return badInputf("--depth %d: want an even depth from 2 to 12", depth)
			}
			if err := checkWorkers(workers); err != nil {
				return err
			}
			if workers == 0 {
				workers = defaultWorkers()
			}
			m, err := readMidgameFile(inPath, "--midgame")
			if err != nil {
				return err
			}
			out, err := createBeside("--out", outPath)
			if err != nil {
				return err
			}
			defer out.discard()
			var bar *progress
			cur := -1
			phases, err := train.CalibrateTempo(cmd.Context(), m,
				train.TempoOptions{Positions: positions, Depth: depth, Seed: seed, Workers: workers},
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
			enc := json.NewEncoder(cmd.OutOrStdout())
			for _, p := range phases {
				if asJSON {
					if err := enc.Encode(p); err != nil {
						return err
					}
					continue
				}
				lo := p.Phase*engine.MidgamePhaseWidth + 1
				fmt.Fprintf(cmd.OutOrStdout(), "phase %d (%d-%d empties): v(%d)-v(%d) %+.2f discs on %d positions: tempo %+.2f\n",
					p.Phase, lo, lo+engine.MidgamePhaseWidth-1, p.Depth, p.Depth+1, p.Swing, p.Positions, p.Tempo)
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
	f.StringVar(&inPath, "midgame", "", "the midgame evaluation to correct (from othello midgame)")
	f.StringVar(&outPath, "out", "", "write the corrected evaluation to this file")
	f.IntVar(&positions, "positions", 64, "positions measured per phase")
	f.IntVar(&depth, "depth", 8, "the even depth d of the pair (d, d+1) compared")
	f.Uint64Var(&seed, "seed", 1, "seed of the games the positions come from")
	f.IntVar(&workers, "workers", 0, "positions searched side by side (0: one per CPU)")
	f.BoolVar(&asJSON, "json", false, "print each phase's figures as JSON")
	return cmd
}
