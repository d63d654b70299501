package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

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

// autoplaySummary is what `2048 autoplay --json` prints. Unfinished counts the
// games Ctrl+C stopped; the other figures are of the finished games only.
type autoplaySummary struct {
	Games          int                   `json:"games"`
	Unfinished     int                   `json:"unfinished,omitempty"`
	Rows           int                   `json:"rows"`
	Cols           int                   `json:"cols"`
	Depth          int                   `json:"depth,omitempty"`
	TimePerMove    string                `json:"timePerMove,omitempty"`
	Workers        int                   `json:"workers"`
	Reached        map[string]int        `json:"reached"`
	MaxTiles       map[string]int        `json:"maxTiles"`
	Score          scoreSummary          `json:"score"`
	Moves          int                   `json:"moves"`
	ResumedMoves   int                   `json:"resumedMoves,omitempty"`
	Seconds        float64               `json:"seconds"`
	MovesPerSecond float64               `json:"movesPerSecond"`
	Scores         []int64               `json:"scores"`
	PerGame        []autoplayGameSummary `json:"perGame"`
}

type scoreSummary struct {
	Mean   float64 `json:"mean"`
	Median float64 `json:"median"`
	Min    int64   `json:"min"`
	Max    int64   `json:"max"`
}

func new2048AutoplayCommand() *cobra.Command {
	var games, depth, rows, cols, workers int
	var seed uint64
	var perMove time.Duration
	var fourChance, cutoff float64
	var ev evalFlags
	var outPath, plotPath string
	var asJSON, resume bool
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

By default the solver searches as deep as the position calls for within 30 ms a
move on 4x4 (50 ms on other boards): a 4x4 game takes a few minutes. --depth 1 or 2
plays a 4x4 game in seconds, --depth 3 in half a minute.`,
		Example: `  gridgames 2048 autoplay --games 20 --depth 1
  gridgames 2048 autoplay --games 8 --rows 3 --cols 3 --out games.jsonl --plot report.svg
  gridgames 2048 autoplay --games 30 --seed 1 --depth 3 --out d3.jsonl`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if games < 1 {
				return badInputf("--games %d: want 1 or more", games)
			}
			if depth < 0 || depth > 12 {
				return badInputf("--depth %d: want 0 (adaptive) to 12", depth)
			}
			if cmd.Flags().Changed("time") && perMove <= 0 {
				return badInputf("--time %v: want a positive duration such as 50ms", perMove)
			}
			if err := checkWorkers(workers); err != nil {
				return err
			}
			rules := game2048.DefaultRules()
			rules.Rows, rules.Cols, rules.FourChance = rows, cols, fourChance
			if err := rules.Validate(); err != nil {
				return rulesError(err)
			}
			if workers == 0 {
				workers = defaultWorkers()
			}
			if err := checkPlotPath(plotPath); err != nil {
				return err
			}
			if !(cutoff >= 0 && cutoff < 1) { // NaN too
				return badInputf("--cutoff %v: want a probability from 0 (the default) to below 1", cutoff)
			}
			opts := solver.Options{Depth: depth, Time: perMove, Cutoff: cutoff}
			if err := ev.apply(cmd.Context(), &opts, rows, cols); err != nil {
				return err
			}
			var out io.Writer
			var earlier *resumeFile
			switch {
			case resume && outPath == "":
				return badInputf("--resume: give the --out file of the run to go on with")
			case resume:
				rf, err := readResume(outPath, rules, seed, games)
				if err != nil {
					return err
				}
				f, err := openResumeOutput(outPath, rf)
				if err != nil {
					return err
				}
				defer f.Close()
				out, earlier = f, rf
				resumeNote(cmd.ErrOrStderr(), outPath, rf)
			case outPath != "":
				f, err := createOutput("--out", outPath)
				if err != nil {
					return err
				}
				defer f.Close()
				out = f
			}
			results, elapsed, err := runAutoplay(cmd, rules, games, seed, opts, workers, out, earlier)
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
					fmt.Fprintf(cmd.ErrOrStderr(), "Stopped before any game finished%s.\n", writtenNote(outPath, len(results)))
					return errInterrupted
				}
				return errors.New("no game was played")
			}
			sum := summarise(finished, elapsed)
			sum.Unfinished = len(results) - len(finished)
			sum.Rows, sum.Cols, sum.Depth, sum.Workers = rows, cols, depth, workers
			if perMove > 0 {
				sum.TimePerMove = perMove.String()
			}
			if plotPath != "" {
				if err := plotAutoplay(plotPath, finished); err != nil {
					return err
				}
			}
			if asJSON {
				if err := json.NewEncoder(cmd.OutOrStdout()).Encode(sum); err != nil {
					return err
				}
			} else {
				printSummary(cmd.OutOrStdout(), sum)
			}
			if interrupted {
				fmt.Fprintf(cmd.ErrOrStderr(), "Stopped: %s of %d finished%s.\n", plural(len(finished), "game"), games,
					writtenNote(outPath, sum.Unfinished))
				return errInterrupted
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.IntVar(&games, "games", 10, "number of games")
	f.Uint64Var(&seed, "seed", 1, "seed of the first game (the next ones count up)")
	f.IntVar(&depth, "depth", 0, "fixed search depth in random-tile layers (0: adaptive)")
	f.DurationVar(&perMove, "time", 0, "time budget per move, e.g. 50ms (deepens until it runs out)")
	f.IntVar(&rows, "rows", 4, "board rows")
	f.IntVar(&cols, "cols", 4, "board columns")
	newChanceFlag(f, &fourChance, "four", 0.1, "chance that a new tile is a 4,")
	f.IntVar(&workers, "workers", 0, "CPUs to use (0: all)")
	f.StringVar(&outPath, "out", "", "write each game's record to this file, one JSON object a line")
	f.StringVar(&plotPath, "plot", "", "draw the max-tile and score charts to this .svg or .png file")
	f.BoolVar(&asJSON, "json", false, "print the summary as JSON")
	f.BoolVar(&resume, "resume", false, "go on with the run whose records --out holds (see above)")
	ev.register(f)
	f.Float64Var(&cutoff, "cutoff", 0, "branch probability below which the search stops (0: the solver's default, 0.0001)")
	exclusiveFlags(cmd, "depth", "time")
	return cmd
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

// liveGame is a game under way, for the progress line.
type liveGame struct {
	seed  uint64
	moves int
	score int64
	max   game2048.Tile
}

// autoplayRun is the state shared by the games of one run.
type autoplayRun struct {
	mu    sync.Mutex
	live  map[int]*liveGame
	done  int
	moves int // moves of all games, finished or not
	start time.Time
	bar   *progress
	total int
}

// show updates the progress line: the games under way and the rate.
func (r *autoplayRun) show() {
	r.mu.Lock()
	defer r.mu.Unlock()
	keys := make([]int, 0, len(r.live))
	for k := range r.live {
		keys = append(keys, k)
	}
	sort.Ints(keys)
	parts := []string{fmt.Sprintf("%d of %d done", r.done, r.total)}
	for _, k := range keys {
		g := r.live[k]
		parts = append(parts, fmt.Sprintf("seed %d: %d moves, %d points, max %s", g.seed, g.moves, g.score, g.max))
	}
	rate := float64(r.moves) / max(time.Since(r.start).Seconds(), 1e-9)
	parts = append(parts, fmt.Sprintf("%.0f moves/s", rate))
	r.bar.status(strings.Join(parts, " · "))
}

// runAutoplay plays the games, min(workers, games) at a time, and writes each
// record to out as soon as its game ends. If the context ends, the games under way
// stop, are written as they stood and come back unfinished, with the context's
// error; games not started are left out. A game that earlier (if not nil) holds
// is counted as it is when it is over, else played on from where it stood.
func runAutoplay(cmd *cobra.Command, rules game2048.Rules, games int, seed uint64, opts solver.Options,
	workers int, out io.Writer, earlier *resumeFile) ([]autoplayGame, time.Duration, error) {
	ctx := cmd.Context()
	parallel := min(workers, games)
	perSearch := max(1, workers/parallel)
	results := make([]autoplayGame, games)
	started := make([]bool, games)
	errs := make([]error, games)
	run := &autoplayRun{live: map[int]*liveGame{}, start: time.Now(), bar: newProgress(cmd, ""), total: games}
	stopShow := make(chan struct{})
	go func() {
		tick := time.NewTicker(250 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-stopShow:
				return
			case <-tick.C:
				run.show()
			}
		}
	}()
	var writeErr error
	runJobs(ctx, games, parallel,
		func() *solver.Solver {
			o := opts
			o.Workers = perSearch
			return solver.New(o)
		},
		func(s *solver.Solver, i int) {
			started[i] = true
			g, prior := resumedGame(earlier, seed+uint64(i))
			if g != nil && g.Over() {
				results[i] = finishedEarlier(seed+uint64(i), g)
				return
			}
			if g == nil {
				var err error
				if g, err = game2048.NewGame(game2048.WithRules(rules), game2048.WithSeed(seed+uint64(i))); err != nil {
					errs[i] = err
					return
				}
			}
			lg := &liveGame{seed: seed + uint64(i), moves: prior, score: g.Score(), max: g.Board().MaxTile()}
			run.mu.Lock()
			run.live[i] = lg
			run.mu.Unlock()
			run.show() // at once, not only on the ticker: a game may take less than a tick
			st, err := s.Play(ctx, g, func(_ solver.Analysis, res game2048.MoveResult) {
				run.mu.Lock()
				lg.moves++
				lg.score += res.Points
				for _, m := range res.Merges {
					lg.max = max(lg.max, m.Tile)
				}
				run.moves++
				run.mu.Unlock()
			})
			st.Moves += prior
			results[i] = autoplayGame{Seed: seed + uint64(i), Stats: st, Record: g.Record(), Finished: err == nil, Earlier: prior}
			errs[i] = err
		},
		func(i, _ int) {
			run.mu.Lock()
			delete(run.live, i)
			if errs[i] == nil {
				run.done++
			}
			run.mu.Unlock()
			again := results[i].Earlier == results[i].Stats.Moves // nothing played: the file has it
			if out != nil && started[i] && !again && (errs[i] == nil || errors.Is(errs[i], context.Canceled)) && writeErr == nil {
				writeErr = json.NewEncoder(out).Encode(results[i].Record)
			}
		})
	close(stopShow)
	run.bar.finish()
	elapsed := time.Since(run.start)
	if writeErr != nil {
		return nil, 0, writeErr
	}
	var played []autoplayGame
	interrupted := false
	for i, err := range errs {
		switch {
		case !started[i]:
			continue
		case errors.Is(err, context.Canceled):
			interrupted = true
		case err != nil:
			return nil, 0, fmt.Errorf("game %d (seed %d): %w", i+1, seed+uint64(i), err)
		}
		played = append(played, results[i])
	}
	if interrupted || ctx.Err() != nil {
		return played, elapsed, context.Canceled
	}
	return played, elapsed, nil
}

// summaryTiles are the tiles the summary counts games reaching: every tile from the
// smallest max tile of the games (but at most 2048) to the largest.
func summaryTiles(results []autoplayGame) []uint64 {
	lo, hi := uint64(2048), uint64(0)
	for _, r := range results {
		lo, hi = min(lo, r.Stats.MaxTile), max(hi, r.Stats.MaxTile)
	}
	var out []uint64
	for t := max(lo, 2); t <= max(hi, 2048); t *= 2 {
		out = append(out, t)
	}
	return out
}

// autoplayGameSummary is one finished game in the summary, in seed order: Seconds
// is its wall time, from its first search to its last move. (The --out lines stay
// bare records, which "2048 replay --record" reads strictly.)
type autoplayGameSummary struct {
	Seed    uint64  `json:"seed"`
	Score   int64   `json:"score"`
	MaxTile uint64  `json:"maxTile"`
	Moves   int     `json:"moves"`
	Seconds float64 `json:"seconds"`
	// ResumedMoves are the moves an earlier run played (--resume): Seconds is
	// the time of the others.
	ResumedMoves int `json:"resumedMoves,omitempty"`
}

func summarise(results []autoplayGame, elapsed time.Duration) autoplaySummary {
	s := autoplaySummary{Games: len(results), Reached: map[string]int{}, MaxTiles: map[string]int{}, Seconds: elapsed.Seconds()}
	tiles := summaryTiles(results)
	for _, t := range tiles {
		s.Reached[fmt.Sprint(t)] = 0
	}
	for _, r := range results {
		s.Scores = append(s.Scores, r.Stats.Score)
		s.PerGame = append(s.PerGame, autoplayGameSummary{Seed: r.Seed, Score: r.Stats.Score,
			MaxTile: r.Stats.MaxTile, Moves: r.Stats.Moves, Seconds: r.Stats.Elapsed.Seconds(), ResumedMoves: r.Earlier})
		s.Moves += r.Stats.Moves
		s.ResumedMoves += r.Earlier
		s.MaxTiles[fmt.Sprint(r.Stats.MaxTile)]++
		for _, t := range tiles {
			if r.Stats.MaxTile >= t {
				s.Reached[fmt.Sprint(t)]++
			}
		}
	}
	sorted := slices.Clone(s.Scores)
	slices.Sort(sorted)
	var total float64
	for _, v := range sorted {
		total += float64(v)
	}
	n := len(sorted)
	s.Score = scoreSummary{Mean: total / float64(n), Min: sorted[0], Max: sorted[n-1]}
	if n%2 == 1 {
		s.Score.Median = float64(sorted[n/2])
	} else {
		s.Score.Median = float64(sorted[n/2-1]+sorted[n/2]) / 2
	}
	s.MovesPerSecond = float64(s.Moves-s.ResumedMoves) / max(elapsed.Seconds(), 1e-9)
	return s
}

func printSummary(w io.Writer, s autoplaySummary) {
	setting := "adaptive depth, at most " + defaultMoveTime(s.Rows, s.Cols).String() + " a move"
	switch {
	case s.TimePerMove != "":
		setting = s.TimePerMove + " per move"
	case s.Depth > 0:
		setting = fmt.Sprintf("depth %d", s.Depth)
	}
	fmt.Fprintf(w, "%s on %dx%d, %s, %s\n\n", plural(s.Games, "game"), s.Rows, s.Cols, setting, plural(s.Workers, "worker"))
	fmt.Fprintf(w, "%-10s %6s %8s\n", "reached", "games", "share")
	var tiles []uint64
	for k := range s.Reached {
		var t uint64
		fmt.Sscan(k, &t)
		tiles = append(tiles, t)
	}
	slices.Sort(tiles)
	for _, t := range tiles {
		k := fmt.Sprint(t)
		if s.Reached[k] == 0 {
			break // the largest tile reached is the last row
		}
		fmt.Fprintf(w, "%-10s %6d %7.1f%%\n", k, s.Reached[k], 100*float64(s.Reached[k])/float64(s.Games))
	}
	fmt.Fprintf(w, "\nscore      mean %.0f   median %.0f   min %d   max %d\n", s.Score.Mean, s.Score.Median, s.Score.Min, s.Score.Max)
	if s.ResumedMoves > 0 {
		fmt.Fprintf(w, "moves      %d, %d of them in this run's %.1fs: %.0f moves/s\n", s.Moves, s.Moves-s.ResumedMoves, s.Seconds, s.MovesPerSecond)
		return
	}
	fmt.Fprintf(w, "moves      %d in %.1fs: %.0f moves/s\n", s.Moves, s.Seconds, s.MovesPerSecond)
}

// defaultMoveTime is the solver's time per move on a rows x cols board when
// neither --depth nor --time is given.
func defaultMoveTime(rows, cols int) time.Duration {
	b, err := game2048.NewBoard(rows, cols)
	if err != nil {
		return 0
	}
	return solver.DefaultMoveTime(b)
}
