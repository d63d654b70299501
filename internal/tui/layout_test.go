package tui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"github.com/gridgames/gridgames/game2048"
)

// checkFits fails when a line of view is wider than width cells (colour codes
// do not count).
func checkFits(t *testing.T, what, view string, width int) {
	t.Helper()
	for i, l := range strings.Split(view, "\n") {
		if w := lipgloss.Width(l); w > width {
			t.Errorf("%s: line %d is %d wide, more than %d: %q", what, i, w, width, l)
		}
	}
}

func TestTooSmallWrapsToTheWindow(t *testing.T) {
	for _, width := range []int{12, 20, 30, 45} {
		t.Run(itoa(width), func(t *testing.T) {
			want := "The window is too small for this board. It needs 60x11 characters; it is " + itoa(width) +
				"x8. Enlarge the window (or choose a smaller board). q quits."
			got := tooSmall(width, 8, 60, 11)
			checkFits(t, "too small", got, width)
			if oneLine(got) != want {
				t.Fatalf("words lost or changed:\n%s\nwant %s", got, want)
			}
		})
	}
	for _, tc := range []struct {
		name  string
		model tea.Model
	}{
		{"2048", new2048(t, 4, 4, 2048, 1)},
		{"othello", newOthello(t, 8, 0, 0)},
	} {
		for _, width := range []int{20, 30} {
			t.Run(tc.name+" "+itoa(width), func(t *testing.T) {
				send(t, tc.model, tea.WindowSizeMsg{Width: width, Height: 10})
				got := tc.model.View().Content
				checkFits(t, tc.name, got, width)
				if !strings.Contains(oneLine(got), "too small") || !strings.Contains(got, "q quits") {
					t.Fatalf("view:\n%s", got)
				}
			})
		}
	}
}

// Test2048LinesFitTheWidthItNeeds renders boards in many states at exactly the
// size they claim to need, plain and in colour: no line is wider.
func Test2048LinesFitTheWidthItNeeds(t *testing.T) {
	if w := lipgloss.Width(keys2048); w > 60 {
		t.Fatalf("the key line is %d wide: %q", w, keys2048)
	}
	for _, tc := range []struct {
		name       string
		rows, cols int
		win        uint64
		four       float64
		state      func(t *testing.T, m *Model2048)
	}{
		{"new 4x4", 4, 4, 2048, 0.1, nil},
		{"new 16x16 odd chance", 16, 16, 1 << 17, 0.125, nil},
		{"2x2 to the end", 2, 2, 8, 0.1, func(t *testing.T, m *Model2048) {
			for i := 0; i < 200 && !m.game.Over(); i++ {
				send(t, m, press(firstMove(m)))
				send(t, m, slideDoneMsg{seq: m.slideSeq})
			}
		}},
		{"win", 4, 4, 4, 0.1, func(t *testing.T, m *Model2048) {
			for i := 0; i < 50 && !m.game.Won(); i++ {
				send(t, m, press(firstMove(m)))
				send(t, m, slideDoneMsg{seq: m.slideSeq})
			}
			if !strings.Contains(m.status, "You win") {
				t.Fatalf("no win: %q", m.status)
			}
		}},
		{"confirm", 4, 4, 2048, 0.1, func(t *testing.T, m *Model2048) {
			send(t, m, press(firstMove(m)))
			send(t, m, slideDoneMsg{seq: m.slideSeq})
			send(t, m, press("n"))
		}},
		{"autoplay", 4, 4, 2048, 0.1, func(t *testing.T, m *Model2048) { send(t, m, press("A")) }},
		{"help", 4, 4, 2048, 0.1, func(t *testing.T, m *Model2048) { send(t, m, press("?")) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, plain := range []bool{true, false} {
				rules := game2048.DefaultRules()
				rules.Rows, rules.Cols, rules.WinTile, rules.FourChance = tc.rows, tc.cols, tc.win, tc.four
				m, err := New2048(Options2048{Rules: rules, Seed: 2, HasSeed: true, NoColor: plain})
				if err != nil {
					t.Fatal(err)
				}
				send(t, m, tea.WindowSizeMsg{Width: 200, Height: 100})
				if tc.state != nil {
					tc.state(t, m)
				}
				needW, needH, _, _ := m.size2048()
				send(t, m, tea.WindowSizeMsg{Width: needW, Height: needH})
				view := m.Render()
				if strings.Contains(view, "too small") {
					t.Fatalf("%dx%d is too small:\n%s", needW, needH, view)
				}
				checkFits(t, tc.name, view, needW)
				if n := strings.Count(view, "\n") + 1; n > needH && !m.help {
					t.Errorf("%d lines, more than %d", n, needH)
				}
			}
		})
	}
}

// TestWrapAndClip holds the contract of wrap, clip and statusLines: lines of at
// most width cells, every word kept in order (long words cut, not dropped), and a
// clipped line that says so with "…".
func TestWrapAndClip(t *testing.T) {
	for _, tc := range []struct {
		text  string
		width int
		want  []string
	}{
		{"a bb ccc", 4, []string{"a bb", "ccc"}},
		{"  spaced   out  words ", 7, []string{"spaced", "out", "words"}},
		{"abcdefghij", 4, []string{"abcd", "efgh", "ij"}},
		{"go abcdefghij", 4, []string{"go", "abcd", "efgh", "ij"}},
		{"one line", 0, []string{"one line"}},
		{"", 5, []string{""}},
		{"●○ ●○ ●○", 5, []string{"●○ ●○", "●○"}},
	} {
		t.Run(tc.text+" "+itoa(tc.width), func(t *testing.T) {
			got := wrap(tc.text, tc.width)
			if strings.Join(got, "|") != strings.Join(tc.want, "|") {
				t.Fatalf("wrap(%q, %d) = %q, want %q", tc.text, tc.width, got, tc.want)
			}
		})
	}
	for _, tc := range []struct {
		text  string
		width int
		want  string
	}{
		{"short", 10, "short"},
		{"exactly10!", 10, "exactly10!"},
		{"a longer status line", 10, "a longer …"},
	} {
		t.Run("clip "+tc.text, func(t *testing.T) {
			if got := clip(tc.text, tc.width); got != tc.want {
				t.Fatalf("clip(%q, %d) = %q, want %q", tc.text, tc.width, got, tc.want)
			}
		})
	}
	lines := statusLines("the engine thinks a long while about this move", 12, 2)
	if len(lines) != 2 || !strings.HasSuffix(lines[1], "…") {
		t.Fatalf("statusLines = %q, want 2 lines, the last clipped", lines)
	}
	for _, l := range lines {
		if lipgloss.Width(l) > 12 {
			t.Fatalf("statusLines: %q is wider than 12", l)
		}
	}
}
