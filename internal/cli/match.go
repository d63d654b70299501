package cli

import (
	"context"
	"fmt"
	"io"
	"sort"
	"strings"
	"sync"

	"github.com/gridgames/gridgames/internal/nbmatch"
	"github.com/gridgames/gridgames/othello"
	"github.com/gridgames/gridgames/othello/engine"
	"github.com/gridgames/gridgames/othello/session"
	"github.com/spf13/cobra"
)

func newOthelloMatchCommand() *cobra.Command {
	var o matchOptions
	cmd := &cobra.Command{
		Use:   "match --black SPEC --white SPEC --games N",
		Short: "Play engine against engine and tabulate the results",
		Long: `Play N games between two players: a level (1 to 10, or level5), a classic level
(classic10: the level with the hand-made evaluation, as levels were before the
learned one), random or greedy.
The first player (--black) has black in the odd games and white in the even ones;
each pair of games starts from the same opening of a few random moves, so the
colours are fair. Games run side by side on the CPUs. On a terminal a status line
shows the games finished and the moves of each game under way; when stderr is not
a terminal, a line goes there as each game starts and ends. The table is from the
first player's side: wins, draws, losses and the mean final disc difference.
Levels 6 to 10 play from the opening book while a game is in it (a move drawn
among those near the best, so games differ); --book says whose levels do.`,
		Example: `  gridgames othello match --black 3 --white 2 --games 100
  gridgames othello match --black level10 --white greedy --games 20 --json`,
		Args: cobra.NoArgs,
		RunE: runOptions(&o),
	}
	f := cmd.Flags()
	f.StringVar(&o.black, "black", "", "first player: a level 1-10, random or greedy (black in odd games)")
	f.StringVar(&o.white, "white", "", "second player (white in odd games)")
	o.register(f, 10, "seed for the openings and the random players")
	f.IntVar(&o.size, "size", 8, "board size: 4, 6 or 8")
	f.IntVar(&o.workers, "workers", 0, "games played side by side (0: one per CPU)")
	f.StringVar(&o.book, "book", "both", "which players' levels 6-10 play from the opening book: both, first, second or none")
	f.StringVar(&o.midgame, "midgame", "", "the learned midgame evaluation of levels 5-10 (from othello midgame) instead of the built-in one")
	f.StringVar(&o.secondMidgame, "second-midgame", "", "the second player's (--white's) midgame evaluation, to match two evaluations (default: --midgame's)")
	_ = cmd.MarkFlagRequired("black")
	_ = cmd.MarkFlagRequired("white")
	return cmd
}

// matchOptions are the flags of othello match.
type matchOptions struct {
	matchFlags
	black, white, book     string
	midgame, secondMidgame string
	size, workers          int
	seats                  [2]session.Seat // --black's and --white's, set by validate
	books                  [2]bool         // whose levels play from the book, set by validate
}

// validate refuses flag values out of range, before any file is read.
func (o *matchOptions) validate() error {
	if err := o.matchFlags.validate(); err != nil {
		return err
	}
	if err := checkWorkers(o.workers); err != nil {
		return err
	}
	if _, err := othello.NewPosition(o.size); err != nil {
		return badInputf("--size %d: Othello boards are 4, 6 or 8 squares wide", o.size)
	}
	var err error
	if o.seats[0], err = matchSeat("black", o.black); err != nil {
		return err
	}
	if o.seats[1], err = matchSeat("white", o.white); err != nil {
		return err
	}
	o.books, err = matchBooks(o.book)
	return err
}

// run reads the evaluations, plays the match and prints its summary.
func (o *matchOptions) run(cmd *cobra.Command) error {
	start, _ := othello.NewPosition(o.size) // validated
	l := nbmatch.Levels{Start: start, Seats: o.seats, Games: o.games, Opening: o.opening, Seed: o.seed}
	var err error
	if o.midgame != "" {
		if l.Midgame[0], err = readMidgameFile(o.midgame, "--midgame"); err != nil {
			return err
		}
	}
	l.Midgame[1] = l.Midgame[0]
	if o.secondMidgame != "" {
		if l.Midgame[1], err = readMidgameFile(o.secondMidgame, "--second-midgame"); err != nil {
			return err
		}
	}
	for i, use := range o.books {
		if use {
			l.Book[i] = engine.DefaultBook()
		}
	}
	workers := o.workers
	if workers == 0 {
		workers = defaultWorkers()
	}
	sum, err := runMatch(cmd, l, workers)
	if !o.transcripts {
		sum.Transcripts = nil
	}
	return o.report(cmd, err, sum.Games, sum, func(out io.Writer) { printMatch(out, sum, o.size) })
}

