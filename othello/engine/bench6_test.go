package engine

import (
	"fmt"
	"testing"

	"github.com/gridgames/gridgames/othello"
)

// start6 returns the 6x6 start after the moves of transcript.
func start6(tb testing.TB, transcript string) othello.Position {
	tb.Helper()
	g, err := othello.NewGame(othello.WithSize(6), othello.WithTranscript(transcript))
	if err != nil {
		tb.Fatal(err)
	}
	return g.Position()
}

// BenchmarkSolve6x6 solves 6x6 positions exactly on one worker, each from a fresh
// engine (run with -benchtime 1x): the start (32 empties; about a minute or more)
// and positions a few plies in. It reports the nodes per solve and the nodes per
// second.
func BenchmarkSolve6x6(b *testing.B) {
	for _, tc := range []struct{ name, moves string }{
		{"ply6", "c2d2e2b4c5d6"},
		{"ply4", "c2d2e2b4"},
		{"start", ""},
	} {
		pos := start6(b, tc.moves)
		b.Run(tc.name, func(b *testing.B) {
			var nodes uint64
			for b.Loop() {
				b.StopTimer()
				e := New(Options{Workers: 1})
				e.tt.clear()
				b.StartTimer()
				r, err := e.Search(b.Context(), pos, Limits{Endgame: 64})
				if err != nil || !r.Exact {
					b.Fatalf("%+v %v", r, err)
				}
				nodes += r.Nodes
				b.ReportMetric(r.Score, "score")
			}
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds()/1e6, "Mnodes/s")
		})
	}
}

// played6 returns n 6x6 positions with the given empties: a few random moves
// from the start, then level 4 on both sides, so the positions are balanced, as
// the solver meets them under the start.
func played6(tb testing.TB, n, empties int) []othello.Position {
	tb.Helper()
	rnd := newRand(6)
	e := New(Options{Workers: 1, TableBits: 16})
	var out []othello.Position
	for len(out) < n {
		pos := randomPosition(rnd, 6, 28)
		for !pos.Over() && pos.Empties() > empties {
			if pos.MustPass() {
				pos = pos.Pass()
				continue
			}
			m, err := LevelPlayer{Level: 4, Engine: e}.Choose(tb.Context(), pos)
			if err != nil {
				tb.Fatal(err)
			}
			pos = pos.Play(m)
		}
		if !pos.Over() && !pos.MustPass() && pos.Empties() == empties {
			out = append(out, pos)
		}
	}
	return out
}

// BenchmarkSolve6x6Set solves 8 balanced 6x6 positions with 22 empties on one
// worker (see played6), each from a fresh engine: the nodes of all eight, for
// comparing move orders quickly.
func BenchmarkSolve6x6Set(b *testing.B) {
	set := played6(b, 8, 22)
	var nodes uint64
	for b.Loop() {
		for _, pos := range set {
			b.StopTimer()
			e := New(Options{Workers: 1})
			e.tt.clear()
			b.StartTimer()
			r, err := e.Search(b.Context(), pos, Limits{Endgame: 64})
			if err != nil || !r.Exact {
				b.Fatalf("%+v %v", r, err)
			}
			nodes += r.Nodes
		}
	}
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds()/1e6, "Mnodes/s")
}

// BenchmarkPerfectValues6x6 values every move of balanced 6x6 positions exactly
// (PerfectValues, as a hint does) with a fresh engine on one worker: the time a
// hint takes once the game has left the opening table, by empties.
func BenchmarkPerfectValues6x6(b *testing.B) {
	for _, empties := range []int{18, 20, 22, 24} {
		set := played6(b, 4, empties)
		b.Run(fmt.Sprintf("empties%d", empties), func(b *testing.B) {
			for b.Loop() {
				for _, pos := range set {
					b.StopTimer()
					e := New(Options{Workers: 1})
					b.StartTimer()
					if _, err := e.PerfectValues(b.Context(), pos); err != nil {
						b.Fatal(err)
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N*len(set)), "ms/position")
		})
	}
}
