package engine

import (
	"context"
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"

	"github.com/gridgames/gridgames/othello"
)

// solverShallowValue is the value, in discs, that a probable solve's cut test
// gives pos (8x8): a depth-ply search with the evaluations and ProbCut a
// solve of pos searches with.
func solverShallowValue(e *Engine, pos othello.Position, depth int, patterns bool) float64 {
	run := e.begin(context.Background(), Limits{}, pos)
	defer run.end()
	e.usingMid, e.selective = e.midgame, e.midgame != nil
	e.tt = e.tableFor(e.usingMid)
	e.tt.newSearch()
	if patterns {
		defer e.solveOrdering(pos.Size())()
	}
	pl := e.newPool(newGeometry(pos.Size()), run)
	defer pl.finish()
	return float64(pl.all[0].pvs(pos.Player(), pos.Opponent(), -inf, inf, depth, false)) / unit
}

// TestProbableCalibration measures probableSigma: for positions of plausible
// games with 12 to 24 empties, the spread of the exact score around the
// shallow values of 2, 4 and 6 plies. Opt-in (exact solves of 24 empties take
// seconds): GRIDGAMES_PROBABLE_CALIBRATE=N positions for each even number of
// empties.
func TestProbableCalibration(t *testing.T) {
	t.Parallel()
	n, _ := strconv.Atoi(os.Getenv("GRIDGAMES_PROBABLE_CALIBRATE"))
	if n == 0 {
		t.Skip("set GRIDGAMES_PROBABLE_CALIBRATE=N to measure the probable solve's sigmas on N positions an empties count")
	}
	rnd := rand.New(rand.NewPCG(78, 78))
	player := New(Options{Workers: 1, TableBits: 12})
	depths := []int{2, 4, 6, -2, -4, -6} // negative: the midgame evaluation's
	for empties := 12; empties <= 24; empties += 2 {
		sum, sum2 := make([]float64, len(depths)), make([]float64, len(depths))
		for count := 0; count < n; {
			pos, ok := plausiblePosition(rnd, player, empties)
			if !ok || pos.Empties() != empties {
				continue
			}
			e := New(Options{Workers: 1, TableBits: 20})
			exact, err := e.Search(t.Context(), pos, Limits{Endgame: 64})
			if err != nil {
				t.Fatal(err)
			}
			for i, d := range depths {
				diff := exact.Score - solverShallowValue(New(Options{Workers: 1, TableBits: 16}), pos, max(d, -d), d > 0)
				sum[i] += diff
				sum2[i] += diff * diff
			}
			count++
		}
		for i, d := range depths {
			mean := sum[i] / float64(n)
			t.Logf("%d empties, %d plies: mean %+.2f, sigma %.2f discs", empties, d, mean, math.Sqrt(sum2[i]/float64(n)-mean*mean))
		}
	}
}

// A probable solve (Limits.ProbableEndgame) mostly finds the exact score and a
// best move with fewer nodes than the exact solve; its table entries never
// change what a later exact solve in the same engine finds.
func TestProbableEndgame(t *testing.T) {
	t.Parallel()
	rnd := rand.New(rand.NewPCG(79, 79))
	player := New(Options{Workers: 1, TableBits: 12})
	empties, positions := 18, 24
	if v := os.Getenv("GRIDGAMES_PROBABLE_EMPTIES"); v != "" { // to measure farther from the end
		var err error
		if empties, err = strconv.Atoi(v); err != nil || empties < 14 || empties > 30 {
			t.Fatalf("GRIDGAMES_PROBABLE_EMPTIES=%q: want 14 to 30", v)
		}
	}
	var same, best, tried int
	var probableNodes, exactNodes uint64
	for tried < positions {
		pos, ok := plausiblePosition(rnd, player, empties)
		if !ok || pos.Empties() != empties {
			continue
		}
		tried++
		exact, err := New(Options{Workers: 1, TableBits: 18}).Search(t.Context(), pos, Limits{Endgame: 64})
		if err != nil {
			t.Fatal(err)
		}
		e := New(Options{Workers: 1, TableBits: 18})
		r, err := e.Search(t.Context(), pos, Limits{Depth: 4, ProbableEndgame: empties})
		if err != nil {
			t.Fatal(err)
		}
		if r.Exact || r.Depth != 4 || !pos.IsLegal(r.Move) {
			t.Fatalf("%s: %+v, want a legal move of a 4-ply search, not exact", pos, r)
		}
		if r.Score == exact.Score {
			same++
		}
		if -exactScore(t, pos.Play(r.Move)) == int(exact.Score) {
			best++
		}
		probableNodes += r.Nodes
		exactNodes += exact.Nodes
		after, err := e.Search(t.Context(), pos, Limits{Endgame: 64})
		if err != nil {
			t.Fatal(err)
		}
		if !after.Exact || after.Score != exact.Score {
			t.Errorf("%s: the exact solve after a probable one: %+v, want exact %+.0f", pos, after, exact.Score)
		}
	}
	t.Logf("probable solves of %d positions (%d empties): the exact score %d times, a best move %d times, %d nodes against the exact solves' %d",
		tried, empties, same, best, probableNodes, exactNodes)
	if same < tried*3/4 || best < tried*3/4 {
		t.Errorf("the exact score %d and a best move %d times of %d, want at least 3/4", same, best, tried)
	}
	if probableNodes >= exactNodes {
		t.Errorf("probable solves searched %d nodes, the exact ones %d: want fewer", probableNodes, exactNodes)
	}
}

// ProbableEndgame changes nothing where a closer solve or no solve applies.
func TestProbableEndgameBounds(t *testing.T) {
	t.Parallel()
	checkSameSearches(t, randomPosition(newRand(49), 8, 14), []sameSearch{
		{"under Endgame", Limits{Depth: 3, Endgame: 14, ProbableEndgame: 16}, Limits{Depth: 3, Endgame: 14}},
		{"under WLDEndgame", Limits{Depth: 3, WLDEndgame: 14, ProbableEndgame: 16}, Limits{Depth: 3, WLDEndgame: 14}},
		{"over ProbableEndgame", Limits{Depth: 3, ProbableEndgame: 12}, Limits{Depth: 3}},
	})
}
