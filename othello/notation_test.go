package othello

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
)

func TestParsePosition(t *testing.T) {
	start := StartPosition()
	tests := []struct {
		name, text string
		want       Position
		err        error
		mention    string
	}{
		{"canonical", "---------------------------OX------XO--------------------------- X", start, nil, ""},
		{"lenient", "--------\n--------\n--------\n---ox---\n---xo---\n--------\n--------\n--------\nx", start, nil, ""},
		{"unknown char", "---------------------------OZ------XO--------------------------- X", Position{}, ErrSyntax, "character 29 ('Z')"},
		{"no side", "---------------------------OX------XO---------------------------", Position{}, ErrSyntax, "no side to move"},
		{"side dash", "---------------------------OX------XO--------------------------- -", Position{}, ErrSyntax, "side to move"},
		{"wrong length", "----- X", Position{}, ErrSyntax, "6 characters"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ParsePosition(tc.text)
			if tc.err != nil {
				if !errors.Is(err, tc.err) || !strings.Contains(err.Error(), tc.mention) {
					t.Fatalf("error %v, want %v mentioning %q", err, tc.err, tc.mention)
				}
				return
			}
			if err != nil || got != tc.want {
				t.Fatalf("got %s, %v; want %s", got, err, tc.want)
			}
		})
	}
}

func TestPositionTextRoundTrip(t *testing.T) {
	rnd := rand.New(rand.NewPCG(1, 1))
	for _, size := range Sizes {
		for range 200 {
			pos := randomScattered(rnd, size)
			text, _ := pos.MarshalText()
			var back Position
			if err := back.UnmarshalText(text); err != nil || back != pos {
				t.Fatalf("round trip of %s: %v, %s", pos, err, back)
			}
		}
	}
}

func TestPlayTranscript(t *testing.T) {
	tests := []struct {
		name, text string
		size       int
		wantErr    error
		mention    string
		plies      int
	}{
		{"opening", "f5d6c3d3c4", 8, nil, "", 5},
		{"spaced and upper case", " F5 d6\tC3 ", 8, nil, "", 3},
		{"illegal", "f5d6c3d3c4c3", 8, ErrIllegalMove, "move 6: othello: illegal move: c3 is occupied", 0},
		{"flips nothing", "f5a1", 8, ErrIllegalMove, "move 2: othello: illegal move: a1 flips nothing", 0},
		{"not a square", "f5z9", 8, ErrSyntax, "move 2", 0},
		{"off a small board", "b1h8", 4, ErrSyntax, "move 2", 0},
		{"pass when a move exists", "f5pass", 8, ErrIllegalMove, "move 2", 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			start, _ := NewPosition(tc.size)
			plies, _, err := PlayTranscript(start, tc.text)
			if tc.wantErr != nil {
				if !errors.Is(err, tc.wantErr) || !strings.Contains(err.Error(), tc.mention) {
					t.Fatalf("error %v, want %v mentioning %q", err, tc.wantErr, tc.mention)
				}
				return
			}
			if err != nil || len(plies) != tc.plies {
				t.Fatalf("plies %v, err %v", plies, err)
			}
		})
	}
}

// TestTranscriptRoundTrip plays random games to the end on every size, writes their
// transcripts and reads them back: same plies (passes restored), same final position.
func TestTranscriptRoundTrip(t *testing.T) {
	rnd := rand.New(rand.NewPCG(3, 3))
	passes := 0
	for _, size := range Sizes {
		for range 300 {
			g, _ := NewGame(WithSize(size))
			for !g.Over() {
				moves := g.LegalMoves()
				if err := g.Play(moves[rnd.IntN(len(moves))]); err != nil {
					t.Fatal(err)
				}
			}
			for _, p := range g.Plies() {
				if p == Pass {
					passes++
				}
			}
			start, _ := NewPosition(size)
			plies, end, err := PlayTranscript(start, g.Transcript())
			if err != nil || end != g.Position() || len(plies) != len(g.Plies()) {
				t.Fatalf("%dx%d %s: %v", size, size, g.Transcript(), err)
			}
			var back Game
			text, _ := g.MarshalText()
			if err := back.UnmarshalText(text); err != nil || back.Position() != g.Position() {
				t.Fatalf("game text %q: %v", text, err)
			}
		}
	}
	if passes == 0 {
		t.Fatal("no random game had a pass: the round trip did not test passes")
	}
}

func TestParseOBF(t *testing.T) {
	line := "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12; H7:+6; A2:+6; A3:+4; B1:-4; A4:-22; G2:-24;"
	got, err := ParseOBF(line)
	if err != nil {
		t.Fatal(err)
	}
	if got.Position.Empties() != 14 || got.Position.Turn() != Black || len(got.Scores) != 8 ||
		got.Scores[0] != (MoveScore{SquareAt(6, 7), 18}) || got.Scores[7].Score != -24 {
		t.Fatalf("parsed %+v", got)
	}
	for _, bad := range []string{
		"--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8+18",
		"--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; Z8:+18",
		"--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:x",
	} {
		if _, err := ParseOBF(bad); !errors.Is(err, ErrSyntax) {
			t.Errorf("ParseOBF(%q): %v, want ErrSyntax", bad, err)
		}
	}
}

func TestParseSquare(t *testing.T) {
	for _, tc := range []struct {
		text string
		size int
		want Square
		ok   bool
	}{
		{"a1", 8, 0, true}, {"H8", 8, 63, true}, {" f5 ", 8, SquareAt(5, 4), true},
		{"d4", 4, SquareAt(3, 3), true}, {"e1", 4, 0, false}, {"a0", 8, 0, false},
		{"i1", 8, 0, false}, {"", 8, 0, false}, {"a10", 8, 0, false}, {"pass", 8, Pass, true},
	} {
		got, err := ParseSquare(tc.text, tc.size)
		if (err == nil) != tc.ok || (tc.ok && got != tc.want) {
			t.Errorf("ParseSquare(%q, %d) = %v, %v", tc.text, tc.size, got, err)
		}
	}
}
