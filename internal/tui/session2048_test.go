package tui

import (
	"strings"
	"testing"

	"github.com/gridgames/gridgames/game2048/session"
)

// The terminal UI applies its actions through game2048/session, as the web
// server does: its moves, undos, hints and auto-play moves are the session's
// actions, which replay to the game on the screen.
func Test2048ActionsGoThroughTheSession(t *testing.T) {
	m := new2048(t, 4, 4, 2048, 5)
	send(t, m, press(firstMove(m)))
	endSlides(t, m)
	send(t, m, press("u"))
	drain(t, m, send(t, m, press("H")))
	if !strings.HasPrefix(m.status, "Hint:") {
		t.Fatalf("status after H: %q", m.status)
	}
	cmd := send(t, m, press("A"))
	send(t, m, cmd()) // the solver's answer: one auto-play move
	send(t, m, press("A"))
	endSlides(t, m)

	if m.Game() != m.sess.Game() {
		t.Fatal("the game shown is not the session's")
	}
	acts := m.sess.Actions()
	kinds := make([]string, len(acts))
	for i, a := range acts {
		switch {
		case a == session.Undo || a == session.Hint:
			kinds[i] = a
		case strings.HasPrefix(a, session.Auto):
			kinds[i] = "auto"
		default:
			kinds[i] = "move"
		}
	}
	if got := strings.Join(kinds, " "); got != "move Z H auto" {
		t.Fatalf("actions %q (%s), want a move, an undo, a hint and an auto-play move", acts, got)
	}
	if m.sess.Undos() != 1 || m.sess.Hints() != 1 || m.sess.AutoMoves() != 1 || m.sess.Practice() != session.PracticeSeed {
		t.Fatalf("counted %d undos, %d hints, %d auto moves, practice %q", m.sess.Undos(), m.sess.Hints(), m.sess.AutoMoves(), m.sess.Practice())
	}
	again, err := session.Restore(m.sess.Config())
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range acts {
		if _, err := again.Apply(a); err != nil {
			t.Fatalf("replay %q: %v", a, err)
		}
	}
	if !again.Game().Board().Equal(m.Game().Board()) || again.Game().Score() != m.Game().Score() {
		t.Fatalf("the actions replay to %s, the screen shows %s", again.Game().Board(), m.Game().Board())
	}
}
