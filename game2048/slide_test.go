package game2048

import (
	"math/rand/v2"
	"testing"
)

func TestSlideClassicCases(t *testing.T) {
	tests := []struct {
		name       string
		board, dir string
		want       string
		points     int64
		moved      bool
	}{
		{"four equal merge in pairs", "2,2,2,2/0,0,0,0", "left", "4,4,0,0/0,0,0,0", 8, true},
		{"pair nearest the edge first", "4,2,2,0/0,0,0,0", "left", "4,4,0,0/0,0,0,0", 4, true},
		{"two pairs", "2,2,4,4/0,0,0,0", "left", "4,8,0,0/0,0,0,0", 12, true},
		{"merged tile does not merge again", "4,4,8,8/0,0,0,0", "left", "8,16,0,0/0,0,0,0", 24, true},
		{"gap then pair", "2,0,2,2/0,0,0,0", "left", "4,2,0,0/0,0,0,0", 4, true},
		{"gap then pair right", "2,0,2,2/0,0,0,0", "right", "0,0,2,4/0,0,0,0", 4, true},
		{"three equal right", "2,2,2,0/0,0,0,0", "right", "0,0,2,4/0,0,0,0", 4, true},
		{"up column", "2,0/2,0/4,0", "up", "4,0/4,0/0,0", 4, true},
		{"down column", "2,0/2,0/4,0", "down", "0,0/4,0/4,0", 4, true},
		{"nothing to do", "2,4,0,0/0,0,0,0", "left", "2,4,0,0/0,0,0,0", 0, false},
		{"full without a move", "2,4,2,4/4,2,4,2/2,4,2,4/4,2,4,2", "up", "2,4,2,4/4,2,4,2/2,4,2,4/4,2,4,2", 0, false},
		{"full with a move", "2,4,2,4/4,2,4,2/2,4,2,4/4,2,4,4", "right", "2,4,2,4/4,2,4,2/2,4,2,4/0,4,2,8", 8, true},
		{"rectangle 2x5", "2,2,0,2,2/4,0,0,0,4", "left", "4,4,0,0,0/8,0,0,0,0", 16, true},
		{"rectangle 6x3 down", "2,0,0/2,0,0/0,4,0/0,4,0/8,0,2/8,0,2", "down", "0,0,0/0,0,0/0,0,0/0,0,0/4,0,0/16,8,4", 32, true},
		{"huge tiles merge", "65536,65536/0,0", "left", "131072,0/0,0", 131072, true},
		{"max tiles do not merge", "4611686018427387904,4611686018427387904/0,0", "left", "4611686018427387904,4611686018427387904/0,0", 0, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := mustParse(t, tc.board)
			d, err := ParseDirection(tc.dir)
			if err != nil {
				t.Fatal(err)
			}
			if got := b.CanMove(d); got != tc.moved {
				t.Errorf("CanMove = %v, want %v", got, tc.moved)
			}
			points, moved := b.Move(d)
			if b.String() != tc.want || points != tc.points || moved != tc.moved {
				t.Errorf("%s %s = %s, %d, %v; want %s, %d, %v", tc.board, tc.dir, b, points, moved, tc.want, tc.points, tc.moved)
			}
		})
	}
}

func mustParse(t testing.TB, s string) Board {
	t.Helper()
	b, err := ParseBoard(s)
	if err != nil {
		t.Fatalf("ParseBoard(%q): %v", s, err)
	}
	return b
}

// TestMoveMatchesReference checks Move, Slide and CanMove against the naive reference
// on random boards of random sizes in all four directions.
func TestMoveMatchesReference(t *testing.T) {
	rnd := rand.New(rand.NewPCG(1, 2))
	for i := range 3000 {
		rows, cols := 2+rnd.IntN(15), 2+rnd.IntN(15)
		b := randomBoard(rnd, rows, cols, Tile(1+rnd.IntN(20)))
		for _, d := range Directions {
			want, wantPoints := naiveMove(gridOf(b), d, MaxTile)
			got := b.Clone()
			points, moved := got.Move(d)
			if !equalGrid(gridOf(got), want) || points != wantPoints {
				t.Fatalf("case %d: %s %v = %s (%d), want %v (%d)", i, b, d, got, points, want, wantPoints)
			}
			if wantMoved := !equalGrid(gridOf(b), want); moved != wantMoved || b.CanMove(d) != wantMoved {
				t.Fatalf("case %d: %s %v moved=%v CanMove=%v, want %v", i, b, d, moved, b.CanMove(d), wantMoved)
			}
			if got.Sum() != b.Sum() {
				t.Fatalf("case %d: %s %v changed the tile sum %d -> %d", i, b, d, b.Sum(), got.Sum())
			}
			checkAnimation(t, b, d)
		}
	}
}

// checkAnimation verifies that the Slide record explains the move exactly: every
// tile of the old board appears once, and placing the tiles where they go (merges
// as their new tile) rebuilds the new board.
func checkAnimation(t *testing.T, before Board, d Direction) {
	t.Helper()
	after := before.Clone()
	s := after.Slide(d)
	rebuilt, _ := NewBoard(before.Rows(), before.Cols())
	seen := map[Cell]bool{}
	for _, m := range s.Tiles {
		if seen[m.From] || before.At(m.From.Row, m.From.Col) != m.Tile {
			t.Fatalf("%s %v: bad tile move %+v", before, d, m)
		}
		seen[m.From] = true
		rebuilt.Set(m.To.Row, m.To.Col, m.Tile)
	}
	var points int64
	for _, m := range s.Merges {
		rebuilt.Set(m.At.Row, m.At.Col, m.Tile)
		points += int64(m.Tile.Value())
	}
	if len(seen) != before.Rows()*before.Cols()-before.EmptyCount() {
		t.Fatalf("%s %v: %d tiles animated, board has %d", before, d, len(seen), before.Rows()*before.Cols()-before.EmptyCount())
	}
	if !rebuilt.Equal(after) || points != s.Points {
		t.Fatalf("%s %v: animation rebuilds %s (%d points), move gave %s (%d)", before, d, rebuilt, points, after, s.Points)
	}
}

func equalGrid(a, b [][]Tile) bool {
	for r := range a {
		for c := range a[r] {
			if a[r][c] != b[r][c] {
				return false
			}
		}
	}
	return true
}
