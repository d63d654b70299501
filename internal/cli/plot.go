package cli

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// plotAutoplay draws two charts side by side into path (.svg or .png): how many games
// ended with each max tile, and a histogram of the final scores.
func plotAutoplay(path string, results []autoplayGame) error {
	if err := checkPlotPath(path); err != nil {
		return err
	}
	format := plotFormat(path)

	// Max tiles: one bar per tile value from the smallest to the largest seen.
	counts := map[uint64]int{}
	lo, hi := ^uint64(0), uint64(0)
	scores := make(plotter.Values, len(results))
	for i, r := range results {
		counts[r.Stats.MaxTile]++
		lo, hi = min(lo, r.Stats.MaxTile), max(hi, r.Stats.MaxTile)
		scores[i] = float64(r.Stats.Score)
	}
	var bars plotter.Values
	var names []string
	for t := lo; t <= hi && t != 0; t *= 2 {
		bars = append(bars, float64(counts[t]))
		names = append(names, fmt.Sprint(t))
	}
	tiles := plot.New()
	tiles.Title.Text = fmt.Sprintf("Max tile (%d games)", len(results))
	tiles.Y.Label.Text = "games"
	barChart, err := plotter.NewBarChart(bars, vg.Points(28))
	if err != nil {
		return err
	}
	tiles.Add(barChart)
	tiles.NominalX(names...)
	tiles.Y.Tick.Marker = wholeTicks{}
	tiles.Y.Min = 0

	hist := plot.New()
	hist.Title.Text = "Final score"
	hist.X.Label.Text = "score"
	hist.Y.Label.Text = "games"
	h, err := plotter.NewHist(scores, min(20, max(4, len(results)/2)))
	if err != nil {
		return err
	}
	hist.Add(h)
	hist.Y.Tick.Marker = wholeTicks{}
	hist.Y.Min = 0

	w, ht := 24*vg.Centimeter, 9*vg.Centimeter
	canvas, err := draw.NewFormattedCanvas(w, ht, format)
	if err != nil {
		return err
	}
	grid := draw.Tiles{Rows: 1, Cols: 2, PadX: vg.Centimeter, PadTop: vg.Millimeter * 4,
		PadBottom: vg.Millimeter * 4, PadLeft: vg.Millimeter * 4, PadRight: vg.Millimeter * 4}
	cells := plot.Align([][]*plot.Plot{{tiles, hist}}, grid, draw.New(canvas))
	tiles.Draw(cells[0][0])
	hist.Draw(cells[0][1])

	f, err := os.Create(path)
	if err != nil {
		return badInputf("--plot %s: %v", path, pathReason(err))
	}
	if _, err := canvas.WriteTo(f); err != nil {
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

// wholeTicks marks an axis of counts at whole numbers only: about five labelled
// steps of 1, 2, 5, 10, 20, ... games.
type wholeTicks struct{}

// Ticks implements plot.Ticker.
func (wholeTicks) Ticks(lo, hi float64) []plot.Tick {
	step := 1.0
	for hi/step > 5 {
		switch {
		case fmt.Sprint(step)[0] == '2':
			step *= 2.5
		default:
			step *= 2
		}
	}
	var ticks []plot.Tick
	for v := math.Ceil(lo/step) * step; v <= hi; v += step {
		ticks = append(ticks, plot.Tick{Value: v, Label: strconv.Itoa(int(v))})
	}
	return ticks
}
