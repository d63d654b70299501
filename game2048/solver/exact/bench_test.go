package exact

import (
	"context"
	"testing"

	"github.com/gridgames/gridgames/game2048"
)

// BenchmarkSolve solves whole boards; it reports positions per second.
// 3x3 is not here: run `gridgames 2048 solve --rows 3 --cols 3` (see the README).
func BenchmarkSolve(b *testing.B) {
	for _, s := range [][2]int{{2, 3}, {2, 4}} {
		b.Run(name(s[0], s[1], 0.1, 0), func(b *testing.B) {
			var n int64
			for b.Loop() {
				t, err := Solve(context.Background(), Config{Rows: s[0], Cols: s[1], FourChance: 0.1})
				if err != nil {
					b.Fatal(err)
				}
				n += t.Summary().Positions
			}
			b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "positions/s")
		})
	}
}

// BenchmarkCanon measures the symmetry reduction, the solve's commonest step.
func BenchmarkCanon(b *testing.B) {
	g := newGeom(3, 3)
	s := uint64(0x123456789)
	for b.Loop() {
		s = g.canon(s) + 0x1111
	}
	_ = s
}

// BenchmarkMoves measures Table.Moves, one perfect hint, on 2x3.
func BenchmarkMoves(b *testing.B) {
	t, err := Solve(context.Background(), Config{Rows: 2, Cols: 3, FourChance: 0.1})
	if err != nil {
		b.Fatal(err)
	}
	bd, _ := game2048.ParseBoard("2,4,8/0,2,0")
	for b.Loop() {
		if _, err := t.Moves(bd); err != nil {
			b.Fatal(err)
		}
	}
}
