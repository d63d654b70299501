package cli

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
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
	// check is what Check says, for counting the disagreements.
	check othello.OBFCheck
}

// checkFailure is the result of solve --check when some answers disagree with
// the scores their lines carry: exit status 1 (the solver or the file is wrong,
// not the command line).
type checkFailure struct{ bad, of int }

func (e *checkFailure) Error() string {
	return fmt.Sprintf("%d of %d positions disagree with the scores given", e.bad, e.of)
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
	var o solveOptions
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
			o.hasBoard = cmd.Flags().Changed("board")
			if err := o.validate(); err != nil {
				return err
			}
			return o.run(cmd)
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.board, "board", "", "the position as board text (or an .obf line)")
	f.BoolVar(&o.wld, "wld", false, "solve for win, loss or draw only (score +1, 0, -1)")
	f.BoolVar(&o.check, "check", false, "compare with the move scores of .obf lines; exit 1 on a mismatch")
	f.BoolVar(&o.json, "json", false, "print one JSON object per position")
	f.BoolVar(&o.line, "line", false, "print a perfect line to the end of the game after each solve (not with --wld)")
	f.IntVar(&o.workers, "workers", 0, "CPUs to use (0: all)")
	f.IntVar(&o.maxEmpties, "max-empties", defaultMaxEmpties, "refuse positions with more empty squares than this")
	f.UintVar(&o.tableBits, "table-bits", 0, "transposition table of 2^N 16-byte slots (0: 22, 64 MiB)")
	f.StringVar(&o.patterns, "patterns", "", "order the solver's moves by these pattern weights (from othello train) instead of the built-in ones")
	return cmd
}

// solveOptions are the flags of othello solve.
type solveOptions struct {
	board                  string
	hasBoard               bool // --board was given: solve it instead of stdin's lines
	wld, check, json, line bool
	workers, maxEmpties    int
	tableBits              uint
	patterns               string
}

// validate refuses flag values out of range, before any file is read.
func (o *solveOptions) validate() error {
	if o.tableBits != 0 && (o.tableBits < 10 || o.tableBits > 30) {
		return flagErrorf("table-bits", "--table-bits %d: want 10 to 30", o.tableBits)
	}
	if err := checkWorkers(o.workers); err != nil {
		return err
	}
	if o.maxEmpties < 1 || o.maxEmpties > 64 {
		return flagErrorf("max-empties", "--max-empties %d: want 1 to 64", o.maxEmpties)
	}
	return nil
}

// run solves --board, or every position stdin gives, printing a line (or JSON
// object) for each and the totals when there are several. With --check, a
// disagreement makes it return a *checkFailure once all are solved.
func (o *solveOptions) run(cmd *cobra.Command) error {
	eo := engine.Options{Workers: o.workers, TableBits: o.tableBits}
	if o.patterns != "" {
		w, err := readPatternsFile(o.patterns, "--patterns")
		if err != nil {
			return err
		}
		eo.Patterns = w
	}
	s := &solveRun{solveOptions: o, cmd: cmd, e: engine.New(eo), out: cmd.OutOrStdout()}
	var err error
	if o.hasBoard {
		if err = s.solve(o.board); err != nil && !errors.Is(err, errInterrupted) {
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
			return s.solve(line)
		})
		if err == nil && s.count == 0 && o.check {
			return flagErrorf("check", "--check: no positions were read from stdin (want one a line: board text or .obf)")
		}
	}
	if s.count > 1 && !o.json {
		fmt.Fprintf(s.out, "%d positions: %s nodes in %.2fs, %.1fM nodes/s\n", s.count, groupDigits(s.nodes),
			s.elapsed.Seconds(), float64(s.nodes)/max(s.elapsed.Seconds(), 1e-9)/1e6)
	}
	if err != nil {
		return err
	}
	if s.bad > 0 {
		return &checkFailure{s.bad, s.count}
	}
	return nil
}

// solveRun is a run of othello solve: its engine and what it counted so far.
type solveRun struct {
	*solveOptions
	cmd        *cobra.Command
	e          *engine.Engine
	out        io.Writer
	count, bad int // positions solved, of them disagreeing with their line's scores
	nodes      uint64
	elapsed    time.Duration
}

// solve solves one position (board text or an .obf line) and prints its line.
func (s *solveRun) solve(text string) error {
	o, err := othello.ParseOBF(text)
	if err != nil {
		return err
	}
	if n := o.Position.Empties(); n > s.maxEmpties && !o.Position.Over() {
		return tooManyEmpties(n, s.maxEmpties)
	}
	line, err := solvePosition(s.cmd, s.e, o, s.wld, s.check)
	if err != nil {
		return err
	}
	if s.line && !s.wld && line.Move != "end" {
		if line.Line, err = perfectLine(s.cmd, s.e, o.Position); err != nil {
			return err
		}
	}
	s.count++
	s.nodes += line.Nodes
	s.elapsed += time.Duration(line.Seconds * float64(time.Second))
	if line.check.Disagrees() {
		s.bad++
	}
	if s.json {
		return json.NewEncoder(s.out).Encode(line)
	}
	fmt.Fprintf(s.out, "%-4s %+3d  %14s nodes  %8.3fs  %6.1fM nodes/s", line.Move, line.Score,
		groupDigits(line.Nodes), line.Seconds, line.NodesPerSecond/1e6)
	if line.Check != "" {
		fmt.Fprintf(s.out, "  %s", line.Check)
	}
	fmt.Fprintln(s.out)
	if line.Line != "" {
		fmt.Fprintf(s.out, "line %s\n", line.Line)
	}
	return nil
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
		move := r.Move
		if passed {
			move = othello.Pass
		}
		line.check = o.Check(move, line.Score, wld)
		line.Check = describeCheck(line.check, move, line.Score)
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

// describeCheck says what --check found for a solve's move and score.
func describeCheck(c othello.OBFCheck, move othello.Square, score int) string {
	switch c.Verdict {
	case othello.NoScores:
		return "no scores to check"
	case othello.WrongScore:
		return fmt.Sprintf("MISMATCH: score %+d, the file says %+d", score, c.Want)
	case othello.NotBest:
		return fmt.Sprintf("MISMATCH: %v scores %+d in the file, best is %+d", move, c.Listed, c.Want)
	case othello.UnknownMove:
		return fmt.Sprintf("MISMATCH: %v is not among the file's moves", move)
	}
	return "ok"
}
