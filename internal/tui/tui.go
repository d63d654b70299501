// Package tui is the terminal UI: 2048 and Othello as Bubble Tea programs. The
// models are pure: key, mouse and window messages in, a new model and a view out;
// the searches of the AIs and the reads and writes of best scores run as
// commands, off the update loop, and their answers come back as messages.
package tui

import (
	"context"
	"os"
	"strconv"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
)

// Scores keeps the best score of each board; *store.SQLite satisfies it, so the
// terminal and the web app share their best scores. The models call it only from
// commands, never inside Update.
type Scores interface {
	Best(ctx context.Context, key string) (int64, error)
	RaiseBest(ctx context.Context, key string, score int64) error
}

// NoColorFromEnv reports whether the NO_COLOR convention asks for no colour.
func NoColorFromEnv() bool { return os.Getenv("NO_COLOR") != "" }

// keyName is a key press as the models match it: the typed text for printable
// keys ("a", "A", "?"), else Bubble Tea's name ("left", "enter", "ctrl+c").
func keyName(msg tea.KeyPressMsg) string {
	k := msg.Key()
	if k.Text != "" && k.Mod&^tea.ModShift == 0 {
		if k.Text == " " {
			return "space"
		}
		return k.Text
	}
	return msg.String()
}

func itoa(n int) string { return strconv.Itoa(n) }

// styles used by both games; plain renders without any colour or attribute.
type palette struct {
	plain bool
}

func (p palette) render(s lipgloss.Style, text string) string {
	if p.plain {
		return text
	}
	return s.Render(text)
}

var (
	titleStyle = lipgloss.NewStyle().Bold(true)
	faintStyle = lipgloss.NewStyle().Faint(true)
	noteStyle  = lipgloss.NewStyle().Bold(true).Foreground(lipgloss.Color("#e5a50a"))
)
