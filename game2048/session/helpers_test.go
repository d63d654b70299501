package session

import (
	"testing"

	"github.com/gridgames/gridgames/game2048"
)

// testSalt is a salt for games the tests build from a Config.
const testSalt = "00112233445566778899aabbccddeeff"

// ranked returns a ranked game on a rows x cols board with the standard rules,
// from a fixed seed, as New would have drawn it.
func ranked(t testing.TB, rows, cols int, seed uint64) *Session {
	t.Helper()
	r := game2048.DefaultRules()
	r.Rows, r.Cols = rows, cols
	s, err := Restore(Config{Rules: r, Seed: seed, Salt: testSalt, Drawn: true})
	if err != nil {
		t.Fatal(err)
	}
	if !s.Ranked() || !s.Sealed() {
		t.Fatalf("a drawn seed with the standard rules: ranked %v, sealed %v", s.Ranked(), s.Sealed())
	}
	return s
}

// play applies moves, trying the directions in turn, until n moves are made
// (n < 0: until the game is over, or until stop says so).
func play(t testing.TB, s *Session, n int, stop func(*Session) bool) {
	t.Helper()
	for i := 0; n != 0 && !s.Game().Over(); i++ {
		if stop != nil && stop(s) {
			return
		}
		if i > 100000 {
			t.Fatalf("no end after %d tries", i)
		}
		if _, err := s.Apply(MoveAction(game2048.Directions[i%4], false)); err == nil {
			n--
		}
	}
}

// apply applies actions that must be accepted.
func apply(t testing.TB, s *Session, actions ...string) {
	t.Helper()
	for _, a := range actions {
		if _, err := s.Apply(a); err != nil {
			t.Fatalf("apply %q: %v", a, err)
		}
	}
}

// firstLegal returns the action of the first direction that moves now.
func firstLegal(t testing.TB, s *Session) string {
	t.Helper()
	legal := s.Legal()
	if len(legal) == 0 {
		t.Fatal("no legal move")
	}
	return MoveAction(legal[0], false)
}
