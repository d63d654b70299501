package session

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/gridgames/gridgames/othello"
	"github.com/gridgames/gridgames/othello/engine"
)

func mustLevel(t *testing.T, n int) Seat {
	t.Helper()
	s, err := Level(n)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestParseSeat(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		text string
		want string // "" for an error
	}{
		{"human", "human"}, {" Person ", "human"}, {"3", "level 3"}, {"level3", "level 3"},
		{"Level 10", "level 10"}, {"random", "random"}, {"GREEDY", "greedy"}, {"Perfect", "perfect"},
		{"classic10", "classic 10"}, {"Classic 3", "classic 3"}, {"classic0", ""}, {"0", ""}, {"11", ""}, {"level", ""}, {"", ""}, {"robot", ""}, {"-1", ""}, {"level 3.5", ""},
	} {
		t.Run(tc.text, func(t *testing.T) {
			s, err := ParseSeat(tc.text)
			if tc.want == "" {
				if !errors.Is(err, ErrSeat) {
					t.Fatalf("got %v, %v; want ErrSeat", s, err)
				}
				if !strings.Contains(err.Error(), "want human, a level from 1 to 10") {
					t.Fatalf("message %q does not say what is accepted", err)
				}
				return
			}
			if err != nil || s.String() != tc.want {
				t.Fatalf("got %v, %v; want %s", s, err, tc.want)
			}
			back, err := ParseSeat(s.String())
			if err != nil || back != s {
				t.Fatalf("%s does not read back: %v %v", s, back, err)
			}
		})
	}
}

// Seats marshal as their names and read back from names or from the numbers older
// stored games used (0 a person, N a level).
func TestSeatJSON(t *testing.T) {
	t.Parallel()
	cfg := Config{Size: 6, Black: Human, White: mustLevel(t, 4)}
	data, err := json.Marshal(cfg)
	if err != nil || string(data) != `{"size":6,"black":"human","white":"level 4"}` {
		t.Fatalf("%s %v", data, err)
	}
	var back Config
	if err := json.Unmarshal(data, &back); err != nil || back != cfg {
		t.Fatalf("%+v %v", back, err)
	}
	var old Config
	if err := json.Unmarshal([]byte(`{"size":8,"black":0,"white":7}`), &old); err != nil || !old.Black.IsHuman() || old.White.Level() != 7 {
		t.Fatalf("old form: %+v %v", old, err)
	}
	for _, bad := range []string{`{"black":12}`, `{"black":"robot"}`, `{"black":true}`} {
		if err := json.Unmarshal([]byte(bad), &old); !errors.Is(err, ErrSeat) {
			t.Errorf("%s: %v, want ErrSeat", bad, err)
		}
	}
}

func TestNewConfig(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		cfg  Config
		want error
	}{
		{"size 5", Config{Size: 5}, othello.ErrSize},
		{"start of another size", Config{Size: 8, Start: "-----OX--XO----- X"}, othello.ErrSize},
		{"bad start", Config{Start: "nonsense"}, othello.ErrSyntax},
		{"bad transcript", Config{Transcript: "f5f5"}, othello.ErrIllegalMove},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := New(tc.cfg); !errors.Is(err, tc.want) {
				t.Fatalf("got %v, want %v", err, tc.want)
			}
		})
	}
	s, err := New(Config{Start: "-----OX--XO----- x"})
	if err != nil || s.Config().Size != 4 || s.Config().Start != "-----OX--XO----- X" {
		t.Fatalf("%+v %v", s.Config(), err)
	}
}

// Against the computer, undo takes back the computer's reply and the person's
// move, redo plays both again, and a person cannot move in the computer's turn.
func TestUndoBackToThePerson(t *testing.T) {
	t.Parallel()
	eng := engine.New(engine.Options{Workers: 1, TableBits: 12})
	s, err := New(Config{Size: 6, Black: Human, White: mustLevel(t, 1)})
	if err != nil {
		t.Fatal(err)
	}
	first := s.Position().LegalMoves()[0]
	if err := s.Play(first); err != nil {
		t.Fatal(err)
	}
	if !s.ComputerToMove() {
		t.Fatal("white (level 1) is not to move")
	}
	if err := s.Play(s.Position().LegalMoves()[0]); !errors.Is(err, ErrComputerTurn) {
		t.Fatalf("person's move in the computer's turn: %v", err)
	}
	reply, err := s.ComputerMove(t.Context(), eng)
	if err != nil || len(s.Game().Plies()) != 2 {
		t.Fatalf("computer move %v: %v", reply, err)
	}
	if _, err := s.ComputerMove(t.Context(), eng); !errors.Is(err, ErrPersonTurn) {
		t.Fatalf("computer move in the person's turn: %v", err)
	}
	if err := s.Undo(); err != nil || len(s.Game().Plies()) != 0 || s.ComputerToMove() {
		t.Fatalf("undo: %v, plies %v", err, s.Game().Plies())
	}
	if err := s.Undo(); !errors.Is(err, ErrNothingToUndo) {
		t.Fatalf("second undo: %v", err)
	}
	if err := s.Redo(); err != nil || len(s.Game().Plies()) != 2 {
		t.Fatalf("redo: %v, plies %v", err, s.Game().Plies())
	}
	if err := s.Redo(); !errors.Is(err, ErrNothingToRedo) {
		t.Fatalf("second redo: %v", err)
	}
}

