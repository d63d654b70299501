package cli

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/gridgames/gridgames/othello"
	"github.com/gridgames/gridgames/othello/engine"
	"github.com/gridgames/gridgames/othello/engine/train"
	"github.com/spf13/cobra"
)

// The samples file: one valued position a line, "BOARD SIDE; SCORE", the score the
// final disc difference for the side to move with perfect play (a whole number),
// or a search's estimate of it (the midgame samples). Lines starting with
// '#' and blank lines are ignored.

// writeSamples writes samples in the samples file format.
func writeSamples(w io.Writer, samples []train.Sample) error {
	b := bufio.NewWriter(w)
	for _, s := range samples {
		if s.Score == math.Trunc(s.Score) {
			fmt.Fprintf(b, "%s; %+d\n", s.Pos, int(s.Score)) // exact scores, as always
		} else {
			fmt.Fprintf(b, "%s; %+.4g\n", s.Pos, s.Score)
		}
	}
	return b.Flush()
}

// readSamples reads a samples file; a bad line is named by its number.
func readSamples(r io.Reader, name string) ([]train.Sample, error) {
	var out []train.Sample
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		board, score, ok := strings.Cut(line, ";")
		if !ok {
			return nil, fmt.Errorf("%s:%d: want \"BOARD SIDE; SCORE\"", name, n)
		}
		pos, err := othello.ParsePosition(board)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", name, n, err)
		}
		if pos.Size() != 8 {
			return nil, fmt.Errorf("%s:%d: a %dx%d board; patterns are for 8x8", name, n, pos.Size(), pos.Size())
		}
		v, err := strconv.ParseFloat(strings.TrimSpace(score), 64)
		if err != nil || !(v >= -64 && v <= 64) {
			return nil, fmt.Errorf("%s:%d: score %q: want a disc difference from -64 to +64", name, n, strings.TrimSpace(score))
		}
		out = append(out, train.Sample{Pos: pos, Score: v})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	return out, nil
}

func newOthelloSamplesCommand() *cobra.Command {
	var games, workers int
	var seed uint64
	var empties, outPath string
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "samples --games N --out FILE [--seed S] [--empties A-B]",
		Short: "Solve late-game positions exactly, as training data for the solver's patterns",
		Long: `Play N games of varied, plausible moves (a shallow search with a random move now
and then), take from each a position with A to B empty squares, solve it and every
position one move later exactly, and write them to FILE, a line each:
"BOARD SIDE; SCORE". The positions depend only on --seed and --games, whatever
--workers is. ` + "`othello train`" + ` learns pattern weights from such files.
Ctrl+C stops and writes every position solved so far.`,
		Example: `  gridgames othello samples --games 2000 --seed 1 --empties 12-20 --out s1.txt`,
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			opts, err := sampleOptions(games, seed, empties, outPath, workers, 0, "", "the samples")
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
			finished := 0
			samples, err := train.EndgameSamples(cmd.Context(), opts,
				func(done int) { finished = done; bar.report(done, games) })
			bar.finish()
			stopped := errors.Is(err, context.Canceled)
			if err != nil && !stopped {
				return badInput(err)
			}
			if stopped && len(samples) == 0 {
				fmt.Fprintf(cmd.ErrOrStderr(), "Stopped before any position was solved: nothing written (%s is as it was).\n", outPath)
				return errInterrupted
			}
			// Stopped or not, every position solved goes to the file: each is exact.
			if err := writeSamples(out, samples); err != nil {
				return err
			}
			if err := out.commit(); err != nil {
				return err
			}
			if stopped {
				fmt.Fprintf(cmd.ErrOrStderr(), "Stopped: wrote the %d positions solved so far (%s of %d finished) to %s.\n",
					len(samples), plural(finished, "game"), games, outPath)
				return errInterrupted
			}
			return printSampleRun(cmd, asJSON, games, len(samples), outPath, start, "Solved %d positions from %d games in %.1f s; wrote %s.\n")
		},
	}
	f := cmd.Flags()
	f.IntVar(&games, "games", 1000, "games to take positions from")
	f.Uint64Var(&seed, "seed", 1, "seed of the games")
	f.StringVar(&empties, "empties", "12-20", "range of empty squares of the positions taken")
	f.StringVar(&outPath, "out", "", "write the samples to this file")
	f.IntVar(&workers, "workers", 0, "games solved side by side (0: one per CPU)")
	f.BoolVar(&asJSON, "json", false, "print the summary as JSON")
	return cmd
}

