package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/gridgames/gridgames/othello"
	"github.com/gridgames/gridgames/othello/engine"
	"github.com/spf13/cobra"
)

// solveLine is one position's answer from `othello solve --json`.
type solveLine struct {
	Board   string  `json:"board"`
	Move    string  `json:"move"`
	Score   int     `json:"score"`
	Nodes   uint64  `json:"nodes"`
	Seconds float64 `json:"seconds"`
	NPS     float64 `json:"nodesPerSecond"`
	Check   string  `json:"check,omitempty"` // "ok" or what disagreed
}

func newOthelloSolveCommand() *cobra.Command {
	var board string
	var wld, check, asJSON bool
	var workers int
	var tableBits uint
	var patterns string
	cmd := &cobra.Command{
		Use:   "solve [--board POS] [--check]",
		Short: "Solve positions exactly: best move and final score",
		Long: `Solve a position exactly and print the best move and the final disc difference
for the side to move, empties to the winner ("g8 +18"), then the nodes searched,
the time and the nodes per second. A side that must pass prints "pass" and the
score after its pass.

Without --board, solves one position a line from stdin; FFO .obf lines are
accepted. --check compares each answer with the scores an .obf line carries and
exits with status 1 if any disagrees:

  gridgames othello solve --check < ../shared/data/fforum-40-59.obf`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if tableBits != 0 && (tableBits < 10 || tableBits > 30) {
				return badInputf("--table-bits %d: want 10 to 30", tableBits)
			}
			opts := engine.Options{Workers: workers, TableBits: tableBits}
			if patterns != "" {
				w, err := readPatternsFile(patterns, "--patterns")
				if err != nil {
					return err
				}
				opts.Patterns = w
			}
			e := engine.New(opts)
			out := cmd.OutOrStdout()
			var total uint64
			var elapsed time.Duration
			count, bad := 0, 0
			solveOne := func(text string) error {
				o, err := othello.ParseOBF(text)
				if err != nil {
					return err
				}
				line, err := solvePosition(cmd.Context(), e, o, wld, check)
				if err != nil {
					return err
				}
				count++
				total += line.Nodes
				elapsed += time.Duration(line.Seconds * float64(time.Second))
				if line.Check != "" && line.Check != "ok" {
					bad++
				}
				if asJSON {
					return json.NewEncoder(out).Encode(line)
				}
				fmt.Fprintf(out, "%-4s %+3d  %14s nodes  %8.3fs  %6.1fM nodes/s", line.Move, line.Score,
					groupDigits(line.Nodes), line.Seconds, line.NPS/1e6)
				if line.Check != "" {
					fmt.Fprintf(out, "  %s", line.Check)
				}
				fmt.Fprintln(out)
				return nil
			}
			if cmd.Flags().Changed("board") {
				if err := solveOne(board); err != nil {
					return badInput(err)
				}
			} else if err := eachLine(cmd.InOrStdin(), func(line string) error {
				if strings.HasPrefix(line, "%") || strings.HasPrefix(line, "#") {
					return nil
				}
				return solveOne(line)
			}); err != nil {
				return err
			}
			if count > 1 && !asJSON {
				fmt.Fprintf(out, "%d positions: %s nodes in %.2fs, %.1fM nodes/s\n", count, groupDigits(total),
					elapsed.Seconds(), float64(total)/max(elapsed.Seconds(), 1e-9)/1e6)
			}
			if bad > 0 {
				return fmt.Errorf("%d of %d positions disagree with the scores given", bad, count)
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&board, "board", "", "the position as board text (or an .obf line)")
	cmd.Flags().BoolVar(&wld, "wld", false, "solve for win, loss or draw only (score +1, 0, -1)")
	cmd.Flags().BoolVar(&check, "check", false, "compare with the move scores of .obf lines; exit 1 on a mismatch")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object per position")
	cmd.Flags().IntVar(&workers, "workers", 0, "CPUs to use (0: all)")
	cmd.Flags().UintVar(&tableBits, "table-bits", 0, "transposition table of 2^N 16-byte slots (0: 22, 64 MiB)")
	cmd.Flags().StringVar(&patterns, "patterns", "", "order the solver's moves by these pattern weights (from othello train) instead of the built-in ones")
	return cmd
}

// solvePosition solves o's position (after a forced pass, if any) and checks the
// answer against o's move scores when asked.
func solvePosition(ctx context.Context, e *engine.Engine, o othello.OBF, wld, check bool) (solveLine, error) {
	pos := o.Position
	line := solveLine{Board: pos.String()}
	if pos.Over() {
		line.Move, line.Score = "end", pos.ScoreFor()
		return line, nil
	}
	passed := pos.MustPass()
	if passed {
		pos = pos.Pass()
	}
	r, err := e.Search(ctx, pos, engine.Limits{Endgame: 64, WLD: wld})
	if err != nil {
		return line, err
	}
	line.Move, line.Score = r.Move.String(), int(r.Score)
	if passed {
		line.Move, line.Score = "pass", -line.Score
	}
	line.Nodes, line.Seconds = r.Nodes, r.Time.Seconds()
	line.NPS = float64(r.Nodes) / max(r.Time.Seconds(), 1e-9)
	if check {
		line.Check = checkAgainst(o, r.Move, line.Score, wld, passed)
	}
	return line, nil
}

// checkAgainst compares a solution with the scores of an .obf line.
func checkAgainst(o othello.OBF, move othello.Square, score int, wld, passed bool) string {
	if len(o.Scores) == 0 {
		return "no scores to check"
	}
	best := o.Scores[0].Score
	for _, ms := range o.Scores {
		best = max(best, ms.Score)
	}
	want := best
	if wld {
		want = max(-1, min(1, best))
	}
	if score != want {
		return fmt.Sprintf("MISMATCH: score %+d, the file says %+d", score, want)
	}
	if passed {
		return "ok"
	}
	for _, ms := range o.Scores {
		if ms.Move == move {
			if ms.Score != best && !wld {
				return fmt.Sprintf("MISMATCH: %v scores %+d in the file, best is %+d", move, ms.Score, best)
			}
			return "ok"
		}
	}
	return fmt.Sprintf("MISMATCH: %v is not among the file's moves", move)
}

// groupDigits writes n with thousands separators.
func groupDigits(n uint64) string {
	s := fmt.Sprint(n)
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

func newOthelloAnalyzeCommand() *cobra.Command {
	var board string
	var depth, endgame, workers int
	var budget time.Duration
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "analyze --board POS [--depth D | --time T]",
		Short: "Value every legal move, with its principal variation",
		Long: `Value every legal move of a position (disc difference for the side to move, exact
when the endgame is solved) with the line the engine expects, best first.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if board == "" {
				return badInputf("--board is required")
			}
			pos, err := parseBoardArg(board)
			if err != nil {
				return badInput(err)
			}
			if depth < 0 || depth > 60 {
				return badInputf("--depth %d: want 1 to 60", depth)
			}
			if depth == 0 && budget == 0 {
				depth = 8
			}
			e := engine.New(engine.Options{Workers: workers})
			vals, err := e.Analyze(cmd.Context(), pos, engine.Limits{Depth: depth, Time: budget, Endgame: endgame})
			if errors.Is(err, engine.ErrNoMove) {
				return badInputf("the game is over in this position (%s)", movesLine(pos))
			}
			if err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			if asJSON {
				return json.NewEncoder(out).Encode(vals)
			}
			for _, v := range vals {
				exact := ""
				if v.Exact {
					exact = " exact"
				}
				pv := make([]string, len(v.PV))
				for i, m := range v.PV {
					pv[i] = m.String()
				}
				fmt.Fprintf(out, "%-4s %+6.1f%-6s  %s\n", v.Move, v.Score, exact, strings.Join(pv, " "))
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&board, "board", "", "the position as board text")
	cmd.Flags().IntVar(&depth, "depth", 0, "search depth in plies (default 8 without --time)")
	cmd.Flags().DurationVar(&budget, "time", 0, "time for the whole analysis, e.g. 5s")
	cmd.Flags().IntVar(&endgame, "endgame", 20, "solve exactly from this many empty squares")
	cmd.Flags().IntVar(&workers, "workers", 0, "CPUs to use (0: all)")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the values as JSON")
	cmd.MarkFlagsMutuallyExclusive("depth", "time")
	return cmd
}
