package session

import (
	"errors"
	"strings"
	"testing"

	"github.com/gridgames/gridgames/othello"
	"github.com/gridgames/gridgames/othello/engine"
)

// sessionState is what a replay must rebuild: the game with its history, the
// seats, and whether undo and redo would change anything.
type sessionState struct {
	game             string
	pos              othello.Position
	black, white     Seat
	canUndo, canRedo bool
}

func stateOf(s *Session) sessionState {
	return sessionState{s.Game().String(), s.Position(), s.Seat(othello.Black), s.Seat(othello.White), s.CanUndo(), s.CanRedo()}
}

// FuzzApply: any stored actions ("|" between them), on any board size and with
// a person or a computer in White's seat, never panic; every refusal wraps a
// sentinel and changes nothing; and replaying the accepted actions on a new
// session, as the server does with a stored game, rebuilds the same game, seats
// and undo history.
func FuzzApply(f *testing.F) {
	f.Add(uint8(2), false, "f5|d6|c3|undo|redo|seat white level 3|d3|c4")
	f.Add(uint8(1), true, "c2|undo|undo|redo|seat black random|b1|seat white perfect|zz|e5")
	f.Add(uint8(0), false, "b1|a1|pass|seat grey human|seat white 11|redo|c4|d1")
	f.Fuzz(func(t *testing.T, size uint8, computer bool, script string) {
		cfg := Config{Size: othello.Sizes[int(size)%len(othello.Sizes)], Seed: 3}
		if computer {
			cfg.White = Random
		}
		live, err := New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		var accepted []string
		for _, a := range strings.Split(script, "|") {
			before := stateOf(live)
			err := live.Apply(a)
			if err == nil {
				accepted = append(accepted, a)
				continue
			}
			for _, sentinel := range []error{ErrAction, ErrNothingToUndo, ErrNothingToRedo, ErrSeat,
				othello.ErrIllegalMove, othello.ErrGameOver, engine.ErrPerfectSize} {
				if errors.Is(err, sentinel) {
					goto wrapped
				}
			}
			t.Fatalf("apply %q: error %v wraps no sentinel", a, err)
		wrapped:
			if stateOf(live) != before {
				t.Fatalf("a refused %q changed the session", a)
			}
		}
		again, err := New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		for i, a := range accepted {
			if err := again.Apply(a); err != nil {
				t.Fatalf("replaying accepted action %d %q: %v", i+1, a, err)
			}
		}
		if got, want := stateOf(again), stateOf(live); got != want {
			t.Fatalf("replay gives %+v, live %+v", got, want)
		}
	})
}
