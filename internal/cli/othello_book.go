package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/gridgames/gridgames/othello"
	"github.com/gridgames/gridgames/othello/engine"
	"github.com/spf13/cobra"
)

func newOthelloBookCommand() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "book",
		Short: "The opening book: query a position, build a book, extend one",
		Long: `The opening book that levels 6 to 10 play from and that analysis shows: positions
from the start (each kept once for its 8 mirror images) with the engine's value
of every legal move, negamaxed through the book.

  book query   the book's moves of a position (or a summary of the book)
  book build   build a book by searches from the start, or go on with one
  book extend  add a game's line to a book, or search a position deeper`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return cmd.Help() },
	}
	cmd.AddCommand(newBookQueryCommand(), newBookBuildCommand(), newBookExtendCommand())
	return cmd
}

// readBookFile reads a book file named by flag.
func readBookFile(path, flag string) (*engine.Book, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, badInputf("%s %s: %v", flag, path, pathReason(err))
	}
	defer f.Close()
	b, err := engine.ReadBook(f)
	if err != nil {
		return nil, badInputf("%s %s: %v", flag, path, err)
	}
	return b, nil
}

// writeBookFile writes b to path atomically (a reader never sees half a book).
func writeBookFile(path, flag string, b *engine.Book) error {
	f, err := createBeside(flag, path)
	if err != nil {
		return err
	}
	defer f.discard()
	if _, err := b.WriteTo(f); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return f.commit()
}

// bookPosition reads the position a book command is about: --board, or the
// start position after --line (a transcript), or the start position.
func bookPosition(board, line string) (othello.Position, error) {
	if board != "" && line != "" {
		return othello.Position{}, badInputf("--board and --line: give one position, not both")
	}
	if board != "" {
		pos, err := parseBoardArg(board)
		if err != nil {
			return pos, badInputf("--board: %w", err)
		}
		if pos.Size() != 8 {
			return pos, badInputf("--board: a %dx%d board: the book is for 8x8", pos.Size(), pos.Size())
		}
		return pos, nil
	}
	_, pos, err := othello.PlayTranscript(othello.StartPosition(), line)
	if err != nil {
		return pos, badInputf("--line %q: %w", line, err)
	}
	return pos, nil
}

// bookQuery is what `othello book query --json` prints.
type bookQuery struct {
	Board    string              `json:"board"`
	InBook   bool                `json:"inBook"`
	Moves    []bookQueryMove     `json:"moves,omitempty"`
	Settings engine.BookSettings `json:"settings"`
	Stats    engine.BookStats    `json:"stats"`
}

type bookQueryMove struct {
	engine.BookMove
	Line string `json:"line"` // the book's best line after the move
}

