package tui

import (
	"math"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// tooSmall is the view for a window that cannot hold the game, wrapped to the
// window's width.
func tooSmall(width, height, needW, needH int) string {
	paras := []string{
		"The window is too small for this board.",
		"It needs " + itoa(needW) + "x" + itoa(needH) + " characters; it is " + itoa(width) + "x" + itoa(height) + ".",
		"Enlarge the window (or choose a smaller board). q quits.",
	}
	lines := make([]string, 0, 6)
	for _, p := range paras {
		lines = append(lines, wrap(p, width)...)
	}
	return strings.Join(lines, "\n")
}

// wrap breaks text into lines of at most width cells at spaces (runs of spaces
// count as one); a word longer than width is cut. A width below 1 leaves the text
// on one line.
func wrap(text string, width int) []string {
	words := strings.Fields(text)
	if width < 1 || len(words) == 0 {
		return []string{text}
	}
	return strings.Split(ansi.Wrap(strings.Join(words, " "), width, ""), "\n")
}

// clip shortens text to width cells, ending it with "…" when it had to cut.
func clip(text string, width int) string {
	return ansi.Truncate(text, width, "…")
}

// statusLines lays text out in at most n lines of width cells: wrapped, with the
// last line clipped if it does not all fit.
func statusLines(text string, width, n int) []string {
	if text == "" || n < 1 {
		return nil
	}
	lines := wrap(text, width)
	if len(lines) > n {
		rest := strings.Join(lines[n-1:], " ")
		lines = append(lines[:n-1], clip(rest, width))
	}
	return lines
}

// percent writes a chance as people read it: 0.1 is "10%", 0.125 "12.5%".
func percent(p float64) string {
	return strconv.FormatFloat(math.Round(p*1e6)/1e4, 'f', -1, 64) + "%"
}
