package othello

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

func TestGamePlayRefuses(t *testing.T) {
	g, err := NewGame(WithTranscript("f5d6"))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		sq      string
		want    error
		mention string
	}{
		{"occupied", "d4", ErrIllegalMove, "d4 is occupied"},
		{"flips nothing", "a1", ErrIllegalMove, "a1 flips nothing for black"},
		{"pass with moves", "pass", ErrIllegalMove, "pass: black has a legal move"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			before := g.Position()
			err := g.PlayText(tc.sq)
			if !errors.Is(err, tc.want) || !strings.Contains(err.Error(), tc.mention) {
				t.Fatalf("Play(%s) = %v, want %v mentioning %q", tc.sq, err, tc.want, tc.mention)
			}
			if g.Position() != before {
				t.Fatal("a refused move changed the game")
			}
		})
	}
	small, _ := NewGame(WithSize(4))
	if err := small.Play(SquareAt(5, 5)); !errors.Is(err, ErrIllegalMove) || !strings.Contains(err.Error(), "off the 4x4 board") {
		t.Fatalf("off-board move: %v", err)
	}
}

func TestGameOverRefusesMoves(t *testing.T) {
	// The shortest 8x8 game: black wipes out white in 9 moves.
	g, err := NewGame(WithTranscript("d3c3b3d2e1d6d7e3f4"))
	if err != nil {
		t.Fatal(err)
	}
	if !g.Over() {
		t.Fatalf("game not over: %s", g.Position())
	}
	r, over := g.Result()
	if !over || r.Winner != Black || r.White != 0 || r.Score != 64 {
		t.Fatalf("result %+v over=%v, want black +64", r, over)
	}
	if err := g.PlayText("a1"); !errors.Is(err, ErrGameOver) {
		t.Fatalf("move after the end: %v", err)
	}
	if want := "black wins 13-0 (+64: the 51 empty squares go to the winner)"; r.String() != want {
		t.Fatalf("result text %q, want %q", r.String(), want)
	}
}

func TestResultText(t *testing.T) {
	for _, tc := range []struct {
		r    Result
		want string
	}{
		{Result{Winner: Black, Black: 40, White: 24, Score: 16}, "black wins 40-24 (+16)"},
		{Result{Winner: White, Black: 20, White: 43, Empty: 1, Score: -24}, "white wins 20-43 (-24: the empty square goes to the winner)"},
		{Result{Winner: None, Black: 30, White: 30, Empty: 4}, "draw 30-30"},
	} {
		t.Run(tc.want, func(t *testing.T) {
			if got := tc.r.String(); got != tc.want {
				t.Fatalf("got %q", got)
			}
		})
	}
}

// Squares read and write as their names in JSON, a pass as "pass".
func TestSquareJSON(t *testing.T) {
	in := []Square{SquareAt(5, 4), Pass, 0, 63}
	data, err := json.Marshal(in)
	if err != nil || string(data) != `["f5","pass","a1","h8"]` {
		t.Fatalf("%s %v", data, err)
	}
	var out []Square
	if err := json.Unmarshal(data, &out); err != nil || !slices.Equal(in, out) {
		t.Fatalf("%v %v", out, err)
	}
	if err := json.Unmarshal([]byte(`["i9"]`), &out); !errors.Is(err, ErrSyntax) {
		t.Fatalf("i9: %v", err)
	}
	if _, err := json.Marshal(Square(70)); err == nil {
		t.Fatal("square 70 marshalled")
	}
}

// TestUndoRedoRandomGames plays random games on every size, then checks that undo
// walks back move by move (never stopping on a position that must pass), redo walks
// forward to the same positions, and a new move after undo drops the redo line.
func TestUndoRedoRandomGames(t *testing.T) {
	rnd := rand.New(rand.NewPCG(4, 4))
	sawPass := false
	for _, size := range Sizes {
		for range 100 {
			g, _ := NewGame(WithSize(size))
			var line []Position
			for !g.Over() {
				line = append(line, g.Position())
				moves := g.LegalMoves()
				if len(moves) == 0 {
					t.Fatalf("side to move has no move in an unfinished game: %s", g.Position())
				}
				if err := g.Play(moves[rnd.IntN(len(moves))]); err != nil {
					t.Fatal(err)
				}
				sawPass = sawPass || g.LastWasPass()
			}
			end := g.Position()
			for i := len(line) - 1; i >= 0; i-- {
				if !g.Undo() || g.Position() != line[i] || g.Position().MustPass() {
					t.Fatalf("undo to move %d gave %s, want %s", i, g.Position(), line[i])
				}
			}
			if g.Undo() || g.CanUndo() {
				t.Fatal("undo past the start")
			}
			for i := 1; i <= len(line); i++ {
				if !g.Redo() {
					t.Fatalf("redo %d refused", i)
				}
				if i < len(line) && g.Position() != line[i] {
					t.Fatalf("redo %d gave %s", i, g.Position())
				}
			}
			if g.Position() != end || g.Redo() {
				t.Fatal("redo did not end at the final position")
			}
			g.Undo()
			g.Undo()
			moves := g.LegalMoves()
			if err := g.Play(moves[0]); err != nil || g.CanRedo() {
				t.Fatalf("a new move after undo kept the redo line (err %v)", err)
			}
		}
	}
	if !sawPass {
		t.Fatal("no random game had a pass")
	}
}

func TestNewGameOptions(t *testing.T) {
	if _, err := NewGame(WithSize(10)); !errors.Is(err, ErrSize) {
		t.Fatalf("size 10: %v", err)
	}
	if _, err := NewGame(WithTranscript("f5f5")); !errors.Is(err, ErrIllegalMove) {
		t.Fatalf("bad transcript: %v", err)
	}
	// A start position where Black must pass: the pass is applied at once.
	pos, err := ParsePosition("XO-- ---- ---- ---- O")
	if err != nil {
		t.Fatal(err)
	}
	g, err := NewGame(WithPosition(pos))
	if err != nil {
		t.Fatal(err)
	}
	if g.Turn() != Black || !g.LastWasPass() || len(g.Plies()) != 1 || g.CanUndo() {
		t.Fatalf("white's forced pass not applied: turn %v, plies %v", g.Turn(), g.Plies())
	}
}

func TestGameText(t *testing.T) {
	g, err := NewGame(WithSize(6), WithTranscript("c2"))
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Play(g.LegalMoves()[0]); err != nil {
		t.Fatal(err)
	}
	want := g.Transcript()
	text, _ := g.MarshalText()
	var back Game
	if err := back.UnmarshalText(text); err != nil {
		t.Fatalf("%q: %v", text, err)
	}
	if back.Position() != g.Position() || back.Transcript() != want {
		t.Fatalf("round trip of %q: %s %q", text, back.Position(), back.Transcript())
	}
	var std Game
	if err := std.UnmarshalText([]byte("f5d6c3")); err != nil || std.Size() != 8 || std.Transcript() != "f5d6c3" {
		t.Fatalf("transcript text: %v", err)
	}
}
