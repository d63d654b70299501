package engine

import (
	"fmt"
	"testing"
	"time"

	"github.com/gridgames/gridgames/internal/cputime"
)

// BenchmarkMidgameSearch searches 20 positions with 20 to 40 empties (the first
// 20 of consistencyPositions' fixed seed, from plausible games) as level 10 does
// (one worker, the learned evaluation, ProbCut, the default table, the exact
// solver off) to depths 10, 12 and 14: one op is all 20 searches, each from an
// emptied table. Run with -benchtime 1x -count 10; it reports the nodes per op,
// the time per node, and the process's CPU time per op and per node (on unix),
// which other work on the same CPU does not inflate as it does the wall clock.
func BenchmarkMidgameSearch(b *testing.B) {
	if DefaultMidgame() == nil {
		b.Skip("no learned evaluation in this build")
	}
	positions := consistencyPositions(20, 36)
	e := New(Options{Workers: 1})
	for _, depth := range []int{10, 12, 14} {
		b.Run(fmt.Sprintf("d%d", depth), func(b *testing.B) {
			var nodes uint64
			var cpu time.Duration
			for b.Loop() {
				for _, pos := range positions {
					b.StopTimer()
					e.reset()
					b.StartTimer()
					c0 := cputime.Process()
					r, err := e.Search(b.Context(), pos, Limits{Depth: depth})
					cpu += cputime.Process() - c0
					if err != nil {
						b.Fatal(err)
					}
					nodes += r.Nodes
				}
			}
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(nodes), "ns/node")
			if cpu > 0 {
				b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
				b.ReportMetric(float64(cpu.Nanoseconds())/float64(nodes), "cpu-ns/node")
			}
		})
	}
}
