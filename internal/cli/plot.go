package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/gridgames/gridgames/internal/chart"
)

// plotAutoplay draws two charts side by side into path (.svg or .png): how many games
// ended with each max tile, and a histogram of the final scores.
func plotAutoplay(path string, results []autoplayGame) error {
	if err := checkPlotPath(path); err != nil {
		return err
	}

	// Max tiles: one bar per tile value from the smallest to the largest seen.
	counts := map[uint64]int{}
	lo, hi := ^uint64(0), uint64(0)
	scores := make([]float64, len(results))
	for i, r := range results {
		counts[r.Stats.MaxTile]++
		lo, hi = min(lo, r.Stats.MaxTile), max(hi, r.Stats.MaxTile)
		scores[i] = float64(r.Stats.Score)
	}
	var bars []float64
	var names []string
	for t := lo; t <= hi && t != 0; t *= 2 {
		bars = append(bars, float64(counts[t]))
		names = append(names, fmt.Sprint(t))
	}
	tiles := chart.Bars(fmt.Sprintf("Max tile (%d games)", len(results)), "games", names, bars)
	hist := chart.Histogram("Final score", "score", "games", scores, min(20, max(4, len(results)/2)))

	f, err := os.Create(path)
	if err != nil {
		return badInputf("--plot %s: %v", path, pathReason(err))
	}
	if err := chart.Write(f, plotFormat(path), 900, 340, tiles, hist); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func plotFormat(path string) string {
	return strings.TrimPrefix(strings.ToLower(filepath.Ext(path)), ".")
}

// checkPlotPath accepts "" (no plot) or a file name ending in .svg or .png that
// can be written (checkWritable), so that a bad --plot fails before the games.
func checkPlotPath(path string) error {
	if path == "" {
		return nil
	}
	if f := plotFormat(path); f != "svg" && f != "png" {
		return badInputf("--plot %s: want a .svg or .png file", path)
	}
	return checkWritable("--plot", path)
}
