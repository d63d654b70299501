package cli

import (
	"fmt"
	"io"
	"slices"
	"time"

	"github.com/gridgames/gridgames/game2048"
	"github.com/gridgames/gridgames/game2048/solver"
)

// autoplaySummary is what `2048 autoplay --json` prints. Unfinished counts the
// games Ctrl+C stopped; the other figures are of the finished games only.
type autoplaySummary struct {
	Games          int                   `json:"games"`
	Unfinished     int                   `json:"unfinished,omitempty"`
	Rows           int                   `json:"rows"`
	Cols           int                   `json:"cols"`
	Depth          int                   `json:"depth,omitempty"`
	TimePerMove    string                `json:"timePerMove,omitempty"`
	NodesPerMove   uint64                `json:"nodesPerMove,omitempty"`
	Workers        int                   `json:"workers"`
	Reached        map[string]int        `json:"reached"`
	MaxTiles       map[string]int        `json:"maxTiles"`
	Score          scoreSummary          `json:"score"`
	Moves          int                   `json:"moves"`
	ResumedMoves   int                   `json:"resumedMoves,omitempty"`
	Seconds        float64               `json:"seconds"`
	MovesPerSecond float64               `json:"movesPerSecond"`
	Scores         []int64               `json:"scores"`
	PerGame        []autoplayGameSummary `json:"perGame"`
}

type scoreSummary struct {
	Mean   float64 `json:"mean"`
	Median float64 `json:"median"`
	Min    int64   `json:"min"`
	Max    int64   `json:"max"`
}

// summaryTiles are the tiles the summary counts games reaching: every tile from the
// smallest max tile of the games (but at most 2048) to the largest.
func summaryTiles(results []autoplayGame) []uint64 {
	lo, hi := uint64(2048), uint64(0)
	for _, r := range results {
		lo, hi = min(lo, r.Stats.MaxTile), max(hi, r.Stats.MaxTile)
	}
	var out []uint64
	for t := max(lo, 2); t <= max(hi, 2048); t *= 2 {
		out = append(out, t)
	}
	return out
}

// autoplayGameSummary is one finished game in the summary, in seed order: Seconds
// is its wall time, from its first search to its last move. (The --out lines stay
// bare records, which "2048 replay --record" reads strictly.)
type autoplayGameSummary struct {
	Seed    uint64  `json:"seed"`
	Score   int64   `json:"score"`
	MaxTile uint64  `json:"maxTile"`
	Moves   int     `json:"moves"`
	Seconds float64 `json:"seconds"`
	// ResumedMoves are the moves an earlier run played (--resume): Seconds is
	// the time of the others.
	ResumedMoves int `json:"resumedMoves,omitempty"`
}

func summarise(results []autoplayGame, elapsed time.Duration) autoplaySummary {
	s := autoplaySummary{Games: len(results), Reached: map[string]int{}, MaxTiles: map[string]int{}, Seconds: elapsed.Seconds()}
	tiles := summaryTiles(results)
	for _, t := range tiles {
		s.Reached[fmt.Sprint(t)] = 0
	}
	for _, r := range results {
		s.Scores = append(s.Scores, r.Stats.Score)
		s.PerGame = append(s.PerGame, autoplayGameSummary{Seed: r.Seed, Score: r.Stats.Score,
			MaxTile: r.Stats.MaxTile, Moves: r.Stats.Moves, Seconds: r.Stats.Elapsed.Seconds(), ResumedMoves: r.Earlier})
		s.Moves += r.Stats.Moves
		s.ResumedMoves += r.Earlier
		s.MaxTiles[fmt.Sprint(r.Stats.MaxTile)]++
		for _, t := range tiles {
			if r.Stats.MaxTile >= t {
				s.Reached[fmt.Sprint(t)]++
			}
		}
	}
	sorted := slices.Clone(s.Scores)
	slices.Sort(sorted)
	var total float64
	for _, v := range sorted {
		total += float64(v)
	}
	n := len(sorted)
	s.Score = scoreSummary{Mean: total / float64(n), Median: median(sorted), Min: sorted[0], Max: sorted[n-1]}
	s.MovesPerSecond = float64(s.Moves-s.ResumedMoves) / max(elapsed.Seconds(), 1e-9)
	return s
}

// settingText names the solver's setting: the fixed depth, the time or node
// budget per move (as the flags gave them), or the default on a rows x cols board.
func settingText(depth int, timePerMove string, nodes uint64, rows, cols int) string {
	switch {
	case timePerMove != "":
		return timePerMove + " per move"
	case nodes > 0:
		return fmt.Sprintf("%s moves searched per move", thousands(int64(nodes)))
	case depth > 0:
		return fmt.Sprintf("depth %d", depth)
	}
	if rows == 4 && cols == 4 {
		return fmt.Sprintf("adaptive depth within %s moves searched a move (%s from %d on), at most %s",
			thousands(solver.DefaultOpeningNodes), thousands(solver.DefaultLateNodes), solver.DefaultLateTile.Value(),
			defaultMoveTime(rows, cols))
	}
	return "adaptive depth, at most " + defaultMoveTime(rows, cols).String() + " a move"
}

func printSummary(w io.Writer, s autoplaySummary) {
	setting := settingText(s.Depth, s.TimePerMove, s.NodesPerMove, s.Rows, s.Cols)
	fmt.Fprintf(w, "%s on %dx%d, %s, %s\n\n", plural(s.Games, "game"), s.Rows, s.Cols, setting, plural(s.Workers, "worker"))
	fmt.Fprintf(w, "%-10s %6s %8s\n", "reached", "games", "share")
	var tiles []uint64
	for k := range s.Reached {
		var t uint64
		fmt.Sscan(k, &t)
		tiles = append(tiles, t)
	}
	slices.Sort(tiles)
	for _, t := range tiles {
		k := fmt.Sprint(t)
		if s.Reached[k] == 0 {
			break // the largest tile reached is the last row
		}
		fmt.Fprintf(w, "%-10s %6d %7.1f%%\n", k, s.Reached[k], 100*float64(s.Reached[k])/float64(s.Games))
	}
	fmt.Fprintf(w, "\nscore      mean %.0f   median %.0f   min %d   max %d\n", s.Score.Mean, s.Score.Median, s.Score.Min, s.Score.Max)
	if s.ResumedMoves > 0 {
		fmt.Fprintf(w, "moves      %d, %d of them in this run's %.1fs: %.0f moves/s\n", s.Moves, s.Moves-s.ResumedMoves, s.Seconds, s.MovesPerSecond)
		return
	}
	fmt.Fprintf(w, "moves      %d in %.1fs: %.0f moves/s\n", s.Moves, s.Seconds, s.MovesPerSecond)
}

// defaultMoveTime is the solver's time per move on a rows x cols board when
// neither --depth nor --time is given.
func defaultMoveTime(rows, cols int) time.Duration {
	b, err := game2048.NewBoard(rows, cols)
	if err != nil {
		return 0
	}
	return solver.DefaultMoveTime(b)
}
