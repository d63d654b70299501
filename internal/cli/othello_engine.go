package cli

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/gridgames/gridgames/othello"
	"github.com/gridgames/gridgames/othello/engine"
	"github.com/spf13/cobra"
)

// solveLine is one position's answer from `othello solve --json`.
type solveLine struct {
	Board          string  `json:"board"`
	Move           string  `json:"move"`
	Score          int     `json:"score"`
	Nodes          uint64  `json:"nodes"`
	Seconds        float64 `json:"seconds"`
	NodesPerSecond float64 `json:"nodesPerSecond"`
	Check          string  `json:"check,omitempty"` // "ok", "no scores to check", or what disagreed
	// Line is a perfect line from the position to the end (--line): each move a
	// best one, found by solving each position after the first exactly.
	Line string `json:"line,omitempty"`
}

// defaultMaxEmpties bounds an exact solve unless --max-empties says otherwise: on
// two CPUs here the FFO positions with 26 empties take half a minute to two
// minutes (#49, #50), and each further empty square multiplies the time by two or
// three.
const defaultMaxEmpties = 26

// tooManyEmpties is the error for a solve past the limit.
func tooManyEmpties(empties, limit int) error {
	return badInputf("%d empty squares: an exact solve past --max-empties %d could take hours or days; "+
		"raise --max-empties to try anyway, or use othello analyze --depth", empties, limit)
}

