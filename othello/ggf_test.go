package othello

import (
	"errors"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

const startBO = "BO[8 ---------------------------O*------*O--------------------------- *]"

// nboardGame is the record the NBoard protocol's documentation sends.
const nboardGame = "(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[./mEdax]PW[chris]RE[?]TI[15:00]TY[8]" +
	startBO + "B[F5]W[F6]B[D3]W[C5]B[E6]W[F7]B[E7]W[F4];)"

// ggsGame is shaped like a GGS archive record: ratings, a clock per player, evals
// and times, and a result by resignation.
const ggsGame = "(;GM[Othello]PC[GGS/os]DT[2003.12.15_13:24:03.MST]PB[Saio1200]PW[Saio3000]RB[2197.72]RW[2199.94]" +
	"TI[5:00//02:00]TY[8]RE[-10.00:r]" + startBO +
	"B[f5//0.01]W[d6/-1.25/0.02]B[c3/0.5/1.5]W[d3/-0.75/2]B[c4/.5/3.25]W[f4//0];)"

func TestParseGGF(t *testing.T) {
	g, err := ParseGGF(nboardGame)
	if err != nil {
		t.Fatal(err)
	}
	if g.Start != StartPosition() || g.Black != "./mEdax" || g.White != "chris" || g.Result != "?" ||
		g.Place != "NBoard" || g.Date != "2014-02-21 20:52:27 GMT" || g.Clock != "15:00" || g.Type != "8" {
		t.Errorf("header: %+v", g)
	}
	_, want, err := PlayTranscript(StartPosition(), "f5f6d3c5e6f7e7f4")
	if err != nil {
		t.Fatal(err)
	}
	if got, err := g.Final(); err != nil || got != want || len(g.Moves) != 8 {
		t.Errorf("final position %v (%v), want %v", got, err, want)
	}

	g, err = ParseGGF(ggsGame)
	if err != nil {
		t.Fatal(err)
	}
	wantMoves := []GGFMove{
		{Square: mustSquare(t, "f5"), Time: 0.01, HasTime: true},
		{Square: mustSquare(t, "d6"), Eval: -1.25, HasEval: true, Time: 0.02, HasTime: true},
		{Square: mustSquare(t, "c3"), Eval: 0.5, HasEval: true, Time: 1.5, HasTime: true},
		{Square: mustSquare(t, "d3"), Eval: -0.75, HasEval: true, Time: 2, HasTime: true},
		{Square: mustSquare(t, "c4"), Eval: 0.5, HasEval: true, Time: 3.25, HasTime: true},
		{Square: mustSquare(t, "f4"), Time: 0, HasTime: true},
	}
	if !reflect.DeepEqual(g.Moves, wantMoves) {
		t.Errorf("moves %+v\nwant %+v", g.Moves, wantMoves)
	}
	wantTags := []GGFTag{{"RB", "2197.72"}, {"RW", "2199.94"}}
	if !reflect.DeepEqual(g.Tags, wantTags) || g.Result != "-10.00:r" {
		t.Errorf("tags %v, result %q", g.Tags, g.Result)
	}
}

func mustSquare(t *testing.T, name string) Square {
	t.Helper()
	sq, err := ParseSquare(name, 8)
	if err != nil {
		t.Fatal(err)
	}
	return sq
}

func TestParseGGFLenient(t *testing.T) {
	for _, tc := range []struct{ name, text string }{
		{"spaces and lower-case tags", "  (; gm[othello] pb[a b] ty[8]\n bo[8 " +
			"........ ........ ........ ...OX... ...XO... ........ ........ ........ X] b[f5] w[f6/];) \n"},
		{"no TY, board without a space", "(;BO[8---------------------------O*------*O---------------------------*]B[f5];)"},
		{"6x6", "(;GM[Othello]TY[6]BO[6 --------------O*----*O-------------- *]B[c2]W[b2];)"},
		{"random start type", "(;GM[Othello]TY[8r20]" + startBO + ";)"},
		{"synchro type", "(;GM[Othello]TY[s8]" + startBO + ";)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, err := ParseGGF(tc.text)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := g.Final(); err != nil {
				t.Fatal(err)
			}
			back, err := ParseGGF(g.String())
			if err != nil || !reflect.DeepEqual(back, g) {
				t.Fatalf("%s does not parse back (%v)", g, err)
			}
		})
	}
}