// matchSeat reads a match player: a level, random or greedy (a person cannot
// play a match).
func matchSeat(flag, spec string) (session.Seat, error) {
	seat, err := session.ParseSeat(spec)
	want := fmt.Sprintf("want a level from 1 to %d (or classic1 to classic%d), random or greedy", engine.MaxLevel, engine.MaxLevel)
	switch {
	case err != nil:
		return seat, badInputf("--%s %q: %s", flag, spec, want)
	case seat.IsHuman():
		return seat, badInputf("--%s %q: %s (a match is between computer players)", flag, spec, want)
	}
	return seat, nil
}

// matchBooks reads --book: whether the first and the second player's levels
// play from the opening book.
func matchBooks(which string) ([2]bool, error) {
	switch which {
	case "both":
		return [2]bool{true, true}, nil
	case "first":
		return [2]bool{true, false}, nil
	case "second":
		return [2]bool{false, true}, nil
	case "none":
		return [2]bool{}, nil
	}
	return [2]bool{}, badInputf("--book %q: want both, first, second or none", which)
}

// printMatch writes the match table.
func printMatch(out io.Writer, sum nbmatch.LevelsSummary, size int) {
	printTally(out, sum.First, sum.Second, size, sum.Tally)
	printTranscripts(out, sum.Transcripts)
}

// runMatch plays the games of l, workers at a time, each worker with an
// engine for each player, with a status line or a line a game on stderr. If
// the context ends, the finished games are summed up and context.Canceled
// comes back with them.
func runMatch(cmd *cobra.Command, l nbmatch.Levels, workers int) (nbmatch.LevelsSummary, error) {
	ctx := cmd.Context()
	openings := l.Openings()
	games := make([]nbmatch.LevelGame, l.Games)
	live := &matchProgress{bar: newProgress(cmd, ""), games: l.Games, moves: map[int]int{}}
	hooks := nbmatch.LevelHooks{Started: live.started, Moved: live.moved, Over: live.over}
	runJobs(ctx, l.Games, workers, l.Engines,
		func(engs [2]*engine.Engine, i int) { games[i] = l.PlayGame(ctx, engs, i, openings[i/2], hooks) },
		func(i, done int) { live.finished(i, done) })
	live.bar.finish()
	sum, err := l.TallyLevels(games)
	if err != nil {
		return sum, err
	}
	if ctx.Err() != nil {
		return sum, context.Canceled
	}
	return sum, nil
}

// matchProgress tells how a match goes while it plays: on a terminal a status
// line with the games finished and each game under way's move count, updated
// every move; elsewhere a line as each game starts and ends.
type matchProgress struct {
	bar   *progress
	games int
	mu    sync.Mutex
	moves map[int]int // game index: moves so far, for the games under way
	done  int
}

func (m *matchProgress) started(i int, cfg session.Config) {
	m.mu.Lock()
	m.moves[i] = 0
	m.mu.Unlock()
	m.bar.note("game %d of %d started: %s (black) against %s (white)", i+1, m.games, cfg.Black, cfg.White)
	m.show()
}

func (m *matchProgress) moved(i int) {
	m.mu.Lock()
	m.moves[i]++
	m.mu.Unlock()
	m.show()
}

// over notes game i's result; black is black's final disc difference.
func (m *matchProgress) over(i int, cfg session.Config, black int) {
	m.mu.Lock()
	moves := m.moves[i]
	m.mu.Unlock()
	m.bar.note("game %d of %d over after %d moves: %s (black) against %s (white), black %+d", i+1, m.games, moves, cfg.Black, cfg.White, black)
}

func (m *matchProgress) finished(i, done int) {
	m.mu.Lock()
	delete(m.moves, i)
	m.done = done
	m.mu.Unlock()
	m.show()
}

// show updates the status line (on a terminal only).
func (m *matchProgress) show() {
	m.mu.Lock()
	keys := make([]int, 0, len(m.moves))
	for k := range m.moves {
		keys = append(keys, k)
	}
	sort.Ints(keys)
	parts := []string{fmt.Sprintf("%d of %d games done", m.done, m.games)}
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("game %d: %d moves", k+1, m.moves[k]))
	}
	m.mu.Unlock()
	m.bar.status(strings.Join(parts, " · "))
}
