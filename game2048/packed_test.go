package game2048

import (
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"testing"
)

// TestPackedMatchesBoard compares PackedBoard with the general Board on random
// boards of every size from 2x2 to 8x8, rectangles included, with tiles up to
// MaxTile: packing both ways, cells, empties, the transpose, and every move's board
// and points.
func TestPackedMatchesBoard(t *testing.T) {
	rnd := rand.New(rand.NewPCG(14, 15))
	for rows := MinSize; rows <= PackedMaxSize; rows++ {
		for cols := MinSize; cols <= PackedMaxSize; cols++ {
			t.Run(fmt.Sprintf("%dx%d", rows, cols), func(t *testing.T) {
				for i := range 300 {
					maxExp := Tile(1 + rnd.IntN(17))
					if i%10 == 0 {
						maxExp = MaxTile
					}
					b := randomBoard(rnd, rows, cols, maxExp)
					if i%7 == 0 { // a pair of the largest tiles, which must not merge
						b.Set(0, 0, MaxTile)
						b.Set(0, 1, MaxTile)
					}
					checkPacked(t, b)
				}
			})
		}
	}
}

func checkPacked(t *testing.T, b Board) {
	t.Helper()
	p, err := Pack(b)
	if err != nil {
		t.Fatalf("Pack(%s): %v", b, err)
	}
	if !p.Board().Equal(b) || p.Rows() != b.Rows() || p.Cols() != b.Cols() || p.EmptyCount() != b.EmptyCount() {
		t.Fatalf("%s packs to %s (%dx%d, %d empty)", b, p, p.Rows(), p.Cols(), p.EmptyCount())
	}
	for r := range PackedMaxSize {
		if r >= b.Rows() && p.Row(r) != 0 {
			t.Fatalf("%s: row %d past the board is %#x", b, r, p.Row(r))
		}
		if r < b.Rows() && p.Row(r)>>(8*uint(b.Cols())) != 0 && b.Cols() < PackedMaxSize {
			t.Fatalf("%s: row %d has bytes past the board: %#x", b, r, p.Row(r))
		}
	}
	tr := p.Transpose()
	if tr.Rows() != b.Cols() || tr.Cols() != b.Rows() || tr.Transpose() != p {
		t.Fatalf("%s: transpose %s is %dx%d or does not transpose back", b, tr, tr.Rows(), tr.Cols())
	}
	for r := range b.Rows() {
		for c := range b.Cols() {
			if p.At(r, c) != b.At(r, c) || tr.At(c, r) != b.At(r, c) {
				t.Fatalf("%s: cell (%d,%d) packed %d, transposed %d", b, r, c, p.At(r, c), tr.At(c, r))
			}
		}
	}
	for _, d := range Directions {
		want := b.Clone()
		wantPoints, moved := want.Move(d)
		got, points := p.Move(d)
		if !got.Board().Equal(want) || points != wantPoints || (got != p) != moved {
			t.Fatalf("%s %v: packed %s (%d points), general %s (%d points, moved %v)",
				b, d, got, points, want, wantPoints, moved)
		}
	}
}

func TestPackRefusesLargeBoards(t *testing.T) {
	for _, size := range [][2]int{{9, 2}, {2, 9}, {16, 16}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			b, _ := NewBoard(size[0], size[1])
			if _, err := Pack(b); !errors.Is(err, ErrTooLarge) {
				t.Fatalf("Pack of a %dx%d board: err %v, want ErrTooLarge", size[0], size[1], err)
			}
		})
	}
}

func TestPackedWith(t *testing.T) {
	b, _ := NewBoard(3, 5)
	p, _ := Pack(b)
	p = p.With(2, 4, 7).With(0, 0, MaxTile).With(2, 4, 3)
	b.Set(2, 4, 3)
	b.Set(0, 0, MaxTile)
	if !p.Board().Equal(b) {
		t.Fatalf("With gave %s, want %s", p, b)
	}
	for _, tc := range []struct {
		name string
		r, c int
		t    Tile
	}{{"row past the board", 3, 0, 1}, {"column past the board", 0, 5, 1}, {"tile too large", 0, 0, MaxTile + 1}} {
		t.Run(tc.name, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Fatalf("With(%d, %d, %d) did not panic", tc.r, tc.c, tc.t)
				}
			}()
			p.With(tc.r, tc.c, tc.t)
		})
	}
}

