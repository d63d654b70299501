package engine

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"

	"github.com/gridgames/gridgames/othello"
)

func TestProbcutShallow(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ d, ds int }{{3, 1}, {4, 2}, {5, 1}, {6, 2}, {7, 3}, {8, 4}, {9, 3}, {10, 4}, {12, 6}} {
		if got := probcutShallow(tc.d); got != tc.ds || (tc.d-got)%2 != 0 {
			t.Errorf("probcutShallow(%d) = %d, want %d", tc.d, got, tc.ds)
		}
	}
}

// With ProbCut a search visits fewer nodes than without, and still answers with
// a legal move.
func TestProbcutPrunes(t *testing.T) {
	t.Parallel()
	mid := DefaultMidgame()
	if mid == nil {
		t.Skip("no learned evaluation built in")
	}
	rnd := rand.New(rand.NewPCG(6, 6))
	var with, without uint64
	for range 6 {
		pos := randomPosition(rnd, 8, 40)
		if pos.Over() || pos.MustPass() {
			continue
		}
		a, err := New(Options{Workers: 1, TableBits: 18}).Search(t.Context(), pos, Limits{Depth: 9})
		if err != nil || !pos.IsLegal(a.Move) {
			t.Fatal(a, err)
		}
		b, err := New(Options{Workers: 1, TableBits: 18}).Search(t.Context(), pos, Limits{Depth: 9, NoProbcut: true})
		if err != nil {
			t.Fatal(err)
		}
		with, without = with+a.Nodes, without+b.Nodes
	}
	if with >= without {
		t.Fatalf("ProbCut searched %d nodes, full width %d", with, without)
	}
	t.Logf("depth 9: %d nodes with ProbCut, %d without (%.0f%%)", with, without, 100*float64(with)/float64(without))
}

// TestProbcutCalibration measures probcutSigma: for positions from plausible
// games across the game, the spread of a depth-d search's value around its shallow
// search's, with the learned evaluation and no ProbCut, each value a single
// depth's (Limits.SingleDepth, as ProbCut compares them; the mean of two depths
// a search reports by default spreads less). It prints a table to copy into
// probcut.go, and for each depth the mean and sigma of the positions with
// 20-29, 30-39, 40-49 and 50-59 empties (probcutPhase); it runs only with GRIDGAMES_PROBCUT_CALIBRATE=N (N positions),
// taking minutes. GRIDGAMES_MIDGAME names a midgame file to use instead of the
// built-in one, GRIDGAMES_PROBCUT_DEPTH the deepest depth measured (12 by
// default; 8 takes seconds, so more positions can be measured to it).
func TestProbcutCalibration(t *testing.T) {
	t.Parallel()
	n, _ := strconv.Atoi(os.Getenv("GRIDGAMES_PROBCUT_CALIBRATE"))
	if n == 0 {
		t.Skip("set GRIDGAMES_PROBCUT_CALIBRATE=N to measure ProbCut's sigmas on N positions")
	}
	mid := DefaultMidgame()
	if path := os.Getenv("GRIDGAMES_MIDGAME"); path != "" {
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		if mid, err = ReadMidgame(f); err != nil {
			t.Fatal(err)
		}
		f.Close()
	}
	if mid == nil {
		t.Fatal("no learned evaluation")
	}
	maxDepth := 12
	if v := os.Getenv("GRIDGAMES_PROBCUT_DEPTH"); v != "" {
		d, err := strconv.Atoi(v)
		if err != nil || d < probcutMinDepth || d >= maxPly {
			t.Fatalf("GRIDGAMES_PROBCUT_DEPTH=%q: want a depth from %d to %d", v, probcutMinDepth, maxPly-1)
		}
		maxDepth = d
	}
	rnd := rand.New(rand.NewPCG(77, 77))
	player := New(Options{Workers: 1, TableBits: 12})
	sum, sum2 := make([]float64, maxDepth+1), make([]float64, maxDepth+1)
	var bsum, bsum2 [4][maxPly + 1]float64 // by empties: 20-29, 30-39, 40-49, 50-59
	var bcount [4]int
	count := 0
	for count < n {
		pos := othello.StartPosition()
		stop := 20 + rnd.IntN(40) // 20 to 59 empties
		for !pos.Over() && pos.Empties() > stop {
			if pos.MustPass() {
				pos = pos.Pass()
				continue
			}
			pos = pos.Play(plausibleMove(context.Background(), rnd, player, pos))
		}
		if pos.Over() || pos.MustPass() {
			continue
		}
		e := New(Options{Workers: 2, TableBits: 20, Midgame: mid})
		v := make([]float64, maxDepth+1)
		for d := 1; d <= maxDepth && d < pos.Empties(); d++ {
			r, err := e.Search(t.Context(), pos, Limits{Depth: d, NoProbcut: true, SingleDepth: true})
			if err != nil {
				t.Fatal(err)
			}
			v[d] = r.Score
		}
		for d := probcutMinDepth; d <= maxDepth && d < pos.Empties(); d++ {
			diff := v[d] - v[probcutShallow(d)]
			sum[d] += diff
			sum2[d] += diff * diff
			b := (pos.Empties() - 20) / 10
			bsum[b][d] += diff
			bsum2[b][d] += diff * diff
		}
		bcount[(pos.Empties()-20)/10]++
		count++
	}
	for d := probcutMinDepth; d <= maxDepth; d++ {
		mean := sum[d] / float64(count)
		t.Logf("depth %2d from %d: mean %+.2f, sigma %.2f discs", d, probcutShallow(d), mean, math.Sqrt(sum2[d]/float64(count)-mean*mean))
		line := ""
		for b := range bcount {
			c := float64(bcount[b])
			m := bsum[b][d] / c
			line += fmt.Sprintf("  %d-%d: %d, mean %+.2f sigma %.2f", 20+10*b, 29+10*b, bcount[b], m, math.Sqrt(bsum2[b][d]/c-m*m))
		}
		t.Log(line)
	}
}

// probcutFactor is probcutPhase's factors at the bands' centres, straight
// lines between them and flat beyond, and probcutMargins scales probcutT sigmas
// by it where it is below 1: narrower than probcutSigma alone early in the
// game, the same late.
func TestProbcutFactor(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		empties int
		want    float64
	}{
		{0, 1.35}, {24, 1.35}, {29, 1.35 + (1.18-1.35)*4.5/10}, {39, 1.18 + (0.72-1.18)*4.5/10},
		{49, 0.72 + (0.50-0.72)*4.5/10}, {55, 0.50}, {64, 0.50},
	} {
		if got := probcutFactor(tc.empties); math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("probcutFactor(%d) = %v, want %v", tc.empties, got, tc.want)
		}
	}
	for _, tc := range []struct {
		depth, empties int
		want           float64
	}{
		{8, 24, 1.5 * 2.64 * unit}, // factor 1.35: not widened
		{8, 37, 1.5 * 2.64 * unit}, // factor 1.065
		{8, 44, 1.5 * 2.64 * (1.18 + (0.72-1.18)*9.5/10) * unit},
		{8, 60, 1.5 * 2.64 * 0.50 * unit},
		{3, 39, 1.5 * 2.70 * (1.18 + (0.72-1.18)*4.5/10) * unit},
		{2, 30, 0}, {13, 30, 0}, // ProbCut off
	} {
		if got := probcutMargins[tc.depth][tc.empties]; got != int32(tc.want) {
			t.Errorf("probcutMargins[%d][%d] = %d, want %d", tc.depth, tc.empties, got, int32(tc.want))
		}
	}
}
