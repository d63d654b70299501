package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/gridgames/gridgames/game2048"
	"github.com/gridgames/gridgames/game2048/solver"
	"github.com/spf13/cobra"
)

func new2048PlayonCommand() *cobra.Command {
	var o playonOptions
	cmd := &cobra.Command{
		Use:   "playon --records FILE [--tile N] [--repeats R] [--seed S] [--depth D | --time T]",
		Short: "Let the solver play on from the late positions of recorded games",
		Long: `A test bench for the solver's late game. For each game record in FILE (one JSON
object a line, as "2048 autoplay --out" writes them), find the first position,
after a move and its spawn, whose largest tile is at least --tile; records that
never reach it are skipped. The solver plays each such start on to the end
--repeats times, and the summary says how many continuations reached twice and
four times the tile (with a 95% Wilson interval, which takes the continuations
as independent: those of one start are not, so it is too narrow for what the
starts stand for), the mean and median final score, the mean moves and the
moves a second. The solver is autoplay's: by default adaptive depth within a
budget of moves searched on 4x4 (see "2048 autoplay --help").

The rules (size, chance of a 4) are each record's. The new tiles of repeat r of
the start of record n come from a generator seeded by (--seed, n, r): two runs
that differ only in what plays (--network, --depth, --time, --nodes, --eval ...) see the
same spawns as long as they make the same moves, so their continuations pair up
one by one. --out writes one JSON line per finished continuation: record, repeat,
seed, start score and move, final score, max tile, moves, seconds; pair two runs'
lines by record and repeat.

--workers is the number of CPUs to use: continuations run side by side, one per
worker (a worker left over helps the searches). Ctrl+C stops: the summary of the
finished continuations is printed.`,
		Example: `  gridgames 2048 playon --records games.jsonl --tile 16384 --repeats 5 --depth 2 --workers 1
  gridgames 2048 playon --records games.jsonl --tile 16384 --network late.bin --out late.jsonl`,
		Args: cobra.NoArgs,
		RunE: runOptions(&o),
	}
	f := cmd.Flags()
	f.StringVar(&o.records, "records", "", "the game records to start from, one JSON object a line")
	f.Uint64Var(&o.tile, "tile", 16384, "start each game at the first position holding this tile")
	f.IntVar(&o.repeats, "repeats", 10, "continuations played from each start")
	f.Uint64Var(&o.seed, "seed", 1, "seed of the spawns (with the record and the repeat)")
	f.StringVar(&o.outPath, "out", "", "write each finished continuation to this file, one JSON object a line")
	f.BoolVar(&o.json, "json", false, "print the summary as JSON")
	o.solver.register(cmd)
	_ = cmd.MarkFlagRequired("records")
	return cmd
}

// playonOptions are the flags of 2048 playon.
type playonOptions struct {
	records, outPath string
	tile, seed       uint64
	repeats          int
	json             bool
	solver           solverFlags
}

// validate refuses flag values out of range, before any file is read.
func (o *playonOptions) validate() error {
	if o.records == "" {
		return flagErrorf("records", "--records: name a file of game records")
	}
	if t, err := game2048.TileOf(o.tile); err != nil || t < 2 || t+2 > game2048.MaxTile {
		return flagErrorf("tile", "--tile %d: want a power of two from 4 to %d", o.tile, (game2048.MaxTile - 2).Value())
	}
	if o.repeats < 1 {
		return flagErrorf("repeats", "--repeats %d: want 1 or more", o.repeats)
	}
	if o.outPath != "" {
		if err := checkWritable("--out", o.outPath); err != nil {
			return err
		}
	}
	return o.solver.validate()
}

// playonResult is one continuation, finished or (after Ctrl+C) not.
type playonResult struct {
	start    *playonStart
	repeat   int // from 1
	seed     uint64
	stats    solver.GameStats
	finished bool
}

// playonLine is a finished continuation as --out writes it.
type playonLine struct {
	Record     int     `json:"record"`
	Repeat     int     `json:"repeat"`
	Seed       uint64  `json:"seed"`
	StartScore int64   `json:"startScore"`
	StartMove  int     `json:"startMove"`
	Score      int64   `json:"score"`
	MaxTile    uint64  `json:"maxTile"`
	Moves      int     `json:"moves"`
	Seconds    float64 `json:"seconds"`
}

func (r playonResult) line() playonLine {
	return playonLine{Record: r.start.Record, Repeat: r.repeat, Seed: r.seed, StartScore: r.start.Score,
		StartMove: r.start.Move, Score: r.stats.Score, MaxTile: r.stats.MaxTile, Moves: r.stats.Moves,
		Seconds: r.stats.Elapsed.Seconds()}
}

