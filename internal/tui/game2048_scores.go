package tui

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/gridgames/gridgames/internal/store"
)

// scoresTimeout bounds one read or write of the best scores.
const scoresTimeout = 5 * time.Second

// bestMsg carries the best score read for a board.
type bestMsg struct {
	key  string
	best int64
	err  error
}

// savedMsg reports the writing of a new best score.
type savedMsg struct{ err error }

func (m *Model2048) bestKey() string { return store.BoardKey("2048", m.game.Rows(), m.game.Cols()) }

// loadBest reads the board's best score, as a command.
func (m *Model2048) loadBest() tea.Cmd {
	sc, key := m.opt.Scores, m.bestKey()
	if sc == nil {
		return nil
	}
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), scoresTimeout)
		defer cancel()
		b, err := sc.Best(ctx, key)
		return bestMsg{key: key, best: b, err: err}
	}
}

func (m *Model2048) gotBest(msg bestMsg) {
	switch {
	case msg.key != m.bestKey():
	case msg.err != nil:
		m.status = "Best score not read: " + msg.err.Error()
	default:
		m.best = max(m.best, msg.best)
	}
}

// raiseBest notes a new best score and returns the command that saves it.
func (m *Model2048) raiseBest() tea.Cmd {
	s := m.game.Score()
	if s <= m.best {
		return nil
	}
	m.best = s
	sc, key := m.opt.Scores, m.bestKey()
	if sc == nil {
		return nil
	}
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), scoresTimeout)
		defer cancel()
		return savedMsg{err: sc.RaiseBest(ctx, key, s)}
	}
}
