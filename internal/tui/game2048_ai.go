package tui

import (
	"context"
	"fmt"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/gridgames/gridgames/game2048/session"
	"github.com/gridgames/gridgames/game2048/solver"
)

// solvedMsg carries the solver's answer for the game at generation gen.
type solvedMsg struct {
	gen     int
	auto    bool
	a       solver.Analysis
	err     error
	perfect bool // from the exact tables: a.Values are exact
}

// autoStepMsg asks for the next autoplay move.
type autoStepMsg struct{}

// search runs the solver on the current board as a command; changed cancels it.
// Only one search runs at a time (the solver is not safe for concurrent use).
func (m *Model2048) search(auto bool) tea.Cmd {
	m.thinking = true
	ctx, cancel := context.WithCancel(context.Background())
	m.cancel = cancel
	if m.perfect && m.perfectable() {
		return m.perfectSearch(ctx, auto)
	}
	b, four, gen, sv := m.game.Board(), m.game.Rules().FourChance, m.gen, m.solver
	return func() tea.Msg {
		a, err := sv.BestMove(ctx, b, four)
		return solvedMsg{gen: gen, auto: auto, a: a, err: err}
	}
}

func (m *Model2048) solved(msg solvedMsg) tea.Cmd {
	m.thinking = false
	if m.cancel != nil {
		m.cancel() // the search has ended; this frees its context
		m.cancel = nil
	}
	if msg.gen != m.gen {
		// The game changed while it searched: ask again for what is still wanted.
		switch {
		case m.auto:
			return func() tea.Msg { return autoStepMsg{} }
		case m.wantHint && !m.game.Over():
			return m.search(false)
		}
		return nil
	}
	if msg.err != nil {
		m.auto, m.wantHint = false, false
		if !m.game.Over() {
			m.status = "The solver failed: " + msg.err.Error()
			if msg.perfect {
				m.status = "No perfect play: " + msg.err.Error()
			}
		}
		return nil
	}
	if m.wantHint || !msg.auto {
		m.wantHint = false
		m.sess.Apply(session.Hint) // counted, as on the web; it cannot fail: the search found a move
		m.hint = msg.a.Best.String()
		m.status = fmt.Sprintf("Hint: %s (searched %d deep).", m.hint, msg.a.Depth)
		if msg.perfect {
			m.status = fmt.Sprintf("Perfect hint: %s, expected final score %.2f.", m.hint, float64(m.game.Score())+msg.a.Values[msg.a.Best])
		}
	}
	if !msg.auto || !m.auto {
		return nil
	}
	cmd := m.moveAs(msg.a.Best, true)
	if m.game.Over() {
		return cmd
	}
	return tea.Batch(cmd, tea.Tick(m.opt.SlideTime, func(time.Time) tea.Msg { return autoStepMsg{} }))
}
