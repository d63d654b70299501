package tui

import (
	"regexp"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"github.com/gridgames/gridgames/othello"
	"github.com/gridgames/gridgames/othello/session"
)

// typeKeys presses each key of keys in turn and returns the last command.
func typeKeys(t *testing.T, m tea.Model, keys ...string) tea.Cmd {
	t.Helper()
	var cmd tea.Cmd
	for _, k := range keys {
		cmd = send(t, m, press(k))
	}
	return cmd
}

func TestOthelloTypedSquares(t *testing.T) {
	for _, tc := range []struct {
		name       string
		size       int
		keys       []string
		transcript string
		status     string // in the view
	}{
		{"f5 plays f5", 8, []string{"f", "5"}, "f5", "Black played f5."},
		{"a letter shows", 8, []string{"f"}, "", "Square: f_"},
		{"a second letter replaces the first", 8, []string{"a", "d", "3"}, "d3", "Black played d3."},
		{"esc clears", 8, []string{"f", "esc", "5"}, "", "Type the column letter first"},
		{"backspace clears", 8, []string{"f", "backspace", "5"}, "", "Type the column letter first"},
		{"a digit first", 8, []string{"5"}, "", "Type the column letter first (a to h)"},
		{"an illegal square", 8, []string{"a", "1"}, "", "a1 is not a legal move for black"},
		{"off the board", 6, []string{"f", "7"}, "", "f7 is not a square of this 6x6 board"},
		{"a column off the board", 6, []string{"g"}, "", "g is not a column of this 6x6 board (a to f)"},
		{"h on a small board", 6, []string{"h"}, "", "H (shift+h) is the hint"},
		{"h8 is a square of 8x8", 8, []string{"f", "5", "h", "8"}, "f5", "h8 is not a legal move"},
		{"two moves", 8, []string{"f", "5", "f", "6"}, "f5f6", "Black to move"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := newOthello(t, tc.size, 0, 0)
			typeKeys(t, m, tc.keys...)
			if got := m.Game().Transcript(); got != tc.transcript {
				t.Fatalf("transcript %q, want %q", got, tc.transcript)
			}
			if view := m.Render(); !strings.Contains(oneLine(view), tc.status) {
				t.Fatalf("view lacks %q:\n%s", tc.status, view)
			}
			if m.Game().Transcript() != "" && m.typed != "" {
				t.Fatalf("typed %q left after a move", m.typed)
			}
		})
	}
	// Escape with nothing typed still quits.
	m := newOthello(t, 8, 0, 0)
	if cmd := send(t, m, press("esc")); cmd == nil || cmd() != tea.Quit() {
		t.Fatal("esc does not quit")
	}
}

func TestOthelloNewGameAndRedo(t *testing.T) {
	m := newOthello(t, 8, 0, 0)
	typeKeys(t, m, "f", "5", "f", "6")
	typeKeys(t, m, "u", "u")
	if m.Game().Transcript() != "" {
		t.Fatalf("undo: %q", m.Game().Transcript())
	}
	typeKeys(t, m, "r")
	if m.Game().Transcript() != "f5" || !strings.Contains(m.Render(), "Move redone.") {
		t.Fatalf("redo: %q\n%s", m.Game().Transcript(), m.Render())
	}
	typeKeys(t, m, "r", "r")
	if m.Game().Transcript() != "f5f6" || !strings.Contains(m.Render(), "Nothing to redo.") {
		t.Fatalf("redo past the end: %q\n%s", m.Game().Transcript(), m.Render())
	}
	typeKeys(t, m, "n")
	if !strings.Contains(m.Render(), "Start a new game? This one ends. y/n") {
		t.Fatalf("n did not ask:\n%s", m.Render())
	}
	typeKeys(t, m, "x")
	if m.Game().Transcript() != "f5f6" {
		t.Fatal("declining a new game lost the game")
	}
	typeKeys(t, m, "n", "y")
	if m.Game().Transcript() != "" || !strings.Contains(m.Render(), "New 8x8 game") {
		t.Fatalf("y did not start a new game:\n%s", m.Render())
	}
	// With no move made, n starts at once; against the computer as black, it opens.
	m = newOthello(t, 4, 1, 0)
	drain(t, m, m.Init())
	first := m.Game().Transcript()
	drain(t, m, send(t, m, press("u")))
	if len(first) != 2 || m.Game().Transcript() != first {
		t.Fatalf("the computer opened with %q; after undo %q (it replays its opening)", first, m.Game().Transcript())
	}
	drain(t, m, send(t, m, press("n")))
	if !strings.Contains(m.Render(), "Start a new game?") {
		t.Fatalf("n did not ask:\n%s", m.Render())
	}
	drain(t, m, send(t, m, press("y")))
	if len(m.Game().Plies()) != 1 || m.Session().ComputerToMove() {
		t.Fatalf("new game against the computer: %q", m.Game().Transcript())
	}
}

