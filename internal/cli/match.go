package cli

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/gridgames/gridgames/othello"
	"github.com/gridgames/gridgames/othello/engine"
	"github.com/spf13/cobra"
)

// playerSpec builds a player from "random", "greedy", "N" or "levelN".
func playerSpec(spec string, seed uint64) (func() engine.Player, error) {
	s := strings.ToLower(strings.TrimSpace(spec))
	switch s {
	case "random":
		return func() engine.Player { return engine.RandomPlayer{Rand: rand.New(rand.NewPCG(seed, 1))} }, nil
	case "greedy":
		return func() engine.Player { return engine.GreedyPlayer{Rand: rand.New(rand.NewPCG(seed, 2))} }, nil
	}
	n, err := strconv.Atoi(strings.TrimPrefix(s, "level"))
	if err != nil || n < 1 || n > engine.MaxLevel {
		return nil, fmt.Errorf("player %q: want random, greedy or a level from 1 to %d", spec, engine.MaxLevel)
	}
	return func() engine.Player {
		return engine.LevelPlayer{Level: n, Engine: engine.New(engine.Options{Workers: 1, TableBits: 20})}
	}, nil
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
	var black, white string
	var games, size, opening, workers int
	var seed uint64
	var asJSON, transcripts bool
	cmd := &cobra.Command{
		Use:   "match --black SPEC --white SPEC --games N",
		Short: "Play engine against engine and tabulate the results",
		Long: `Play N games between two players: a level (1 to 10, or level5), random or greedy.
The first player (--black) has black in the odd games and white in the even ones;
each pair of games starts from the same opening of a few random moves, so the
colours are fair. Games run side by side on the CPUs; a progress bar shows on a
terminal. The table is from the first player's side: wins, draws, losses and the
mean final disc difference.`,
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
			start, err := othello.NewPosition(size)
			if err != nil {
				return badInputf("--size: %w", err)
			}
			mkA, err := playerSpec(black, seed)
			if err != nil {
				return badInputf("--black: %w", err)
			}
			mkB, err := playerSpec(white, seed+1)
			if err != nil {
				return badInputf("--white: %w", err)
			}
			if workers <= 0 {
				workers = defaultWorkers()
			}
			sum, err := runMatch(cmd, start, mkA, mkB, games, opening, seed, workers)
			if err != nil {
				return err
			}
			if !transcripts {
				sum.Transcript = nil
			}
			out := cmd.OutOrStdout()
			if asJSON {
				return json.NewEncoder(out).Encode(sum)
			}
			fmt.Fprintf(out, "%s against %s, %d games on %dx%d\n\n", sum.First, sum.Second, sum.Games, size, size)
			fmt.Fprintf(out, "%-12s %5s %6s %7s\n", "", "wins", "draws", "losses")
			fmt.Fprintf(out, "%-12s %5d %6d %7d\n", "as black", sum.AsBlack[0], sum.AsBlack[1], sum.AsBlack[2])
			fmt.Fprintf(out, "%-12s %5d %6d %7d\n", "as white", sum.AsWhite[0], sum.AsWhite[1], sum.AsWhite[2])
			fmt.Fprintf(out, "%-12s %5d %6d %7d\n\n", "total", sum.Wins, sum.Draws, sum.Losses)
			fmt.Fprintf(out, "%s scores %.1f%% (wins plus half the draws), mean disc difference %+.1f\n",
				sum.First, 100*sum.WinRate, sum.MeanDiscs)
			for i, t := range sum.Transcript {
				fmt.Fprintf(out, "game %d: %s\n", i+1, t)
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
	_ = cmd.MarkFlagRequired("black")
	_ = cmd.MarkFlagRequired("white")
	return cmd
}

// runMatch plays the games, workers at a time, each worker with its own players.
func runMatch(cmd *cobra.Command, start othello.Position, mkA, mkB func() engine.Player,
	games, opening int, seed uint64, workers int) (matchSummary, error) {
	rnd := rand.New(rand.NewPCG(seed, 99))
	type openingLine struct {
		pos   othello.Position
		plies []othello.Square
	}
	openings := make([]openingLine, (games+1)/2)
	for i := range openings {
		o := openingLine{pos: start}
		for range opening {
			if o.pos.Over() {
				break
			}
			if o.pos.MustPass() {
				o.plies = append(o.plies, othello.Pass)
				o.pos = o.pos.Pass()
				continue
			}
			m := o.pos.LegalMoves()
			sq := m[rnd.IntN(len(m))]
			o.plies = append(o.plies, sq)
			o.pos = o.pos.Play(sq)
		}
		openings[i] = o
	}
	type result struct {
		diff       int // first player's final disc difference
		firstBlack bool
		transcript string
		err        error
	}
	results := make([]result, games)
	bar := newProgress(cmd, "games")
	type players struct{ a, b engine.Player }
	runJobs(games, workers,
		func() players { return players{mkA(), mkB()} },
		func(pl players, i int) {
			firstBlack := i%2 == 0
			black, white := pl.a, pl.b
			if !firstBlack {
				black, white = pl.b, pl.a
			}
			op := openings[i/2]
			plies, final, err := engine.PlayGame(cmd.Context(), op.pos, black, white)
			diff := final.Score() // black's view
			if !firstBlack {
				diff = -diff
			}
			line := append(append([]othello.Square(nil), op.plies...), plies...)
			results[i] = result{diff: diff, firstBlack: firstBlack, transcript: othello.Transcript(line), err: err}
		},
		func(_, done int) { bar.report(done, games) })
	bar.finish()
	a, b := mkA(), mkB()
	sum := matchSummary{First: a.Name(), Second: b.Name(), Games: games}
	total := 0
	for i, r := range results {
		if r.err != nil {
			return sum, fmt.Errorf("game %d: %w", i+1, r.err)
		}
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
	sum.WinRate = (float64(sum.Wins) + float64(sum.Draws)/2) / float64(games)
	sum.MeanDiscs = float64(total) / float64(games)
	return sum, nil
}
