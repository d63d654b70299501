package othello

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"
)

func TestStartPositions(t *testing.T) {
	tests := []struct {
		size  int
		moves string
	}{
		{8, "d3 c4 f5 e6"},
		{6, "c2 b3 e4 d5"},
		{4, "b1 a2 d3 c4"},
	}
	for _, tc := range tests {
		t.Run(itoa(tc.size), func(t *testing.T) {
			pos, err := NewPosition(tc.size)
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, m := range pos.LegalMoves() {
				names = append(names, m.String())
			}
			if got := joinSpace(names); got != sortedBoardOrder(tc.moves, tc.size) {
				t.Fatalf("black's first moves %q, want %q", got, tc.moves)
			}
			if pos.Count(Black) != 2 || pos.Count(White) != 2 || pos.Turn() != Black {
				t.Fatalf("start %s", pos)
			}
		})
	}
	if _, err := NewPosition(5); !errors.Is(err, ErrSize) {
		t.Fatalf("NewPosition(5): %v", err)
	}
}

func joinSpace(s []string) string {
	out := ""
	for i, x := range s {
		if i > 0 {
			out += " "
		}
		out += x
	}
	return out
}

// sortedBoardOrder sorts square names into board order (a1, b1, ..., a2, ...).
func sortedBoardOrder(names string, size int) string {
	var sqs []Square
	for i := 0; i+1 < len(names); i += 3 {
		sq, _ := ParseSquare(names[i:i+2], size)
		sqs = append(sqs, sq)
	}
	slices.Sort(sqs)
	var out []string
	for _, s := range sqs {
		out = append(out, s.String())
	}
	return joinSpace(out)
}

// TestAgainstReference compares moves, flips, passes, ends and scores with the naive
// reference on random positions of every size, both played and scattered.
func TestAgainstReference(t *testing.T) {
	rnd := rand.New(rand.NewPCG(7, 8))
	for _, size := range Sizes {
		for i := range 1500 {
			var pos Position
			if i%2 == 0 {
				pos = randomPlayed(rnd, size, rnd.IntN(size*size))
			} else {
				pos = randomScattered(rnd, size)
			}
			checkAgainstReference(t, pos)
		}
	}
}

func checkAgainstReference(t *testing.T, pos Position) {
	t.Helper()
	ref := refOf(pos)
	want := ref.moves(pos.Turn())
	got := pos.LegalMoves()
	if !slices.Equal(got, want) {
		t.Fatalf("%s: moves %v, reference %v", pos, got, want)
	}
	for r := range pos.Size() {
		for c := range pos.Size() {
			sq := SquareAt(c, r)
			wantFlips := ref.flips(c, r, pos.Turn())
			if gotFlips := Squares(pos.Flips(sq)); !slices.Equal(gotFlips, sortSquares(wantFlips)) {
				t.Fatalf("%s: flips of %v = %v, reference %v", pos, sq, gotFlips, wantFlips)
			}
		}
	}
	for _, m := range got {
		next := pos.Play(m)
		if refOf(next) != ref.play(m) {
			t.Fatalf("%s: playing %v gave %s", pos, m, next)
		}
	}
	over := ref.over()
	mustPass := len(want) == 0 && !over
	if pos.Over() != over || pos.MustPass() != mustPass {
		t.Fatalf("%s: over %v mustPass %v, reference %v %v", pos, pos.Over(), pos.MustPass(), over, mustPass)
	}
	if over && pos.Score() != ref.score() {
		t.Fatalf("%s: score %d, reference %d", pos, pos.Score(), ref.score())
	}
}

func sortSquares(s []Square) []Square {
	s = slices.Clone(s)
	slices.Sort(s)
	return slices.Compact(s)
}

// TestPerftSmallBoardsAgainstReference runs perft on 4x4 to the end of the game and
// on 6x6 seven plies deep, from the start and from random positions.
func TestPerftSmallBoardsAgainstReference(t *testing.T) {
	rnd := rand.New(rand.NewPCG(9, 10))
	tests := []struct {
		size, depth int
	}{{4, 14}, {6, 7}}
	for _, tc := range tests {
		for i := range 4 {
			pos := randomPlayed(rnd, tc.size, 2*i)
			t.Run(pos.String(), func(t *testing.T) {
				want := refOf(pos).perft(tc.depth)
				before := pos
				if got := Perft(pos, tc.depth); got != want {
					t.Fatalf("perft(%d) = %d, reference %d", tc.depth, got, want)
				}
				if got, err := PerftParallel(t.Context(), pos, tc.depth, 2, nil); got != want || err != nil {
					t.Fatalf("parallel perft(%d) = %d, %v; reference %d", tc.depth, got, err, want)
				}
				if pos != before {
					t.Fatal("perft changed the position")
				}
			})
		}
	}
}

func TestScoreGivesEmptiesToWinner(t *testing.T) {
	tests := []struct {
		text string
		want int
	}{
		// 4x4: black 3, white 1, 12 empty -> +14
		{"XXX- O--- ---- ---- O", 14},
		{"XO-- ---- ---- ---- X", 0},
		{"OOO- X--- ---- ---- X", -14},
		{"XXXX XXXX OOOO OOOO X", 0},
	}
	for _, tc := range tests {
		pos, err := ParsePosition(tc.text)
		if err != nil {
			t.Fatal(err)
		}
		if got := pos.Score(); got != tc.want {
			t.Errorf("%s: score %d, want %d", tc.text, got, tc.want)
		}
	}
}
