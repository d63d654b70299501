package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/gridgames/gridgames/internal/nbmatch"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// matchFlags are the flags othello match and othello nbmatch share: how many
// games, their openings, and what the summary prints.
type matchFlags struct {
	games, opening    int
	seed              uint64
	json, transcripts bool
}

// register adds --games (default games), --opening, --seed (seedUsage) and
// --json and --transcripts to f.
func (m *matchFlags) register(f *pflag.FlagSet, games int, seedUsage string) {
	f.IntVar(&m.games, "games", games, "number of games")
	f.IntVar(&m.opening, "opening", 4, "random plies played before each pair of games")
	f.Uint64Var(&m.seed, "seed", 1, seedUsage)
	f.BoolVar(&m.json, "json", false, "print the summary as JSON")
	f.BoolVar(&m.transcripts, "transcripts", false, "also print every game's transcript")
}

// validate refuses --games below 1 and --opening outside 0 to 20.
func (m *matchFlags) validate() error {
	if m.games < 1 {
		return badInputf("--games %d: want 1 or more", m.games)
	}
	if m.opening < 0 || m.opening > 20 {
		return badInputf("--opening %d: want 0 to 20 random plies", m.opening)
	}
	return nil
}

// report ends a match that returned err: unless err is an error other than
// Ctrl+C's, it prints the summary of the games played (JSON of sum, or the
// table that table writes; nothing if none was played), and after Ctrl+C says
// how many of --games finished and returns errInterrupted.
func (m *matchFlags) report(cmd *cobra.Command, err error, played int, sum any, table func(io.Writer)) error {
	interrupted := errors.Is(err, context.Canceled) && cmd.Context().Err() != nil
	if err != nil && !interrupted {
		return err
	}
	out := cmd.OutOrStdout()
	if played > 0 {
		if m.json {
			if err := json.NewEncoder(out).Encode(sum); err != nil {
				return err
			}
		} else {
			table(out)
		}
	}
	if interrupted {
		fmt.Fprintf(cmd.ErrOrStderr(), "Stopped: %s of %d finished.\n", plural(played, "game"), m.games)
		return errInterrupted
	}
	return nil
}

// printTally writes a match's table from the first player's side: who played
// whom on what board, wins, draws and losses by colour, the score and the mean
// disc difference.
func printTally(out io.Writer, first, second string, size int, t nbmatch.Tally) {
	fmt.Fprintf(out, "%s against %s, %s on %dx%d\n\n", first, second, plural(t.Games, "game"), size, size)
	fmt.Fprintf(out, "%-12s %5s %6s %7s\n", "", "wins", "draws", "losses")
	fmt.Fprintf(out, "%-12s %5d %6d %7d\n", "as black", t.AsBlack[0], t.AsBlack[1], t.AsBlack[2])
	fmt.Fprintf(out, "%-12s %5d %6d %7d\n", "as white", t.AsWhite[0], t.AsWhite[1], t.AsWhite[2])
	fmt.Fprintf(out, "%-12s %5d %6d %7d\n\n", "total", t.Wins, t.Draws, t.Losses)
	fmt.Fprintf(out, "%s scores %.1f%% (wins plus half the draws), mean disc difference %+.1f\n",
		first, 100*t.WinRate, t.MeanDiscs)
}

// printTranscripts writes a line a game: "game 1: f5d6...".
func printTranscripts(out io.Writer, transcripts []string) {
	for i, t := range transcripts {
		fmt.Fprintf(out, "game %d: %s\n", i+1, t)
	}
}
