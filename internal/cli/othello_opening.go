package cli

import (
	"fmt"
	"time"

	"github.com/gridgames/gridgames/othello"
	"github.com/gridgames/gridgames/othello/engine"
	"github.com/spf13/cobra"
)

func newOthelloOpeningCommand() *cobra.Command {
	var size, plies, workers int
	var tableBits uint
	var outPath string
	cmd := &cobra.Command{
		Use:   "opening --size 6 --plies N --out FILE",
		Short: "Solve a small board's opening exactly, for the Perfect player",
		Long: `Solve exactly, for each colour as the Perfect player, every position within
--plies moves of the start where that colour is to move (it plays the best move
found, the other side every legal move), and write the opening table the Perfect
player and its hints read: each position up to symmetry with its exact score and
a best move, gzipped text, sorted. One worker (the default) makes the same file
every run. Each solved position is printed as it is found.

The built-in 6x6 table is made by:
  gridgames othello opening --size 6 --plies 4 --out opening6_default.txt.gz`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if !engine.PerfectSize(size) {
				return badInputf("--size %d: want 4 or 6 (perfect play is offered on those boards only)", size)
			}
			if plies < 0 || plies > size*size-4 {
				return badInputf("--plies %d: want 0 to %d", plies, size*size-4)
			}
			if err := checkWorkers(workers); err != nil {
				return err
			}
			if tableBits != 0 && (tableBits < 10 || tableBits > 30) {
				return badInputf("--table-bits %d: want 10 to 30", tableBits)
			}
			if outPath == "" {
				return badInputf("--out is required: the file to write the table to")
			}
			out, err := createBeside("--out", outPath)
			if err != nil {
				return err
			}
			defer out.discard()
			e := engine.New(engine.Options{Workers: workers, TableBits: tableBits})
			start := time.Now()
			w := cmd.OutOrStdout()
			t, err := engine.BuildOpening(cmd.Context(), e, size, plies, func(pos othello.Position, score int, move othello.Square) {
				fmt.Fprintf(w, "%s %+d %v  (%.1fs)\n", pos, score, move, time.Since(start).Seconds())
			})
			if err != nil {
				if cmd.Context().Err() != nil {
					return errInterrupted
				}
				return err
			}
			if _, err := t.WriteTo(out); err != nil {
				return err
			}
			if err := out.commit(); err != nil {
				return err
			}
			fmt.Fprintf(w, "Wrote %s: %d positions in %.1fs.\n", outPath, t.Len(), time.Since(start).Seconds())
			return nil
		},
	}
	f := cmd.Flags()
	f.IntVar(&size, "size", 6, "board size: 4 or 6")
	f.IntVar(&plies, "plies", 4, "solve the positions within this many moves of the start")
	f.IntVar(&workers, "workers", 1, "CPUs to use (0: all; more than one may keep another of several best moves)")
	f.UintVar(&tableBits, "table-bits", 24, "transposition table of 2^N 16-byte slots")
	f.StringVar(&outPath, "out", "", "write the table to this file")
	return cmd
}
