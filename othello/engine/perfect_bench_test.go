package engine

import (
	"slices"
	"testing"
	"time"

	"github.com/gridgames/gridgames/internal/cputime"
	"github.com/gridgames/gridgames/othello"
)

// BenchmarkPerfectGames6x6 plays whole 6x6 games against the Perfect player as
// the web page serves them: one engine on one worker with the server's 16 MiB
// table, kept from move to move. The person asks for a hint (PerfectValues)
// before each of its moves and plays one of its two best (seeded), so the games
// stay close to perfect play, where solves are slowest; the Perfect player takes
// either colour in turn. It reports the CPU time of the slowest hint and the
// slowest Perfect move over the games, the 95th percentiles, and the share of
// answers that took over a second, and the number of hints.
func BenchmarkPerfectGames6x6(b *testing.B) {
	const games = 8
	var hints, moves []time.Duration
	for b.Loop() {
		hints, moves = hints[:0], moves[:0]
		rnd := newRand(37)
		for g := range games {
			e := New(Options{Workers: 1, TableBits: 20})
			perfect := othello.Black
			if g%2 == 1 {
				perfect = othello.White
			}
			pos, _ := othello.NewPosition(6)
			for !pos.Over() {
				if pos.MustPass() {
					pos = pos.Pass()
					continue
				}
				t0 := cputime.Process()
				if pos.Turn() == perfect {
					r, err := e.PerfectMove(b.Context(), pos)
					if err != nil {
						b.Fatal(err)
					}
					moves = append(moves, cputime.Process()-t0)
					pos = pos.Play(r.Move)
					continue
				}
				vals, err := e.PerfectValues(b.Context(), pos)
				if err != nil {
					b.Fatal(err)
				}
				hints = append(hints, cputime.Process()-t0)
				pos = pos.Play(vals[rnd.IntN(min(2, len(vals)))].Move)
			}
		}
	}
	report := func(d []time.Duration, what string) {
		slices.Sort(d)
		over := 0
		for _, x := range d {
			if x > time.Second {
				over++
			}
		}
		b.ReportMetric(d[len(d)-1].Seconds(), "max-"+what+"-s")
		b.ReportMetric(d[len(d)*95/100].Seconds(), "p95-"+what+"-s")
		b.ReportMetric(float64(over)/float64(len(d)), "over1s-"+what)
	}
	report(hints, "hint")
	report(moves, "move")
	b.ReportMetric(float64(len(hints)), "hints")
}
