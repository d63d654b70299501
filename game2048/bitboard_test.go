package game2048

import (
	"errors"
	"math/rand/v2"
	"testing"
)

// TestBitboardRowsMatchGeneral walks all 65536 rows in both horizontal directions
// (and the same values as columns, vertically) and compares the fast path with the
// general Board and with the naive reference, and the row slides with the board's.
func TestBitboardRowsMatchGeneral(t *testing.T) {
	for row := range 1 << 16 {
		line := []Tile{Tile(row & 0xf), Tile(row >> 4 & 0xf), Tile(row >> 8 & 0xf), Tile(row >> 12)}
		general, _ := BoardOf([][]Tile{line, {0, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}})
		bb, err := FromBoard(general)
		if err != nil {
			t.Fatal(err)
		}
		if l, r := SlideRow(uint16(row)); l != uint16(bb.Move(Left)) || r != uint16(bb.Move(Right)) {
			t.Fatalf("row %#04x: SlideRow %#04x %#04x, Move %#04x %#04x", row, l, r, uint16(bb.Move(Left)), uint16(bb.Move(Right)))
		}
		for _, d := range Directions {
			board, fast := general, bb
			if d == Up || d == Down { // the same four values as column 0
				board = general.Clone()
				for i := range 4 {
					board.Set(0, i, 0)
					board.Set(i, 0, line[i])
				}
				fast, _ = FromBoard(board)
			}
			gotFast := fast.Move(d)
			wantCapped, wantCappedPoints := naiveMove(gridOf(board), d, BitboardMaxTile)
			if !equalGrid(gridOf(gotFast.Board()), wantCapped) || fast.Points(d) != wantCappedPoints {
				t.Fatalf("row %#04x %v: fast %s (%d), reference %v (%d)", row, d, gotFast, fast.Points(d), wantCapped, wantCappedPoints)
			}
			slow := board.Clone()
			points, _ := slow.Move(d)
			if slow.MaxTile() > BitboardMaxTile {
				continue // a 32768 pair merged: only the general path can hold 65536
			}
			if !gotFast.Board().Equal(slow) || fast.Points(d) != points {
				t.Fatalf("row %#04x %v: fast %s (%d), general %s (%d)", row, d, gotFast, fast.Points(d), slow, points)
			}
		}
	}
}

func TestBitboardRandomBoards(t *testing.T) {
	rnd := rand.New(rand.NewPCG(3, 4))
	for i := range 20000 {
		b := randomBoard(rnd, 4, 4, Tile(1+rnd.IntN(14)))
		bb, err := FromBoard(b)
		if err != nil {
			t.Fatal(err)
		}
		if !bb.Board().Equal(b) || bb.EmptyCount() != b.EmptyCount() || bb.MaxTile() != b.MaxTile() {
			t.Fatalf("case %d: %s packs to %s (empty %d, max %d)", i, b, bb, bb.EmptyCount(), bb.MaxTile())
		}
		tr := bb.Transpose()
		for r := range 4 {
			for c := range 4 {
				if tr.At(r, c) != b.At(c, r) {
					t.Fatalf("case %d: transpose of %s is %s", i, b, tr)
				}
			}
		}
		for _, d := range Directions {
			slow := b.Clone()
			points, moved := slow.Move(d)
			fast := bb.Move(d)
			if !fast.Board().Equal(slow) || bb.Points(d) != points || (fast != bb) != moved {
				t.Fatalf("case %d: %s %v: fast %s (%d), general %s (%d)", i, b, d, fast, bb.Points(d), slow, points)
			}
		}
		// The inlinable slides, and up and down as slides of the transpose, and
		// both slides at once.
		slides := map[Direction]Bitboard{
			Left: bb.SlideLeft(), Right: bb.SlideRight(),
			Up: tr.SlideLeft().Transpose(), Down: tr.SlideRight().Transpose(),
		}
		for d, got := range slides {
			if want := bb.Move(d); got != want {
				t.Fatalf("case %d: %s %v: slide gives %s, Move %s", i, b, d, got, want)
			}
		}
		if l, r := bb.Slides(); l != slides[Left] || r != slides[Right] {
			t.Fatalf("case %d: %s: Slides gives %s and %s", i, b, l, r)
		}
	}
}

func TestFromBoardRefuses(t *testing.T) {
	tests := []struct{ name, board string }{
		{"65536 tile", "65536,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0"},
		{"3x3", "2,0,0/0,0,0/0,0,0"},
		{"4x5", "2,0,0,0,0/0,0,0,0,0/0,0,0,0,0/0,0,0,0,0"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := FromBoard(mustParse(t, tc.board)); !errors.Is(err, ErrTooLarge) {
				t.Fatalf("FromBoard(%s) error %v, want ErrTooLarge", tc.board, err)
			}
		})
	}
}

func TestBitboardEmptyMaskAndWith(t *testing.T) {
	var b Bitboard
	b = b.With(1, 2, 3).With(3, 3, 15)
	if b.At(1, 2) != 3 || b.At(3, 3) != 15 || b.EmptyCount() != 14 {
		t.Fatalf("With/At/EmptyCount wrong: %s, %d empty", b, b.EmptyCount())
	}
	n := 0
	for m := b.EmptyMask(); m != 0; m &= m - 1 {
		i := bitsTZ(m) / 4
		if b.At(i/4, i%4) != 0 {
			t.Fatalf("EmptyMask names occupied cell %d", i)
		}
		n++
	}
	if n != 14 {
		t.Fatalf("EmptyMask has %d cells, want 14", n)
	}
}

func bitsTZ(m uint64) int {
	n := 0
	for m&1 == 0 {
		m >>= 1
		n++
	}
	return n
}
