package cli

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/spf13/cobra"

	"github.com/gridgames/gridgames/game2048"
	"github.com/gridgames/gridgames/internal/store"
	"github.com/gridgames/gridgames/internal/tui"
	"github.com/gridgames/gridgames/othello"
	"github.com/gridgames/gridgames/othello/engine"
	"github.com/gridgames/gridgames/othello/session"
)

func newPlayCommand() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "play",
		Short: "Play 2048 or Othello in the terminal",
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) > 0 {
				return badInputf("unknown command %q for %q: want 2048 or othello", args[0], cmd.CommandPath())
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, _ []string) error { return cmd.Help() },
	}
	cmd.AddCommand(newPlay2048Command(), newPlayOthelloCommand())
	return cmd
}

// playTerminals reports whether r and w are terminals: *os.File values on a
// terminal device. Anything else (a pipe, /dev/null, a buffer) is not one. Tests
// may replace it.
var playTerminals = func(r io.Reader, w io.Writer) (in, out bool) {
	return isTerminal(r), isTerminal(w)
}

// needTerminal fails, as bad input, when the command's stdin or stdout is not a
// terminal: the game cannot be played there.
func needTerminal(cmd *cobra.Command) error {
	in, out := playTerminals(cmd.InOrStdin(), cmd.OutOrStdout())
	what := ""
	switch {
	case !in && !out:
		what = "stdin and stdout are not one"
	case !in:
		what = "stdin is not one"
	case !out:
		what = "stdout is not one"
	default:
		return nil
	}
	name := strings.TrimPrefix(cmd.CommandPath(), cmd.Root().Name()+" ")
	return badInputf("%s needs a terminal (%s)", name, what)
}

// runProgram runs a Bubble Tea model on the command's terminal.
func runProgram(cmd *cobra.Command, m tea.Model) error {
	p := tea.NewProgram(m, tea.WithInput(cmd.InOrStdin()), tea.WithOutput(cmd.OutOrStdout()))
	_, err := p.Run()
	return err
}

