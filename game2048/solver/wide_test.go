package solver

import (
	"fmt"
	"math/rand/v2"
	"sync/atomic"
	"testing"

	"github.com/gridgames/gridgames/game2048"
)

// TestSearchWideMatchesGeneral compares the PackedBoard search with the general
// board's search, on random boards of every size up to 8x8 (rectangles too, and 4x4
// boards past 32768, which take this path), at depths 0 to 3: every direction's
// value, the best move and the node count. The two add the same leaf scores in the
// same order, visit the same nodes in the same order and hash boards alike (so their
// tables keep and lose the same entries): they agree exactly.
func TestSearchWideMatchesGeneral(t *testing.T) {
	t.Parallel()
	rnd := rand.New(rand.NewPCG(41, 42))
	tests := []struct {
		rows, cols, depth, boards int
		maxTile                   game2048.Tile
	}{
		{2, 2, 3, 30, 6}, {2, 3, 3, 30, 8}, {3, 3, 3, 20, 10}, {3, 3, 0, 20, 10},
		{2, 8, 2, 20, 12}, {8, 2, 2, 20, 12}, {3, 5, 2, 15, 12},
		{4, 4, 2, 10, 20}, {4, 4, 1, 20, game2048.MaxTile},
		{5, 5, 1, 20, 14}, {5, 5, 2, 6, 14}, {5, 5, 1, 10, 40},
		{6, 6, 1, 15, 16}, {6, 6, 2, 3, 16}, {7, 7, 1, 10, 16}, {8, 8, 1, 8, 18},
		{7, 4, 1, 10, 12}, {5, 8, 1, 10, 12},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprintf("%dx%d/depth%d/tiles%d", tc.rows, tc.cols, tc.depth, tc.maxTile), func(t *testing.T) {
			wide := New(Options{Workers: 1, TableBits: 20})
			gen := New(Options{Workers: 1, TableBits: 20})
			for i := range tc.boards {
				b := crowdedBoard(rnd, tc.rows, tc.cols, tc.maxTile)
				if tc.rows == 4 && tc.cols == 4 {
					b.Set(3, 3, 16) // past 32768: no Bitboard
				}
				if b.Over() {
					continue
				}
				p, err := game2048.Pack(b)
				if err != nil {
					t.Fatal(err)
				}
				wide.forget()
				gen.forget()
				got, _ := wide.searchWide(b, p, 0.1, tc.depth, new(atomic.Bool))
				want, _ := gen.searchGen(b, 0.1, tc.depth, new(atomic.Bool))
				for _, d := range game2048.Directions {
					if g, w := got.Values[d], want.Values[d]; g != w {
						t.Fatalf("case %d, %s %v: wide %v, general %v", i, b, d, g, w)
					}
				}
				if got.Best != want.Best || got.Nodes != want.Nodes {
					t.Fatalf("case %d, %s: wide best %v after %d nodes, general %v after %d",
						i, b, got.Best, got.Nodes, want.Best, want.Nodes)
				}
			}
		})
	}
}

// crowdedBoard is a random rows x cols board with tiles up to maxTile and one to
// four empty cells, so that searches stay small.
func crowdedBoard(rnd *rand.Rand, rows, cols int, maxTile game2048.Tile) game2048.Board {
	b, _ := game2048.NewBoard(rows, cols)
	for r := range rows {
		for c := range cols {
			b.Set(r, c, game2048.Tile(1+rnd.IntN(int(maxTile))))
		}
	}
	for range 1 + rnd.IntN(min(4, rows*cols-1)) {
		b.Set(rnd.IntN(rows), rnd.IntN(cols), 0)
	}
	return b
}

// TestAdaptiveDepthWide checks the depth chosen on boards other than 4x4: 1 with
// 8 or more empty cells, then a layer more each time they halve, 5 on a full board;
// at least 2 on boards of 25 cells or fewer, 6 on boards of 12 or fewer.
func TestAdaptiveDepthWide(t *testing.T) {
	t.Parallel()
	tests := []struct {
		rows, cols, empty, want int
	}{
		{5, 5, 25, 2}, {5, 5, 8, 2}, {5, 5, 7, 2}, {5, 5, 4, 2}, {5, 5, 3, 3}, {5, 5, 2, 3},
		{5, 5, 1, 4}, {5, 5, 0, 5}, {3, 3, 5, 6}, {3, 3, 0, 6}, {3, 4, 12, 6}, {2, 7, 1, 4},
		{2, 7, 10, 2}, {2, 13, 10, 1},
		{6, 6, 36, 1}, {6, 6, 8, 1}, {6, 6, 7, 2}, {6, 6, 4, 2}, {6, 6, 3, 3}, {6, 6, 1, 4},
		{8, 8, 40, 1}, {8, 8, 0, 5}, {16, 16, 0, 5},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprintf("%dx%d/%d empty", tc.rows, tc.cols, tc.empty), func(t *testing.T) {
			b, _ := game2048.NewBoard(tc.rows, tc.cols)
			for i := range tc.rows*tc.cols - tc.empty {
				b.Set(i/tc.cols, i%tc.cols, game2048.Tile(1+i%20))
			}
			if got := AdaptiveDepth(b); got != tc.want {
				t.Fatalf("AdaptiveDepth(%s) = %d, want %d", b, got, tc.want)
			}
		})
	}
}

// TestWideTableForgetsAnotherLift plays on from boards with tiles so big that the
// leaves are lifted (see evaluator.lift), which differs from root to root: what the
// table kept from the search before must not leak into the next one, so each search
// values the moves as a solver with empty tables does.
func TestWideTableForgetsAnotherLift(t *testing.T) {
	t.Parallel()
	g, err := game2048.NewGame(game2048.WithSize(5, 5), game2048.WithSeed(9))
	if err != nil {
		t.Fatal(err)
	}
	b := g.Board()
	b.Set(4, 0, 30) // 2^30 and 2^29 in the corner: the penalties outweigh the base
	b.Set(4, 1, 29)
	kept := New(Options{Depth: 2, Workers: 1, TableBits: 16})
	for move := range 12 {
		a, err := kept.BestMove(t.Context(), b, 0.1)
		if err != nil {
			t.Fatal(err)
		}
		fresh, _ := New(Options{Depth: 2, Workers: 1, TableBits: 16}).BestMove(t.Context(), b, 0.1)
		if a.Values != fresh.Values {
			t.Fatalf("move %d, %s: values %v after the searches before, %v from empty tables", move, b, a.Values, fresh.Values)
		}
		b.Move(a.Best)
		empty := b.Empty()
		c := empty[move%len(empty)]
		b.Set(c.Row, c.Col, 1)
	}
}