// Computer against computer, undo takes back one move at a time.
func TestUndoComputerAgainstComputer(t *testing.T) {
	t.Parallel()
	s, err := New(Config{Size: 4, Black: Random, White: Greedy, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	for range 3 {
		if _, err := s.ComputerMove(t.Context(), nil); err != nil {
			t.Fatal(err)
		}
	}
	n := len(s.Game().Plies())
	if err := s.Undo(); err != nil || len(s.Game().Plies()) >= n || len(s.Game().Plies()) < n-2 {
		t.Fatalf("undo: %v, %d plies from %d", err, len(s.Game().Plies()), n)
	}
}

// A computer answer for a position the game has left is not played.
func TestStaleTurn(t *testing.T) {
	t.Parallel()
	eng := engine.New(engine.Options{Workers: 1, TableBits: 12})
	s, err := New(Config{Black: mustLevel(t, 2), White: Human})
	if err != nil {
		t.Fatal(err)
	}
	turn, ok := s.Turn()
	if !ok {
		t.Fatal("no computer turn at the start")
	}
	sq, err := turn.Choose(t.Context(), eng)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.PlayTurn(turn, sq); err != nil {
		t.Fatal(err)
	}
	// The person answers, then undoes: back to the computer's turn, but a new version.
	if err := s.Play(s.Position().LegalMoves()[0]); err != nil {
		t.Fatal(err)
	}
	old, _ := s.Turn() // black, the computer, is to move again
	if err := s.Undo(); err != nil {
		t.Fatal(err)
	}
	if err := s.PlayTurn(turn, sq); !errors.Is(err, ErrStale) {
		t.Fatalf("an answer for an older version was played: %v", err)
	}
	if err := s.PlayTurn(old, sq); !errors.Is(err, ErrStale) {
		t.Fatalf("an answer for the position before the undo was played: %v", err)
	}
}

// Replaying a session's actions rebuilds the same game, baseline seats included.
func TestApplyReplays(t *testing.T) {
	t.Parallel()
	rnd := rand.New(rand.NewPCG(1, 1))
	for _, size := range othello.Sizes {
		cfg := Config{Size: size, Black: Human, White: Random, Seed: 7}
		s, err := New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		var actions []string
		for step := 0; !s.Over() && step < 80; step++ {
			switch {
			case s.ComputerToMove():
				sq, err := s.ComputerMove(t.Context(), nil)
				if err != nil {
					t.Fatal(err)
				}
				actions = append(actions, sq.String())
			case rnd.IntN(6) == 0 && s.CanUndo():
				if err := s.Undo(); err != nil {
					t.Fatal(err)
				}
				actions = append(actions, Undo)
			case rnd.IntN(6) == 0 && s.CanRedo():
				if err := s.Redo(); err != nil {
					t.Fatal(err)
				}
				actions = append(actions, Redo)
			default:
				m := s.Position().LegalMoves()
				sq := m[rnd.IntN(len(m))]
				if err := s.Play(sq); err != nil {
					t.Fatal(err)
				}
				actions = append(actions, sq.String())
			}
		}
		r, err := New(s.Config())
		if err != nil {
			t.Fatal(err)
		}
		for i, a := range actions {
			if err := r.Apply(a); err != nil {
				t.Fatalf("size %d: action %d (%s): %v", size, i+1, a, err)
			}
		}
		if r.Game().String() != s.Game().String() || r.Position() != s.Position() || r.CanRedo() != s.CanRedo() {
			t.Fatalf("size %d: replay gives %s, want %s", size, r.Game(), s.Game())
		}
	}
	s, _ := New(Config{})
	if err := s.Apply("jump"); !errors.Is(err, ErrAction) {
		t.Fatalf("unknown action: %v", err)
	}
}

func FuzzParseSeat(f *testing.F) {
	for _, s := range []string{"human", "level 3", "10", "random", "greedy", "level", "-0", "  7 "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		s, err := ParseSeat(text)
		if err != nil {
			if !errors.Is(err, ErrSeat) {
				t.Fatalf("%q: error %v does not wrap ErrSeat", text, err)
			}
			return
		}
		if s.Level() < 0 || s.Level() > engine.MaxLevel || (s.IsHuman() && s.Level() != 0) {
			t.Fatalf("%q: seat %+v", text, s)
		}
		back, err := ParseSeat(s.String())
		if err != nil || back != s {
			t.Fatalf("%q: %v does not read back: %v", text, s, err)
		}
	})
}
