package tui

import (
	"context"
	"fmt"
	"slices"

	tea "charm.land/bubbletea/v2"

	"github.com/gridgames/gridgames/game2048"
	"github.com/gridgames/gridgames/game2048/solver"
	"github.com/gridgames/gridgames/game2048/solver/exact"
)

// perfectable reports whether the game's board has an exact solution: at most
// exact.MaxCells cells and the standard start of two tiles.
func (m *Model2048) perfectable() bool {
	r := m.game.Rules()
	return r.Rows*r.Cols <= exact.MaxCells && r.StartTiles == 2
}

// togglePerfect switches hints and autoplay between the solver's search and the
// exact tables (key P).
func (m *Model2048) togglePerfect() {
	if !m.perfect && !m.perfectable() {
		m.status = fmt.Sprintf("Perfect play is solved for boards of at most %d cells.", exact.MaxCells)
		return
	}
	m.perfect = !m.perfect
	if m.perfect {
		m.status = "Perfect: hints and autoplay from the exact solution (P turns it off)."
	} else {
		m.status = "Perfect off: hints and autoplay search again."
	}
}

// perfectSearch answers like search, from the exact table (solved on first need up
// to 2x4, read from Options2048.Tables for 3x3): Values are each move's
// points plus the expected score after it under optimal play.
func (m *Model2048) perfectSearch(ctx context.Context, auto bool) tea.Cmd {
	b, r, gen, st := m.game.Board(), m.game.Rules(), m.gen, m.exact
	return func() tea.Msg {
		t, err := st.Table(ctx, r.Rows, r.Cols, r.FourChance, 0)
		if err != nil {
			return solvedMsg{gen: gen, auto: auto, err: err, perfect: true}
		}
		mv, err := t.Moves(b)
		if err != nil {
			return solvedMsg{gen: gen, auto: auto, err: err, perfect: true}
		}
		best, ok, _ := t.Best(b)
		if !ok {
			return solvedMsg{gen: gen, auto: auto, err: solver.ErrNoMove, perfect: true}
		}
		a := solver.Analysis{Best: best}
		for _, d := range game2048.Directions {
			a.Legal[d], a.Values[d] = mv[d].Legal, mv[d].Value
		}
		return solvedMsg{gen: gen, auto: auto, a: a, perfect: true}
	}
}

// review says, once the game is over, how the moves compare with perfect play
// (key R): how many lost expected score, how much in all, and the worst.
func (m *Model2048) review() tea.Cmd {
	if !m.game.Over() {
		m.status = "The review comes once the game is over."
		return nil
	}
	if !m.perfectable() {
		m.status = fmt.Sprintf("Reviews need an exact solution: boards of at most %d cells.", exact.MaxCells)
		return nil
	}
	m.status = "Reviewing against perfect play..."
	rec, st, gen := m.game.Record(), m.exact, m.gen
	return func() tea.Msg {
		t, err := st.Table(context.Background(), rec.Rules.Rows, rec.Rules.Cols, rec.Rules.FourChance, 0)
		if err != nil {
			return reviewMsg{gen: gen, err: err}
		}
		rev, err := t.Review(rec)
		return reviewMsg{gen: gen, rev: rev, err: err}
	}
}

// reviewMsg carries a finished game's review.
type reviewMsg struct {
	gen int
	rev []exact.MoveReview
	err error
}

func (m *Model2048) reviewed(msg reviewMsg) {
	if msg.gen != m.gen {
		return
	}
	if msg.err != nil {
		m.status = "No review: " + msg.err.Error()
		return
	}
	lost, n := 0.0, 0
	for _, r := range msg.rev {
		lost += r.Loss
		if r.Loss > 1e-9 {
			n++
		}
	}
	if n == 0 {
		m.status = "Review: every move was a best move."
		return
	}
	worst := slices.MaxFunc(msg.rev, func(a, b exact.MoveReview) int {
		switch {
		case a.Loss < b.Loss:
			return -1
		case a.Loss > b.Loss:
			return 1
		}
		return 0
	})
	m.status = fmt.Sprintf("Review: %d moves lost %.2f expected points; worst: move %d %s (best %s), -%.2f.",
		n, lost, worst.Number, worst.Played, worst.Best, worst.Loss)
}