var valueRE = regexp.MustCompile(`[+-]\d+|\b0\b`)

// TestOthelloValues: v shows the engine's value on every legal square but the
// cursor's (which the line under the board gives), as the web shows after a hint.
func TestOthelloValues(t *testing.T) {
	m := newOthello(t, 8, 0, 0)
	drain(t, m, send(t, m, press("v")))
	vals := m.values()
	if len(vals) != 4 {
		t.Fatalf("values of %d squares, want 4", len(vals))
	}
	view := m.Render()
	lines := strings.Split(view, "\n")
	for sq, v := range vals {
		row := []rune(lines[boardTop+sq.Row()])
		cell := string(row[boardLeft+3*sq.Col():][:3])
		if m.cursor == [2]int{sq.Col(), sq.Row()} {
			if cell != "[·]" {
				t.Errorf("cursor square %s: %q", sq, cell)
			}
			continue
		}
		if want := valueText(v.Score); strings.TrimSpace(cell) != want {
			t.Errorf("%s shows %q, want %s:\n%s", sq, cell, want, view)
		}
	}
	// The start is in the opening book: the line says the values are the book's.
	if !strings.Contains(view, "Values in discs for black (book): best "+m.vals[0].Move.String()) ||
		!strings.Contains(view, ", cursor ") {
		t.Errorf("no values line:\n%s", view)
	}
	// After a move, the values are for the new position.
	drain(t, m, typeKeys(t, m, "f", "5"))
	if len(m.values()) != len(m.Game().LegalMoves()) {
		t.Fatalf("values after f5: %v", m.values())
	}
	send(t, m, press("v"))
	if strings.Contains(m.Render(), "Values in discs") || len(valueRE.FindAllString(boardText(m), -1)) != 0 {
		t.Fatalf("v did not hide the values:\n%s", m.Render())
	}
	// A hint marks the best square with *.
	drain(t, m, send(t, m, press("H")))
	if !strings.Contains(m.Render(), "Hint"+bookMark(m.vals)+": ") || !strings.Contains(boardText(m), "*") {
		t.Fatalf("hint:\n%s", m.Render())
	}
}

// boardText is the board's rows of the view.
func boardText(m *ModelOthello) string {
	lines := strings.Split(m.Render(), "\n")[boardTop : boardTop+m.opt.Size]
	for i, l := range lines {
		lines[i] = string([]rune(l)[boardLeft:]) // without the row numbers
	}
	return strings.Join(lines, "\n")
}

