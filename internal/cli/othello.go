package cli

import (
	"encoding/json"
	"fmt"
	"runtime"
	"strings"
	"time"

	"github.com/gridgames/gridgames/othello"
	"github.com/spf13/cobra"
)

func newOthelloCommand() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "othello",
		Short: "Othello tools: moves, perft, solve, analyze, match, samples, train, midgame, tempo, opening, eval6, nboard, nbmatch, book",
		Args:  cobra.NoArgs,
		RunE:  func(cmd *cobra.Command, _ []string) error { return cmd.Help() },
	}
	cmd.AddCommand(newOthelloMovesCommand(), newOthelloPerftCommand(), newOthelloSolveCommand(),
		newOthelloAnalyzeCommand(), newOthelloMatchCommand(), newOthelloSamplesCommand(), newOthelloTrainCommand(), newOthelloMidgameCommand(), newOthelloTempoCommand(), newOthelloOpeningCommand(),
		newOthelloEval6Command())
	cmd.AddCommand(newOthelloNBoardCommand(), newOthelloNBMatchCommand(), newOthelloBookCommand())
	return cmd
}

// parseBoardArg reads a position from board text or an .obf line (scores ignored).
func parseBoardArg(text string) (othello.Position, error) {
	board, _, _ := strings.Cut(text, ";")
	return othello.ParsePosition(board)
}

// movesLine is what `othello moves` prints for a position: the legal moves in board
// order, "pass" when the side to move must pass, "end" when the game is over.
func movesLine(pos othello.Position) string {
	switch {
	case pos.Over():
		return "end"
	case pos.MustPass():
		return "pass"
	}
	var names []string
	for _, m := range pos.LegalMoves() {
		names = append(names, m.String())
	}
	return strings.Join(names, " ")
}

func newOthelloMovesCommand() *cobra.Command {
	var board string
	cmd := &cobra.Command{
		Use:   "moves [--board POS]",
		Short: "Print the legal moves of a position",
		Long: `Print the legal moves of the side to move in board order (a1, b1, ..., h1, a2, ...)
separated by spaces, or "pass", or "end".

POS is board text: 16, 36 or 64 squares from a1 row by row ('X' black, 'O' white,
'-' empty), a space, and the side to move. Without --board, reads one position a
line from stdin (.obf lines accepted; blank lines skipped) and prints a line for each.`,
		Example: `  gridgames othello moves --board "---------------------------OX------XO--------------------------- X"`,
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			out := cmd.OutOrStdout()
			if cmd.Flags().Changed("board") {
				pos, err := parseBoardArg(board)
				if err != nil {
					return badInput(err)
				}
				fmt.Fprintln(out, movesLine(pos))
				return nil
			}
			return eachLine(cmd.InOrStdin(), func(line string) error {
				pos, err := parseBoardArg(line)
				if err != nil {
					return err
				}
				fmt.Fprintln(out, movesLine(pos))
				return nil
			})
		},
	}
	cmd.Flags().StringVar(&board, "board", "", "the position as board text")
	return cmd
}

// perftLine is one depth of `othello perft --json`.
type perftLine struct {
	Depth           int     `json:"depth"`
	Leaves          uint64  `json:"leaves"`
	Seconds         float64 `json:"seconds"`
	LeavesPerSecond float64 `json:"leavesPerSecond"`
}

func newOthelloPerftCommand() *cobra.Command {
	var depth, size, workers int
	var board string
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "perft --depth N [--size 8]",
		Short: "Count the leaves of the move tree to each depth",
		Long: `Count the leaves of the legal-move tree from the start position (or --board) for
every depth from 1 to N, printing a line per depth: depth, leaf count, time and
leaves per second. A forced pass uses one ply; a game over before the depth counts
as one leaf. Uses every CPU unless --workers says otherwise; shows progress on a
terminal for long runs.`,
		Example: `  gridgames othello perft --depth 11
  gridgames othello perft --depth 8 --size 6 --json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if depth < 1 || depth > 30 {
				return badInputf("--depth %d: want 1 to 30", depth)
			}
			if err := checkWorkers(workers); err != nil {
				return err
			}
			pos, err := othello.NewPosition(size)
			if err != nil {
				return badInputf("--size %d: Othello boards are 4, 6 or 8 squares wide", size)
			}
			if cmd.Flags().Changed("board") {
				if pos, err = parseBoardArg(board); err != nil {
					return badInputf("--board: %w", err)
				}
				if n := pos.Size(); cmd.Flags().Changed("size") && n != size {
					return badInputf("--board is a %dx%d position but --size is %d: leave --size out, or give a %dx%d board", n, n, size, size, size)
				}
			}
			if workers == 0 {
				workers = runtime.NumCPU()
			}
			out := cmd.OutOrStdout()
			enc := json.NewEncoder(out)
			if !asJSON {
				fmt.Fprintf(out, "%5s %20s %11s %16s\n", "depth", "leaves", "time", "leaves/s")
			}
			for d := 1; d <= depth; d++ {
				bar := newProgress(cmd, fmt.Sprintf("perft %d", d))
				start := time.Now()
				leaves, err := othello.PerftParallel(cmd.Context(), pos, d, workers, bar.report)
				elapsed := time.Since(start)
				bar.finish()
				if err != nil {
					fmt.Fprintf(cmd.ErrOrStderr(), "Stopped at depth %d after %.1fs.\n", d, elapsed.Seconds())
					return errInterrupted
				}
				rate := float64(leaves) / max(elapsed.Seconds(), 1e-9)
				if asJSON {
					if err := enc.Encode(perftLine{d, leaves, elapsed.Seconds(), rate}); err != nil {
						return err
					}
					continue
				}
				fmt.Fprintf(out, "%5d %20d %10.3fs %14.1fM\n", d, leaves, elapsed.Seconds(), rate/1e6)
			}
			return nil
		},
	}
	cmd.Flags().IntVar(&depth, "depth", 0, "deepest depth to count (required)")
	cmd.Flags().IntVar(&size, "size", 8, "board size: 4, 6 or 8 (with --board, the board's)")
	cmd.Flags().IntVar(&workers, "workers", 0, "goroutines to use (0: one per CPU)")
	cmd.Flags().StringVar(&board, "board", "", "count from this position instead of the start")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object per depth")
	_ = cmd.MarkFlagRequired("depth")
	return cmd
}
