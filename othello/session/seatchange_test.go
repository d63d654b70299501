package session

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/gridgames/gridgames/othello"
	"github.com/gridgames/gridgames/othello/engine"
)

// SeatAction writes what Apply reads back; bad seat actions wrap ErrAction and
// ErrSeat and change nothing.
func TestSeatActionText(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		action string
		colour othello.Color
		want   string // the seat, "" for an error
	}{
		{"seat black level 5", othello.Black, "level 5"},
		{"seat white human", othello.White, "human"},
		{"seat white 3", othello.White, "level 3"},
		{"seat Black Level 10", othello.Black, "level 10"},
		{"seat white random", othello.White, "random"},
		{"seat black classic 2", othello.Black, "classic 2"},
		{"seat black level 11", othello.Black, ""},
		{"seat green human", othello.Black, ""},
		{"seat white", othello.White, ""},
		{"seat ", othello.Black, ""},
	} {
		t.Run(tc.action, func(t *testing.T) {
			s, err := New(Config{Size: 6})
			if err != nil {
				t.Fatal(err)
			}
			err = s.Apply(tc.action)
			if tc.want == "" {
				if !errors.Is(err, ErrAction) || !errors.Is(err, ErrSeat) {
					t.Fatalf("got %v, want ErrAction and ErrSeat", err)
				}
				if s.Version() != 0 || !s.Seat(othello.Black).IsHuman() || !s.Seat(othello.White).IsHuman() {
					t.Fatalf("a refused seat action changed the session")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			got := s.Seat(tc.colour)
			if got.String() != tc.want {
				t.Fatalf("seat %v, want %s", got, tc.want)
			}
			if back := SeatAction(tc.colour, got); back != "seat "+tc.colour.String()+" "+tc.want {
				t.Fatalf("SeatAction writes %q", back)
			}
			if !s.Seat(tc.colour.Other()).IsHuman() {
				t.Fatalf("the other seat changed: %v", s.Seat(tc.colour.Other()))
			}
		})
	}
}

// SetSeat changes the current seats, not the config's; it bumps the version (a
// computer turn taken before it is stale), and it is refused once the game is over.
func TestSetSeat(t *testing.T) {
	t.Parallel()
	eng := engine.New(engine.Options{Workers: 1, TableBits: 12})
	s, err := New(Config{Size: 6, Black: Human, White: mustLevel(t, 1)})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Play(s.Position().LegalMoves()[0]); err != nil {
		t.Fatal(err)
	}
	turn, ok := s.Turn()
	if !ok {
		t.Fatal("level 1 is not to move")
	}
	v := s.Version()
	if err := s.SetSeat(othello.White, mustLevel(t, 4)); err != nil {
		t.Fatal(err)
	}
	if s.Version() != v+1 {
		t.Fatalf("version %d after a seat change, want %d", s.Version(), v+1)
	}
	if got := s.Seat(othello.White); got.Level() != 4 {
		t.Fatalf("white is %v, want level 4", got)
	}
	if got := s.Config().White; got.Level() != 1 {
		t.Fatalf("the config's white seat became %v; it keeps the starting seat", got)
	}
	if err := s.PlayTurn(turn, s.Position().LegalMoves()[0]); !errors.Is(err, ErrStale) {
		t.Fatalf("a turn taken before the seat change was played: %v", err)
	}
	if now, _ := s.Turn(); now.Seat.Level() != 4 {
		t.Fatalf("the new turn is %v's, want level 4", now.Seat)
	}

	// White becomes a person: a person may now move for white, and the computer may not.
	if err := s.SetSeat(othello.White, Human); err != nil {
		t.Fatal(err)
	}
	if s.ComputerToMove() {
		t.Fatal("the computer is to move after white became a person")
	}
	if _, err := s.ComputerMove(t.Context(), eng); !errors.Is(err, ErrPersonTurn) {
		t.Fatalf("computer move for a person: %v", err)
	}
	if err := s.Play(s.Position().LegalMoves()[0]); err != nil {
		t.Fatalf("the person's move for white: %v", err)
	}
	// Back to the computer for black, the side to move: it plays.
	if err := s.SetSeat(othello.Black, mustLevel(t, 2)); err != nil {
		t.Fatal(err)
	}
	if _, err := s.ComputerMove(t.Context(), eng); err != nil {
		t.Fatalf("black's computer move: %v", err)
	}
	if err := s.SetSeat(othello.None, Human); !errors.Is(err, ErrSeat) {
		t.Fatalf("seat for no colour: %v", err)
	}

	over, err := New(Config{Size: 4})
	if err != nil {
		t.Fatal(err)
	}
	for !over.Over() {
		if err := over.Play(over.Position().LegalMoves()[0]); err != nil {
			t.Fatal(err)
		}
	}
	if err := over.SetSeat(othello.White, mustLevel(t, 3)); !errors.Is(err, othello.ErrGameOver) {
		t.Fatalf("seat change after the end: %v", err)
	}
}

// A game with seat changes replays to the same game and the same seats, and undo
// goes back to a person's turn by the seats in effect.
func TestApplyReplaysSeatChanges(t *testing.T) {
	t.Parallel()
	eng := engine.New(engine.Options{Workers: 1, TableBits: 12})
	cfg := Config{Size: 6, Black: Human, White: mustLevel(t, 1)}
	s, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	var actions []string
	do := func(action string) {
		t.Helper()
		if err := s.Apply(action); err != nil {
			t.Fatalf("%s: %v", action, err)
		}
		actions = append(actions, action)
	}
	computer := func() {
		t.Helper()
		sq, err := s.ComputerMove(t.Context(), eng)
		if err != nil {
			t.Fatal(err)
		}
		actions = append(actions, sq.String())
	}
	first := func() string { return s.Position().LegalMoves()[0].String() }
	do(first())
	computer()
	do(SeatAction(othello.White, mustLevel(t, 3)))
	do(first())
	computer()
	do(SeatAction(othello.White, Human))
	do(first())
	do(first()) // white, a person now
	do(Undo)    // people on both sides: one move back
	if len(s.Game().Plies()) != 5 {
		t.Fatalf("%d plies after the undo, want 5", len(s.Game().Plies()))
	}
	do(SeatAction(othello.White, mustLevel(t, 2))) // white to move: the computer plays
	computer()

	r, err := New(s.Config())
	if err != nil {
		t.Fatal(err)
	}
	for i, a := range actions {
		if err := r.Apply(a); err != nil {
			t.Fatalf("replaying action %d (%s): %v", i+1, a, err)
		}
	}
	if r.Game().String() != s.Game().String() || r.Version() != s.Version() {
		t.Fatalf("replay gives %s (version %d), want %s (version %d)", r.Game(), r.Version(), s.Game(), s.Version())
	}
	for _, c := range []othello.Color{othello.Black, othello.White} {
		if r.Seat(c) != s.Seat(c) {
			t.Fatalf("replayed %v seat %v, want %v", c, r.Seat(c), s.Seat(c))
		}
	}
	if r.Config() != cfg {
		t.Fatalf("config %+v changed from %+v", r.Config(), cfg)
	}
}

// Games stored before seat changes existed (their config in the old numeric form
// or with names, their actions moves, undo and redo only) replay as they did: the
// seats are the config's throughout, and the computer's moves stored among the
// actions are played for it.
func TestOldGamesReplayWithoutSeatActions(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name       string
		params     string
		actions    []string
		transcript string
		black      string
		white      string
		computer   bool
	}{
		{"numbers, person against level 3", `{"size":8,"black":0,"white":3}`,
			[]string{"f5", "d6", "c3", "undo"}, "f5d6", "human", "level 3", false},
		{"numbers, two people", `{"size":6,"black":0,"white":0}`,
			[]string{"b3", "b2", "undo", "redo"}, "b3b2", "human", "human", false},
		{"names, level against level", `{"size":4,"black":"level 1","white":"level 2"}`,
			[]string{"a2", "a1"}, "a2a1", "level 1", "level 2", true},
		{"a transcript in the config", `{"size":8,"transcript":"f5d6","black":"human","white":"level 1"}`,
			[]string{"c3", "d3"}, "f5d6c3d3", "human", "level 1", false},
		{"no actions", `{"size":8,"black":5,"white":0}`, nil, "", "level 5", "human", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var cfg Config
			if err := json.Unmarshal([]byte(tc.params), &cfg); err != nil {
				t.Fatal(err)
			}
			s, err := New(cfg)
			if err != nil {
				t.Fatal(err)
			}
			for i, a := range tc.actions {
				if err := s.Apply(a); err != nil {
					t.Fatalf("action %d (%s): %v", i+1, a, err)
				}
			}
			if got := s.Game().Transcript(); got != tc.transcript {
				t.Errorf("transcript %q, want %q", got, tc.transcript)
			}
			if b, w := s.Seat(othello.Black).String(), s.Seat(othello.White).String(); b != tc.black || w != tc.white {
				t.Errorf("seats %s/%s, want %s/%s", b, w, tc.black, tc.white)
			}
			if s.Seat(othello.Black) != s.Config().Black || s.Seat(othello.White) != s.Config().White {
				t.Errorf("current seats %v/%v differ from the config's %v/%v", s.Seat(othello.Black), s.Seat(othello.White),
					s.Config().Black, s.Config().White)
			}
			if s.ComputerToMove() != tc.computer {
				t.Errorf("computer to move %v, want %v", s.ComputerToMove(), tc.computer)
			}
		})
	}
}
