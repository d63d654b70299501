package cli

import (
	"context"
	"encoding/json"
	"errors"
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

// matchSummary is what `othello match --json` prints, from the first player's side.
type matchSummary struct {
	First      string   `json:"first"`
	Second     string   `json:"second"`
	Games      int      `json:"games"`
	Wins       int      `json:"wins"`
	Draws      int      `json:"draws"`
	Losses     int      `json:"losses"`
	WinRate    float64  `json:"winRate"` // wins plus half the draws, per game
	MeanDiscs  float64  `json:"meanDiscDifference"`
	AsBlack    [3]int   `json:"asBlack"` // wins, draws, losses with black
	AsWhite    [3]int   `json:"asWhite"`
	Transcript []string `json:"transcripts,omitempty"`
}

func newOthelloMatchCommand() *cobra.Command {
	var black, white, midgame, secondMidgame, book string
	var games, size, opening, workers int
	var seed uint64
	var asJSON, transcripts bool
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
		RunE: func(cmd *cobra.Command, _ []string) error {
			if games < 1 {
				return badInputf("--games %d: want 1 or more", games)
			}
			if opening < 0 || opening > 20 {
				return badInputf("--opening %d: want 0 to 20 random plies", opening)
			}
			if err := checkWorkers(workers); err != nil {
				return err
			}
			start, err := othello.NewPosition(size)
			if err != nil {
				return badInputf("--size %d: Othello boards are 4, 6 or 8 squares wide", size)
			}
			a, err := matchSeat("black", black)
			if err != nil {
				return err
			}
			b, err := matchSeat("white", white)
			if err != nil {
				return err
			}
			if workers == 0 {
				workers = defaultWorkers()
			}
			books, err := matchBooks(book)
			if err != nil {
				return err
			}
			var mid [2]*engine.Midgame // by player: first, second
			if midgame != "" {
				if mid[0], err = readMidgameFile(midgame, "--midgame"); err != nil {
					return err
				}
			}
			mid[1] = mid[0]
			if secondMidgame != "" {
				if mid[1], err = readMidgameFile(secondMidgame, "--second-midgame"); err != nil {
					return err
				}
			}
			sum, err := runMatch(cmd, start, [2]session.Seat{a, b}, games, opening, seed, workers, mid, books)
			interrupted := errors.Is(err, context.Canceled) && cmd.Context().Err() != nil
			if err != nil && !interrupted {
				return err
			}
			if !transcripts {
				sum.Transcript = nil
			}
			out := cmd.OutOrStdout()
			if sum.Games > 0 {
				if asJSON {
					if err := json.NewEncoder(out).Encode(sum); err != nil {
						return err
					}
				} else {
					printMatch(out, sum, size)
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
	f.StringVar(&black, "black", "", "first player: a level 1-10, random or greedy (black in odd games)")
	f.StringVar(&white, "white", "", "second player (white in odd games)")
	f.IntVar(&games, "games", 10, "number of games")
	f.IntVar(&size, "size", 8, "board size: 4, 6 or 8")
	f.IntVar(&opening, "opening", 4, "random plies played before each pair of games")
	f.Uint64Var(&seed, "seed", 1, "seed for the openings and the random players")
	f.IntVar(&workers, "workers", 0, "games played side by side (0: one per CPU)")
	f.BoolVar(&asJSON, "json", false, "print the summary as JSON")
	f.BoolVar(&transcripts, "transcripts", false, "also print every game's transcript")
	f.StringVar(&book, "book", "both", "which players' levels 6-10 play from the opening book: both, first, second or none")
	f.StringVar(&midgame, "midgame", "", "the learned midgame evaluation of levels 5-10 (from othello midgame) instead of the built-in one")
	f.StringVar(&secondMidgame, "second-midgame", "", "the second player's (--white's) midgame evaluation, to match two evaluations (default: --midgame's)")
	_ = cmd.MarkFlagRequired("black")
	_ = cmd.MarkFlagRequired("white")
	return cmd
}

// matchBooks reads --book: the opening book of the first and second players.
func matchBooks(which string) ([2]*engine.Book, error) {
	b := engine.DefaultBook()
	switch which {
	case "both":
		return [2]*engine.Book{b, b}, nil
	case "first":
		return [2]*engine.Book{b, nil}, nil
	case "second":
		return [2]*engine.Book{nil, b}, nil
	case "none":
		return [2]*engine.Book{}, nil
	}
	return [2]*engine.Book{}, badInputf("--book %q: want both, first, second or none", which)
}

// printMatch writes the match table.
func printMatch(out io.Writer, sum matchSummary, size int) {
	fmt.Fprintf(out, "%s against %s, %s on %dx%d\n\n", sum.First, sum.Second, plural(sum.Games, "game"), size, size)
	fmt.Fprintf(out, "%-12s %5s %6s %7s\n", "", "wins", "draws", "losses")
	fmt.Fprintf(out, "%-12s %5d %6d %7d\n", "as black", sum.AsBlack[0], sum.AsBlack[1], sum.AsBlack[2])
	fmt.Fprintf(out, "%-12s %5d %6d %7d\n", "as white", sum.AsWhite[0], sum.AsWhite[1], sum.AsWhite[2])
	fmt.Fprintf(out, "%-12s %5d %6d %7d\n\n", "total", sum.Wins, sum.Draws, sum.Losses)
	fmt.Fprintf(out, "%s scores %.1f%% (wins plus half the draws), mean disc difference %+.1f\n",
		sum.First, 100*sum.WinRate, sum.MeanDiscs)
	for i, t := range sum.Transcript {
		fmt.Fprintf(out, "game %d: %s\n", i+1, t)
	}
}

// runMatch plays the games, workers at a time, each worker with an engine for
// each player, every game a session with the two seats. If the context ends, the
// finished games are summed up and the context's error comes back with them.
func runMatch(cmd *cobra.Command, start othello.Position, seats [2]session.Seat,
	games, opening int, seed uint64, workers int, mid [2]*engine.Midgame, books [2]*engine.Book) (matchSummary, error) {
	ctx := cmd.Context()
	openings := matchOpenings(start, (games+1)/2, opening, seed)
	results := make([]matchResult, games)
	live := &matchProgress{bar: newProgress(cmd, ""), games: games, moves: map[int]int{}}
	runJobs(ctx, games, workers,
		func() [2]*engine.Engine {
			first := engine.Options{Workers: 1, TableBits: 20, Midgame: mid[0], Book: books[0]}
			second := engine.Options{Workers: 1, TableBits: 20, Midgame: mid[1], Book: books[1]}
			return [2]*engine.Engine{engine.New(first), engine.New(second)}
		},
		func(engs [2]*engine.Engine, i int) {
			firstBlack := i%2 == 0
			cfg := session.Config{Size: start.Size(), Transcript: openings[i/2], Black: seats[0], White: seats[1],
				Seed: seed<<20 + uint64(i)}
			eng := engs // by colour: the first player's engine plays its colour
			if !firstBlack {
				cfg.Black, cfg.White = seats[1], seats[0]
				eng = [2]*engine.Engine{engs[1], engs[0]}
			}
			s, err := session.New(cfg)
			live.started(i, cfg)
			for err == nil && !s.Over() {
				if _, err = s.ComputerMove(ctx, eng[s.Game().Turn()]); err == nil {
					live.moved(i)
				}
			}
			r := matchResult{firstBlack: firstBlack, err: err}
			if err == nil {
				black := s.Position().Score()
				diff := black
				if !firstBlack {
					diff = -diff
				}
				r.diff, r.done, r.transcript = diff, true, s.Game().Transcript()
				live.over(i, cfg, black)
			}
			results[i] = r
		},
		func(i, done int) { live.finished(i, done) })
	live.bar.finish()
	sum, err := tallyMatch(seats, results)
	if err != nil {
		return sum, err
	}
	if ctx.Err() != nil {
		return sum, context.Canceled
	}
	return sum, nil
}

// matchOpenings draws n openings of the given number of random plies from start
// (fewer when the game ends sooner), as transcripts; the same seed draws the same.
func matchOpenings(start othello.Position, n, opening int, seed uint64) []string {
	openings := make([]string, n)
	for i, o := range nbmatch.Openings(start, opening, n, seed) {
		openings[i] = othello.Transcript(o)
	}
	return openings
}

// matchResult is one game of a match, from the first player's side.
type matchResult struct {
	diff       int // first player's final disc difference
	firstBlack bool
	transcript string
	done       bool
	err        error
}

// tallyMatch sums up the finished games, leaving out those stopped or not
// played; a game that failed otherwise is the error.
func tallyMatch(seats [2]session.Seat, results []matchResult) (matchSummary, error) {
	sum := matchSummary{First: seats[0].String(), Second: seats[1].String()}
	total := 0
	for i, r := range results {
		if errors.Is(r.err, context.Canceled) || (!r.done && r.err == nil) {
			continue
		}
		if r.err != nil {
			return sum, fmt.Errorf("game %d: %w", i+1, r.err)
		}
		sum.Games++
		k := 1
		switch {
		case r.diff > 0:
			k = 0
			sum.Wins++
		case r.diff < 0:
			k = 2
			sum.Losses++
		default:
			sum.Draws++
		}
		if r.firstBlack {
			sum.AsBlack[k]++
		} else {
			sum.AsWhite[k]++
		}
		total += r.diff
		sum.Transcript = append(sum.Transcript, r.transcript)
	}
	if sum.Games > 0 {
		sum.WinRate = (float64(sum.Wins) + float64(sum.Draws)/2) / float64(sum.Games)
		sum.MeanDiscs = float64(total) / float64(sum.Games)
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
