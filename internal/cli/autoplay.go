package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/gridgames/gridgames/game2048"
	"github.com/gridgames/gridgames/game2048/solver"
	"github.com/spf13/cobra"
)

// autoplayGame is one game of an autoplay run, finished or (after Ctrl+C) not.
type autoplayGame struct {
	Seed     uint64
	Stats    solver.GameStats // of the whole game, earlier runs' moves included
	Record   game2048.Record
	Finished bool
	// Earlier is the number of its moves an earlier run played (--resume); its
	// Stats.Elapsed is this run's time only.
	Earlier int
}

func new2048AutoplayCommand() *cobra.Command {
	var o autoplayOptions
	cmd := &cobra.Command{
		Use:   "autoplay --games N --seed S [--depth D | --time T]",
		Short: "Let the solver play many games and summarise how it did",
		Long: `Let the solver play N games (seeds S, S+1, ...) and print a summary: how many
games reached each tile, the mean, median, min and max score, and the moves per
second over the whole run.

--workers is the number of CPUs to use: games run side by side, one per worker (a
worker left over helps the searches). --out writes each game's record as soon as
the game ends, one JSON object a line (replay them with "gridgames 2048 replay
--record FILE"); --plot draws the max-tile distribution and the score histogram
(SVG or PNG by extension).

On a terminal, each game's moves, score and max tile show on stderr as it plays.
Ctrl+C stops: the games under way are written to --out as they stand, and the
summary of the finished games is printed. Run the same command again with
--resume to go on: the games --out holds finished are counted as they are, the
ones it holds under way are played on from where they stood, the others are
played, and the new records are appended (a game's last line counts). Moves a
second and each game's seconds are then this run's.

By default the solver searches as deep as the position calls for within a budget
of moves searched on 4x4: 1,000,000 a move (at most about 40 ms on one core)
until the first 8192, 4,000,000 (about 160 ms) from then on, where games are lost. The
budget counts work, not time, so a seeded game plays the same on any machine;
a 4x4 game takes several minutes. On other boards the default is a time budget
of 50 ms a move. --nodes sets the budget, --time a time budget instead; --depth
1 or 2 plays a 4x4 game in seconds, --depth 3 in half a minute.`,
		Example: `  gridgames 2048 autoplay --games 20 --depth 1
  gridgames 2048 autoplay --games 8 --rows 3 --cols 3 --out games.jsonl --plot report.svg
  gridgames 2048 autoplay --games 30 --seed 1 --depth 3 --out d3.jsonl`,
		Args: cobra.NoArgs,
		RunE: runOptions(&o),
	}
	f := cmd.Flags()
	f.IntVar(&o.games, "games", 10, "number of games")
	f.Uint64Var(&o.seed, "seed", 1, "seed of the first game (the next ones count up)")
	f.IntVar(&o.rows, "rows", 4, "board rows")
	f.IntVar(&o.cols, "cols", 4, "board columns")
	newChanceFlag(f, &o.fourChance, "four", 0.1, "chance that a new tile is a 4,")
	f.StringVar(&o.outPath, "out", "", "write each game's record to this file, one JSON object a line")
	f.StringVar(&o.plotPath, "plot", "", "draw the max-tile and score charts to this .svg or .png file")
	f.BoolVar(&o.json, "json", false, "print the summary as JSON")
	f.BoolVar(&o.resume, "resume", false, "go on with the run whose records --out holds (see above)")
	o.solver.register(cmd)
	return cmd
}

// autoplayOptions are the flags of 2048 autoplay.
type autoplayOptions struct {
	games, rows, cols int
	seed              uint64
	fourChance        float64
	solver            solverFlags
	outPath, plotPath string
	json, resume      bool
}

// rules are the games' rules: the original game's on --rows x --cols with --four.
func (o *autoplayOptions) rules() game2048.Rules {
	rules := game2048.DefaultRules()
	rules.Rows, rules.Cols, rules.FourChance = o.rows, o.cols, o.fourChance
	return rules
}