func newPlay2048Command() *cobra.Command {
	var (
		rows, cols int
		four       float64
		win        uint64
		seed       string
		noColor    bool
		db         string
		tables     string
	)
	cmd := &cobra.Command{
		Use:   "2048",
		Short: "Play 2048 in the terminal (every key acts, in order)",
		Long: `Play 2048 in the terminal. Arrows, WASD or hjkl slide the tiles; u undoes, n starts a
new game (asking first while a game is on), H (shift+h) asks the solver for a hint,
A (shift+a) toggles autoplay, P (shift+p) makes hints and autoplay perfect on boards of at
most 9 cells (exact tables: up to 2x4 solved on first need, 3x3 read from --tables),
R (shift+r) reviews a finished game against perfect play, ? shows the keys, q or Esc quits. Keys typed while the
tiles slide wait their turn (up to 8), so every key acts, in order.
The best score per board size is kept in the same database as the web app's.
It needs a terminal: stdin and stdout must both be one.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			rules := game2048.DefaultRules()
			rules.Rows, rules.Cols, rules.FourChance, rules.WinTile = rows, cols, four, win
			if err := rules.Validate(); err != nil {
				return rulesError(err)
			}
			opt := tui.Options2048{Rules: rules, NoColor: noColor || tui.NoColorFromEnv(), Tables: tablesDir(tables)}
			if seed != "" {
				s, err := strconv.ParseUint(seed, 10, 64)
				if err != nil {
					return badInputf("--seed %q: want a whole number from 0 to 18446744073709551615", seed)
				}
				opt.Seed, opt.HasSeed = s, true
			}
			if err := needTerminal(cmd); err != nil {
				return err
			}
			st, err := openScores(cmd, db)
			if err != nil {
				return err
			}
			if st != nil {
				defer st.Close()
				opt.Scores = st
			}
			m, err := tui.New2048(opt)
			if err != nil {
				return badInput(err)
			}
			return runProgram(cmd, m)
		},
	}
	d := game2048.DefaultRules()
	cmd.Flags().IntVar(&rows, "rows", d.Rows, "board rows (2-16)")
	cmd.Flags().IntVar(&cols, "cols", d.Cols, "board columns (2-16)")
	newChanceFlag(cmd.Flags(), &four, "four", d.FourChance, "chance that a new tile is a 4,")
	cmd.Flags().Uint64Var(&win, "win", d.WinTile, "win tile (a power of two)")
	cmd.Flags().StringVar(&seed, "seed", "", "seed of the first game (default: random)")
	cmd.Flags().BoolVar(&noColor, "no-color", false, "no colours (also when NO_COLOR is set)")
	cmd.Flags().StringVar(&db, "db", "", "database for best scores (default: the web app's)")
	cmd.Flags().StringVar(&tables, "tables", "", "directory of exact tables for perfect play on 3x3 (default $"+tablesEnv+", else tables in the user's data directory)")
	return cmd
}

// openScores opens the database for best scores: a wrong --db is bad input;
// when the default database cannot be opened the game still plays, with a
// warning.
func openScores(cmd *cobra.Command, path string) (*store.SQLite, error) {
	st, _, err := openStore(cmd.Context(), path)
	if err != nil && path != "" {
		return nil, err // a --db that is wrong is bad input, as for serve
	}
	if err != nil {
		fmt.Fprintf(cmd.ErrOrStderr(), "gridgames: best scores not kept: %v\n", err)
		return nil, nil
	}
	return st, nil
}

// playSeat reads --black or --white: a person, a level or, on 4x4 and 6x6 (size),
// perfect. The baselines that session.ParseSeat also reads (random, greedy) are
// for engine matches, not for playing in the terminal.
func playSeat(flag, text string, size int) (session.Seat, error) {
	s, err := session.ParseSeat(text)
	if err == nil && s.IsPerfect() && !engine.PerfectSize(size) {
		return session.Seat{}, badInputf("--%s perfect: perfect play is offered on the 4x4 and 6x6 boards only, not --size %d", flag, size)
	}
	if err == nil && (s.IsHuman() || s.Level() > 0 || s.IsPerfect()) {
		return s, nil
	}
	want := fmt.Sprintf("want human, a level from 1 to %d or perfect (4x4 and 6x6)", engine.MaxLevel)
	if err == nil {
		want += " (" + s.String() + " plays only in engine matches)"
	}
	return session.Seat{}, badInputf("--%s %q: %s", flag, text, want)
}

func newPlayOthelloCommand() *cobra.Command {
	var (
		size         int
		black, white string
		noColor      bool
	)
	cmd := &cobra.Command{
		Use:   "othello",
		Short: "Play Othello in the terminal",
		Long: `Play Othello in the terminal against a person or the computer. Type a square to play
it ("f5": its letter, then its digit; Esc clears), or move the cursor with the arrows
and play with Enter or Space (or a click). u undoes and r redoes (against the computer,
back to your turn), n starts a new game (asking first while a game is on), H (shift+h)
hints, v shows the engine's value of every legal square in discs, ? shows the keys,
q quits. Black's discs are ●, white's ○.
--black and --white are human or a computer level from 1 (easy) to 10, or on
4x4 and 6x6 perfect: it plays every move perfectly, and there the hints and values
are exact (within 10 seconds; else the engine's estimate).
It needs a terminal: stdin and stdout must both be one.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			b, err := playSeat("black", black, size)
			if err != nil {
				return err
			}
			w, err := playSeat("white", white, size)
			if err != nil {
				return err
			}
			m, err := tui.NewOthello(tui.OptionsOthello{Size: size, Black: b, White: w, NoColor: noColor || tui.NoColorFromEnv()})
			if errors.Is(err, othello.ErrSize) {
				return badInputf("--size %d: Othello boards are 4, 6 or 8 squares wide", size)
			}
			if err != nil {
				return badInput(err)
			}
			if err := needTerminal(cmd); err != nil {
				return err
			}
			return runProgram(cmd, m)
		},
	}
	cmd.Flags().IntVar(&size, "size", 8, "board size: 4, 6 or 8")
	cmd.Flags().StringVar(&black, "black", "human", "black player: human, a level 1-10, or perfect (4x4, 6x6)")
	cmd.Flags().StringVar(&white, "white", "1", "white player: human, a level 1-10, or perfect (4x4, 6x6)")
	cmd.Flags().BoolVar(&noColor, "no-color", false, "no colours (also when NO_COLOR is set)")
	return cmd
}
