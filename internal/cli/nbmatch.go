package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/gridgames/gridgames/internal/nbclient"
	"github.com/gridgames/gridgames/internal/nbmatch"
	"github.com/spf13/cobra"
)

func newOthelloNBMatchCommand() *cobra.Command {
	var first, second string
	var firstDepth, secondDepth, games, opening int
	var seed uint64
	var moveTimeout time.Duration
	var asJSON, transcripts bool
	cmd := &cobra.Command{
		Use:   "nbmatch --first CMD --second CMD --games N",
		Short: "Play two NBoard-protocol engines against each other and tabulate the results",
		Long: `Play N games between two Othello engines that speak the NBoard protocol (NTest,
Edax, "gridgames othello nboard"), each started from its command line (run by
/bin/sh -c, so "cd /tmp/ntest/run && ./ntest" works) and told the depth to search
with "set depth" when --first-depth or --second-depth is given.
The first engine has black in the odd games and white in the even ones; each
pair of games starts from the same opening of --opening random plies (drawn from
--seed as "othello match" draws them). Each game is set with "set game", the moves
with "move"; the driver plays the passes. Every move an engine answers is checked:
an illegal move, an unreadable answer, none within --move-timeout, or an engine
that ends, loses that game for it (the engine, the position and the answer are
reported; an engine that failed to answer is started again for the next game).
One game at a time, one engine thinking at a time.
The table is from the first engine's side: wins, draws, losses, the mean final
disc difference (forfeited games left out), and each engine's mean CPU seconds a
move: user plus system time of its whole process tree, read from /proc/PID/stat
before each go and after its answer (Linux only).`,
		Example: `  gridgames othello nbmatch --first 'gridgames othello nboard --workers 1 --move-time 5s' \
    --first-depth 14 --second 'cd /tmp/ntest/run && ./ntest' --second-depth 14 --games 20
  taskset -c 0 gridgames othello nbmatch --first 'edax -n 1' --second 'ntest' --second-depth 10 --json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			switch {
			case games < 1:
				return badInputf("--games %d: want 1 or more", games)
			case opening < 0 || opening > 20:
				return badInputf("--opening %d: want 0 to 20 random plies", opening)
			case firstDepth < 0 || firstDepth > 60:
				return badInputf("--first-depth %d: want 1 to 60 (0: the engine's own)", firstDepth)
			case secondDepth < 0 || secondDepth > 60:
				return badInputf("--second-depth %d: want 1 to 60 (0: the engine's own)", secondDepth)
			case moveTimeout <= 0:
				return badInputf("--move-timeout %v: want a positive duration such as 1m", moveTimeout)
			}
			bar := newProgress(cmd, "")
			cfg := nbmatch.Config{
				Engines: [2]nbmatch.Engine{
					{Spec: nbclient.Spec{Command: first}, Depth: firstDepth},
					{Spec: nbclient.Spec{Command: second}, Depth: secondDepth},
				},
				Games: games, Opening: opening, Seed: seed, MoveTimeout: moveTimeout,
				OnGame: func(g nbmatch.Game) { bar.note("%s", gameLine(g, games)) },
			}
			sum, err := nbmatch.Play(cmd.Context(), cfg)
			bar.finish()
			interrupted := errors.Is(err, context.Canceled) && cmd.Context().Err() != nil
			if err != nil && !interrupted {
				return err
			}
			if !transcripts {
				sum.Transcripts = nil
			}
			out := cmd.OutOrStdout()
			if sum.Games > 0 {
				if asJSON {
					if err := json.NewEncoder(out).Encode(sum); err != nil {
						return err
					}
				} else {
					printNBMatch(out, sum)
				}
			}
			if interrupted {
				fmt.Fprintf(cmd.ErrOrStderr(), "Stopped: %s of %d finished.\n", plural(sum.Games, "game"), games)
				return errInterrupted
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&first, "first", "", "the first engine's command line (black in odd games)")
	f.StringVar(&second, "second", "", "the second engine's command line (white in odd games)")
	f.IntVar(&firstDepth, "first-depth", 0, `"set depth N" for the first engine (0: send none)`)
	f.IntVar(&secondDepth, "second-depth", 0, `"set depth N" for the second engine (0: send none)`)
	f.IntVar(&games, "games", 20, "number of games")
	f.IntVar(&opening, "opening", 4, "random plies played before each pair of games")
	f.Uint64Var(&seed, "seed", 1, "seed for the openings")
	f.DurationVar(&moveTimeout, "move-timeout", nbmatch.DefaultMoveTimeout, "the longest an engine may think about one move before it loses the game")
	f.BoolVar(&asJSON, "json", false, "print the summary as JSON")
	f.BoolVar(&transcripts, "transcripts", false, "also print every game's transcript")
	_ = cmd.MarkFlagRequired("first")
	_ = cmd.MarkFlagRequired("second")
	return cmd
}

// gameLine tells how game g of n ended, from black's side.
func gameLine(g nbmatch.Game, n int) string {
	colours := "first (black) against second (white)"
	black := g.Discs
	if !g.FirstBlack {
		colours = "second (black) against first (white)"
		black = -black
	}
	if g.Forfeit != nil {
		return fmt.Sprintf("game %d of %d, %s: forfeited: %v", g.Number, n, colours, *g.Forfeit)
	}
	return fmt.Sprintf("game %d of %d, %s: black %+d", g.Number, n, colours, black)
}

// printNBMatch writes the match table.
func printNBMatch(out io.Writer, sum nbmatch.Summary) {
	first, second := sum.First, sum.Second
	if first == second {
		first, second = first+" (first)", second+" (second)"
	}
	fmt.Fprintf(out, "%s against %s, %s on 8x8\n\n", first, second, plural(sum.Games, "game"))
	fmt.Fprintf(out, "%-12s %5s %6s %7s\n", "", "wins", "draws", "losses")
	fmt.Fprintf(out, "%-12s %5d %6d %7d\n", "as black", sum.AsBlack[0], sum.AsBlack[1], sum.AsBlack[2])
	fmt.Fprintf(out, "%-12s %5d %6d %7d\n", "as white", sum.AsWhite[0], sum.AsWhite[1], sum.AsWhite[2])
	fmt.Fprintf(out, "%-12s %5d %6d %7d\n\n", "total", sum.Wins, sum.Draws, sum.Losses)
	fmt.Fprintf(out, "%s scores %.1f%% (wins plus half the draws), mean disc difference %+.1f\n",
		first, 100*sum.WinRate, sum.MeanDiscs)
	fmt.Fprintf(out, "CPU a move: %s %.3f s (%d moves), %s %.3f s (%d moves)\n",
		first, sum.CPUPerMove[0], sum.Moves[0], second, sum.CPUPerMove[1], sum.Moves[1])
	for _, g := range sum.Forfeits {
		fmt.Fprintf(out, "game %d forfeited: %v\n", g.Number, *g.Forfeit)
	}
	for i, t := range sum.Transcripts {
		fmt.Fprintf(out, "game %d: %s\n", i+1, t)
	}
}