// A pass the record leaves out is put in, and written out.
func TestParseGGFImplicitPass(t *testing.T) {
	// White to move has no move; Black has d1... build it by play.
	plies, pos := randomGameWithPass(t)
	var b strings.Builder
	b.WriteString("(;GM[Othello]TY[8]" + startBO)
	mover := Black
	for _, m := range plies {
		if m == Pass {
			mover = mover.Other()
			continue
		}
		b.WriteString(map[Color]string{Black: "B[", White: "W["}[mover] + m.String() + "]")
		mover = mover.Other()
	}
	b.WriteString(";)")
	g, err := ParseGGF(b.String())
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Moves) != len(plies) {
		t.Fatalf("%d moves, want %d with the passes", len(g.Moves), len(plies))
	}
	if final, err := g.Final(); err != nil || final != pos {
		t.Fatalf("final %v (%v), want %v", final, err, pos)
	}
	if !strings.Contains(g.String(), "[PA]") {
		t.Fatalf("the pass is not written: %s", g)
	}
}

// randomGameWithPass plays random games from the start until one has a pass.
func randomGameWithPass(t *testing.T) ([]Square, Position) {
	t.Helper()
	rng := rand.New(rand.NewPCG(1, 2))
	for range 1000 {
		plies, pos := randomGame(rng)
		for _, m := range plies {
			if m == Pass {
				return plies, pos
			}
		}
	}
	t.Fatal("no random game with a pass")
	return nil, Position{}
}

// randomGame plays a random game to its end, passes included.
func randomGame(rng *rand.Rand) ([]Square, Position) {
	pos := StartPosition()
	var plies []Square
	for !pos.Over() {
		m := Pass
		if legal := pos.LegalMoves(); len(legal) > 0 {
			m = legal[rng.IntN(len(legal))]
		}
		plies = append(plies, m)
		pos = pos.Play(m)
	}
	return plies, pos
}

func TestParseGGFErrors(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		also       error  // a second sentinel the error wraps, if any
		where      string // what the message names
	}{
		{"empty", "", nil, "(;"},
		{"not a record", "f5d6c3", nil, "character 1"},
		{"unclosed", "(;GM[Othello]" + startBO, nil, `";)"`},
		{"unclosed tag", "(;GM[Othello]PB[x", nil, "PB["},
		{"junk between tags", "(;GM[Othello] 12 " + startBO + ";)", nil, "character 15"},
		{"text after", "(;" + startBO + ";) (;", nil, "after"},
		{"not othello", "(;GM[Chess]" + startBO + ";)", nil, "Chess"},
		{"no board", "(;GM[Othello]PB[x];)", nil, "BO"},
		{"two boards", "(;" + startBO + startBO + ";)", nil, "second BO"},
		{"10x10", "(;GM[Othello]TY[10]BO[10 " + strings.Repeat("-", 100) + " *];)", ErrSize, "10x10"},
		{"octagon", "(;TY[88]" + startBO + ";)", ErrSize, "octagon"},
		{"size 5", "(;BO[5 " + strings.Repeat("-", 25) + " *];)", ErrSize, "size 5"},
		{"short board", "(;BO[8 ---O*--- *];)", nil, "BO"},
		{"size disagrees", "(;BO[8 --------------O*----*O-------------- *];)", nil, "36 squares"},
		{"bad square char", "(;BO[8 " + strings.Repeat("-", 63) + "# *];)", nil, "BO"},
		{"anti", "(;TY[8a]" + startBO + ";)", nil, "anti"},
		{"TY disagrees", "(;TY[6]" + startBO + ";)", nil, "TY[6]"},
		{"TY nonsense", "(;TY[8z]" + startBO + ";)", nil, "TY[8z]"},
		{"off the board", "(;" + startBO + "B[z9];)", nil, "move 1"},
		{"illegal move", "(;" + startBO + "B[a1];)", ErrIllegalMove, "move 1"},
		{"wrong colour", "(;" + startBO + "W[f5];)", nil, "black is to move"},
		{"pass with a move", "(;" + startBO + "B[PA];)", ErrIllegalMove, "move 1"},
		{"bad eval", "(;" + startBO + "B[f5/1e5];)", nil, "1e5"},
		{"bad time", "(;" + startBO + "B[f5/1/x];)", nil, "move 1"},
		{"too many parts", "(;" + startBO + "B[f5/1/2/3];)", nil, "move 1"},
		{"NaN eval", "(;" + startBO + "B[f5/NaN];)", nil, "NaN"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseGGF(tc.text)
			if !errors.Is(err, ErrSyntax) {
				t.Fatalf("error %v does not wrap ErrSyntax", err)
			}
			if tc.also != nil && !errors.Is(err, tc.also) {
				t.Fatalf("error %v does not wrap %v", err, tc.also)
			}
			if !strings.Contains(err.Error(), tc.where) {
				t.Fatalf("error %q does not name %q", err, tc.where)
			}
		})
	}
}

