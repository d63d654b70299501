package cli

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"

	"github.com/gridgames/gridgames/game2048"
	"github.com/gridgames/gridgames/game2048/solver/exact"
	"github.com/spf13/cobra"
)

// solveOutput is what `2048 solve --json` prints. With --goal, expectedScore and
// expectedScoreTwoTwos are absent and goalChance and goalChanceTwoTwos say the
// chance of making the goal; tileChances is for the score objective only.
type solveOutput struct {
	Rows                 int                `json:"rows"`
	Cols                 int                `json:"cols"`
	FourChance           float64            `json:"fourChance"`
	Goal                 uint64             `json:"goal,omitempty"`
	ExpectedScore        *float64           `json:"expectedScore,omitempty"`
	ExpectedScoreTwoTwos *float64           `json:"expectedScoreTwoTwos,omitempty"`
	GoalChance           *float64           `json:"goalChance,omitempty"`
	GoalChanceTwoTwos    *float64           `json:"goalChanceTwoTwos,omitempty"`
	TileChances          map[string]float64 `json:"tileChances,omitempty"`
	Positions            int64              `json:"positions"`
	Seconds              float64            `json:"seconds"`
	Out                  string             `json:"out,omitempty"`
}

func new2048SolveCommand() *cobra.Command {
	var o solve2048Options
	cmd := &cobra.Command{
		Use:   "solve --rows R --cols C [--four P] [--goal TILE] [--json] [--out FILE]",
		Short: "Solve a small board exactly: optimal play's expected score and tile chances",
		Long: `Solve a board of at most 9 cells (2x2, 2x3, 2x4, 3x3 and their transposes)
exactly: the value under optimal play of every position reachable from the standard start
(two tiles on distinct uniformly drawn cells, each a 4 with chance --four), by backward
induction over layers of equal tile sum, with no heuristic and no depth limit.

It prints the expected final score of optimal play from the standard start and from two 2s,
the number of positions (mirrors and turns counted once) and, under that policy, the chance
of making each tile. With --goal TILE it maximises the chance of making TILE instead.
--out writes the table (a checksummed binary file) for the apps to load; an interrupted
solve writes nothing. Larger boards are refused at once; --count lists a board's
positions without solving it (up to 10 cells, so 2x5 too) and says the memory a solve
would need.`,
		Example: `  gridgames 2048 solve --rows 2 --cols 4
  gridgames 2048 solve --rows 3 --cols 3 --out 3x3.table --json
  gridgames 2048 solve --rows 2 --cols 3 --goal 128`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			o.sizeSet = cmd.Flags().Changed("rows") && cmd.Flags().Changed("cols")
			if err := o.validate(); err != nil {
				return err
			}
			return o.run(cmd)
		},
	}
	f := cmd.Flags()
	f.IntVar(&o.rows, "rows", 0, "rows of the board")
	f.IntVar(&o.cols, "cols", 0, "columns of the board")
	newChanceFlag(f, &o.four, "four", 0.1, "the chance that a new tile is a 4,")
	f.Uint64Var(&o.goal, "goal", 0, "maximise the chance of making this tile instead of the score")
	f.BoolVar(&o.json, "json", false, "print one JSON object")
	f.StringVar(&o.outPath, "out", "", "write the solved table to this file")
	f.BoolVar(&o.count, "count", false, "count the reachable positions and estimate the memory a solve needs, without solving (boards up to 10 cells)")
	return cmd
}

// solve2048Options are the flags of 2048 solve.
type solve2048Options struct {
	rows, cols int
	sizeSet    bool // --rows and --cols were both given
	four       float64
	goal       uint64
	json       bool
	outPath    string
	count      bool
}

// validate refuses a board the exact solver cannot take and a --goal that is no tile.
func (o *solve2048Options) validate() error {
	if !o.sizeSet {
		return &usageError{flags: []string{"rows", "cols"}, msg: "--rows and --cols are required, e.g. --rows 3 --cols 3"}
	}
	if o.count {
		if o.rows*o.cols > exact.MaxCountCells {
			return &usageError{flags: []string{"rows", "cols"}, msg: fmt.Sprintf("--rows/--cols: a %dx%d board has %d cells, the limit for --count is %d", o.rows, o.cols, o.rows*o.cols, exact.MaxCountCells)}
		}
		if o.goal != 0 || o.outPath != "" {
			return &usageError{flags: []string{"count"}, msg: "--count solves nothing: leave out --goal and --out"}
		}
	} else if err := exact.CheckSize(o.rows, o.cols); err != nil {
		return &usageError{flags: []string{"rows", "cols"}, msg: "--rows/--cols: " + trimExact(err)}
	}
	if o.goal != 0 {
		if t, err := game2048.TileOf(o.goal); err != nil || t < 2 || t > 15 {
			return flagErrorf("goal", "--goal %d: want a tile from 4 to 32768 (a power of two)", o.goal)
		}
	}
	return nil
}

