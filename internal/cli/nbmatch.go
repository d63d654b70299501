package cli

import (
	"fmt"
	"io"
	"time"

	"github.com/gridgames/gridgames/internal/nbclient"
	"github.com/gridgames/gridgames/internal/nbmatch"
	"github.com/spf13/cobra"
)

func newOthelloNBMatchCommand() *cobra.Command {
	var o nbmatchOptions
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
before each go and after its answer (Linux only).

--review N also measures both engines' moves near the end against perfect play:
after each game, every position with at most N empty squares (1 to 24) where an
engine moved is solved exactly (by this program, one CPU, not counted in either
engine's CPU), and so is the position after the move; a move's loss is the discs
its solved value dropped by. It prints each engine's moves, discs lost a move
and moves that lost anything, by empty squares. A solve of 24 empties can take
seconds.`,
		Example: `  gridgames othello nbmatch --first 'gridgames othello nboard --workers 1 --move-time 5s' \
    --first-depth 14 --second 'cd /tmp/ntest/run && ./ntest' --second-depth 14 --games 20
  taskset -c 0 gridgames othello nbmatch --first 'edax -n 1' --second 'ntest' --second-depth 10 --json`,
		Args: cobra.NoArgs,
		RunE: runOptions(&o),
	}
	f := cmd.Flags()
	f.StringVar(&o.first, "first", "", "the first engine's command line (black in odd games)")
	f.StringVar(&o.second, "second", "", "the second engine's command line (white in odd games)")
	f.IntVar(&o.firstDepth, "first-depth", 0, `"set depth N" for the first engine (0: send none)`)
	f.IntVar(&o.secondDepth, "second-depth", 0, `"set depth N" for the second engine (0: send none)`)
	o.register(f, 20, "seed for the openings")
	f.IntVar(&o.review, "review", 0, "solve every position from this many empties (1-24) to measure each engine's endgame moves (0: none)")
	f.DurationVar(&o.moveTimeout, "move-timeout", nbmatch.DefaultMoveTimeout, "the longest an engine may think about one move before it loses the game")
	_ = cmd.MarkFlagRequired("first")
	_ = cmd.MarkFlagRequired("second")
	return cmd
}

// nbmatchOptions are the flags of othello nbmatch.
type nbmatchOptions struct {
	matchFlags
	first, second           string
	firstDepth, secondDepth int
	review                  int
	moveTimeout             time.Duration
}

// validate refuses flag values out of range.
func (o *nbmatchOptions) validate() error {
	if err := o.matchFlags.validate(); err != nil {
		return err
	}
	switch {
	case o.firstDepth < 0 || o.firstDepth > 60:
		return badInputf("--first-depth %d: want 1 to 60 (0: the engine's own)", o.firstDepth)
	case o.secondDepth < 0 || o.secondDepth > 60:
		return badInputf("--second-depth %d: want 1 to 60 (0: the engine's own)", o.secondDepth)
	case o.review < 0 || o.review > nbmatch.MaxReviewEmpties:
		return badInputf("--review %d: want 1 to %d empty squares (0: no review)", o.review, nbmatch.MaxReviewEmpties)
	case o.moveTimeout <= 0:
		return badInputf("--move-timeout %v: want a positive duration such as 1m", o.moveTimeout)
	}
	return nil
}

// run plays the match, a line on stderr a game, and prints its summary.
func (o *nbmatchOptions) run(cmd *cobra.Command) error {
	bar := newProgress(cmd, "")
	rev := newMatchReview(o.review)
	cfg := nbmatch.Config{
		Engines: [2]nbmatch.Engine{
			{Spec: nbclient.Spec{Command: o.first}, Depth: o.firstDepth},
			{Spec: nbclient.Spec{Command: o.second}, Depth: o.secondDepth},
		},
		Games: o.games, Opening: o.opening, Seed: o.seed, MoveTimeout: o.moveTimeout,
		OnGame: func(g nbmatch.Game) {
			bar.note("%s", gameLine(g, o.games))
			rev.add(cmd.Context(), g)
		},
	}
	sum, err := nbmatch.Play(cmd.Context(), cfg)
	bar.finish()
	if !o.transcripts {
		sum.Transcripts = nil
	}
	out := nbmatchReport{Summary: sum, Review: rev.review}
	if err := o.report(cmd, err, sum.Games, out, func(w io.Writer) {
		printNBMatch(w, sum)
		printMatchReview(w, sum, rev.review)
	}); err != nil {
		return err
	}
	// A review that failed (its games up to the failure are in it) still
	// leaves the match's results printed above.
	return rev.err
}

// nbmatchReport is what nbmatch --json prints: the summary, and the review
// when --review asked for one.
type nbmatchReport struct {
	nbmatch.Summary
	Review *nbmatch.Review `json:"review,omitempty"`
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
	printTally(out, first, second, 8, sum.Tally)
	fmt.Fprintf(out, "CPU a move: %s %.3f s (%d moves), %s %.3f s (%d moves)\n",
		first, sum.CPUPerMove[0], sum.Moves[0], second, sum.CPUPerMove[1], sum.Moves[1])
	for _, g := range sum.Forfeits {
		fmt.Fprintf(out, "game %d forfeited: %v\n", g.Number, *g.Forfeit)
	}
	printTranscripts(out, sum.Transcripts)
}
