package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"slices"
	"time"

	"github.com/gridgames/gridgames/game2048"
	"github.com/gridgames/gridgames/game2048/solver"
	"github.com/spf13/cobra"
)

// autoplayGame is one finished game of an autoplay run.
type autoplayGame struct {
	Seed   uint64
	Stats  solver.GameStats
	Record game2048.Record
}

// autoplaySummary is what `2048 autoplay --json` prints.
type autoplaySummary struct {
	Games          int            `json:"games"`
	Rows           int            `json:"rows"`
	Cols           int            `json:"cols"`
	Depth          int            `json:"depth,omitempty"`
	TimePerMove    string         `json:"timePerMove,omitempty"`
	Workers        int            `json:"workers"`
	Reached        map[string]int `json:"reached"`
	MaxTiles       map[string]int `json:"maxTiles"`
	Score          scoreSummary   `json:"score"`
	Moves          int            `json:"moves"`
	Seconds        float64        `json:"seconds"`
	MovesPerSecond float64        `json:"movesPerSecond"`
	Scores         []int64        `json:"scores"`
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
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "autoplay --games N --seed S [--depth D | --time T]",
		Short: "Let the solver play many games and summarise how it did",
		Long: `Let the solver play N games (seeds S, S+1, ...) and print a summary: how many
games reached each tile from 2048 up, the mean, median, min and max score, and the
moves per second over the whole run.

--workers is the number of CPUs to use: games run side by side, one per worker (a
worker left over helps the searches). --out writes each game's record, one JSON
object a line (replay them with "gridgames 2048 replay --record FILE"); --plot
draws the max-tile distribution and the score histogram (SVG or PNG by extension).`,
		Example: `  gridgames 2048 autoplay --games 30 --seed 1 --depth 3
  gridgames 2048 autoplay --games 4 --seed 7 --rows 5 --cols 5 --out games.jsonl --plot report.svg`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if games < 1 {
				return badInputf("--games %d: want 1 or more", games)
			}
			if depth < 0 || depth > 12 {
				return badInputf("--depth %d: want 0 (adaptive) to 12", depth)
			}
			if perMove < 0 {
				return badInputf("--time %v: want a positive duration such as 100ms", perMove)
			}
			if workers < 0 {
				return badInputf("--workers %d: want 0 (all CPUs) or more", workers)
			}
			rules := game2048.DefaultRules()
			rules.Rows, rules.Cols, rules.FourChance = rows, cols, fourChance
			if err := rules.Validate(); err != nil {
				return badInput(err)
			}
			if workers == 0 {
				workers = defaultWorkers()
			}
			if err := checkPlotPath(plotPath); err != nil {
				return err
			}
			var out io.Writer
			if outPath != "" {
				f, err := os.Create(outPath)
				if err != nil {
					return badInput(err)
				}
				defer f.Close()
				out = f
			}
			if cutoff < 0 || cutoff >= 1 {
				return badInputf("--cutoff %v: want 0 (the default) to below 1", cutoff)
			}
			opts := solver.Options{Depth: depth, Time: perMove, Cutoff: cutoff}
			if err := ev.apply(&opts); err != nil {
				return err
			}
			results, elapsed, err := runAutoplay(cmd, rules, games, seed, opts, workers, out)
			if err != nil {
				return err
			}
			sum := summarise(results, elapsed)
			sum.Rows, sum.Cols, sum.Depth, sum.Workers = rows, cols, depth, workers
			if perMove > 0 {
				sum.TimePerMove = perMove.String()
			}
			if plotPath != "" {
				if err := plotAutoplay(plotPath, results); err != nil {
					return err
				}
			}
			if asJSON {
				return json.NewEncoder(cmd.OutOrStdout()).Encode(sum)
			}
			printSummary(cmd.OutOrStdout(), sum)
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
	f.Float64Var(&fourChance, "four", 0.1, "chance that a new tile is a 4")
	f.IntVar(&workers, "workers", 0, "CPUs to use (0: all)")
	f.StringVar(&outPath, "out", "", "write each game's record to this file, one JSON object a line")
	f.StringVar(&plotPath, "plot", "", "draw the max-tile and score charts to this .svg or .png file")
	f.BoolVar(&asJSON, "json", false, "print the summary as JSON")
	ev.register(f)
	f.Float64Var(&cutoff, "cutoff", 0, "branch probability below which the search stops (0: the solver's default, 0.0001)")
	cmd.MarkFlagsMutuallyExclusive("depth", "time")
	return cmd
}