// run solves the board, writes the table to --out (only once it is whole) and
// prints the summary.
func (o *solve2048Options) run(cmd *cobra.Command) error {
	if o.count {
		return o.runCount(cmd)
	}
	var out *atomicFile
	if o.outPath != "" {
		f, err := createBeside("--out", o.outPath)
		if err != nil {
			return err
		}
		defer f.discard()
		out = f
	}
	bar := newProgress(cmd, "solving ")
	defer bar.finish()
	t, err := exact.Solve(cmd.Context(), exact.Config{Rows: o.rows, Cols: o.cols, FourChance: o.four, Goal: o.goal,
		Progress: func(p exact.Progress) { bar.status(solveStatus(p)) }})
	bar.finish()
	if err != nil {
		return exactInputError(err)
	}
	if out != nil {
		if err := writeTable(t, out, o.outPath); err != nil {
			return err
		}
	}
	res := solveResult(t, o.outPath)
	if o.json {
		return json.NewEncoder(cmd.OutOrStdout()).Encode(res)
	}
	return printSolve(cmd.OutOrStdout(), res)
}

// writeTable writes t to out, readable by every app, and puts it in place at path.
func writeTable(t *exact.Table, out *atomicFile, path string) error {
	if err := t.Write(out); err != nil {
		return fmt.Errorf("--out %s: %w", path, err)
	}
	if !out.direct {
		_ = out.Chmod(0o644) // a table is for every app to read, as any data file
	}
	return out.commit()
}

// exactInputError is err as the command returns it: the exact package's refusal
// of what it was asked (ErrConfig, ErrTooBig) as bad input, one line.
func exactInputError(err error) error {
	if errors.Is(err, exact.ErrConfig) || errors.Is(err, exact.ErrTooBig) {
		return badInputf("%s", trimExact(err))
	}
	return err
}

// trimExact is an exact error for a one-line message that names the input
// itself: an *exact.Error's Detail, without the package's words for its kind
// (only when err is one itself: a wrapped one keeps its text whole, as its
// start is not the package's), or the whole text of any other error.
func trimExact(err error) string {
	if e, ok := err.(*exact.Error); ok {
		return e.Detail
	}
	return err.Error()
}

// solveStatus is the spinner's text for a progress report.
func solveStatus(p exact.Progress) string {
	switch p.Phase {
	case exact.PhaseEnumerate:
		return fmt.Sprintf("listing positions: tile sum %d, %s so far", p.Sum, thousands(p.Positions))
	case exact.PhaseValues:
		return fmt.Sprintf("valuing %s positions: layer %d of %d", thousands(p.Positions), p.Done, p.Layers)
	default:
		return fmt.Sprintf("tile chances: layer %d of %d", p.Done, p.Layers)
	}
}

func solveResult(t *exact.Table, outPath string) solveOutput {
	s := t.Summary()
	res := solveOutput{Rows: t.Rows(), Cols: t.Cols(), FourChance: t.FourChance(), Goal: t.Goal(),
		Positions: s.Positions, Seconds: s.Seconds, Out: outPath}
	v, v2 := s.Value, s.ValueTwoTwos
	if t.Goal() != 0 {
		res.GoalChance, res.GoalChanceTwoTwos = &v, &v2
		return res
	}
	res.ExpectedScore, res.ExpectedScoreTwoTwos = &v, &v2
	res.TileChances = map[string]float64{}
	for tile, c := range s.TileChances() {
		res.TileChances[strconv.FormatUint(tile, 10)] = c
	}
	return res
}

func printSolve(w io.Writer, r solveOutput) error {
	fmt.Fprintf(w, "%dx%d board, a new tile is a 4 with chance %s\n", r.Rows, r.Cols, formatChance(r.FourChance))
	fmt.Fprintf(w, "positions: %s (mirrors and turns counted once), solved in %.1f s\n", thousands(r.Positions), r.Seconds)
	if r.Goal != 0 {
		fmt.Fprintf(w, "best chance of making %d: %.6f%% (from two 2s: %.6f%%)\n", r.Goal, 100**r.GoalChance, 100**r.GoalChanceTwoTwos)
	} else {
		fmt.Fprintf(w, "expected final score of optimal play: %.6f\n", *r.ExpectedScore)
		fmt.Fprintf(w, "  from two 2s:                        %.6f\n", *r.ExpectedScoreTwoTwos)
		fmt.Fprintln(w, "chance of making each tile under that policy:")
		tiles := slices.SortedFunc(maps.Keys(r.TileChances), func(a, b string) int {
			x, _ := strconv.ParseUint(a, 10, 64)
			y, _ := strconv.ParseUint(b, 10, 64)
			return cmp.Compare(x, y)
		})
		for _, tile := range tiles {
			fmt.Fprintf(w, "  %6s  %.6f%%\n", tile, 100*r.TileChances[tile])
		}
	}
	if r.Out != "" {
		fmt.Fprintf(w, "table written to %s\n", r.Out)
	}
	return nil
}

// thousands writes n with commas: 4980767 is "4,980,767".
func thousands(n int64) string {
	s := strconv.FormatInt(n, 10)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
