package tui

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/gridgames/gridgames/othello"
	"github.com/gridgames/gridgames/othello/engine"
	"github.com/gridgames/gridgames/othello/session"
)

// stamp names a state of the game: the session and its version. An answer of
// the engine is used only for the stamp it was asked for.
type stamp struct {
	sess    *session.Session
	version int
}

func (m *ModelOthello) now() stamp { return stamp{m.sess, m.sess.Version()} }

// othelloJobs are the searches running as commands: at most one computer move
// and one analysis, each with the CancelFunc that stops it. A job's flag stays
// set until its answer arrives, even when cancelled, so an engine never runs two
// searches at once.
type othelloJobs struct {
	thinking   bool // the computer is choosing a move
	stopMove   context.CancelFunc
	analysing  bool // the engine is valuing the legal moves
	stopValues context.CancelFunc
}

// stop cancels the running searches; their answers still arrive, stale.
func (j *othelloJobs) stop() {
	for _, c := range []*context.CancelFunc{&j.stopMove, &j.stopValues} {
		if *c != nil {
			(*c)()
			*c = nil
		}
	}
}

// engineMsg is the computer's move chosen for turn in session sess.
type engineMsg struct {
	sess *session.Session
	turn session.Turn
	move othello.Square
	err  error
}

// analysisMsg is the engine's values of the legal moves at stamp at.
type analysisMsg struct {
	at    stamp
	vals  []engine.MoveValue
	exact bool // every value is exact
	err   error
}

// kick starts what is due and not running: the computer's move on its turn, the
// analysis on a person's turn when values or a hint are wanted.
func (m *ModelOthello) kick() tea.Cmd {
	var cmds []tea.Cmd
	if t, ok := m.sess.Turn(); ok && !m.jobs.thinking {
		cmds = append(cmds, m.chooseMove(t))
	}
	if !m.sess.Over() && !m.sess.ComputerToMove() && (m.showValues || m.wantHint) &&
		m.valsAt != m.now() && !m.jobs.analysing {
		cmds = append(cmds, m.analyse())
	}
	return tea.Batch(cmds...)
}

// chooseMove runs the computer's turn t as a command; the move shows no sooner
// than Pause after it was asked for.
func (m *ModelOthello) chooseMove(t session.Turn) tea.Cmd {
	ctx, cancel := context.WithCancel(context.Background())
	m.jobs.thinking, m.jobs.stopMove = true, cancel
	sess, eng, pause := m.sess, m.eng, m.opt.Pause
	return func() tea.Msg {
		start := time.Now()
		sq, err := t.Choose(ctx, eng)
		if err == nil {
			wait := time.NewTimer(pause - time.Since(start))
			select {
			case <-wait.C:
			case <-ctx.Done():
				wait.Stop()
				err = ctx.Err()
			}
		}
		return engineMsg{sess: sess, turn: t, move: sq, err: err}
	}
}

// computerMoved plays the computer's answer if the game is still where it was
// asked for; a stale answer is dropped.
func (m *ModelOthello) computerMoved(msg engineMsg) tea.Cmd {
	m.jobs.thinking = false
	if m.jobs.stopMove != nil {
		m.jobs.stopMove()
		m.jobs.stopMove = nil
	}
	if msg.sess != m.sess {
		return m.kick() // an answer for a game that was replaced
	}
	if msg.err != nil {
		if msg.turn.Version == m.sess.Version() {
			m.status = "The computer failed: " + msg.err.Error()
			return nil
		}
		return m.kick()
	}
	mover := m.Game().Turn()
	if err := m.sess.PlayTurn(msg.turn, msg.move); err != nil {
		if !errors.Is(err, session.ErrStale) {
			m.status = "The computer's move failed: " + err.Error()
		}
		return m.kick()
	}
	m.moved(mover, msg.move)
	return m.kick()
}

// analyse values the legal moves as a command.
func (m *ModelOthello) analyse() tea.Cmd {
	ctx, cancel := context.WithCancel(context.Background())
	m.jobs.analysing, m.jobs.stopValues = true, cancel
	at, pos, eng := m.now(), m.Game().Position(), m.ana
	lim := engine.Limits{Time: m.opt.HintTime, Endgame: 12}
	return func() tea.Msg {
		// Exact on 4x4 and 6x6 (within PerfectTime), else the engine's estimate.
		vals, exact, err := eng.AnalyzePerfect(ctx, pos, m.opt.PerfectTime, lim)
		return analysisMsg{at: at, vals: vals, exact: exact, err: err}
	}
}

func (m *ModelOthello) analysed(msg analysisMsg) tea.Cmd {
	m.jobs.analysing = false
	if m.jobs.stopValues != nil {
		m.jobs.stopValues()
		m.jobs.stopValues = nil
	}
	if msg.at != m.now() {
		return m.kick() // the game moved on meanwhile
	}
	m.vals, m.valsAt, m.valsExact = msg.vals, msg.at, msg.exact // on an error, no values: not asked again
	if msg.err != nil {
		m.vals = nil
		m.status = "The engine failed: " + msg.err.Error()
		m.wantHint = false
		return nil
	}
	if m.wantHint {
		m.wantHint, m.hintShown = false, true
		m.status = m.hintText()
	}
	return nil
}

// askHint shows the engine's best moves, analysing first if need be.
func (m *ModelOthello) askHint() tea.Cmd {
	switch {
	case m.sess.Over():
		return nil
	case m.sess.ComputerToMove():
		m.status = "The computer is thinking; ask for a hint on your turn."
		return nil
	case m.valsAt == m.now() && m.vals != nil:
		m.hintShown = true
		m.status = m.hintText()
		return nil
	}
	m.wantHint = true
	m.status = "Thinking about a hint..."
	return m.kick()
}

// values returns the current values by square, or nil.
func (m *ModelOthello) values() map[othello.Square]engine.MoveValue {
	if m.valsAt != m.now() || len(m.vals) == 0 {
		return nil
	}
	out := make(map[othello.Square]engine.MoveValue, len(m.vals))
	for _, v := range m.vals {
		out[v.Move] = v
	}
	return out
}

// valueText writes a value as the web does: "+4", "0", "-12".
func valueText(score float64) string {
	n := int(math.Round(score))
	if n > 0 {
		return fmt.Sprintf("+%d", n)
	}
	return fmt.Sprint(n)
}

// bookMark marks values from the opening book (the engine answers a book
// position wholly from the book).
func bookMark(vals []engine.MoveValue) string {
	if len(vals) > 0 && vals[0].Book {
		return " (book)"
	}
	return ""
}

func (m *ModelOthello) hintText() string {
	if len(m.vals) == 0 {
		return ""
	}
	parts := make([]string, 0, 4)
	for i, v := range m.vals {
		if i == 4 {
			break
		}
		parts = append(parts, v.Move.String()+" "+valueText(v.Score))
	}
	if m.valsExact {
		return "Hint: " + strings.Join(parts, ", ") + " (exact: final discs for " + m.Game().Turn().String() + " with perfect play)"
	}
	return "Hint" + bookMark(m.vals) + ": " + strings.Join(parts, ", ") + " (discs for " + m.Game().Turn().String() + ")"
}
