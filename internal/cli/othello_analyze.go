package cli

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/gridgames/gridgames/othello"
	"github.com/gridgames/gridgames/othello/engine"
	"github.com/spf13/cobra"
)

func newOthelloAnalyzeCommand() *cobra.Command {
	var o analyzeOptions
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
			o.depthSet, o.timeSet = cmd.Flags().Changed("depth"), cmd.Flags().Changed("time")
			if err := o.validate(); err != nil {
				return err
			}
			return o.run(cmd)
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.board, "board", "", "the position as board text")
	f.IntVar(&o.depth, "depth", 0, "search depth in plies, 1 to 60 (default 8 without --time)")
	f.DurationVar(&o.budget, "time", 0, "time for the whole analysis, e.g. 5s")
	f.IntVar(&o.endgame, "endgame", 20, "solve exactly from this many empty squares (0: never)")
	f.IntVar(&o.maxEmpties, "max-empties", defaultMaxEmpties, "refuse an --endgame that would solve more empty squares than this")
	f.IntVar(&o.workers, "workers", 0, "CPUs to use (0: all)")
	f.BoolVar(&o.json, "json", false, "print the values as JSON")
	f.BoolVar(&o.noBook, "no-book", false, "search a position of the opening book instead of showing the book's values")
	exclusiveFlags(cmd, "depth", "time")
	return cmd
}

// analyzeOptions are the flags of othello analyze; pos is --board once validate
// has read it.
type analyzeOptions struct {
	board                               string
	depth, endgame, workers, maxEmpties int
	budget                              time.Duration
	depthSet, timeSet                   bool // --depth, --time were given
	json, noBook                        bool
	pos                                 othello.Position
}

// validate reads --board and refuses flag values out of range.
func (o *analyzeOptions) validate() error {
	if o.board == "" {
		return flagErrorf("board", "--board is required")
	}
	pos, err := parseBoardArg(o.board)
	if err != nil {
		return &usageError{flags: []string{"board"}, msg: "--board: " + err.Error()}
	}
	o.pos = pos
	if o.depthSet && (o.depth < 1 || o.depth > 60) {
		return flagErrorf("depth", "--depth %d: want 1 to 60", o.depth)
	}
	if o.timeSet && o.budget <= 0 {
		return flagErrorf("time", "--time %v: want a positive duration such as 5s", o.budget)
	}
	if o.endgame < 0 || o.endgame > 64 {
		return flagErrorf("endgame", "--endgame %d: want 0 (never solve) to 64", o.endgame)
	}
	if o.maxEmpties < 1 || o.maxEmpties > 64 {
		return flagErrorf("max-empties", "--max-empties %d: want 1 to 64", o.maxEmpties)
	}
	if err := checkWorkers(o.workers); err != nil {
		return err
	}
	if n := pos.Empties() - 1; o.endgame > o.maxEmpties && n > o.maxEmpties && !pos.Over() {
		return flagErrorf("endgame", "--endgame %d: the moves leave %d empty squares, and an exact solve past "+
			"--max-empties %d could take hours; lower --endgame or raise --max-empties", o.endgame, n, o.maxEmpties)
	}
	return nil
}

// run values every move and prints them, best first; after Ctrl+C it prints
// what it has and says how far it got.
func (o *analyzeOptions) run(cmd *cobra.Command) error {
	depth := o.depth
	if depth == 0 && o.budget == 0 {
		depth = 8
	}
	opts := engine.Options{Workers: o.workers, Book: engine.DefaultBook()}
	if o.noBook {
		opts.Book = nil
	}
	lim := engine.Limits{Depth: depth, Time: o.budget, Endgame: o.endgame}
	res, err := analyzeDeepening(cmd, engine.New(opts), o.pos, lim)
	interrupted := err != nil && cmd.Context().Err() != nil
	if errors.Is(err, engine.ErrNoMove) {
		return flagErrorf("board", "--board: the game is over in this position (%s)", movesLine(o.pos))
	}
	if err != nil && !interrupted {
		return err
	}
	if err := o.print(cmd.OutOrStdout(), res.values); err != nil {
		return err
	}
	if interrupted {
		fmt.Fprintln(cmd.ErrOrStderr(), res.stopNote(depth, len(o.pos.LegalMoves())))
		return errInterrupted
	}
	return nil
}

// print writes the values: a line a move (its score, exact or book, and the
// line the engine expects) or, with --json, one JSON array.
func (o *analyzeOptions) print(out io.Writer, values []engine.MoveValue) error {
	if o.json {
		return json.NewEncoder(out).Encode(values)
	}
	for _, v := range values {
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
	return nil
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
