package cli

import (
	"fmt"
	"strconv"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/spf13/cobra"

	"github.com/gridgames/gridgames/game2048"
	"github.com/gridgames/gridgames/internal/store"
	"github.com/gridgames/gridgames/internal/tui"
	"github.com/gridgames/gridgames/othello/engine"
)

func newPlayCommand() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "play",
		Short: "Play 2048 or Othello in the terminal",
	}
	cmd.AddCommand(newPlay2048Command(), newPlayOthelloCommand())
	return cmd
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
	)
	cmd := &cobra.Command{
		Use:   "2048",
		Short: "Play 2048 in the terminal (keys act at once)",
		Long: `Play 2048 in the terminal. Arrows, WASD or hjkl slide the tiles; u undoes, n starts a
new game, H asks the solver for a hint, A toggles autoplay, ? shows the keys, q quits.
The best score per board size is kept in the same database as the web app's.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			rules := game2048.DefaultRules()
			rules.Rows, rules.Cols, rules.FourChance, rules.WinTile = rows, cols, four, win
			if err := rules.Validate(); err != nil {
				return badInput(err)
			}
			opt := tui.Options2048{Rules: rules, NoColor: noColor || tui.NoColorFromEnv()}
			if seed != "" {
				s, err := strconv.ParseUint(seed, 10, 64)
				if err != nil {
					return badInputf("--seed %q: want a number from 0 to 2^64-1", seed)
				}
				opt.Seed, opt.HasSeed = s, true
			}
			if st := openScores(cmd, db); st != nil {
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
	cmd.Flags().Float64Var(&four, "four", d.FourChance, "chance that a new tile is a 4 (0-1)")
	cmd.Flags().Uint64Var(&win, "win", d.WinTile, "win tile (a power of two)")
	cmd.Flags().StringVar(&seed, "seed", "", "seed of the first game (default: random)")
	cmd.Flags().BoolVar(&noColor, "no-color", false, "no colours (also when NO_COLOR is set)")
	cmd.Flags().StringVar(&db, "db", "", "database for best scores (default: the web app's)")
	return cmd
}

// openScores opens the database for best scores; without one the game still
// plays, with a warning.
func openScores(cmd *cobra.Command, path string) *store.SQLite {
	if path == "" {
		p, err := store.DefaultPath()
		if err != nil {
			fmt.Fprintf(cmd.ErrOrStderr(), "gridgames: best scores not kept: %v\n", err)
			return nil
		}
		path = p
	}
	st, err := store.Open(path)
	if err != nil {
		fmt.Fprintf(cmd.ErrOrStderr(), "gridgames: best scores not kept: %v\n", err)
		return nil
	}
	return st
}

// parseSide reads a player flag: "human" or a level 1-10 ("3" or "level3").
func parseSide(flag, s string) (int, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	if t == "human" || t == "person" {
		return 0, nil
	}
	n, err := strconv.Atoi(strings.TrimPrefix(t, "level"))
	if err != nil || n < 1 || n > engine.MaxLevel {
		return 0, badInputf("--%s %q: want human or a level from 1 to %d", flag, s, engine.MaxLevel)
	}
	return n, nil
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
		Long: `Play Othello in the terminal against a person or the computer. Arrows move the
cursor, Enter or Space (or a click) plays, u undoes, h hints, ? shows the keys, q quits.
--black and --white are human or a computer level from 1 (easy) to 10.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if size != 4 && size != 6 && size != 8 {
				return badInputf("--size %d: Othello boards are 4, 6 or 8 squares wide", size)
			}
			b, err := parseSide("black", black)
			if err != nil {
				return err
			}
			w, err := parseSide("white", white)
			if err != nil {
				return err
			}
			m, err := tui.NewOthello(tui.OptionsOthello{Size: size, Players: [2]int{b, w}, NoColor: noColor || tui.NoColorFromEnv()})
			if err != nil {
				return badInput(err)
			}
			return runProgram(cmd, m)
		},
	}
	cmd.Flags().IntVar(&size, "size", 8, "board size: 4, 6 or 8")
	cmd.Flags().StringVar(&black, "black", "human", "black player: human or a level 1-10")
	cmd.Flags().StringVar(&white, "white", "1", "white player: human or a level 1-10")
	cmd.Flags().BoolVar(&noColor, "no-color", false, "no colours (also when NO_COLOR is set)")
	return cmd
}
