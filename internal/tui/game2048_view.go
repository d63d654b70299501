package tui

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"github.com/gridgames/gridgames/game2048"
)

// tile colours, as the web page's.
var tileColors = []struct{ bg, fg string }{
	{"#cdc1b4", "#776e65"}, {"#eee4da", "#776e65"}, {"#ede0c8", "#776e65"}, {"#f2b179", "#f9f6f2"},
	{"#f59563", "#f9f6f2"}, {"#f67c5f", "#f9f6f2"}, {"#f65e3b", "#f9f6f2"}, {"#edcf72", "#f9f6f2"},
	{"#edcc61", "#f9f6f2"}, {"#edc850", "#f9f6f2"}, {"#edc53f", "#f9f6f2"}, {"#edc22e", "#f9f6f2"},
}

func tileStyle(t game2048.Tile) lipgloss.Style {
	c := tileColors[min(int(t), len(tileColors)-1)]
	if int(t) >= len(tileColors) {
		c = struct{ bg, fg string }{"#3c3a32", "#f9f6f2"}
	}
	return lipgloss.NewStyle().Background(lipgloss.Color(c.bg)).Foreground(lipgloss.Color(c.fg)).Bold(true)
}

func tileText(t game2048.Tile) string {
	if t == 0 {
		return ""
	}
	return fmt.Sprint(uint64(1) << t)
}

// View implements tea.Model.
func (m *Model2048) View() tea.View {
	v := tea.NewView(m.Render())
	v.AltScreen = true
	v.WindowTitle = "2048"
	return v
}

const help2048 = `Keys
  arrows, wasd, hjkl  slide the tiles
  u                   undo a move (as often as you like)
  n                   new game (asks first while one is on)
  H (shift+h)         hint: the solver's move
  A (shift+a)         autoplay on and off
  P (shift+p)         perfect hints, autoplay (<= 9 cells)
  R (shift+r)         review a finished game (exact)
  ?                   this help
  q, Esc              quit

Keys typed while tiles slide wait their turn (up to 8), so
every key acts, in order.
Equal tiles merge when they slide into each other. Make the
win tile. Any key closes this help.`

// keys2048 is the key line under the board; ? shows the rest.
const keys2048 = "arrows move  u undo  n new  H hint  A auto  ? help  q quit"

// minWidth2048 is the narrowest window the 2048 screen needs besides its grid:
// the key line, the help and the longest status lines fit it.
const minWidth2048 = 60

// size2048 is the window the board needs, and the cells' width and height.
func (m *Model2048) size2048() (needW, needH, cellW, cellH int) {
	g := m.game
	rows, cols := g.Rows(), g.Cols()
	cellW = 6
	for r := range rows {
		for c := range cols {
			cellW = max(cellW, len(tileText(g.At(r, c)))+2)
		}
	}
	gridW := cols*(cellW+1) + 1
	const chrome = 4 // title, blank, status, keys
	cellH = 3
	if rows*(cellH+1)+1+chrome > m.height {
		cellH = 1
	}
	return max(gridW, minWidth2048), rows*(cellH+1) + 1 + chrome, cellW, cellH
}

// Render draws the screen as text (coloured unless NoColor).
func (m *Model2048) Render() string {
	p := palette{plain: m.opt.NoColor}
	if m.help {
		return help2048
	}
	g := m.game
	rows, cols := g.Rows(), g.Cols()
	needW, needH, cellW, cellH := m.size2048()
	if m.width < needW || m.height < needH {
		return tooSmall(m.width, m.height, needW, needH)
	}
	var b strings.Builder
	auto := ""
	if m.auto {
		auto = "   [autoplay]"
	}
	fmt.Fprintf(&b, "%s   Score %s   Best %d%s\n\n", p.render(titleStyle, "2048"), p.render(titleStyle, fmt.Sprint(g.Score())), m.best, auto)
	fresh := map[[2]int]bool{}
	if m.last != nil && m.sliding {
		for _, mg := range m.last.Merges {
			fresh[[2]int{mg.At.Row, mg.At.Col}] = true
		}
		if m.last.Spawn != nil {
			fresh[[2]int{m.last.Spawn.At.Row, m.last.Spawn.At.Col}] = true
		}
	}
	line := func(left, mid, right string) {
		b.WriteString(left)
		for c := range cols {
			b.WriteString(strings.Repeat("─", cellW))
			if c < cols-1 {
				b.WriteString(mid)
			}
		}
		b.WriteString(right + "\n")
	}
	line("┌", "┬", "┐")
	for r := range rows {
		for y := range cellH {
			b.WriteString("│")
			for c := range cols {
				t := g.At(r, c)
				text := ""
				if y == cellH/2 {
					text = tileText(t)
					if t == 0 && p.plain {
						text = "·"
					}
				}
				cell := center(text, cellW)
				if !p.plain {
					st := tileStyle(t)
					if fresh[[2]int{r, c}] {
						st = st.Underline(y == cellH/2)
					}
					cell = st.Render(cell)
				}
				b.WriteString(cell + "│")
			}
			b.WriteString("\n")
		}
		if r < rows-1 {
			line("├", "┼", "┤")
		}
	}
	line("└", "┴", "┘")
	status := m.status
	if m.confirm {
		status = "Start a new game? This one ends. y/n"
	}
	b.WriteString(p.render(noteStyle, clip(status, m.width)) + "\n")
	b.WriteString(p.render(faintStyle, keys2048))
	return b.String()
}

// center pads text to width w, centred.
func center(text string, w int) string {
	n := lipgloss.Width(text)
	if n >= w {
		return text
	}
	left := (w - n) / 2
	return strings.Repeat(" ", left) + text + strings.Repeat(" ", w-n-left)
}