// TestOthelloDiscsDifferWithoutColour: black and white discs are different
// glyphs, plain and in colour, and the title's legend uses the same ones.
func TestOthelloDiscsDifferWithoutColour(t *testing.T) {
	for _, plain := range []bool{true, false} {
		m, err := NewOthello(OptionsOthello{Size: 8, NoColor: plain, Pause: time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		send(t, m, tea.WindowSizeMsg{Width: 100, Height: 40})
		lines := strings.Split(m.Render(), "\n")
		row4 := stripANSI(lines[boardTop+3]) // d4 white, e4 black
		cells := []rune(row4)
		white, black := string(cells[boardLeft+3*3+1]), string(cells[boardLeft+3*4+1])
		if white == black || white != whiteDisc || black != blackDisc {
			t.Fatalf("plain %v: d4 %q, e4 %q in %q", plain, white, black, row4)
		}
		title := stripANSI(lines[0])
		if !strings.Contains(title, blackDisc+" Black 2") || !strings.Contains(title, whiteDisc+" White 2") {
			t.Fatalf("legend: %q", title)
		}
	}
}

var ansiRE = regexp.MustCompile("\x1b\\[[0-9;:]*m")

func stripANSI(s string) string { return ansiRE.ReplaceAllString(s, "") }

// TestOthelloLinesFitTheWidthItNeeds plays whole games at each size with values
// on and checks, after every move, that each line of the view (plain and in
// colour) fits the window it claims to need.
func TestOthelloLinesFitTheWidthItNeeds(t *testing.T) {
	for _, w := range []string{keysOthello1, keysOthello2} {
		if lipgloss.Width(w) > 60 {
			t.Fatalf("key line %q is wider than 60", w)
		}
	}
	level1, _ := session.Level(1)
	level10, _ := session.Level(10)
	m, err := NewOthello(OptionsOthello{Size: 8, White: level10, NoColor: true})
	if err != nil {
		t.Fatal(err)
	}
	send(t, m, tea.WindowSizeMsg{Width: 60, Height: 16})
	typeKeys(t, m, "f", "5") // the search is not run
	checkFits(t, "level 10 thinking", m.Render(), 60)
	if !strings.Contains(m.Render(), "White (level 10) thinking") {
		t.Fatalf("title:\n%s", m.Render())
	}
	m.quit()
	for _, size := range []int{4, 6, 8} {
		t.Run(itoa(size), func(t *testing.T) {
			for _, plain := range []bool{true, false} {
				m, err := NewOthello(OptionsOthello{Size: size, White: level1, NoColor: plain, Pause: time.Millisecond, HintTime: 5 * time.Millisecond})
				if err != nil {
					t.Fatal(err)
				}
				needW, needH := m.sizeOthello()
				send(t, m, tea.WindowSizeMsg{Width: needW, Height: needH})
				check := func(what string) {
					t.Helper()
					view := m.Render()
					if strings.Contains(view, "too small") {
						t.Fatalf("%dx%d too small:\n%s", needW, needH, view)
					}
					checkFits(t, what, view, needW)
					if n := strings.Count(view, "\n") + 1; n > needH && !m.help {
						t.Fatalf("%s: %d lines, more than %d", what, n, needH)
					}
				}
				drain(t, m, send(t, m, press("v")))
				check("values")
				send(t, m, press("?"))
				check("help")
				send(t, m, press("x"))
				send(t, m, press("b"))
				check("typed")
				send(t, m, press("esc"))
				for i := 0; i < 70 && !m.Game().Over(); i++ {
					moves := m.Game().LegalMoves()
					sq := moves[len(moves)-1]
					cmd := typeKeys(t, m, string(rune('a'+sq.Col())), string(rune('1'+sq.Row())))
					check("computer thinking " + sq.String())
					drain(t, m, cmd)
					check("after " + sq.String())
				}
				if !m.Game().Over() {
					t.Fatal("the game did not end")
				}
				typeKeys(t, m, "u", "n")
				check("confirm")
			}
		})
	}
}

// TestOthelloPlaysRandomSeat: the TUI model plays any seat session knows (the
// command line offers only people and levels).
func TestOthelloPlaysRandomSeat(t *testing.T) {
	m, err := NewOthello(OptionsOthello{Size: 4, White: session.Random, NoColor: true, Pause: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	drain(t, m, typeKeys(t, m, othello.SquareAt(m.cursor[0], m.cursor[1]).String()[:1], othello.SquareAt(m.cursor[0], m.cursor[1]).String()[1:]))
	if len(m.Game().Plies()) < 2 {
		t.Fatalf("random did not answer: %q", m.Game().Transcript())
	}
}
