package nbmatch

import (
	"context"
	"errors"
	"fmt"

	"github.com/gridgames/gridgames/othello"
	"github.com/gridgames/gridgames/othello/engine"
	"github.com/gridgames/gridgames/othello/session"
)

// Levels is a match between two of our own computer players (levels, random,
// greedy) played in this process, as `othello match` plays it: the first seat
// has black in the odd games (1, 3, ...), the second in the even ones; each
// pair of games starts from the same opening of Opening random plies drawn
// from Seed (Openings); each game is an othello/session with the two seats and
// an engine for each. The caller runs the games (side by side if it likes):
// Engines for each worker, PlayGame for each game, TallyLevels at the end.
type Levels struct {
	// Start is the position the openings are drawn from (its size is the board's).
	Start othello.Position
	// Seats are the first and the second player.
	Seats [2]session.Seat
	// Games is the number of games; Opening the random plies of each opening.
	Games, Opening int
	// Seed draws the openings and the random players' moves.
	Seed uint64
	// Midgame and Book are each seat's learned evaluation and opening book (nil:
	// the built-in evaluation; no book).
	Midgame [2]*engine.Midgame
	Book    [2]*engine.Book
}

// LevelHooks are told how the games of a Levels match go (each may be nil;
// they are called from the goroutine playing game i, counted from 0).
type LevelHooks struct {
	// Started is called as game i starts, with its session's config (its seats
	// by colour).
	Started func(i int, cfg session.Config)
	// Moved is called after each move of game i.
	Moved func(i int)
	// Over is called as game i ends, with black's final disc difference.
	Over func(i int, cfg session.Config, black int)
}

// LevelGame is one game of a Levels match, from the first seat's side.
type LevelGame struct {
	// Discs is the first seat's final disc difference.
	Discs      int
	FirstBlack bool
	Transcript string
	// Done says the game was played to its end; Err, if not nil, stopped it.
	Done bool
	Err  error
}

// LevelsSummary is a Levels match's result from the first seat's side, as
// `othello match --json` prints it.
type LevelsSummary struct {
	// First and Second are the seats' names ("level3", "random").
	First  string `json:"first"`
	Second string `json:"second"`
	Tally
	// Transcripts are the finished games' moves in order.
	Transcripts []string `json:"transcripts,omitempty"`
}

// Openings returns the transcripts of the match's (Games+1)/2 openings.
func (l Levels) Openings() []string {
	openings := make([]string, (l.Games+1)/2)
	for i, o := range Openings(l.Start, l.Opening, len(openings), l.Seed) {
		openings[i] = othello.Transcript(o)
	}
	return openings
}

// Engines returns a pair of engines, the first seat's and the second's, for
// one goroutine playing games: one search worker each, a 2^20-entry table.
func (l Levels) Engines() [2]*engine.Engine {
	first := engine.Options{Workers: 1, TableBits: 20, Midgame: l.Midgame[0], Book: l.Book[0]}
	second := engine.Options{Workers: 1, TableBits: 20, Midgame: l.Midgame[1], Book: l.Book[1]}
	return [2]*engine.Engine{engine.New(first), engine.New(second)}
}

// PlayGame plays game i (from 0) from opening (a transcript of Openings()[i/2])
// with engs (from Engines), telling h how it goes. The first seat has black
// when i is even. When ctx ends, the game stops with ctx's error in Err.
func (l Levels) PlayGame(ctx context.Context, engs [2]*engine.Engine, i int, opening string, h LevelHooks) LevelGame {
	firstBlack := i%2 == 0
	cfg := session.Config{Size: l.Start.Size(), Transcript: opening, Black: l.Seats[0], White: l.Seats[1],
		Seed: l.Seed<<20 + uint64(i)}
	eng := engs // by colour: the first player's engine plays its colour
	if !firstBlack {
		cfg.Black, cfg.White = l.Seats[1], l.Seats[0]
		eng = [2]*engine.Engine{engs[1], engs[0]}
	}
	s, err := session.New(cfg)
	if h.Started != nil {
		h.Started(i, cfg)
	}
	for err == nil && !s.Over() {
		if _, err = s.ComputerMove(ctx, eng[s.Game().Turn()]); err == nil && h.Moved != nil {
			h.Moved(i)
		}
	}
	g := LevelGame{FirstBlack: firstBlack, Err: err}
	if err == nil {
		black := s.Position().Score()
		g.Discs = black
		if !firstBlack {
			g.Discs = -black
		}
		g.Done, g.Transcript = true, s.Game().Transcript()
		if h.Over != nil {
			h.Over(i, cfg, black)
		}
	}
	return g
}

// TallyLevels sums up the finished games (games[i] is game i's), leaving out
// those stopped by a context or not played; a game that failed otherwise is
// the error, naming it.
func (l Levels) TallyLevels(games []LevelGame) (LevelsSummary, error) {
	sum := LevelsSummary{First: l.Seats[0].String(), Second: l.Seats[1].String()}
	total := 0
	for i, g := range games {
		if errors.Is(g.Err, context.Canceled) || (!g.Done && g.Err == nil) {
			continue
		}
		if g.Err != nil {
			return sum, fmt.Errorf("game %d: %w", i+1, g.Err)
		}
		sum.Add(winner(g.Discs), g.FirstBlack)
		total += g.Discs
		sum.Transcripts = append(sum.Transcripts, g.Transcript)
	}
	sum.SetMeans(total, sum.Games)
	return sum, nil
}
