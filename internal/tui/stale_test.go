package tui

import (
	"context"
	"errors"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/gridgames/gridgames/othello"
)

// otherMove returns a direction key, other than not, that moves the board.
func otherMove(m *Model2048, not string) string {
	for _, k := range []string{"left", "up", "right", "down"} {
		if k != not && m.game.CanMove(dirKeys[k]) {
			return k
		}
	}
	return ""
}

// Test2048StaleAnswerIsNotUsed asks the solver, then undoes and makes another
// move (so the move count is as before) and only then delivers the answer: it
// was for another board and must not be played or shown.
func Test2048StaleAnswerIsNotUsed(t *testing.T) {
	for _, tc := range []struct {
		name string
		key  string // H or A
	}{{"hint", "H"}, {"autoplay", "A"}} {
		t.Run(tc.name, func(t *testing.T) {
			m := new2048(t, 4, 4, 2048, 31)
			first := firstMove(m)
			send(t, m, press(first))
			send(t, m, slideDoneMsg{seq: m.slideSeq})
			ask := send(t, m, press(tc.key))
			if ask == nil {
				t.Fatal("no search started")
			}
			old := ask().(solvedMsg) // the answer, held back
			if old.err != nil {
				t.Fatal(old.err)
			}
			send(t, m, press("u"))
			send(t, m, press(otherMove(m, first)))
			send(t, m, slideDoneMsg{seq: m.slideSeq})
			if tc.key == "A" {
				send(t, m, press("A")) // autoplay on again: the old answer must still not play
			}
			moves, board := m.game.MoveCount(), m.game.Board()
			send(t, m, old)
			if m.game.MoveCount() != moves || !m.game.Board().Equal(board) {
				t.Fatalf("the stale answer %s was played", old.a.Best)
			}
			if tc.key == "H" && (m.hint != "" || strings.Contains(m.Render(), "Hint: ")) {
				t.Fatalf("the stale hint is shown:\n%s", m.Render())
			}
		})
	}
}

// Test2048StaleSearchIsCancelled: undo, a new game or quitting stop a search
// still running.
func Test2048StaleSearchIsCancelled(t *testing.T) {
	for _, tc := range []struct {
		name string
		do   func(t *testing.T, m *Model2048)
	}{
		{"undo", func(t *testing.T, m *Model2048) { send(t, m, press("u")) }},
		{"new game", func(t *testing.T, m *Model2048) { send(t, m, press("n")); send(t, m, press("y")) }},
		{"quit", func(t *testing.T, m *Model2048) { send(t, m, press("q")) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := new2048(t, 4, 4, 2048, 33)
			send(t, m, press(firstMove(m)))
			send(t, m, slideDoneMsg{seq: m.slideSeq})
			ask := send(t, m, press("H"))
			tc.do(t, m)
			if msg := ask().(solvedMsg); !errors.Is(msg.err, context.Canceled) {
				t.Fatalf("the search was not cancelled: err %v", msg.err)
			}
		})
	}
}

// TestOthelloStaleAnswerIsNotPlayed: the computer chooses a reply to d3; the
// person undoes and plays c4 instead (so the ply count is as before, and the old
// reply is legal again); the old reply arrives: it must not be played, and the
// computer's reply to c4 is.
func TestOthelloStaleAnswerIsNotPlayed(t *testing.T) {
	m := newOthello(t, 8, 0, 1)
	d3, _ := othello.ParseSquare("d3", 8)
	c4, _ := othello.ParseSquare("c4", 8)
	old := runEngine(t, send(t, m, tea.MouseClickMsg{X: boardLeft + 3*d3.Col() + 1, Y: boardTop + d3.Row(), Button: tea.MouseLeft}))
	send(t, m, press("u"))
	if m.Game().Transcript() != "" {
		t.Fatalf("undo: %q", m.Game().Transcript())
	}
	fresh := send(t, m, tea.MouseClickMsg{X: boardLeft + 3*c4.Col() + 1, Y: boardTop + c4.Row(), Button: tea.MouseLeft})
	if m.Game().Transcript() != "c4" || !m.Game().Position().IsLegal(old.move) {
		t.Fatalf("transcript %q; the old reply %s is not legal after c4", m.Game().Transcript(), old.move)
	}
	// The old search was still counted as running, so c4 started none; the old
	// answer's arrival starts the search for c4.
	next := send(t, m, old)
	if m.Game().Transcript() != "c4" {
		t.Fatalf("the stale reply was played: %q", m.Game().Transcript())
	}
	drain(t, m, tea.Batch(fresh, next))
	if got := m.Game().Transcript(); len(got) != 4 || !strings.HasPrefix(got, "c4") {
		t.Fatalf("the computer did not answer c4: %q", got)
	}
}

// runEngine runs the command asking for the computer's move and returns its
// answer without delivering it.
func runEngine(t *testing.T, cmd tea.Cmd) engineMsg {
	t.Helper()
	queue := []tea.Cmd{cmd}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		switch msg := c().(type) {
		case tea.BatchMsg:
			queue = append(queue, msg...)
		case engineMsg:
			if msg.err != nil {
				t.Fatal(msg.err)
			}
			return msg
		}
	}
	t.Fatal("no engine move was asked for")
	return engineMsg{}
}

// TestOthelloStaleSearchIsCancelled: undo, a new game or quitting stop the
// computer's search still running.
func TestOthelloStaleSearchIsCancelled(t *testing.T) {
	for _, tc := range []struct {
		name string
		keys []string
	}{{"undo", []string{"u"}}, {"new game", []string{"n", "y"}}, {"quit", []string{"q"}}} {
		t.Run(tc.name, func(t *testing.T) {
			m := newOthello(t, 8, 0, 10)
			ask := send(t, m, press("enter"))
			if !m.jobs.thinking {
				t.Fatal("the computer is not thinking")
			}
			for _, k := range tc.keys {
				send(t, m, press(k))
			}
			msg, ok := ask().(engineMsg)
			if !ok || !errors.Is(msg.err, context.Canceled) {
				t.Fatalf("the search was not cancelled: %#v", msg)
			}
		})
	}
}
