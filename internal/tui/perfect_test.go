package tui

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/gridgames/gridgames/game2048/solver/exact"
)

// P makes hints exact on a small board; perfect autoplay plays to the end, and R
// then reviews the game: every move was a best move. On 4x4, P says why not.
func Test2048Perfect(t *testing.T) {
	tb, err := exact.Solve(context.Background(), exact.Config{Rows: 2, Cols: 3, FourChance: 0.1})
	if err != nil {
		t.Fatal(err)
	}
	m := new2048(t, 2, 3, 2048, 7)
	send(t, m, press("P"))
	if !m.perfect || !strings.HasPrefix(m.status, "Perfect:") {
		t.Fatalf("after P: perfect %v, status %q", m.perfect, m.status)
	}
	drain(t, m, send(t, m, press("H")))
	b := m.Game().Board()
	v, _ := tb.Value(b)
	best, _, _ := tb.Best(b)
	if want := fmt.Sprintf("Perfect hint: %s, expected final score %.2f.", best, v); m.status != want {
		t.Fatalf("status %q, want %q", m.status, want)
	}
	send(t, m, press("R"))
	if m.status != "The review comes once the game is over." {
		t.Errorf("R during the game: %q", m.status)
	}
	for i := 0; i < 20 && !m.Game().Over(); i++ {
		drain(t, m, send(t, m, press("A")))
	}
	if !m.Game().Over() {
		t.Fatalf("perfect autoplay did not finish: %d moves", m.Game().MoveCount())
	}
	drain(t, m, send(t, m, press("R")))
	if m.status != "Review: every move was a best move." {
		t.Fatalf("review of perfect autoplay: %q", m.status)
	}

	for _, size := range [][2]int{{4, 4}, {2, 5}} {
		big := new2048(t, size[0], size[1], 2048, 7)
		send(t, big, press("P"))
		if big.perfect || !strings.Contains(big.status, "at most 9 cells") {
			t.Errorf("P on %dx%d: perfect %v, status %q", size[0], size[1], big.perfect, big.status)
		}
	}
}

// A game with mistakes: R names how many moves lost expected score and the worst.
func Test2048ReviewMistakes(t *testing.T) {
	m := new2048(t, 2, 2, 2048, 3)
	for i := 0; i < 200 && !m.Game().Over(); i++ {
		drain(t, m, send(t, m, press(firstMove(m))))
	}
	drain(t, m, send(t, m, press("R")))
	if !strings.HasPrefix(m.status, "Review: ") {
		t.Fatalf("status %q", m.status)
	}
	tb, _ := exact.Solve(context.Background(), exact.Config{Rows: 2, Cols: 2, FourChance: 0.1})
	rev, _ := tb.Review(m.Game().Record())
	n := 0
	for _, r := range rev {
		if r.Loss > 1e-9 {
			n++
		}
	}
	if n > 0 && !strings.HasPrefix(m.status, fmt.Sprintf("Review: %d moves lost ", n)) {
		t.Errorf("status %q, the library finds %d lossy moves", m.status, n)
	}
}
