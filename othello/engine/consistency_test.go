package engine

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"testing"

	"github.com/gridgames/gridgames/othello"
)

// TestConsistency measures how much a position's value moves from one search
// depth to the next (issue 36's "consistent values"): over N positions with 20 to
// 40 empties from plausible games (a fixed seed, so always the same positions), the
// median and mean of |v(d) - v(d+1)| for d = 8 to 11, where v(d) is the value of a
// depth-d search as the levels and `othello analyze` run it (ProbCut on), and the
// start position's values at depths 6 to 12. It runs only with
// GRIDGAMES_CONSISTENCY=N (50 is the measure, about 15 s on one
// core; without it the test checks the bar, a median of at most 1.5 discs
// and the start within 2, on 20 positions); GRIDGAMES_MIDGAME names a midgame file to use instead of the built-in one,
// and GRIDGAMES_CONSISTENCY_SEED another seed for the positions (36 by default).
func TestConsistency(t *testing.T) {
	t.Parallel()
	n, _ := strconv.Atoi(os.Getenv("GRIDGAMES_CONSISTENCY"))
	measuring := n > 0
	if !measuring {
		if testing.Short() {
			t.Skip("short: the consistency check searches 20 positions to depth 12")
		}
		n = 20 // the default run checks the bar on fewer positions
	}
	mid := consistencyMidgame(t)
	const lo, hi = 8, 12 // the depths compared: d and d+1 for d = lo .. hi-1
	values := func(pos othello.Position, from, to int) []float64 {
		e := New(Options{Workers: 1, TableBits: 20, Midgame: mid})
		v := make([]float64, to+1)
		for d := from; d <= to; d++ {
			r, err := e.Search(t.Context(), pos, Limits{Depth: d})
			if err != nil {
				t.Fatal(err)
			}
			v[d] = r.Score
		}
		return v
	}
	start := values(othello.StartPosition(), 6, hi)
	line := "start position, depths 6-12:"
	for d := 6; d <= hi; d++ {
		line += fmt.Sprintf(" %+.2f", start[d])
	}
	t.Log(line)

	diffs := make([][]float64, hi)  // |v(d) - v(d+1)|
	signed := make([]float64, hi+1) // sum of v(d) - v(d+1)
	seed := uint64(36)
	if s := os.Getenv("GRIDGAMES_CONSISTENCY_SEED"); s != "" {
		var err error
		if seed, err = strconv.ParseUint(s, 10, 64); err != nil {
			t.Fatalf("GRIDGAMES_CONSISTENCY_SEED=%q: want a number", s)
		}
	}
	for i, pos := range consistencyPositions(n, seed) {
		v := values(pos, lo, hi)
		for d := lo; d < hi; d++ {
			diffs[d] = append(diffs[d], math.Abs(v[d]-v[d+1]))
			signed[d] += v[d] - v[d+1]
		}
		if testing.Verbose() {
			t.Logf("position %2d (%d empties) %v: %+.2f", i, pos.Empties(), pos, v[lo:])
		}
	}
	for d := lo; d < hi; d++ {
		t.Logf("d=%2d: |v(d)-v(d+1)| median %.2f, mean %.2f discs; mean v(d)-v(d+1) %+.2f",
			d, median(diffs[d]), mean(diffs[d]), signed[d]/float64(n))
		if !measuring && median(diffs[d]) > 1.5 {
			t.Errorf("d=%d: median |v(d)-v(d+1)| %.2f discs over %d positions, want at most 1.5", d, median(diffs[d]), n)
		}
	}
	for d := lo; d <= hi && !measuring; d++ {
		if math.Abs(start[d]) > 2 {
			t.Errorf("the start position's value at depth %d is %+.2f, want within 2 discs of the draw", d, start[d])
		}
	}
}

// consistencyMidgame is the built-in midgame evaluation, or the file that
// GRIDGAMES_MIDGAME names.
func consistencyMidgame(t *testing.T) *Midgame {
	t.Helper()
	path := os.Getenv("GRIDGAMES_MIDGAME")
	if path == "" {
		if m := DefaultMidgame(); m != nil {
			return m
		}
		t.Fatal("no learned evaluation")
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	m, err := ReadMidgame(f)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// consistencyPositions returns n positions with 20 to 40 empties (the number
// drawn uniformly), each from its own plausible game (see plausibleMove) with a
// fixed seed; positions where the side to move must pass are skipped.
func consistencyPositions(n int, seed uint64) []othello.Position {
	rnd := rand.New(rand.NewPCG(seed, 36))
	player := New(Options{Workers: 1, TableBits: 12})
	var out []othello.Position
	for len(out) < n {
		pos := othello.StartPosition()
		stop := 20 + rnd.IntN(21)
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
		out = append(out, pos)
	}
	return out
}

func median(x []float64) float64 {
	s := slices.Clone(x)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func mean(x []float64) float64 {
	sum := 0.0
	for _, v := range x {
		sum += v
	}
	return sum / float64(len(x))
}
