package cli

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"time"

	"github.com/gridgames/gridgames/game2048"
	"github.com/gridgames/gridgames/game2048/solver"
	"github.com/spf13/cobra"
)

// hintOutput is what `2048 hint` prints. Best is null and Over true when no move
// changes the board; a direction that does not move has a null value.
type hintOutput struct {
	Best    *string             `json:"best"`
	Values  map[string]*float64 `json:"values"`
	Depth   int                 `json:"depth"`
	Nodes   uint64              `json:"nodes"`
	Seconds float64             `json:"seconds"`
	Over    bool                `json:"over"`
}

func new2048HintCommand() *cobra.Command {
	var o hintOptions
	cmd := &cobra.Command{
		Use:   "hint --board B [--depth D | --time T]",
		Short: "Ask the solver for the best move and every direction's value (JSON)",
		Long: `Ask the solver for the best move on a board and print one JSON object:
{"best":"left","values":{"left":V,"right":V,"up":null,"down":V},"depth":D,...}
Values are the expected value of the board after each move (by --eval) (null: the move changes
nothing). Without --depth or --time the depth follows the position.

--perfect answers from the exact tables of "gridgames 2048 solve" instead (boards of at most
9 cells): each move's exact value, its points plus the expected final score after it under
optimal play, and, when a table for it is at hand, the largest chance of making the next tile
(twice the largest). Boards of up to 8 cells (2x4) are solved on first need; 3x3 reads
the file "solve --out" wrote, named like 3x3-four0.1.table, from --tables, else $` + tablesEnv + `,
else the tables directory beside the apps' data (~/.local/share/gridgames/tables).`,
		Example: `  gridgames 2048 hint --board 2,2,0,4/0,0,0,0/0,4,0,0/0,0,0,2
  gridgames 2048 hint --perfect --board 2,4,8,0/0,2,0,0`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			o.set = cmd.Flags().Changed
			if err := o.validate(); err != nil {
				return err
			}
			return o.run(cmd.Context(), cmd.OutOrStdout())
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.board, "board", "", "the board, e.g. 2,2,0,4/0,0,0,0")
	f.IntVar(&o.depth, "depth", 0, "search depth in random-tile layers (0: adaptive)")
	f.DurationVar(&o.budget, "time", 0, "time budget, e.g. 100ms")
	f.IntVar(&o.workers, "workers", 0, "CPUs to use (0: all)")
	newChanceFlag(f, &o.fourChance, "four", 0.1, "chance that a new tile is a 4,")
	o.ev.register(f)
	f.BoolVar(&o.perfect, "perfect", false, "exact values from the solved tables (boards of at most 9 cells)")
	f.StringVar(&o.tables, "tables", "", "directory of exact tables for --perfect (default $"+tablesEnv+", else the data directory's tables)")
	exclusiveFlags(cmd, "depth", "time")
	return cmd
}

// hintOptions are the flags of 2048 hint; b is --board once validate has read it.
type hintOptions struct {
	board          string
	depth, workers int
	fourChance     float64
	budget         time.Duration
	ev             evalFlags
	perfect        bool
	tables         string
	set            func(flag string) bool // whether the flag was given
	b              game2048.Board
}

// validate reads --board and refuses flag values out of range, and search flags
// with --perfect.
func (o *hintOptions) validate() error {
	if o.board == "" {
		return flagErrorf("board", "--board is required, e.g. --board 2,2,0,4/0,0,0,0/0,4,0,0/0,0,0,2")
	}
	b, err := game2048.ParseBoard(o.board)
	if err != nil {
		return &usageError{flags: []string{"board"}, msg: "--board: " + err.Error()}
	}
	o.b = b
	if o.perfect {
		for _, f := range []string{"depth", "time", "eval", "network", "weights", "blend", "cutoff"} {
			if o.set(f) {
				return &usageError{flags: []string{"perfect", f}, msg: "--perfect and --" + f + " cannot be used together: perfect play needs no search"}
			}
		}
		return nil
	}
	if o.depth < 0 || o.depth > 12 {
		return flagErrorf("depth", "--depth %d: want 0 (adaptive) to 12", o.depth)
	}
	if o.set("time") && o.budget <= 0 {
		return flagErrorf("time", "--time %v: want a positive duration such as 100ms", o.budget)
	}
	return checkWorkers(o.workers)
}

// run answers from the exact tables (--perfect) or a search, and prints the
// hint as one JSON object.
func (o *hintOptions) run(ctx context.Context, out io.Writer) error {
	if o.perfect {
		return perfectHint(ctx, out, o.b, o.fourChance, tablesDir(o.tables))
	}
	opts := solver.Options{Depth: o.depth, Time: o.budget, Workers: o.workers}
	if err := o.ev.apply(ctx, &opts, o.b.Rows(), o.b.Cols()); err != nil {
		return err
	}
	a, err := solver.New(opts).BestMove(ctx, o.b, o.fourChance)
	if ctx.Err() != nil {
		return errInterrupted
	}
	if err != nil && !errors.Is(err, solver.ErrNoMove) {
		return err
	}
	return json.NewEncoder(out).Encode(newHintOutput(a, err != nil))
}

// newHintOutput is the hint for the analysis a: over when no move changes the
// board.
func newHintOutput(a solver.Analysis, over bool) hintOutput {
	out := hintOutput{Values: map[string]*float64{}, Over: over}
	if !over {
		best := a.Best.String()
		out.Best = &best
	}
	for _, d := range game2048.Directions {
		out.Values[d.String()] = nil
		if a.Legal[d] {
			v := a.Values[d]
			out.Values[d.String()] = &v
		}
	}
	out.Depth, out.Nodes, out.Seconds = a.Depth, a.Nodes, a.Elapsed.Seconds()
	return out
}