func newOthelloSolveCommand() *cobra.Command {
	var board string
	var wld, check, asJSON, withLine bool
	var workers, maxEmpties int
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
exits with status 1 if any disagrees (a line without scores is solved, not checked).

Positions with more than --max-empties empty squares are refused: the time of an
exact solve grows about threefold with each empty square. On a terminal, progress
(depth, bounds, nodes) shows on stderr; Ctrl+C stops and prints the best move so far.`,
		Example: `  gridgames othello solve --check < data/fforum-40-59.obf
  gridgames othello solve --board "-----OX--XO----- X"`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if tableBits != 0 && (tableBits < 10 || tableBits > 30) {
				return badInputf("--table-bits %d: want 10 to 30", tableBits)
			}
			if err := checkWorkers(workers); err != nil {
				return err
			}
			if maxEmpties < 1 || maxEmpties > 64 {
				return badInputf("--max-empties %d: want 1 to 64", maxEmpties)
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
				if n := o.Position.Empties(); n > maxEmpties && !o.Position.Over() {
					return tooManyEmpties(n, maxEmpties)
				}
				line, err := solvePosition(cmd, e, o, wld, check)
				if err != nil {
					return err
				}
				if withLine && !wld && line.Move != "end" {
					if line.Line, err = perfectLine(cmd, e, o.Position); err != nil {
						return err
					}
				}
				count++
				total += line.Nodes
				elapsed += time.Duration(line.Seconds * float64(time.Second))
				if strings.HasPrefix(line.Check, "MISMATCH") {
					bad++
				}
				if asJSON {
					return json.NewEncoder(out).Encode(line)
				}
				fmt.Fprintf(out, "%-4s %+3d  %14s nodes  %8.3fs  %6.1fM nodes/s", line.Move, line.Score,
					groupDigits(line.Nodes), line.Seconds, line.NodesPerSecond/1e6)
				if line.Check != "" {
					fmt.Fprintf(out, "  %s", line.Check)
				}
				fmt.Fprintln(out)
				if line.Line != "" {
					fmt.Fprintf(out, "line %s\n", line.Line)
				}
				return nil
			}
			var err error
			if cmd.Flags().Changed("board") {
				if err = solveOne(board); err != nil && !errors.Is(err, errInterrupted) {
					var ie inputError
					if !errors.As(err, &ie) {
						err = badInputf("--board: %w", err)
					}
				}
			} else {
				noteStdin(cmd, "positions, one a line (board text or .obf)")
				err = eachLine(cmd.InOrStdin(), func(line string) error {
					if strings.HasPrefix(line, "%") || strings.HasPrefix(line, "#") {
						return nil
					}
					return solveOne(line)
				})
				if err == nil && count == 0 && check {
					return badInputf("--check: no positions were read from stdin (want one a line: board text or .obf)")
				}
			}
			if count > 1 && !asJSON {
				fmt.Fprintf(out, "%d positions: %s nodes in %.2fs, %.1fM nodes/s\n", count, groupDigits(total),
					elapsed.Seconds(), float64(total)/max(elapsed.Seconds(), 1e-9)/1e6)
			}
			if err != nil {
				return err
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
	cmd.Flags().BoolVar(&withLine, "line", false, "print a perfect line to the end of the game after each solve (not with --wld)")
	cmd.Flags().IntVar(&workers, "workers", 0, "CPUs to use (0: all)")
	cmd.Flags().IntVar(&maxEmpties, "max-empties", defaultMaxEmpties, "refuse positions with more empty squares than this")
	cmd.Flags().UintVar(&tableBits, "table-bits", 0, "transposition table of 2^N 16-byte slots (0: 22, 64 MiB)")
	cmd.Flags().StringVar(&patterns, "patterns", "", "order the solver's moves by these pattern weights (from othello train) instead of the built-in ones")
	return cmd
}

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

// solvePosition solves o's position (after a forced pass, if any) and checks the
// answer against o's move scores when asked. Progress shows on a terminal; if
// Ctrl+C stops the solve, it prints the best move so far and returns
// errInterrupted.
func solvePosition(cmd *cobra.Command, e *engine.Engine, o othello.OBF, wld, check bool) (solveLine, error) {
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
	bar := newProgress(cmd, "")
	var last engine.Progress
	var mu sync.Mutex
	r, err := e.Search(cmd.Context(), pos, engine.Limits{Endgame: 64, WLD: wld, Progress: func(p engine.Progress) {
		mu.Lock()
		last = p
		mu.Unlock()
		bar.status(describeProgress(p))
	}})
	bar.finish()
	if err != nil && cmd.Context().Err() != nil {
		mu.Lock()
		p := last
		mu.Unlock()
		w := cmd.ErrOrStderr()
		if r.Depth == 0 {
			// The engine names a legal move even then, but no search valued it.
			fmt.Fprintf(w, "Stopped after %.1fs and %s nodes, before any search of %s finished: not solved, no move to show.\n",
				r.Time.Seconds(), groupDigits(r.Nodes), line.Board)
			return line, errInterrupted
		}
		fmt.Fprintf(w, "Stopped after %.1fs and %s nodes, not solved. Best so far: %v %+.1f (an estimate from a %d-ply search, not exact)",
			r.Time.Seconds(), groupDigits(r.Nodes), r.Move, r.Score, r.Depth)
		if p.Solving && p.Lower != p.Upper {
			fmt.Fprintf(w, "; the exact score is between %+d and %+d", p.Lower, p.Upper)
		}
		fmt.Fprintln(w, ".")
		return line, errInterrupted
	}
	if err != nil {
		return line, err
	}
	line.Move, line.Score = r.Move.String(), int(r.Score)
	if passed {
		line.Move, line.Score = "pass", -line.Score
	}
	line.Nodes, line.Seconds = r.Nodes, r.Time.Seconds()
	line.NodesPerSecond = float64(r.Nodes) / max(r.Time.Seconds(), 1e-9)
	if check {
		line.Check = checkAgainst(o, r.Move, line.Score, wld, passed)
	}
	return line, nil
}

// perfectLine plays pos to the end, each move a best one by an exact solve (the
// table already holds most of it after the position's own solve), and returns
// the moves run together with passes as "pa", then the final score for the side
// to move in pos: "c2b4c5...(-4)".
func perfectLine(cmd *cobra.Command, e *engine.Engine, pos othello.Position) (string, error) {
	var b strings.Builder
	start := pos
	for !pos.Over() {
		if pos.MustPass() {
			b.WriteString("pa")
			pos = pos.Pass()
			continue
		}
		r, err := e.Search(cmd.Context(), pos, engine.Limits{Endgame: 64})
		if err != nil {
			if cmd.Context().Err() != nil {
				return "", errInterrupted
			}
			return "", err
		}
		b.WriteString(r.Move.String())
		pos = pos.Play(r.Move)
	}
	score := pos.Score()
	if start.Turn() == othello.White {
		score = -score
	}
	fmt.Fprintf(&b, " (%+d)", score)
	return b.String(), nil
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
