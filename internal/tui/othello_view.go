package tui

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"github.com/gridgames/gridgames/othello"
	"github.com/gridgames/gridgames/othello/engine"
)

// The board's place on the screen, for mouse clicks: row r is screen line
// boardTop+r, column c starts at boardLeft+3c.
const (
	boardTop  = 3
	boardLeft = 3
)

// The discs: different glyphs, so black and white differ with and without colour.
const (
	blackDisc = "●"
	whiteDisc = "○"
)

var (
	feltStyle  = lipgloss.NewStyle().Background(lipgloss.Color("#1f7a3a"))
	blackStyle = feltStyle.Foreground(lipgloss.Color("#000000")).Bold(true)
	whiteStyle = feltStyle.Foreground(lipgloss.Color("#ffffff")).Bold(true)
	dotStyle   = feltStyle.Foreground(lipgloss.Color("#0b2b14"))
	markStyle  = feltStyle.Foreground(lipgloss.Color("#ffeb3b")).Bold(true)
	valueStyle = feltStyle.Foreground(lipgloss.Color("#c8e6c9"))
)

// View implements tea.Model.
func (m *ModelOthello) View() tea.View {
	v := tea.NewView(m.Render())
	v.AltScreen = true
	v.MouseMode = tea.MouseModeCellMotion
	v.WindowTitle = "Othello"
	return v
}

const helpOthello = `Keys
  f5 (letter, digit)  play that square (Esc clears a letter)
  arrows              move the cursor
  enter, space        play under the cursor (or click one)
  u, r                undo, redo (against the computer: back
                      to your turn)
  n                   new game (asks first while one is on)
  H (shift+h)         hint: the engine's best moves
  v                   values on and off: the engine's value
                      of each legal square in discs (+4, -2)
  ?                   this help
  q, Esc              quit

● is black, ○ is white. Outflank a line of your opponent's
discs; they flip. A side with no legal move passes. Most
discs at the end wins. Any key closes this help.`

// The key lines under the board; ? shows the rest.
const (
	keysOthello1 = "play: type a square (f5), or arrows and enter"
	keysOthello2 = "u undo  r redo  n new  H hint  v values  ? help  q quit"
)

// minWidthOthello is the narrowest window the Othello screen needs besides its
// board: the key lines, the help and the title fit it.
const minWidthOthello = 60

// sizeOthello is the window the board needs: title, blank, column letters, the
// board, blank, two status lines, two key lines.
func (m *ModelOthello) sizeOthello() (needW, needH int) {
	n := m.opt.Size
	return max(boardLeft+3*n+1, minWidthOthello), boardTop + n + 5
}

// Render draws the screen as text (coloured unless NoColor).
func (m *ModelOthello) Render() string {
	if m.help {
		return helpOthello
	}
	p := palette{plain: m.opt.NoColor}
	n := m.opt.Size
	needW, needH := m.sizeOthello()
	if m.width < needW || m.height < needH {
		return tooSmall(m.width, m.height, needW, needH)
	}
	g := m.Game()
	pos := g.Position()
	black, white := g.Counts()
	var b strings.Builder
	turn := title(g.Turn().String()) + " to move"
	switch {
	case g.Over():
		turn = "Game over"
	case m.sess.ComputerToMove():
		turn = fmt.Sprintf("%s (%s) thinking", title(g.Turn().String()), m.sess.Seat(g.Turn()))
	}
	fmt.Fprintf(&b, "%s  %s Black %d  %s White %d  %s\n\n", p.render(titleStyle, "Othello"), blackDisc, black, whiteDisc, white, turn)
	b.WriteString(strings.Repeat(" ", boardLeft))
	for c := range n {
		b.WriteString(" " + string(rune('a'+c)) + " ")
	}
	b.WriteString("\n")
	personTurn := !g.Over() && !m.sess.ComputerToMove()
	legal := pos.Moves()
	last := g.LastMove()
	vals := m.values()
	best := othello.Pass
	if len(vals) > 0 {
		best = m.vals[0].Move
	}
	for r := range n {
		fmt.Fprintf(&b, "%2d ", r+1)
		for c := range n {
			sq := othello.SquareAt(c, r)
			cursor := m.cursor == [2]int{c, r} && !g.Over()
			b.WriteString(m.cell(p, pos.At(sq), sq, cellMarks{
				legal: personTurn && legal&sq.Bit() != 0, last: sq == last, cursor: cursor,
				value: vals, best: sq == best,
			}))
		}
		b.WriteString("\n")
	}
	b.WriteString("\n")
	for _, l := range m.statusArea(needW) {
		b.WriteString(p.render(noteStyle, l))
		b.WriteString("\n")
	}
	b.WriteString(p.render(faintStyle, keysOthello1) + "\n")
	b.WriteString(p.render(faintStyle, keysOthello2))
	return b.String()
}

// cellMarks is what a square shows besides its disc.
type cellMarks struct {
	legal, last, cursor, best bool
	value                     map[othello.Square]engine.MoveValue
}

// cell draws one square in three columns: a marker, the disc or dot, a
// marker; or, with values on, the value of a legal square ("+4 ", "-12").
func (m *ModelOthello) cell(p palette, col othello.Color, sq othello.Square, c cellMarks) string {
	glyph, st := " ", feltStyle
	switch col {
	case othello.Black:
		glyph, st = blackDisc, blackStyle
	case othello.White:
		glyph, st = whiteDisc, whiteStyle
	default:
		if c.legal {
			glyph, st = "·", dotStyle
			if c.best && m.hintShown {
				glyph, st = "*", markStyle
			}
			if v, ok := c.value[sq]; ok && m.showValues && !c.cursor {
				text := valueText(v.Score)
				switch len(text) {
				case 1:
					text = " " + text + " "
				case 2:
					text += " "
				}
				st = valueStyle
				if c.best {
					st = markStyle
				}
				return p.render(st, text)
			}
		}
	}
	left, right := " ", " "
	if c.last {
		left, right = "(", ")"
	}
	if c.cursor {
		left, right = "[", "]"
	}
	if p.plain {
		return left + glyph + right
	}
	return markStyle.Render(left) + st.Render(glyph) + markStyle.Render(right)
}

// statusArea is the two lines under the board: the status, and what is typed or
// the values' summary. A long status wraps when the second line is free.
func (m *ModelOthello) statusArea(width int) []string {
	g := m.Game()
	status := m.status
	switch {
	case m.confirm:
		status = "Start a new game? This one ends. y/n"
	case g.Over():
		if res, ok := g.Result(); ok {
			status = "Game over: " + res.String() + "."
		}
	}
	info := ""
	switch {
	case m.typed != "":
		info = "Square: " + m.typed + "_ (type its row; Esc clears)"
	case m.showValues && !g.Over() && !m.sess.ComputerToMove():
		info = m.valuesLine()
	}
	lines := statusLines(status, width, 2)
	if info != "" {
		lines = append(statusLines(status, width, 1), clip(info, width))
	}
	for len(lines) < 2 {
		lines = append(lines, "")
	}
	return lines
}

// valuesLine sums up the values: the best square and the cursor's.
func (m *ModelOthello) valuesLine() string {
	vals := m.values()
	if vals == nil {
		return "Values: the engine is thinking..."
	}
	best := m.vals[0]
	line := fmt.Sprintf("Values in discs for %s%s: best %s %s", m.Game().Turn(), bookMark(m.vals), best.Move, valueText(best.Score))
	if v, ok := vals[othello.SquareAt(m.cursor[0], m.cursor[1])]; ok {
		line += fmt.Sprintf(", cursor %s %s", v.Move, valueText(v.Score))
	}
	return line
}
