package othello

import (
	"errors"
	"math/bits"
	"testing"
)

func isOurs(err error) bool {
	for _, s := range []error{ErrSyntax, ErrIllegalMove, ErrGameOver, ErrSize} {
		if errors.Is(err, s) {
			return true
		}
	}
	return false
}

func FuzzParsePosition(f *testing.F) {
	f.Add("---------------------------OX------XO--------------------------- X")
	f.Add("XO-- ---- ---- ---- O")
	f.Add("xo..\n....\n....\n...* 0")
	f.Add("------------------------------------ Q")
	f.Fuzz(func(t *testing.T, text string) {
		pos, err := ParsePosition(text)
		if err != nil {
			if !isOurs(err) {
				t.Fatalf("error %v wraps no sentinel", err)
			}
			return
		}
		back, err := ParsePosition(pos.String())
		if err != nil || back != pos {
			t.Fatalf("round trip of %q: %v", text, err)
		}
	})
}

func FuzzPlayTranscript(f *testing.F) {
	f.Add(uint8(8), "f5d6c3d3c4")
	f.Add(uint8(4), "b1a1")
	f.Add(uint8(6), "c2 pass b3")
	f.Add(uint8(8), "d3c3b3d2e1d6d7e3f4a1")
	f.Fuzz(func(t *testing.T, size uint8, text string) {
		start, err := NewPosition(Sizes[int(size)%3])
		if err != nil {
			t.Fatal(err)
		}
		plies, end, err := PlayTranscript(start, text)
		if err != nil {
			if !isOurs(err) {
				t.Fatalf("error %v wraps no sentinel", err)
			}
			return
		}
		again, end2, err := PlayTranscript(start, Transcript(plies))
		if err != nil || end2 != end || len(again) != len(plies) {
			t.Fatalf("transcript %q does not replay: %v", Transcript(plies), err)
		}
	})
}

func FuzzParseOBF(f *testing.F) {
	f.Add("--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12;")
	f.Add("XO-- ---- ---- ---- O;")
	f.Fuzz(func(t *testing.T, line string) {
		o, err := ParseOBF(line)
		if err != nil {
			if !isOurs(err) {
				t.Fatalf("error %v wraps no sentinel", err)
			}
			return
		}
		if o.Position.Size() == 0 {
			t.Fatal("parsed a position without a size")
		}
	})
}

// FuzzRules builds arbitrary positions and checks the bitboard rules against the
// reference and the invariants of a move: one new disc, flipped discs change colour,
// nothing else moves.
func FuzzRules(f *testing.F) {
	f.Add(uint8(0), uint64(0x0000001008000000), uint64(0x0000000810000000), false)
	f.Add(uint8(1), uint64(0x0000000000000001), uint64(0x0000000000000002), true)
	f.Add(uint8(2), ^uint64(0)>>1, uint64(0), false)
	f.Fuzz(func(t *testing.T, sizeIdx uint8, black, white uint64, whiteToMove bool) {
		size := Sizes[int(sizeIdx)%3]
		mask := boardMask(size)
		black &= mask
		white &= mask &^ black
		turn := Black
		if whiteToMove {
			turn = White
		}
		pos, err := PositionOf(black, white, turn, size)
		if err != nil {
			t.Fatal(err)
		}
		checkAgainstReference(t, pos)
		for _, m := range pos.LegalMoves() {
			next := pos.Play(m)
			f := pos.Flips(m)
			if next.Opponent() != pos.Player()|f|m.Bit() || next.Player() != pos.Opponent()&^f ||
				bits.OnesCount64(next.Player()|next.Opponent()) != bits.OnesCount64(pos.Player()|pos.Opponent())+1 {
				t.Fatalf("%s: playing %v broke an invariant", pos, m)
			}
		}
	})
}

func FuzzParseSquare(f *testing.F) {
	for _, s := range []string{"a1", "H8", "pass", "i9", ""} {
		f.Add(s, uint8(8))
	}
	f.Fuzz(func(t *testing.T, text string, size uint8) {
		n := Sizes[int(size)%3]
		sq, err := ParseSquare(text, n)
		if err != nil {
			if !isOurs(err) {
				t.Fatalf("error %v wraps no sentinel", err)
			}
			return
		}
		if sq != Pass {
			back, err := ParseSquare(sq.String(), n)
			if err != nil || back != sq || sq.Col() >= n || sq.Row() >= n {
				t.Fatalf("%q -> %v does not round trip on %dx%d", text, sq, n, n)
			}
		}
	})
}