// FuzzSlidePackedRow: any row of 1 to 8 cells slides as the naive reference does, keeps
// its tile sum (mod 2^64), leaves no gap before a tile, and earns the values of the
// merged tiles; ReverseRow is its own inverse and EmptyBytes finds the empty cells.
func FuzzSlidePackedRow(f *testing.F) {
	f.Add(uint8(4), []byte{1, 1, 1, 1})
	f.Add(uint8(5), []byte{2, 0, 2, 3, 3})
	f.Add(uint8(8), []byte{62, 62, 61, 61, 0, 1, 0, 1})
	f.Add(uint8(3), []byte{0, 0, 5})
	f.Fuzz(func(t *testing.T, length uint8, cells []byte) {
		n := 1 + int(length)%PackedMaxSize
		line := make([]Tile, n)
		var row uint64
		for i := range min(n, len(cells)) {
			line[i] = Tile(cells[i]) % (MaxTile + 1)
			row |= uint64(line[i]) << (8 * i)
		}
		want, wantPoints := naiveSlide(line, MaxTile)
		got, points := SlidePackedRow(row)
		var sumBefore, sumAfter uint64
		gap := false
		for i := range n {
			c := Tile(got >> (8 * i) & 0xff)
			if c != want[i] {
				t.Fatalf("row %v: slid to %#x, want %v", line, got, want)
			}
			if c != 0 && gap {
				t.Fatalf("row %v: slid to %#x, a tile after a gap", line, got)
			}
			gap = gap || c == 0
			sumBefore += line[i].Value()
			sumAfter += c.Value()
		}
		if n < PackedMaxSize && got>>(8*n) != 0 {
			t.Fatalf("row %v: slid to %#x, past its %d cells", line, got, n)
		}
		if points != wantPoints || sumBefore != sumAfter {
			t.Fatalf("row %v: %d points (want %d), sum %d then %d", line, points, wantPoints, sumBefore, sumAfter)
		}
		if rev := ReverseRow(row, n); ReverseRow(rev, n) != row || Tile(rev&0xff) != line[n-1] {
			t.Fatalf("row %v: reversed %#x", line, rev)
		}
		empties := 0
		for _, c := range line {
			if c == 0 {
				empties++
			}
		}
		if m := EmptyBytes(row, n); bits.OnesCount64(m) != empties || m&^0x8080808080808080 != 0 {
			t.Fatalf("row %v: EmptyBytes %#x", line, m)
		}
		for m := EmptyBytes(row, n); m != 0; m &= m - 1 {
			if c := bits.TrailingZeros64(m) / 8; line[c] != 0 {
				t.Fatalf("row %v: EmptyBytes names cell %d", line, c)
			}
		}
	})
}

var sinkPacked PackedBoard

// BenchmarkPackedMove reports the time of one PackedBoard move (no tables: each row
// slid tile by tile), averaged over the four directions and 256 mid-game boards, per
// size.
func BenchmarkPackedMove(b *testing.B) {
	for _, n := range []int{3, 5, 6, 8} {
		b.Run(fmt.Sprintf("%dx%d", n, n), func(b *testing.B) {
			rnd := rand.New(rand.NewPCG(10, 11))
			boards := make([]PackedBoard, 256)
			for i := range boards {
				boards[i], _ = Pack(randomBoard(rnd, n, n, 12))
			}
			var acc PackedBoard
			i := 0
			for b.Loop() {
				acc, _ = boards[i&255].Move(Direction(i & 3))
				i++
			}
			sinkPacked = acc
		})
	}
}
