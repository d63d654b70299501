package cli

import (
	"fmt"
	"io"
	"math"
	"slices"
	"time"
)

// playonSummary is what `2048 playon --json` prints. Unfinished counts the
// continuations Ctrl+C stopped or never began; the figures are of the finished
// ones only.
type playonSummary struct {
	Games         int          `json:"games"`                // the games the records hold
	Superseded    int          `json:"superseded,omitempty"` // lines a later line of the same game replaces
	Skipped       int          `json:"skipped"`              // games that never reach the tile
	Starts        int          `json:"starts"`
	Repeats       int          `json:"repeats"`
	Continuations int          `json:"continuations"`
	Unfinished    int          `json:"unfinished,omitempty"`
	Tile          uint64       `json:"tile"`
	Seed          uint64       `json:"seed"`
	Rows          int          `json:"rows"` // of the first start
	Cols          int          `json:"cols"`
	Depth         int          `json:"depth,omitempty"`
	TimePerMove   string       `json:"timePerMove,omitempty"`
	NodesPerMove  uint64       `json:"nodesPerMove,omitempty"`
	Eval          string       `json:"eval"`
	Network       string       `json:"network,omitempty"`
	Workers       int          `json:"workers"`
	Reached       []tileShare  `json:"reached"` // twice and four times the tile
	StartScore    float64      `json:"startScore"`
	Score         scoreSummary `json:"score"`
	MeanMoves     float64      `json:"meanMoves"`
	Moves         int          `json:"moves"`
	Seconds       float64      `json:"seconds"`
	// MovesPerSecond is Moves over Seconds, the wall time of the whole run.
	MovesPerSecond float64 `json:"movesPerSecond"`
}

// tileShare is how many continuations reached a tile, their share and its 95%
// Wilson score interval [Low, High].
type tileShare struct {
	Tile  uint64  `json:"tile"`
	Count int     `json:"count"`
	Share float64 `json:"share"`
	Low   float64 `json:"low"`
	High  float64 `json:"high"`
}

// summarisePlayon sums up the finished continuations (at least one) of a run
// from tile that took elapsed.
func summarisePlayon(finished []playonResult, tile uint64, elapsed time.Duration) playonSummary {
	n := len(finished)
	s := playonSummary{Continuations: n, Tile: tile, Seconds: elapsed.Seconds()}
	scores := make([]int64, 0, n)
	var startTotal, scoreTotal float64
	for _, r := range finished {
		scores = append(scores, r.stats.Score)
		startTotal += float64(r.start.Score)
		scoreTotal += float64(r.stats.Score)
		s.Moves += r.stats.Moves
	}
	for _, t := range []uint64{2 * tile, 4 * tile} {
		k := 0
		for _, r := range finished {
			if r.stats.MaxTile >= t {
				k++
			}
		}
		lo, hi := wilson(k, n)
		s.Reached = append(s.Reached, tileShare{Tile: t, Count: k, Share: float64(k) / float64(n), Low: lo, High: hi})
	}
	slices.Sort(scores)
	s.Score = scoreSummary{Mean: scoreTotal / float64(n), Median: median(scores), Min: scores[0], Max: scores[n-1]}
	s.StartScore = startTotal / float64(n)
	s.MeanMoves = float64(s.Moves) / float64(n)
	s.MovesPerSecond = float64(s.Moves) / max(s.Seconds, 1e-9)
	return s
}

// median is the middle of sorted values (at least one), or the mean of the two
// middle ones.
func median(sorted []int64) float64 {
	n := len(sorted)
	if n%2 == 1 {
		return float64(sorted[n/2])
	}
	return float64(sorted[n/2-1]+sorted[n/2]) / 2
}

// wilson is the 95% Wilson score interval of a share of k successes in n > 0
// trials (Wilson, 1927): unlike the normal approximation it stays inside [0, 1]
// and is not empty at k = 0 or k = n.
func wilson(k, n int) (lo, hi float64) {
	const z = 1.959963984540054 // the normal distribution's 97.5% quantile
	p, fn := float64(k)/float64(n), float64(n)
	denom := 1 + z*z/fn
	centre := (p + z*z/(2*fn)) / denom
	half := z * math.Sqrt(p*(1-p)/fn+z*z/(4*fn*fn)) / denom
	lo, hi = max(0, centre-half), min(1, centre+half)
	if k == 0 {
		lo = 0 // exactly, not a rounding error away
	}
	if k == n {
		hi = 1
	}
	return lo, hi
}

// printPlayon writes the summary as text.
func printPlayon(w io.Writer, s playonSummary) {
	setting := settingText(s.Depth, s.TimePerMove, s.NodesPerMove, s.Rows, s.Cols)
	if s.Network != "" {
		setting += ", network " + s.Network
	}
	fmt.Fprintf(w, "%s from %s (%d of %s reach %d), %s each, spawn seed %d\n", plural(s.Continuations, "continuation"),
		plural(s.Starts, "start"), s.Starts, plural(s.Games, "game"), s.Tile, plural(s.Repeats, "repeat"), s.Seed)
	if s.Superseded > 0 {
		fmt.Fprintf(w, "(%s of resumed games left out: a later line holds the same game further on)\n", plural(s.Superseded, "earlier line"))
	}
	fmt.Fprintf(w, "%s, %s", setting, plural(s.Workers, "worker"))
	if s.Unfinished > 0 {
		fmt.Fprintf(w, "; %d unfinished", s.Unfinished)
	}
	fmt.Fprintf(w, "\n\n%-10s %6s %8s   %s\n", "reached", "count", "share", "95% interval")
	for _, r := range s.Reached {
		fmt.Fprintf(w, "%-10d %6d %7.1f%%   %.1f%% to %.1f%%\n", r.Tile, r.Count, 100*r.Share, 100*r.Low, 100*r.High)
	}
	fmt.Fprintf(w, "\nstart      mean score %.0f\n", s.StartScore)
	fmt.Fprintf(w, "final      mean score %.0f   median %.0f   min %d   max %d\n", s.Score.Mean, s.Score.Median, s.Score.Min, s.Score.Max)
	fmt.Fprintf(w, "moves      %.0f a continuation; %d in %.1fs: %.0f moves/s\n", s.MeanMoves, s.Moves, s.Seconds, s.MovesPerSecond)
}
