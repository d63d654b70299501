package cli

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/gridgames/gridgames/game2048"
	"github.com/gridgames/gridgames/game2048/solver/exact"
	"github.com/spf13/cobra"
)

// reviewOutput is what `2048 review --json` prints for each record.
type reviewOutput struct {
	Score         int64          `json:"score"`
	Moves         int            `json:"moves"`
	ExpectedScore float64        `json:"expectedScore"` // optimal play from this game's first position
	Lost          float64        `json:"lost"`          // the sum of the losses
	Mistakes      []reviewedMove `json:"mistakes"`      // the moves that lost expected score, in order
}

// reviewedMove is one move that lost expected score.
type reviewedMove struct {
	Number int     `json:"number"`
	Board  string  `json:"board"`
	Played string  `json:"played"`
	Best   string  `json:"best"`
	Loss   float64 `json:"loss"`
}

func new2048ReviewCommand() *cobra.Command {
	var path, tables string
	var asJSON bool
	var minLoss float64
	cmd := &cobra.Command{
		Use:   "review --record FILE [--tables DIR] [--json]",
		Short: "Review a finished game on a small board against perfect play",
		Long: `Replay each game record in FILE (as "2048 replay" reads them) on an exactly solved board
(at most 9 cells) and list the moves that lost expected score: the position, the move
played, the best move and how many points of expected final score it gave away, with the
expected score of perfect play from the game's first position and the total lost.

Tables come as for "2048 hint --perfect": boards of up to 8 cells are solved on the spot,
3x3 is read from --tables, else $` + tablesEnv + `, else the data directory's tables.`,
		Example: `  gridgames 2048 autoplay --rows 2 --cols 4 --games 1 --out game.jsonl
  gridgames 2048 review --record game.jsonl`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if path == "" {
				return badInputf("--record FILE is required")
			}
			if !(minLoss >= 0) {
				return badInputf("--min-loss %v: want 0 or more", minLoss)
			}
			st := &exact.Store{Dir: tablesDir(tables)}
			w := cmd.OutOrStdout()
			return eachRecord(cmd, path, func(n int, rec game2048.Record, g *game2048.Game) error {
				t, err := st.Table(cmd.Context(), rec.Rules.Rows, rec.Rules.Cols, rec.Rules.FourChance, 0)
				if err != nil {
					if cmd.Context().Err() != nil {
						return errInterrupted
					}
					return tableError(err)
				}
				rev, err := t.Review(rec)
				if err != nil {
					return badInputf("%s: record %d: %s", path, n, trimExact(err))
				}
				res := reviewOutput{Score: g.Score(), Moves: g.MoveCount(), Mistakes: []reviewedMove{}}
				first, _ := game2048.NewGame(game2048.WithRules(rec.Rules), game2048.WithSeed(rec.Seed))
				res.ExpectedScore, _ = t.Value(first.Board())
				for _, m := range rev {
					res.Lost += m.Loss
					if m.Loss > minLoss {
						res.Mistakes = append(res.Mistakes, reviewedMove{Number: m.Number, Board: m.Board.String(),
							Played: m.Played.String(), Best: m.Best.String(), Loss: m.Loss})
					}
				}
				if asJSON {
					return json.NewEncoder(w).Encode(res)
				}
				printReview(w, n, res)
				return nil
			})
		},
	}
	cmd.Flags().StringVar(&path, "record", "", "the record file (- for stdin)")
	cmd.Flags().StringVar(&tables, "tables", "", "directory of exact tables (default $"+tablesEnv+", else the data directory's tables)")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print each review as a JSON line")
	cmd.Flags().Float64Var(&minLoss, "min-loss", 1e-9, "list only moves that lost more than this many points")
	return cmd
}

func printReview(w io.Writer, n int, r reviewOutput) {
	if n > 1 {
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "score %d in %d moves; perfect play from the first position expects %.2f\n", r.Score, r.Moves, r.ExpectedScore)
	if len(r.Mistakes) == 0 {
		fmt.Fprintln(w, "every move was a best move")
		return
	}
	fmt.Fprintf(w, "%d moves lost %.2f points of expected score in all:\n", len(r.Mistakes), r.Lost)
	for _, m := range r.Mistakes {
		fmt.Fprintf(w, "  move %4d  %-22s played %-5s best %-5s lost %.4f\n", m.Number, m.Board, m.Played, m.Best, m.Loss)
	}
}
