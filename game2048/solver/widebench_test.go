package solver

import (
	"fmt"
	"testing"

	"github.com/gridgames/gridgames/game2048"
)

// BenchmarkBestMoveWide times one depth-2 search on one worker, on boards of 3x3 to
// 8x8 and 5x8, from empty tables, and reports the nodes (moves searched) per second.
// Each position is the board after 300 moves (30 on 3x3) of a depth-1 game (seed
// 1), so it does not depend on the search measured:
// go test -run '^$' -bench BestMoveWide -count 10 ./game2048/solver
func BenchmarkBestMoveWide(b *testing.B) {
	for _, tc := range []struct{ rows, cols, moves int }{
		{3, 3, 30}, {5, 5, 300}, {6, 6, 300}, {7, 7, 300}, {8, 8, 300}, {5, 8, 300},
	} {
		board := playedBoard(b, tc.rows, tc.cols, tc.moves)
		b.Run(fmt.Sprintf("%dx%d", tc.rows, tc.cols), func(b *testing.B) {
			benchBestMove(b, New(Options{Depth: 2, Workers: 1}), board)
		})
	}
}

// playedBoard is the board after the given number of moves of a depth-1 game on a
// rows x cols board with seed 1 (or where the game ended, if sooner).
func playedBoard(tb testing.TB, rows, cols, moves int) game2048.Board {
	tb.Helper()
	g, err := game2048.NewGame(game2048.WithSize(rows, cols), game2048.WithSeed(1))
	if err != nil {
		tb.Fatal(err)
	}
	s := New(Options{Depth: 1, Workers: 1, TableBits: 12})
	for range moves {
		if g.Over() {
			break
		}
		a, err := s.BestMove(tb.Context(), g.Board(), 0.1)
		if err != nil {
			tb.Fatal(err)
		}
		if _, err := g.Move(a.Best); err != nil {
			tb.Fatal(err)
		}
	}
	return g.Board()
}