// parseRange reads "A-B" (or "A") of positive integers, A <= B.
func parseRange(text string) (int, int, error) {
	a, b, found := strings.Cut(text, "-")
	lo, err1 := strconv.Atoi(strings.TrimSpace(a))
	hi, err2 := lo, error(nil)
	if found {
		hi, err2 = strconv.Atoi(strings.TrimSpace(b))
	}
	if err1 != nil || err2 != nil || lo < 1 || hi < lo || hi > 40 {
		return 0, 0, fmt.Errorf("want A-B with 1 <= A <= B <= 40")
	}
	return lo, hi, nil
}

func newOthelloTrainCommand() *cobra.Command {
	var o patternTrainOptions
	cmd := &cobra.Command{
		Use:   "train SAMPLES... --out FILE [--epochs N] [--rate R] [--from FILE]",
		Short: "Learn the solver's pattern evaluation from solved positions",
		Long: `Fit pattern weights (edges, corners, rows, diagonals, mobility, parity) to the
exact scores of the samples files (from ` + "`othello samples`" + `) by stochastic
gradient descent, and write them to FILE. The last --holdout samples are kept
aside to measure the fit on positions not learned from.

The built-in weights were made by (about 2 1/4 hours on 2 CPUs, then 25 seconds):
  gridgames othello samples --games 6000 --seed 1 --empties 10-20 --out s1.txt
  gridgames othello samples --games 8000 --seed K --empties 10-20 --out sK.txt   (K = 2, 3)
  gridgames othello samples --games 8000 --seed 4 --empties 12-21 --out s4.txt
  gridgames othello samples --games 8000 --seed K --empties 13-19 --out sK.txt   (K = 5 to 16)
  gridgames othello train s1.txt s2.txt ... s16.txt --rate 0.002 --epochs 40 --out p.gz`,
		Example: `  gridgames othello train s1.txt s2.txt --out p.gz
  gridgames othello solve --patterns p.gz --check < ffo.obf`,
		RunE: func(cmd *cobra.Command, args []string) error {
			o.files = args
			if err := o.validate(); err != nil {
				return err
			}
			return o.run(cmd)
		},
	}
	f := cmd.Flags()
	f.IntVar(&o.epochs, "epochs", 40, "passes over the samples")
	f.Float64Var(&o.rate, "rate", 0.002, "learning rate")
	f.Uint64Var(&o.seed, "seed", 1, "seed of the sample order")
	f.IntVar(&o.holdout, "holdout", 0, "samples at the end kept aside to measure the fit")
	f.StringVar(&o.from, "from", "", "start from these weights instead of zero")
	f.StringVar(&o.outPath, "out", "", "write the weights to this file")
	f.BoolVar(&o.json, "json", false, "print the summary as JSON")
	return cmd
}

// patternTrainOptions are the arguments and flags of othello train.
type patternTrainOptions struct {
	files           []string // the samples files
	epochs, holdout int
	rate            float64
	seed            uint64
	from, outPath   string
	json            bool
}

// validate refuses a command line without files or --out and flag values out
// of range, before any file is read (--holdout is checked against the samples
// when they are read).
func (o *patternTrainOptions) validate() error {
	if len(o.files) == 0 {
		return badInputf("name the samples files to learn from: gridgames othello train FILE... --out FILE")
	}
	if o.outPath == "" {
		return badInputf("--out is required: the file to write the weights to")
	}
	if !(o.rate > 0 && o.rate <= 1) {
		return badInputf("--rate %v: want above 0, at most 1", o.rate)
	}
	if o.epochs < 1 {
		return badInputf("--epochs %d: want 1 or more", o.epochs)
	}
	return checkWritable("--out", o.outPath)
}