// runAutoplay plays the games, min(workers, games) at a time, and writes each record
// to out (in seed order) as soon as the games before it are done.
func runAutoplay(cmd *cobra.Command, rules game2048.Rules, games int, seed uint64, opts solver.Options,
	workers int, out io.Writer) ([]autoplayGame, time.Duration, error) {
	parallel := min(workers, games)
	perSearch := max(1, workers/parallel)
	results := make([]autoplayGame, games)
	errs := make([]error, games)
	finishedAt := make([]bool, games)
	written := 0
	bar := newProgress(cmd, "games")
	start := time.Now()
	runJobs(games, parallel,
		func() *solver.Solver {
			o := opts
			o.Workers = perSearch
			return solver.New(o)
		},
		func(s *solver.Solver, i int) {
			g, err := game2048.NewGame(game2048.WithRules(rules), game2048.WithSeed(seed+uint64(i)))
			if err == nil {
				var st solver.GameStats
				st, err = s.Play(cmd.Context(), g, nil)
				results[i] = autoplayGame{Seed: seed + uint64(i), Stats: st, Record: g.Record()}
			}
			errs[i] = err
		},
		func(i, done int) {
			bar.report(done, games)
			// Write the records in seed order as soon as the games before them are done.
			finishedAt[i] = true
			for written < games && finishedAt[written] {
				if out != nil && errs[written] == nil {
					if err := json.NewEncoder(out).Encode(results[written].Record); err != nil {
						errs[written] = err
					}
				}
				written++
			}
		})
	bar.finish()
	elapsed := time.Since(start)
	for i, err := range errs {
		if err != nil {
			return nil, 0, fmt.Errorf("game %d (seed %d): %w", i+1, seed+uint64(i), err)
		}
	}
	return results, elapsed, nil
}

// milestones are the tiles the summary counts games reaching.
var milestones = []uint64{2048, 4096, 8192, 16384, 32768, 65536, 131072}

func summarise(results []autoplayGame, elapsed time.Duration) autoplaySummary {
	s := autoplaySummary{Games: len(results), Reached: map[string]int{}, MaxTiles: map[string]int{}, Seconds: elapsed.Seconds()}
	for _, r := range results {
		s.Scores = append(s.Scores, r.Stats.Score)
		s.Moves += r.Stats.Moves
		s.MaxTiles[fmt.Sprint(r.Stats.MaxTile)]++
		for _, m := range milestones {
			if r.Stats.MaxTile >= m {
				s.Reached[fmt.Sprint(m)]++
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
	s.MovesPerSecond = float64(s.Moves) / max(elapsed.Seconds(), 1e-9)
	return s
}

func printSummary(w io.Writer, s autoplaySummary) {
	setting := "adaptive depth"
	switch {
	case s.TimePerMove != "":
		setting = s.TimePerMove + " per move"
	case s.Depth > 0:
		setting = fmt.Sprintf("depth %d", s.Depth)
	}
	fmt.Fprintf(w, "%d games on %dx%d, %s, %d workers\n\n", s.Games, s.Rows, s.Cols, setting, s.Workers)
	fmt.Fprintf(w, "%-10s %6s %8s\n", "reached", "games", "share")
	for _, m := range milestones {
		k := fmt.Sprint(m)
		if s.Reached[k] == 0 && m > 2048 {
			break
		}
		fmt.Fprintf(w, "%-10s %6d %7.1f%%\n", k, s.Reached[k], 100*float64(s.Reached[k])/float64(s.Games))
	}
	fmt.Fprintf(w, "\nscore      mean %.0f   median %.0f   min %d   max %d\n", s.Score.Mean, s.Score.Median, s.Score.Min, s.Score.Max)
	fmt.Fprintf(w, "moves      %d in %.1fs: %.0f moves/s\n", s.Moves, s.Seconds, s.MovesPerSecond)
}
