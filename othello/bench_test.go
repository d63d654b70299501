package othello

import (
	"math/rand/v2"
	"testing"
)

var sinkBits uint64

// benchPositions returns positions from random games, 8 to 50 plies in.
func benchPositions() []Position {
	rnd := rand.New(rand.NewPCG(1, 2))
	var out []Position
	for len(out) < 256 {
		pos := StartPosition()
		for ply := 0; ply < 8+rnd.IntN(42) && !pos.Over(); ply++ {
			moves := pos.LegalMoves()
			if len(moves) == 0 {
				pos = pos.Pass()
				continue
			}
			pos = pos.Play(moves[rnd.IntN(len(moves))])
		}
		if pos.Moves() != 0 {
			out = append(out, pos)
		}
	}
	return out
}

func BenchmarkMoves(b *testing.B) {
	ps := benchPositions()
	var acc uint64
	b.ResetTimer()
	for i := range b.N {
		p := &ps[i&255]
		acc ^= legalMoves(p.p, p.o, 0xFFFFFFFFFFFFFFFF)
	}
	sinkBits = acc
}

func BenchmarkFlips(b *testing.B) {
	ps := benchPositions()
	type mv struct {
		p, o uint64
		sq   int
	}
	var mvs []mv
	for _, p := range ps {
		for _, sq := range p.LegalMoves() {
			mvs = append(mvs, mv{p.p, p.o, int(sq)})
		}
	}
	mvs = mvs[:1024] // a power of two: no division in the loop
	var acc uint64
	b.ResetTimer()
	for i := range b.N {
		m := &mvs[i&1023]
		acc ^= flips(m.p, m.o, m.sq)
	}
	sinkBits = acc
}

// BenchmarkPerft runs single-threaded perft from the 8x8 start and reports leaves
// per second. perft(11) is the figure the issue asks for:
// go test -run '^$' -bench 'Perft/11' -benchtime 1x -count 10 ./othello
func BenchmarkPerft(b *testing.B) {
	for _, d := range []int{9, 10, 11} {
		b.Run(itoa(d), func(b *testing.B) {
			var leaves uint64
			for b.Loop() {
				leaves = Perft(StartPosition(), d)
			}
			b.ReportMetric(float64(leaves)*float64(b.N)/b.Elapsed().Seconds()/1e6, "Mleaves/s")
		})
	}
}

// BenchmarkPerftParallel is the same on every CPU.
func BenchmarkPerftParallel(b *testing.B) {
	for _, d := range []int{10, 11} {
		b.Run(itoa(d), func(b *testing.B) {
			var leaves uint64
			for b.Loop() {
				leaves, _ = PerftParallel(b.Context(), StartPosition(), d, 0, nil)
			}
			b.ReportMetric(float64(leaves)*float64(b.N)/b.Elapsed().Seconds()/1e6, "Mleaves/s")
		})
	}
}

func itoa(d int) string { return string(rune('0'+d/10)) + string(rune('0'+d%10)) }
