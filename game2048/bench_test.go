package game2048

import (
	"math/rand/v2"
	"testing"
)

var sinkBitboard Bitboard

func benchBitboards() []Bitboard {
	rnd := rand.New(rand.NewPCG(10, 11))
	out := make([]Bitboard, 256)
	for i := range out {
		b, _ := FromBoard(randomBoard(rnd, 4, 4, 12))
		out[i] = b
	}
	return out
}

// BenchmarkBitboardMove reports the time of one fast-path move, averaged over the
// four directions and 256 mid-game boards.
func BenchmarkBitboardMove(b *testing.B) {
	boards := benchBitboards()
	var acc Bitboard
	b.ResetTimer()
	for i := range b.N {
		acc ^= boards[i&255].Move(Direction(i & 3))
	}
	sinkBitboard = acc
}

func BenchmarkBitboardMoveByDirection(b *testing.B) {
	boards := benchBitboards()
	for _, d := range Directions {
		b.Run(d.String(), func(b *testing.B) {
			var acc Bitboard
			b.ResetTimer()
			for i := range b.N {
				acc ^= boards[i&255].Move(d)
			}
			sinkBitboard = acc
		})
	}
}

// BenchmarkBoardMove measures the general board's move (no animation record).
func BenchmarkBoardMove(b *testing.B) {
	for _, size := range []int{4, 8} {
		b.Run(map[int]string{4: "4x4", 8: "8x8"}[size], func(b *testing.B) {
			rnd := rand.New(rand.NewPCG(12, 13))
			boards := make([]Board, 64)
			for i := range boards {
				boards[i] = randomBoard(rnd, size, size, 12)
			}
			work, _ := NewBoard(size, size)
			i := 0
			for b.Loop() {
				copy(work.cells, boards[i&63].cells)
				work.Move(Directions[i&3])
				i++
			}
		})
	}
}

// BenchmarkBoardSlide measures the general move with its animation record.
func BenchmarkBoardSlide(b *testing.B) {
	rnd := rand.New(rand.NewPCG(12, 13))
	boards := make([]Board, 64)
	for i := range boards {
		boards[i] = randomBoard(rnd, 4, 4, 12)
	}
	work, _ := NewBoard(4, 4)
	i := 0
	for b.Loop() {
		copy(work.cells, boards[i&63].cells)
		work.Slide(Directions[i&3])
		i++
	}
}

// BenchmarkRandomGame plays a whole 4x4 game with random moves through Game.
func BenchmarkRandomGame(b *testing.B) {
	rnd := rand.New(rand.NewPCG(14, 15))
	moves := 0
	for b.Loop() {
		g, _ := NewGame(WithSeed(rnd.Uint64()))
		for !g.Over() {
			if r, _ := g.Move(Directions[rnd.IntN(4)]); r.Moved {
				moves++
			}
		}
	}
	b.ReportMetric(float64(moves)/float64(b.N), "moves/game")
}
