package cli

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/gridgames/gridgames/othello"
	"github.com/gridgames/gridgames/othello/engine"
	"github.com/spf13/cobra"
)

// checkWorkers refuses a negative --workers.
func checkWorkers(workers int) error {
	if workers < 0 {
		return badInputf("--workers %d: want 0 (all CPUs) or more", workers)
	}
	return nil
}

// noteStdin tells a person at a terminal that the command waits for lines on stdin.
func noteStdin(cmd *cobra.Command, what string) {
	if isTerminal(cmd.InOrStdin()) && isTerminal(cmd.ErrOrStderr()) {
		fmt.Fprintf(cmd.ErrOrStderr(), "Reading %s from stdin; Ctrl+D ends.\n", what)
	}
}

// describeProgress is the status line of a search under way.
func describeProgress(p engine.Progress) string {
	var b strings.Builder
	if p.Total > 0 {
		fmt.Fprintf(&b, "%v (%d of %d): ", p.Analyzing, p.Done+1, p.Total)
	}
	if p.Depth > 0 {
		fmt.Fprintf(&b, "depth %d, best %v %+.1f", p.Depth, p.Move, p.Score)
	} else {
		b.WriteString("starting")
	}
	if p.Solving {
		if p.Lower == p.Upper {
			fmt.Fprintf(&b, "; exact %+d", p.Lower)
		} else {
			fmt.Fprintf(&b, "; solving %d empties, score in [%+d, %+d]", p.Empties, p.Lower, p.Upper)
		}
	}
	fmt.Fprintf(&b, "; %s nodes", groupDigits(p.Nodes))
	return b.String()
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
	var depth, endgame, workers, maxEmpties int
	var budget time.Duration
	var asJSON, noBook bool
	cmd := &cobra.Command{
		Use:   "analyze --board POS [--depth D | --time T]",
		Short: "Value every legal move, with its principal variation",
		Long: `Value every legal move of a position (disc difference for the side to move, exact
when the endgame is solved) with the line the engine expects, best first.

Without --depth or --time the search goes 8 plies deep. Every move is valued at
depth 2 (or 3), then two plies deeper, and so on to --depth. From --endgame empty
squares on, moves are solved exactly; --endgame past --max-empties is refused, as
the exact solve would take hours. On a terminal, progress shows on stderr; Ctrl+C
stops and prints every move's value and line at the deepest depth finished
(with --time: the moves valued so far).

A position in the opening book (othello book) gets the book's values instead,
marked "book" ("book": true in JSON); --no-book searches it all the same.`,
		Example: `  gridgames othello analyze --board "---------------------------OX------XO--------------------------- X"
  gridgames othello analyze --board "$(head -1 data/fforum-1-19.obf)" --endgame 20 --json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if board == "" {
				return badInputf("--board is required")
			}
			pos, err := parseBoardArg(board)
			if err != nil {
				return badInputf("--board: %w", err)
			}
			if cmd.Flags().Changed("depth") && (depth < 1 || depth > 60) {
				return badInputf("--depth %d: want 1 to 60", depth)
			}
			if cmd.Flags().Changed("time") && budget <= 0 {
				return badInputf("--time %v: want a positive duration such as 5s", budget)
			}
			if endgame < 0 || endgame > 64 {
				return badInputf("--endgame %d: want 0 (never solve) to 64", endgame)
			}
			if maxEmpties < 1 || maxEmpties > 64 {
				return badInputf("--max-empties %d: want 1 to 64", maxEmpties)
			}
			if err := checkWorkers(workers); err != nil {
				return err
			}
			if n := pos.Empties() - 1; endgame > maxEmpties && n > maxEmpties && !pos.Over() {
				return badInputf("--endgame %d: the moves leave %d empty squares, and an exact solve past "+
					"--max-empties %d could take hours; lower --endgame or raise --max-empties", endgame, n, maxEmpties)
			}
			if depth == 0 && budget == 0 {
				depth = 8
			}
			opts := engine.Options{Workers: workers, Book: engine.DefaultBook()}
			if noBook {
				opts.Book = nil
			}
			e := engine.New(opts)
			lim := engine.Limits{Depth: depth, Time: budget, Endgame: endgame}
			res, err := analyzeDeepening(cmd, e, pos, lim)
			interrupted := err != nil && cmd.Context().Err() != nil
			if errors.Is(err, engine.ErrNoMove) {
				return badInputf("--board: the game is over in this position (%s)", movesLine(pos))
			}
			if err != nil && !interrupted {
				return err
			}
			out := cmd.OutOrStdout()
			if asJSON {
				if err := json.NewEncoder(out).Encode(res.values); err != nil {
					return err
				}
			} else {
				for _, v := range res.values {
					exact := ""
					switch {
					case v.Exact:
						exact = " exact"
					case v.Book:
						exact = " book"
					}
					pv := make([]string, len(v.PV))
					for i, m := range v.PV {
						pv[i] = m.String()
					}
					fmt.Fprintf(out, "%-4s %+6.1f%-6s  %s\n", v.Move, v.Score, exact, strings.Join(pv, " "))
				}
			}
			if interrupted {
				fmt.Fprintln(cmd.ErrOrStderr(), res.stopNote(depth, len(pos.LegalMoves())))
				return errInterrupted
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&board, "board", "", "the position as board text")
	cmd.Flags().IntVar(&depth, "depth", 0, "search depth in plies, 1 to 60 (default 8 without --time)")
	cmd.Flags().DurationVar(&budget, "time", 0, "time for the whole analysis, e.g. 5s")
	cmd.Flags().IntVar(&endgame, "endgame", 20, "solve exactly from this many empty squares (0: never)")
	cmd.Flags().IntVar(&maxEmpties, "max-empties", defaultMaxEmpties, "refuse an --endgame that would solve more empty squares than this")
	cmd.Flags().IntVar(&workers, "workers", 0, "CPUs to use (0: all)")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the values as JSON")
	cmd.Flags().BoolVar(&noBook, "no-book", false, "search a position of the opening book instead of showing the book's values")
	exclusiveFlags(cmd, "depth", "time")
	return cmd
}

// analysis is what analyzeDeepening found: values, of every move at depth (the
// root's plies) when complete, else of the moves valued at that depth so far.
type analysis struct {
	values   []engine.MoveValue
	depth    int
	complete bool
}

// stopNote is the line on stderr after Ctrl+C stopped an analysis to depth want
// of a position with legal moves.
func (a analysis) stopNote(want, legal int) string {
	switch {
	case a.complete:
		return fmt.Sprintf("Stopped at depth %d of %d: the values above are every move's at depth %d, the deepest finished.", a.depth, want, a.depth)
	case a.depth > 0 && want > 0:
		return fmt.Sprintf("Stopped at depth %d of %d: %d of %d moves valued.", a.depth, want, len(a.values), legal)
	}
	return fmt.Sprintf("Stopped: %d of %d moves valued.", len(a.values), legal)
}

// analyzeDeepening values every move of pos within lim, showing progress. With a
// depth (and no time) it values all the moves at every other depth in turn, up
// to lim.Depth (from 2 or 3: the engine searches each move's reply at least a ply
// deep), stopping early once every value is exact: if ctx ends, the deepest
// complete depth is the answer, every move valued at it. Two plies at a time, the
// shallower depths cost about a tenth of the last one (every depth: a third);
// the transposition table carries each depth's work to the next. With a time,
// the engine shares it among the moves.
func analyzeDeepening(cmd *cobra.Command, e *engine.Engine, pos othello.Position, lim engine.Limits) (analysis, error) {
	ctx := cmd.Context()
	bar := newProgress(cmd, "")
	defer bar.finish()
	if lim.Time > 0 {
		lim.Progress = func(p engine.Progress) { bar.status(describeProgress(p)) }
		vals, err := e.Analyze(ctx, pos, lim)
		return analysis{values: vals, complete: err == nil}, err
	}
	var best analysis
	first := lim.Depth
	if first > 3 {
		first = 2 + lim.Depth%2
	}
	for d := first; d <= lim.Depth; d += 2 {
		l := lim
		l.Depth = d
		l.Progress = func(p engine.Progress) {
			bar.status(fmt.Sprintf("depth %d of %d: %s", d, lim.Depth, describeProgress(p)))
		}
		vals, err := e.Analyze(ctx, pos, l)
		if err != nil {
			if best.complete && ctx.Err() != nil {
				return best, err
			}
			return analysis{values: vals, depth: d}, err
		}
		best = analysis{values: vals, depth: d, complete: true}
		if allExact(vals) {
			break
		}
	}
	return best, nil
}

// allExact reports whether every value is an exact score: a deeper search would
// find the same.
func allExact(vals []engine.MoveValue) bool {
	for _, v := range vals {
		if !v.Exact {
			return false
		}
	}
	return true
}
