package solver

import (
	"testing"

	"github.com/gridgames/gridgames/game2048"
)

// BenchmarkLeafBlend6 times the default evaluation of one leaf (the built-in
// 6-tuple network, one stage, plus the heuristic's share) over the boards of the
// recorded game, as the search calls it, stage hook included:
// go test -run '^$' -bench LeafBlend6 -count 10 ./game2048/solver
func BenchmarkLeafBlend6(b *testing.B) {
	var boards []game2048.Bitboard
	for _, board := range recordedBoards(b) {
		bb, err := game2048.FromBoard(board)
		if err != nil {
			b.Fatal(err)
		}
		boards = append(boards, bb)
	}
	e, err := newEvaluatorFor(b.Context(), EvalBlend, DefaultWeights(), nil, nil, nil, DefaultBlend)
	if err != nil {
		b.Fatal(err)
	}
	var sink float32
	i := 0
	for b.Loop() {
		x := boards[i%len(boards)]
		sink += e.bitboardT(x, x.Transpose())
		i++
	}
	if sink == 0 {
		b.Log(sink)
	}
}
