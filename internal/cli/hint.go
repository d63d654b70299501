package cli

import (
	"encoding/json"
	"errors"
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
	var boardText string
	var depth, workers int
	var fourChance float64
	var budget time.Duration
	var ev evalFlags
	var perfect bool
	var tables string
	cmd := &cobra.Command{
		Use:   "hint --board B [--depth D | --time T]",
		Short: "Ask the solver for the best move and every direction's value (JSON)",
		Long: `Ask the solver for the best move on a board and print one JSON object:
{"best":"left","values":{"left":V,"right":V,"up":null,"down":V},"depth":D,...}
Values are the expected value of the board after each move (by --eval) (null: the move changes
nothing). Without --depth or --time the depth follows the position.

--perfect answers from the exact tables of "gridgames 2048 solve" instead (boards of at most
10 cells): each move's exact value, its points plus the expected final score after it under
optimal play, and, when a table for it is at hand, the largest chance of making the next tile
(twice the largest). Boards of up to 8 cells (2x4) are solved on first need; 3x3 and 2x5 read
the file "solve --out" wrote, named like 3x3-four0.1.table, from --tables, else $` + tablesEnv + `,
else the tables directory beside the apps' data (~/.local/share/gridgames/tables).`,
		Example: `  gridgames 2048 hint --board 2,2,0,4/0,0,0,0/0,4,0,0/0,0,0,2
  gridgames 2048 hint --perfect --board 2,4,8,0/0,2,0,0`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if boardText == "" {
				return badInputf("--board is required, e.g. --board 2,2,0,4/0,0,0,0/0,4,0,0/0,0,0,2")
			}
			b, err := game2048.ParseBoard(boardText)
			if err != nil {
				return badInputf("--board: %w", err)
			}
			if perfect {
				for _, f := range []string{"depth", "time", "eval", "network", "weights", "blend", "cutoff"} {
					if cmd.Flags().Changed(f) {
						return badInputf("--perfect and --%s cannot be used together: perfect play needs no search", f)
					}
				}
				return perfectHint(cmd.Context(), cmd.OutOrStdout(), b, fourChance, tablesDir(tables))
			}
			if depth < 0 || depth > 12 {
				return badInputf("--depth %d: want 0 (adaptive) to 12", depth)
			}
			if cmd.Flags().Changed("time") && budget <= 0 {
				return badInputf("--time %v: want a positive duration such as 100ms", budget)
			}
			if err := checkWorkers(workers); err != nil {
				return err
			}
			opts := solver.Options{Depth: depth, Time: budget, Workers: workers}
			if err := ev.apply(cmd.Context(), &opts, b.Rows(), b.Cols()); err != nil {
				return err
			}
			s := solver.New(opts)
			a, err := s.BestMove(cmd.Context(), b, fourChance)
			if cmd.Context().Err() != nil {
				return errInterrupted
			}
			out := hintOutput{Values: map[string]*float64{}}
			if errors.Is(err, solver.ErrNoMove) {
				out.Over = true
			} else if err != nil {
				return err
			} else {
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
			return json.NewEncoder(cmd.OutOrStdout()).Encode(out)
		},
	}
	cmd.Flags().StringVar(&boardText, "board", "", "the board, e.g. 2,2,0,4/0,0,0,0")
	cmd.Flags().IntVar(&depth, "depth", 0, "search depth in random-tile layers (0: adaptive)")
	cmd.Flags().DurationVar(&budget, "time", 0, "time budget, e.g. 100ms")
	cmd.Flags().IntVar(&workers, "workers", 0, "CPUs to use (0: all)")
	newChanceFlag(cmd.Flags(), &fourChance, "four", 0.1, "chance that a new tile is a 4,")
	ev.register(cmd.Flags())
	cmd.Flags().BoolVar(&perfect, "perfect", false, "exact values from the solved tables (boards of at most 10 cells)")
	cmd.Flags().StringVar(&tables, "tables", "", "directory of exact tables for --perfect (default $"+tablesEnv+", else the data directory's tables)")
	exclusiveFlags(cmd, "depth", "time")
	return cmd
}