func TestGGFFinalIllegal(t *testing.T) {
	g := GGF{Start: StartPosition(), Moves: []GGFMove{{Square: mustSquare(t, "f5")}, {Square: mustSquare(t, "f5")}}}
	if _, err := g.Final(); !errors.Is(err, ErrIllegalMove) || !strings.Contains(err.Error(), "move 2") {
		t.Fatalf("Final: %v", err)
	}
	if _, err := (GGF{}).Final(); !errors.Is(err, ErrSyntax) {
		t.Fatalf("Final of no record: %v", err)
	}
}

func TestGGFMarshalText(t *testing.T) {
	g, err := ParseGGF(ggsGame)
	if err != nil {
		t.Fatal(err)
	}
	text, err := g.MarshalText()
	if err != nil {
		t.Fatal(err)
	}
	var back GGF
	if err := back.UnmarshalText(text); err != nil || !reflect.DeepEqual(back, g) {
		t.Fatalf("%s: %v", text, err)
	}
	want := "(;GM[Othello]PC[GGS/os]DT[2003.12.15_13:24:03.MST]PB[Saio1200]PW[Saio3000]RE[-10.00:r]TI[5:00//02:00]TY[8]" +
		"RB[2197.72]RW[2199.94]" + startBO + "B[F5//0.01]W[D6/-1.25/0.02]B[C3/0.5/1.5]W[D3/-0.75/2]B[C4/0.5/3.25]W[F4//0];)"
	if string(text) != want {
		t.Fatalf("got  %s\nwant %s", text, want)
	}
	for _, bad := range []GGF{{}, {Start: StartPosition(), Black: "a]b"}, {Start: StartPosition(), Tags: []GGFTag{{"C1", "x"}}}} {
		if _, err := bad.MarshalText(); !errors.Is(err, ErrSyntax) {
			t.Errorf("MarshalText(%+v): %v", bad, err)
		}
	}
	if err := back.UnmarshalText([]byte("(;")); !errors.Is(err, ErrSyntax) {
		t.Errorf("UnmarshalText: %v", err)
	}
}

func FuzzParseGGF(f *testing.F) {
	f.Add(nboardGame)
	f.Add(ggsGame)
	f.Add("(;GM[Othello]TY[6]BO[6 --------------O*----*O-------------- *]B[c2]W[b2];)")
	f.Add("(;GM[Othello]TY[4]BO[4 -----O*--*O----- O]W[b1];)")
	f.Add("(;GM[Othello]PB[x]TY[8r20]" + startBO + "CO[good game]B[pass];)")
	f.Add("(;TY[10]BO[10 " + strings.Repeat("-", 100) + " *];)")
	rng := rand.New(rand.NewPCG(3, 4))
	for range 3 {
		plies, _ := randomGame(rng)
		g := GGF{Start: StartPosition(), Black: "random", White: "random", Result: "?", Type: "8"}
		for i, m := range plies {
			g.Moves = append(g.Moves, GGFMove{Square: m, Eval: float64(i%7) - 3.5, HasEval: i%2 == 0, Time: float64(i) / 4, HasTime: i%3 == 0})
		}
		f.Add(g.String())
	}
	f.Fuzz(func(t *testing.T, text string) {
		g, err := ParseGGF(text)
		if err != nil {
			if !errors.Is(err, ErrSyntax) {
				t.Fatalf("error %v does not wrap ErrSyntax", err)
			}
			return
		}
		if _, err := g.Final(); err != nil {
			t.Fatalf("a parsed record does not replay: %v", err)
		}
		out, err := g.MarshalText()
		if err != nil {
			t.Fatalf("MarshalText of a parsed record: %v", err)
		}
		back, err := ParseGGF(string(out))
		if err != nil || !reflect.DeepEqual(back, g) {
			t.Fatalf("%q\nwrites %s\nwhich parses to %+v (%v)\nnot %+v", text, out, back, err, g)
		}
	})
}