func newBookQueryCommand() *cobra.Command {
	var bookPath, board, line string
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "query [--book FILE] [--board POS | --line MOVES]",
		Short: "Print the book's moves of a position, best first",
		Long: `Print the book's moves of a position, best first: each move's value in discs for
the side to move (negamaxed through the book when the position after it is in the
book too, "book" in the table; else the value of the search that valued it), the
depth of that search, and the book's best line after the move. The position is
--board, or the start position after the moves of --line (a transcript such as
f5d6c3), or the start position. The book is the built-in one unless --book names
a file. A summary of the book comes first: its positions, settings and depths.`,
		Example: `  gridgames othello book query
  gridgames othello book query --line f5d6 --json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			pos, err := bookPosition(board, line)
			if err != nil {
				return err
			}
			b := engine.DefaultBook()
			name := "built-in book"
			if bookPath != "" {
				if b, err = readBookFile(bookPath, "--book"); err != nil {
					return err
				}
				name = bookPath
			}
			q := bookQuery{Board: pos.String(), Settings: b.Settings(), Stats: b.Stats()}
			moves, ok := b.Lookup(pos)
			q.InBook = ok
			for _, m := range moves {
				q.Moves = append(q.Moves, bookQueryMove{BookMove: m, Line: othello.Transcript(b.Line(pos.Play(m.Move), 20))})
			}
			out := cmd.OutOrStdout()
			if asJSON {
				return json.NewEncoder(out).Encode(q)
			}
			printBookQuery(out, name, pos, q)
			return nil
		},
	}
	cmd.Flags().StringVar(&bookPath, "book", "", "a book file (from othello book build) instead of the built-in book")
	cmd.Flags().StringVar(&board, "board", "", "the position as board text")
	cmd.Flags().StringVar(&line, "line", "", "the position after these moves from the start (a transcript: f5d6c3)")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the answer as JSON")
	return cmd
}

// describeBook is a book's summary line.
func describeBook(name string, s engine.BookSettings, st engine.BookStats) string {
	text := fmt.Sprintf("%s: %s (searches %d plies deep, %d plies from the start, moves within %.2g discs of the best followed",
		name, plural(st.Positions, "position"), s.Depth, s.Plies, s.Margin)
	if s.Endgame > 0 {
		text += fmt.Sprintf(", exact from %d empties", s.Endgame)
	}
	text += ")"
	if st.Pending > 0 {
		text += fmt.Sprintf("; build unfinished: %d queued (go on with book build --resume)", st.Pending)
	}
	return text
}

func printBookQuery(out io.Writer, name string, pos othello.Position, q bookQuery) {
	fmt.Fprintln(out, describeBook(name, q.Settings, q.Stats))
	if len(q.Stats.ByPly) > 0 {
		parts := make([]string, len(q.Stats.ByPly))
		for i, n := range q.Stats.ByPly {
			parts[i] = fmt.Sprint(n)
		}
		fmt.Fprintf(out, "positions by ply: %s\n", strings.Join(parts, " "))
	}
	fmt.Fprintln(out)
	fmt.Fprintf(out, "%s, %s to move\n", pos, pos.Turn())
	switch {
	case pos.Over():
		fmt.Fprintln(out, "the game is over")
		return
	case pos.MustPass():
		fmt.Fprintln(out, "the side to move must pass")
		return
	case !q.InBook:
		fmt.Fprintln(out, "not in the book")
		return
	}
	for _, m := range q.Moves {
		from := fmt.Sprintf("depth %d", m.Depth)
		if m.Next {
			from = "book"
		}
		fmt.Fprintf(out, "%-3s %+6.2f  %-8s %s\n", m.Move, m.Score, from, m.Line)
	}
}

// bookSettingFlags are the flags of a build's settings.
type bookSettingFlags struct {
	depth, plies, endgame int
	margin                float64
}

func (f *bookSettingFlags) add(cmd *cobra.Command) {
	cmd.Flags().IntVar(&f.depth, "depth", 10, "search depth of the values, in plies (1 to 30)")
	cmd.Flags().IntVar(&f.plies, "plies", 10, "value positions up to this many plies from the start (0 to 60)")
	cmd.Flags().Float64Var(&f.margin, "margin", 2, "follow every move within this many discs of its position's best (0 to 64)")
	cmd.Flags().IntVar(&f.endgame, "endgame", 0, "solve exactly from this many empty squares (0: never; at most 30)")
}

func (f *bookSettingFlags) check() error {
	switch {
	case f.depth < 1 || f.depth > 30:
		return badInputf("--depth %d: want 1 to 30", f.depth)
	case f.plies < 0 || f.plies > 60:
		return badInputf("--plies %d: want 0 to 60", f.plies)
	case !(f.margin >= 0 && f.margin <= 64):
		return badInputf("--margin %v: want 0 to 64 discs", f.margin)
	case f.endgame < 0 || f.endgame > 30:
		return badInputf("--endgame %d: want 0 to 30 empty squares", f.endgame)
	}
	return nil
}

func (f *bookSettingFlags) settings() engine.BookSettings {
	return engine.BookSettings{Depth: f.depth, Plies: f.plies, Margin: f.margin, Endgame: f.endgame}
}

// sameSettings refuses a --resume whose flags, where given, differ from the
// book's settings.
func sameSettings(cmd *cobra.Command, s engine.BookSettings, f *bookSettingFlags) error {
	for _, c := range []struct {
		flag      string
		book, got any
	}{
		{"depth", s.Depth, f.depth}, {"plies", s.Plies, f.plies}, {"margin", s.Margin, f.margin}, {"endgame", s.Endgame, f.endgame},
	} {
		if cmd.Flags().Changed(c.flag) && fmt.Sprint(c.book) != fmt.Sprint(c.got) {
			return badInputf("--%s %v: the book being resumed was built with --%s %v (leave the flag out, or build anew)", c.flag, c.got, c.flag, c.book)
		}
	}
	return nil
}

// bookCheckpoints writes the book every interval, with a line on stderr.
type bookCheckpoints struct {
	cmd   *cobra.Command
	path  string
	every time.Duration
	last  time.Time
}

func (c *bookCheckpoints) maybe(b *engine.Book) error {
	if time.Since(c.last) < c.every {
		return nil
	}
	c.last = time.Now()
	return writeBookFile(c.path, "--out", b)
}

func newBookBuildCommand() *cobra.Command {
	var outPath string
	var resume, asJSON bool
	var every time.Duration
	var sf bookSettingFlags
	cmd := &cobra.Command{
		Use:   "build --out FILE [--plies N --margin D --depth K] [--resume]",
		Short: "Build an opening book by searches from the start position",
		Long: `Build an opening book: from the start position, every legal move of a position is
valued by a --depth ply search of the position after it (one ply less where that
ends on an odd number of empty squares, so all values share a parity), and every
move within --margin discs of its position's best (negamaxed through the book)
leads to a position valued in turn, up to --plies plies from the start, until no
good move leads out of the book. Searches run on one CPU, each from an empty
table, so the same flags give the same file, byte for byte.

The book is written to --out every --checkpoint (and at the end, or on Ctrl+C)
with the queue of positions still to value; --resume goes on from such a file
with its settings, and ends with the same bytes as a build in one go. The
built-in book was made by:
  gridgames othello book build --out book.gz --depth 10 --plies 10 --margin 2`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if outPath == "" {
				return badInputf("--out is required: the book file to write")
			}
			if err := sf.check(); err != nil {
				return err
			}
			if every <= 0 {
				return badInputf("--checkpoint %v: want a positive duration such as 5m", every)
			}
			var b *engine.Book
			if resume {
				var err error
				if b, err = readBookFile(outPath, "--out"); err != nil {
					return err
				}
				if err := sameSettings(cmd, b.Settings(), &sf); err != nil {
					return err
				}
			} else {
				if _, err := os.Stat(outPath); err == nil {
					return badInputf("--out %s: the file exists; --resume goes on with it, or remove it to build anew", outPath)
				}
				if err := checkWritable("--out", outPath); err != nil {
					return err
				}
				b = engine.NewBook(sf.settings())
			}
			start := time.Now()
			before := b.Len()
			bar := newProgress(cmd, "")
			cp := &bookCheckpoints{cmd: cmd, path: outPath, every: every, last: time.Now()}
			err := b.Build(cmd.Context(), engine.Options{}, func(p engine.BookProgress) error {
				bar.status(fmt.Sprintf("%s valued, %d queued, %s", plural(p.Positions, "position"), p.Pending, time.Since(start).Round(time.Second)))
				return cp.maybe(b)
			})
			bar.finish()
			return finishBookRun(cmd, err, b, outPath, before, start, asJSON, true)
		},
	}
	sf.add(cmd)
	cmd.Flags().StringVar(&outPath, "out", "", "the book file to write (and, with --resume, to go on with)")
	cmd.Flags().BoolVar(&resume, "resume", false, "go on with the build that --out holds")
	cmd.Flags().DurationVar(&every, "checkpoint", 2*time.Minute, "write the book this often while building")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the summary as JSON")
	return cmd
}

// bookBuildLine is what `othello book build --json` and `book extend --json` print.
type bookBuildLine struct {
	Out       string              `json:"out"`
	Positions int                 `json:"positions"`
	Added     int                 `json:"added"`
	Pending   int                 `json:"pending"`
	Seconds   float64             `json:"seconds"`
	Settings  engine.BookSettings `json:"settings"`
	ByPly     []int               `json:"byPly"`
}

func newBookExtendCommand() *cobra.Command {
	var bookPath, outPath, line, board string
	var deepen int
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "extend --book FILE (--line MOVES | --board POS --deepen K) [--out FILE]",
		Short: "Add a game's line to a book, or value a book position deeper",
		Long: `Add to a book every position of a line from the start (--line, a transcript such
as f5d6c3d3c4): each position not in the book yet has its moves valued at the
book's depth, even past the book's plies. Or, with --deepen K, value the moves of
a book position (--board, or the position after --line) again by K-ply searches.
The book is written back to --book unless --out names another file.`,
		Example: `  gridgames othello book extend --book book.gz --line f5d6c3d3c4f4f6f3e6e7
  gridgames othello book extend --book book.gz --line f5d6 --deepen 14`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if bookPath == "" {
				return badInputf("--book is required: the book file to extend")
			}
			if outPath == "" {
				outPath = bookPath
			}
			if line == "" && board == "" {
				return badInputf("--line or --board is required: what to add")
			}
			if board != "" && !cmd.Flags().Changed("deepen") {
				return badInputf("--board is for --deepen: to add positions, give --line")
			}
			if cmd.Flags().Changed("deepen") && (deepen < 1 || deepen > 30) {
				return badInputf("--deepen %d: want 1 to 30", deepen)
			}
			pos, err := bookPosition(board, line)
			if err != nil {
				return err
			}
			b, err := readBookFile(bookPath, "--book")
			if err != nil {
				return err
			}
			if err := checkWritable("--out", outPath); err != nil {
				return err
			}
			start := time.Now()
			before := b.Len()
			bar := newProgress(cmd, "")
			defer bar.finish()
			if cmd.Flags().Changed("deepen") {
				err = b.Deepen(cmd.Context(), engine.Options{}, pos, deepen)
				if errors.Is(err, engine.ErrNotInBook) {
					return badInputf("%s is not in the book: add it with --line first", pos)
				}
			} else {
				plies, _, _ := othello.PlayTranscript(othello.StartPosition(), line)
				_, err = b.AddLine(cmd.Context(), engine.Options{}, othello.StartPosition(), plies, func(p engine.BookProgress) error {
					bar.status(fmt.Sprintf("%s in the book", plural(p.Positions, "position")))
					return nil
				})
			}
			bar.finish()
			return finishBookRun(cmd, err, b, outPath, before, start, asJSON, false)
		},
	}
	cmd.Flags().StringVar(&bookPath, "book", "", "the book file to extend")
	cmd.Flags().StringVar(&outPath, "out", "", "write the extended book here (default: back to --book)")
	cmd.Flags().StringVar(&line, "line", "", "moves from the start (a transcript: f5d6c3) whose positions to add")
	cmd.Flags().StringVar(&board, "board", "", "the position to --deepen, as board text")
	cmd.Flags().IntVar(&deepen, "deepen", 0, "value the position's moves again by searches this deep")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the summary as JSON")
	return cmd
}

// finishBookRun ends a build or an extension of the book b: err is what the run
// returned (a Ctrl+C is not a failure: the book as it stands is written), the
// book goes to outPath, and a line (or JSON) says what it holds and what was
// added since it had before positions. resumable says whether a stopped run
// can go on with --resume.
func finishBookRun(cmd *cobra.Command, err error, b *engine.Book, outPath string, before int, start time.Time,
	asJSON, resumable bool) error {
	interrupted := errors.Is(err, context.Canceled) && cmd.Context().Err() != nil
	if err != nil && !interrupted {
		return err
	}
	if err := writeBookFile(outPath, "--out", b); err != nil {
		return err
	}
	st := b.Stats()
	info := bookBuildLine{Out: outPath, Positions: st.Positions, Added: b.Len() - before, Pending: st.Pending,
		Seconds: time.Since(start).Seconds(), Settings: b.Settings(), ByPly: st.ByPly}
	if asJSON {
		if err := json.NewEncoder(cmd.OutOrStdout()).Encode(info); err != nil {
			return err
		}
	} else {
		fmt.Fprintln(cmd.OutOrStdout(), describeBook(outPath, b.Settings(), st))
		fmt.Fprintf(cmd.OutOrStdout(), "%s added in %s\n", plural(info.Added, "position"), time.Since(start).Round(time.Second))
	}
	if !interrupted {
		return nil
	}
	if resumable {
		fmt.Fprintf(cmd.ErrOrStderr(), "Stopped: %s written with %d positions queued; --resume goes on.\n", outPath, st.Pending)
	}
	return errInterrupted
}