// validate refuses flag values out of range, before any file is read.
func (o *autoplayOptions) validate() error {
	if o.games < 1 {
		return flagErrorf("games", "--games %d: want 1 or more", o.games)
	}
	if err := o.solver.validate(); err != nil {
		return err
	}
	if err := o.rules().Validate(); err != nil {
		return rulesError(err)
	}
	if err := checkPlotPath(o.plotPath); err != nil {
		return err
	}
	if o.resume && o.outPath == "" {
		return flagErrorf("resume", "--resume: give the --out file of the run to go on with")
	}
	return nil
}

// run plays the games and prints the summary of the finished ones; after
// Ctrl+C it says what was stopped and returns errInterrupted.
func (o *autoplayOptions) run(cmd *cobra.Command) error {
	workers := o.solver.workerCount()
	opts, err := o.solver.options(cmd.Context(), o.rows, o.cols)
	if err != nil {
		return err
	}
	f, earlier, err := o.output(cmd.ErrOrStderr())
	if err != nil {
		return err
	}
	var out io.Writer
	if f != nil {
		defer f.Close()
		out = f
	}
	results, elapsed, err := runAutoplay(cmd, o.rules(), o.games, o.seed, opts, workers, out, earlier)
	interrupted := errors.Is(err, context.Canceled) && cmd.Context().Err() != nil
	if err != nil && !interrupted {
		return err
	}
	var finished []autoplayGame
	for _, r := range results {
		if r.Finished {
			finished = append(finished, r)
		}
	}
	if len(finished) == 0 {
		if interrupted {
			fmt.Fprintf(cmd.ErrOrStderr(), "Stopped before any game finished%s.\n", writtenNote(o.outPath, len(results)))
			return errInterrupted
		}
		return errors.New("no game was played")
	}
	sum := summarise(finished, elapsed)
	sum.Unfinished = len(results) - len(finished)
	sum.Rows, sum.Cols, sum.Depth, sum.Workers = o.rows, o.cols, o.solver.depth, workers
	if o.solver.perMove > 0 {
		sum.TimePerMove = o.solver.perMove.String()
	}
	sum.NodesPerMove = o.solver.nodes
	if err := o.report(cmd.OutOrStdout(), finished, sum); err != nil {
		return err
	}
	if interrupted {
		fmt.Fprintf(cmd.ErrOrStderr(), "Stopped: %s of %d finished%s.\n", plural(len(finished), "game"), o.games,
			writtenNote(o.outPath, sum.Unfinished))
		return errInterrupted
	}
	return nil
}

// output opens the --out file: with --resume, after reading the games it holds
// (returned, and noted on stderr), for appending; else created. Without --out it
// returns a nil file.
func (o *autoplayOptions) output(stderr io.Writer) (*os.File, *resumeFile, error) {
	switch {
	case o.resume:
		rf, err := readResume(o.outPath, o.rules(), o.seed, o.games)
		if err != nil {
			return nil, nil, err
		}
		f, err := openResumeOutput(o.outPath, rf)
		if err != nil {
			return nil, nil, err
		}
		resumeNote(stderr, o.outPath, rf)
		return f, rf, nil
	case o.outPath != "":
		f, err := createOutput("--out", o.outPath)
		return f, nil, err
	}
	return nil, nil, nil
}

// report draws --plot and prints the summary, as text or JSON.
func (o *autoplayOptions) report(w io.Writer, finished []autoplayGame, sum autoplaySummary) error {
	if o.plotPath != "" {
		if err := plotAutoplay(o.plotPath, finished); err != nil {
			return err
		}
	}
	if o.json {
		return json.NewEncoder(w).Encode(sum)
	}
	printSummary(w, sum)
	return nil
}

// writtenNote says that n unfinished games went to the --out file.
func writtenNote(outPath string, n int) string {
	if outPath == "" || n == 0 {
		return ""
	}
	if n == 1 {
		return "; the game under way written to " + outPath + " as it stood"
	}
	return fmt.Sprintf("; %d games under way written to %s as they stood", n, outPath)
}

// plural writes "1 game" or "3 games".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