// run reads the weights to start from and the samples, fits the weights and
// writes them.
func (o *patternTrainOptions) run(cmd *cobra.Command) error {
	var start *engine.Patterns
	if o.from != "" {
		w, err := readPatternsFile(o.from, "--from")
		if err != nil {
			return err
		}
		start = w
	}
	samples, err := readSamplesFiles(o.files)
	if err != nil {
		return err
	}
	if o.holdout < 0 || o.holdout >= len(samples) {
		return badInputf("--holdout %d: want 0 to %d (there are %d samples)", o.holdout, len(samples)-1, len(samples))
	}
	out, err := createBeside("--out", o.outPath)
	if err != nil {
		return err
	}
	defer out.discard()
	t0 := time.Now()
	w, st, err := train.TrainPatterns(samples, start, train.PatternTraining{
		Epochs: o.epochs, Rate: o.rate, Seed: o.seed, Holdout: o.holdout})
	if err != nil {
		return badInput(err)
	}
	if _, err := w.WriteTo(out); err != nil {
		return err
	}
	if err := out.commit(); err != nil {
		return err
	}
	if o.json {
		return json.NewEncoder(cmd.OutOrStdout()).Encode(struct {
			train.TrainStats
			Out     string  `json:"out"`
			Seconds float64 `json:"seconds"`
		}{st, o.outPath, time.Since(t0).Seconds()})
	}
	fmt.Fprintf(cmd.OutOrStdout(), "Learned from %d samples in %.1f s: error %.2f discs (root mean square)",
		st.Samples-o.holdout, time.Since(t0).Seconds(), st.TrainRMSE)
	if o.holdout > 0 {
		fmt.Fprintf(cmd.OutOrStdout(), ", %.2f on the %d held out", st.HoldoutRMSE, o.holdout)
	}
	fmt.Fprintf(cmd.OutOrStdout(), ".\nWrote %s; use it with --patterns %s.\n", o.outPath, o.outPath)
	return nil
}

// readSamplesFiles reads the samples files named, in order; a file that
// cannot be read, has a bad line or holds no samples is bad input naming it.
func readSamplesFiles(names []string) ([]train.Sample, error) {
	var samples []train.Sample
	for _, name := range names {
		f, err := openInput("samples file", name)
		if err != nil {
			return nil, err
		}
		s, err := readSamples(f, name)
		f.Close()
		if err != nil {
			return nil, badInput(err)
		}
		if len(s) == 0 {
			return nil, badInputf("samples file %s: no samples in it (want lines \"BOARD SIDE; SCORE\", from othello samples)", name)
		}
		samples = append(samples, s...)
	}
	return samples, nil
}

// readPatternsFile loads pattern weights, naming the flag in errors.
func readPatternsFile(path, flag string) (*engine.Patterns, error) {
	f, err := openInput(flag, path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	w, err := engine.ReadPatterns(f)
	if err != nil {
		return nil, badInputf("%s %s: %v", flag, path, err)
	}
	return w, nil
}

// printSampleRun prints the summary of a run that took positions from games
// (othello samples, othello eval6): JSON with --json, else the sentence format
// given the positions, the games, the seconds and the file written.
func printSampleRun(cmd *cobra.Command, asJSON bool, games, samples int, outPath string, start time.Time, format string) error {
	sum := struct {
		Games   int     `json:"games"`
		Samples int     `json:"samples"`
		Out     string  `json:"out"`
		Seconds float64 `json:"seconds"`
	}{games, samples, outPath, time.Since(start).Seconds()}
	if asJSON {
		return json.NewEncoder(cmd.OutOrStdout()).Encode(sum)
	}
	fmt.Fprintf(cmd.OutOrStdout(), format, sum.Samples, games, sum.Seconds, outPath)
	return nil
}

// sampleOptions checks the flags othello samples and othello eval6 share and
// gives the options of their sample games: --games at least 1, --empties a range
// of at most maxEmpties when that is above 0 (board names the board in the
// message; otherwise the library checks the range), --out given
// (what it receives), --workers (0: one per CPU).
func sampleOptions(games int, seed uint64, empties, outPath string, workers, maxEmpties int, board, what string) (train.SampleOptions, error) {
	if games < 1 {
		return train.SampleOptions{}, badInputf("--games %d: want 1 or more", games)
	}
	lo, hi, err := parseRange(empties)
	if err != nil {
		return train.SampleOptions{}, badInputf("--empties %q: %v", empties, err)
	}
	if maxEmpties > 0 && hi > maxEmpties {
		return train.SampleOptions{}, badInputf("--empties %q: a %s game has at most %d empty squares", empties, board, maxEmpties)
	}
	if outPath == "" {
		return train.SampleOptions{}, badInputf("--out is required: the file to write %s to", what)
	}
	if err := checkWorkers(workers); err != nil {
		return train.SampleOptions{}, err
	}
	if workers == 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	return train.SampleOptions{Games: games, Seed: seed, MinEmpties: lo, MaxEmpties: hi, Workers: workers}, nil
}
