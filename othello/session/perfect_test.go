package session

import (
	"errors"
	"testing"

	"github.com/gridgames/gridgames/othello"
	"github.com/gridgames/gridgames/othello/engine"
)

// The Perfect seat plays on 4x4 and 6x6 and is refused on 8x8, at the start and
// as a seat change, with an error naming both.
func TestPerfectSeat(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		size int
		ok   bool
	}{{4, true}, {6, true}, {8, false}} {
		_, err := New(Config{Size: tc.size, White: Perfect})
		if tc.ok != (err == nil) {
			t.Fatalf("%dx%d with a Perfect seat: %v", tc.size, tc.size, err)
		}
		if !tc.ok && !errors.Is(err, engine.ErrPerfectSize) {
			t.Fatalf("%dx%d: %v, want engine.ErrPerfectSize", tc.size, tc.size, err)
		}
		s, err := New(Config{Size: tc.size})
		if err != nil {
			t.Fatal(err)
		}
		if err := s.SetSeat(othello.Black, Perfect); tc.ok != (err == nil) {
			t.Fatalf("%dx%d: SetSeat(Perfect): %v", tc.size, tc.size, err)
		}
	}
}

// A 4x4 game of Perfect against Perfect plays out to the board's exact value.
func TestPerfectPlaysOut(t *testing.T) {
	t.Parallel()
	s, err := New(Config{Size: 4, Black: Perfect, White: Perfect})
	if err != nil {
		t.Fatal(err)
	}
	eng := engine.New(engine.Options{Workers: 1, TableBits: 14})
	start := s.Position()
	want, err := eng.PerfectMove(t.Context(), start)
	if err != nil {
		t.Fatal(err)
	}
	for !s.Over() {
		if _, err := s.ComputerMove(t.Context(), eng); err != nil {
			t.Fatal(err)
		}
	}
	if got := s.Position().Score(); got != int(want.Score) {
		t.Fatalf("Perfect against itself ended %+d for black, the start is worth %+v", got, want.Score)
	}
}
