// Package chart draws the CLI's small charts: bar charts of counts and histograms,
// side by side, as SVG or PNG. It knows only what those charts need (bars from zero,
// whole-number count axes, a numeric axis under a histogram), so it stays a few
// hundred lines on the standard library and x/image's bitmap font.
package chart

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
)

// Panel is one chart: bars standing on a zero line, with a title and axis labels.
// Build one with Bars or Histogram.
type Panel struct {
	Title, XLabel, YLabel string
	// Values are the bars' heights, all >= 0.
	Values []float64
	// Labels name the bars of a bar chart, one each; nil for a histogram.
	Labels []string
	// Edges bound a histogram's bins: len(Values)+1 increasing numbers; nil for a bar
	// chart.
	Edges []float64
}

// Bars returns a bar chart: one bar a label, its height the count beside it.
// It panics if the two slices differ in length (a programming error).
func Bars(title, yLabel string, labels []string, counts []float64) Panel {
	if len(labels) != len(counts) {
		panic(fmt.Sprintf("chart.Bars: %d labels for %d counts", len(labels), len(counts)))
	}
	return Panel{Title: title, YLabel: yLabel, Labels: labels, Values: counts}
}

// Histogram returns the histogram of values over bins equal bins from the least
// value to the greatest (one unit either side when they are all equal); the last bin
// includes the greatest value. bins below 1 count as 1.
func Histogram(title, xLabel, yLabel string, values []float64, bins int) Panel {
	bins = max(bins, 1)
	lo, hi := 0.0, 1.0
	if len(values) > 0 {
		lo, hi = slices.Min(values), slices.Max(values)
	}
	if lo == hi {
		lo, hi = lo-1, hi+1
	}
	width := (hi - lo) / float64(bins)
	edges := make([]float64, bins+1)
	for i := range edges {
		edges[i] = lo + float64(i)*width
	}
	edges[bins] = hi
	counts := make([]float64, bins)
	for _, v := range values {
		counts[min(int((v-lo)/width), bins-1)]++
	}
	return Panel{Title: title, XLabel: xLabel, YLabel: yLabel, Values: counts, Edges: edges}
}

// Write draws the panels side by side on a width x height picture (pixels for PNG,
// user units for SVG) and writes it to w as format "svg" or "png".
func Write(w io.Writer, format string, width, height int, panels ...Panel) error {
	if width < 100*len(panels) || height < 100 {
		return fmt.Errorf("chart: %dx%d is too small for %d panels", width, height, len(panels))
	}
	var c canvas
	switch format {
	case "svg":
		c = newSVG(width, height)
	case "png":
		c = newPNG(width, height)
	default:
		return fmt.Errorf("chart: unknown format %q (want svg or png)", format)
	}
	pw := float64(width) / float64(max(len(panels), 1))
	for i, p := range panels {
		p.draw(c, box{x: float64(i) * pw, y: 0, w: pw, h: float64(height)})
	}
	return c.writeTo(w)
}

// box is a rectangle in picture coordinates, y growing downwards.
type box struct{ x, y, w, h float64 }

// Margins of a panel around its plotting area, in pixels.
const (
	marginLeft   = 56
	marginRight  = 16
	marginTop    = 44
	marginBottom = 44
	tickLength   = 5
)

// draw lays out one panel in b: title, y axis with whole ticks, bars, x labels.
func (p Panel) draw(c canvas, b box) {
	area := box{x: b.x + marginLeft, y: b.y + marginTop, w: b.w - marginLeft - marginRight,
		h: b.h - marginTop - marginBottom}
	bottom := area.y + area.h
	c.text(b.x+b.w/2, b.y+18, p.Title, anchorMiddle, true)

	top := 1.0
	if len(p.Values) > 0 {
		top = max(top, slices.Max(p.Values))
	}
	ticks := WholeTicks(top)
	top = max(top, ticks[len(ticks)-1])
	yOf := func(v float64) float64 { return bottom - v/top*area.h }
	c.line(area.x, area.y, area.x, bottom)
	for _, t := range ticks {
		y := yOf(t)
		c.line(area.x-tickLength, y, area.x, y)
		c.text(area.x-tickLength-3, y+4, strconv.Itoa(int(t)), anchorEnd, false)
	}
	c.text(area.x, area.y-12, p.YLabel, anchorMiddle, false)

	if p.Edges == nil {
		p.drawBars(c, area, yOf)
	} else {
		p.drawHistogram(c, area, yOf)
	}
	c.text(area.x+area.w/2, bottom+36, p.XLabel, anchorMiddle, false)
}

// drawBars draws one narrow bar a label, centred in equal slots along the x axis.
func (p Panel) drawBars(c canvas, area box, yOf func(float64) float64) {
	bottom := area.y + area.h
	slot := area.w / float64(max(len(p.Values), 1))
	bar := min(36, slot*0.6)
	for i, v := range p.Values {
		mid := area.x + slot*(float64(i)+0.5)
		c.rect(mid-bar/2, yOf(v), mid+bar/2, bottom, fillBar)
		c.text(mid, bottom+16, p.Labels[i], anchorMiddle, false)
	}
}

// drawHistogram draws contiguous bins over a numeric x axis with round ticks.
func (p Panel) drawHistogram(c canvas, area box, yOf func(float64) float64) {
	bottom := area.y + area.h
	lo, hi := p.Edges[0], p.Edges[len(p.Edges)-1]
	xOf := func(v float64) float64 { return area.x + (v-lo)/(hi-lo)*area.w }
	for i, v := range p.Values {
		c.rect(xOf(p.Edges[i]), yOf(v), xOf(p.Edges[i+1]), bottom, fillBin)
	}
	c.line(area.x, bottom, area.x+area.w, bottom)
	for _, t := range RoundTicks(lo, hi) {
		x := xOf(t)
		c.line(x, bottom, x, bottom+tickLength)
		c.text(x, bottom+18, strconv.FormatFloat(t, 'f', -1, 64), anchorMiddle, false)
	}
}

// WholeTicks returns the ticks of a count axis from 0 to at least top: whole
// numbers in steps of 1, 2, 5, 10, 20, 50, ... with at most six ticks.
func WholeTicks(top float64) []float64 {
	step := 1.0
	for i := 0; top/step > 5; i++ {
		step *= []float64{2, 2.5, 2}[i%3]
	}
	var ticks []float64
	for v := 0.0; ; v += step {
		ticks = append(ticks, v)
		if v >= top {
			return ticks
		}
	}
}

// RoundTicks returns at most eight round numbers (1, 2 or 5 times a power of ten
// apart) inside [lo, hi], for a numeric axis.
func RoundTicks(lo, hi float64) []float64 {
	if !(hi > lo) {
		return []float64{lo}
	}
	base := math.Pow(10, math.Floor(math.Log10((hi-lo)/5)))
	step := base
	for _, m := range []float64{1, 2, 5, 10} {
		if step = base * m; (hi-lo)/step <= 7 {
			break
		}
	}
	var ticks []float64
	for v := math.Ceil(lo/step) * step; v <= hi+step*1e-9; v += step {
		ticks = append(ticks, math.Round(v/step)*step)
	}
	return ticks
}