// run reads the starts, plays the continuations and prints the summary of the
// finished ones; after Ctrl+C it says what was stopped and returns errInterrupted.
func (o *playonOptions) run(cmd *cobra.Command) error {
	ctx := cmd.Context()
	tile, _ := game2048.TileOf(o.tile)
	starts, games, superseded, err := readStarts(cmd, o.records, tile)
	if err != nil {
		return err
	}
	if len(starts) == 0 {
		return flagErrorf("tile", "--tile %d: none of the %s in %s reaches it", o.tile, plural(games, "game"), o.records)
	}
	opts, err := o.solver.options(ctx, 0, 0)
	if err != nil {
		return err
	}
	for _, s := range starts {
		if err := o.solver.ev.checkSize(s.Rules.Rows, s.Rules.Cols); err != nil {
			return badInputf("%s: record %d: %v", o.records, s.Record, err)
		}
	}
	var out io.Writer
	if o.outPath != "" {
		f, err := createOutput("--out", o.outPath)
		if err != nil {
			return err
		}
		defer f.Close()
		out = f
	}
	if opts.Network == nil && opts.Network6 == nil && (opts.Eval == solver.EvalBlend || opts.Eval == solver.EvalNetwork) &&
		starts[0].Rules.Rows == 4 && starts[0].Rules.Cols == 4 {
		solver.Warm() // unpack the built-in network now, not in the first continuation's time
	}
	workers := o.solver.workerCount()
	results, elapsed, err := o.play(cmd, starts, opts, workers, out)
	interrupted := ctx.Err() != nil
	if err != nil && !(interrupted && errors.Is(err, context.Canceled)) {
		return err
	}
	var finished []playonResult
	for _, r := range results {
		if r.finished {
			finished = append(finished, r)
		}
	}
	if len(finished) == 0 {
		if interrupted {
			fmt.Fprintln(cmd.ErrOrStderr(), "Stopped before any continuation finished.")
			return errInterrupted
		}
		return errors.New("no continuation was played")
	}
	sum := summarisePlayon(finished, o.tile, elapsed)
	sum.Games, sum.Superseded, sum.Starts, sum.Repeats = games, superseded, len(starts), o.repeats
	sum.Skipped = games - len(starts)
	sum.Unfinished = len(starts)*o.repeats - len(finished)
	sum.Seed, sum.Depth, sum.Workers = o.seed, o.solver.depth, workers
	sum.Eval, sum.Network = o.solver.ev.eval, o.solver.ev.network
	if o.solver.perMove > 0 {
		sum.TimePerMove = o.solver.perMove.String()
	}
	sum.NodesPerMove = o.solver.nodes
	sum.Rows, sum.Cols = starts[0].Rules.Rows, starts[0].Rules.Cols
	w := cmd.OutOrStdout()
	if o.json {
		err = json.NewEncoder(w).Encode(sum)
	} else {
		printPlayon(w, sum)
	}
	if err != nil {
		return err
	}
	if interrupted {
		fmt.Fprintf(cmd.ErrOrStderr(), "Stopped: %d of %s finished.\n", len(finished), plural(len(starts)*o.repeats, "continuation"))
		return errInterrupted
	}
	return nil
}

// play plays every start's --repeats continuations, min(workers, count) at a
// time, writing each finished one to out (if not nil) as it ends. After Ctrl+C
// the continuations under way come back unfinished and those not begun are left
// out, with the context's error; any other error of a continuation is returned.
func (o *playonOptions) play(cmd *cobra.Command, starts []playonStart, opts solver.Options, workers int,
	out io.Writer) ([]playonResult, time.Duration, error) {
	ctx := cmd.Context()
	n := len(starts) * o.repeats
	parallel := min(workers, n)
	opts.Workers = max(1, workers/parallel)
	results := make([]playonResult, n)
	begun := make([]bool, n)
	errs := make([]error, n)
	bar := newProgress(cmd, "continuations ")
	var writeErr error
	start := time.Now()
	runJobs(ctx, n, parallel, func() *solver.Solver { return solver.New(opts) },
		func(s *solver.Solver, i int) {
			begun[i] = true
			st := &starts[i/o.repeats]
			r := playonResult{start: st, repeat: i%o.repeats + 1}
			r.seed = playonSeed(o.seed, st.Record, r.repeat)
			p, err := game2048.NewPlayOn(st.Rules, st.Board, st.Score, r.seed)
			if err == nil {
				r.stats, err = s.Play(ctx, p, nil)
			}
			r.finished = err == nil
			results[i], errs[i] = r, err
		},
		func(i, done int) {
			bar.report(done, n)
			if out != nil && results[i].finished && writeErr == nil {
				writeErr = json.NewEncoder(out).Encode(results[i].line())
			}
		})
	bar.finish()
	elapsed := time.Since(start)
	if writeErr != nil {
		return nil, 0, fmt.Errorf("--out %s: %w", o.outPath, writeErr)
	}
	var played []playonResult
	for i, err := range errs {
		switch {
		case !begun[i]:
			continue
		case err != nil && !errors.Is(err, context.Canceled):
			r := results[i]
			return nil, 0, fmt.Errorf("record %d, repeat %d: %w", r.start.Record, r.repeat, err)
		}
		played = append(played, results[i])
	}
	return played, elapsed, ctx.Err()
}
