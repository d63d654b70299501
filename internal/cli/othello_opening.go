package cli

import (
	"fmt"
	"io"
	"os"
	"time"

	"github.com/gridgames/gridgames/othello"
	"github.com/gridgames/gridgames/othello/engine"
	"github.com/spf13/cobra"
)

// openingOptions are the flags of othello opening.
type openingOptions struct {
	size, plies, workers int
	tableBits            uint
	outPath, fromPath    string
	every                time.Duration // how often the table so far is saved
}

func newOthelloOpeningCommand() *cobra.Command {
	var o openingOptions
	cmd := &cobra.Command{
		Use:   "opening --size 6 --plies N --out FILE",
		Short: "Solve a small board's opening exactly, for the Perfect player",
		Long: `Solve exactly, for each colour as the Perfect player, every position within
--plies moves of the start where that colour is to move (it plays the best move
found, the other side every legal move), and write the opening table the Perfect
player and its hints read: each position up to symmetry with its exact score and
a best move, gzipped text, sorted. One worker (the default) makes the same file
every run. Each solved position is printed as it is found.

A long run saves the table so far to FILE.partial every --checkpoint and when it
is stopped (Ctrl+C); --from FILE.partial goes on from there, solving only what is
missing. --from also extends a finished table to more plies. A resumed run may
keep another of several equally good moves than an unbroken run would have.

The built-in 6x6 table is made in three steps (about 40 CPU-minutes):
  gridgames othello opening --size 6 --plies 4 --out o4.gz
  gridgames othello opening --size 6 --plies 10 --from o4.gz --table-bits 25 --out o10.gz
  gridgames othello opening --size 6 --plies 12 --from o10.gz --table-bits 25 --out opening6_default.txt.gz`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := o.validate(); err != nil {
				return err
			}
			return o.run(cmd)
		},
	}
	f := cmd.Flags()
	f.IntVar(&o.size, "size", 6, "board size: 4 or 6")
	f.IntVar(&o.plies, "plies", 4, "solve the positions within this many moves of the start")
	f.IntVar(&o.workers, "workers", 1, "CPUs to use (0: all; more than one may keep another of several best moves)")
	f.UintVar(&o.tableBits, "table-bits", 24, "transposition table of 2^N 16-byte slots")
	f.StringVar(&o.outPath, "out", "", "write the table to this file")
	f.StringVar(&o.fromPath, "from", "", "start from this table (a FILE.partial of a stopped run, or a table to extend)")
	f.DurationVar(&o.every, "checkpoint", time.Minute, "save the table so far to FILE.partial this often")
	return cmd
}

// validate refuses flags out of range before any work.
func (o *openingOptions) validate() error {
	if !engine.PerfectSize(o.size) {
		return badInputf("--size %d: want 4 or 6 (perfect play is offered on those boards only)", o.size)
	}
	if o.plies < 0 || o.plies > o.size*o.size-4 {
		return badInputf("--plies %d: want 0 to %d", o.plies, o.size*o.size-4)
	}
	if err := checkWorkers(o.workers); err != nil {
		return err
	}
	if o.tableBits != 0 && (o.tableBits < 10 || o.tableBits > 30) {
		return badInputf("--table-bits %d: want 10 to 30", o.tableBits)
	}
	if o.outPath == "" {
		return badInputf("--out is required: the file to write the table to")
	}
	if o.every <= 0 {
		return badInputf("--checkpoint %v: want a positive duration (e.g. 1m)", o.every)
	}
	return nil
}

// start returns the table to extend: the --from file's, or an empty one.
func (o *openingOptions) start() (*engine.Opening, error) {
	if o.fromPath == "" {
		return engine.NewOpening(o.size)
	}
	f, err := openInput("--from", o.fromPath)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	t, err := engine.ReadOpening(f)
	if err != nil {
		return nil, badInputf("--from %s: %v", o.fromPath, err)
	}
	if t.Size() != o.size {
		return nil, badInputf("--from %s: a %dx%d table, but --size is %d", o.fromPath, t.Size(), t.Size(), o.size)
	}
	return t, nil
}

// run solves the table, saving it to OUT.partial as it goes, and writes OUT.
func (o *openingOptions) run(cmd *cobra.Command) error {
	out, err := createBeside("--out", o.outPath)
	if err != nil {
		return err
	}
	defer out.discard()
	t, err := o.start()
	if err != nil {
		return err
	}
	partial := o.outPath + ".partial"
	e := engine.New(engine.Options{Workers: o.workers, TableBits: o.tableBits})
	began, saved := time.Now(), time.Now()
	w := cmd.OutOrStdout()
	fmt.Fprintf(w, "Starting from %d positions.\n", t.Len())
	err = t.Extend(cmd.Context(), e, o.plies, func(pos othello.Position, score int, move othello.Square) {
		fmt.Fprintf(w, "%s %+d %v  (%.1fs)\n", pos, score, move, time.Since(began).Seconds())
		if time.Since(saved) >= o.every {
			if err := saveOpening(t, partial); err != nil {
				fmt.Fprintf(cmd.ErrOrStderr(), "warning: saving %s: %v\n", partial, err)
			}
			saved = time.Now()
		}
	})
	if err != nil && t.Len() == 0 {
		if cmd.Context().Err() != nil {
			return errInterrupted
		}
		return err
	}
	if err != nil {
		if serr := saveOpening(t, partial); serr != nil {
			return fmt.Errorf("%v; and the table so far could not be saved: %v", err, serr)
		}
		fmt.Fprintf(cmd.ErrOrStderr(), "%d positions so far saved in %s: go on with --from %s\n", t.Len(), partial, partial)
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
	os.Remove(partial)
	fmt.Fprintf(w, "Wrote %s: %d positions in %.1fs.\n", o.outPath, t.Len(), time.Since(began).Seconds())
	return nil
}

// saveOpening writes t to path, replacing it only once the new file is whole.
func saveOpening(t *engine.Opening, path string) error { return saveWhole(t, path) }

// saveWhole writes t to path (a checkpoint), replacing it only once the new
// file is whole.
func saveWhole(t io.WriterTo, path string) error {
	tmp := path + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return err
	}
	if _, err := t.WriteTo(f); err != nil {
		f.Close()
		os.Remove(tmp)
		return err
	}
	if err := f.Close(); err != nil {
		os.Remove(tmp)
		return err
	}
	return os.Rename(tmp, path)
}
