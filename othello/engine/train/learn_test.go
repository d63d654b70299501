package train

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/gridgames/gridgames/othello/engine"
)

// LearnMidgame goes through every phase in order, telling each hook, and fits
// every phase; an error of a hook stops it with that error.
func TestLearnMidgame(t *testing.T) {
	opts := LearnOptions{
		Samples:  MidgameOptions{Games: 3, Seed: 1, Workers: 1, PerGame: 2, ExactEmpties: 4, Depth: 1},
		Training: PatternTraining{Epochs: 1, Rate: 0.002, Seed: 1, Holdout: 100},
	}
	var started, sampled, fitted []int
	m, err := LearnMidgame(context.Background(), opts, LearnHooks{
		Start:   func(p int) func(int) { started = append(started, p); return nil },
		Sampled: func(p int, s []Sample) error { sampled = append(sampled, p); return nil },
		Fitted: func(lp LearnedPhase) error {
			fitted = append(fitted, lp.Phase)
			if lp.Holdout != lp.Samples/2 {
				t.Errorf("phase %d: %d held out of %d samples, want half (--holdout above it)", lp.Phase, lp.Holdout, lp.Samples)
			}
			return nil
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, seen := range [][]int{started, sampled, fitted} {
		if len(seen) != engine.MidgamePhases {
			t.Fatalf("hooks saw phases %v, %v, %v; want 0 to %d each", started, sampled, fitted, engine.MidgamePhases-1)
		}
		for i, p := range seen {
			if p != i {
				t.Fatalf("phases %v out of order", seen)
			}
		}
	}
	for p := range engine.MidgamePhases {
		if m.Phase(p) == nil {
			t.Errorf("phase %d has no weights", p)
		}
	}

	stop := errors.New("stop")
	_, err = LearnMidgame(context.Background(), opts, LearnHooks{Sampled: func(int, []Sample) error { return stop }})
	if !errors.Is(err, stop) {
		t.Fatalf("error %v, want the hook's", err)
	}
}

// A run stopped after a phase and saved goes on from the saved file to the very
// evaluation the run straight through learns, learning only the phases left; a
// file with a phase after a missing one is refused.
func TestLearnMidgameFrom(t *testing.T) {
	opts := LearnOptions{
		Samples:  MidgameOptions{Games: 3, Seed: 2, Workers: 1, PerGame: 2, ExactEmpties: 4, Depth: 1},
		Training: PatternTraining{Epochs: 2, Rate: 0.002, Seed: 2},
	}
	const stopAfter = 3
	var saved bytes.Buffer
	straight, err := LearnMidgame(context.Background(), opts, LearnHooks{Fitted: func(lp LearnedPhase) error {
		if lp.Phase == stopAfter {
			_, err := lp.SoFar.WriteTo(&saved)
			return err
		}
		return nil
	}})
	if err != nil {
		t.Fatal(err)
	}
	from, err := engine.ReadMidgame(bytes.NewReader(saved.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	for p := range engine.MidgamePhases {
		if (from.Phase(p) != nil) != (p <= stopAfter) {
			t.Fatalf("the saved run has phase %d: %v, want phases 0 to %d", p, from.Phase(p) != nil, stopAfter)
		}
	}
	opts.From = from
	var started []int
	resumed, err := LearnMidgame(context.Background(), opts, LearnHooks{
		Start: func(p int) func(int) { started = append(started, p); return nil },
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(started) != engine.MidgamePhases-stopAfter-1 || started[0] != stopAfter+1 {
		t.Errorf("the resumed run learned phases %v, want %d to %d", started, stopAfter+1, engine.MidgamePhases-1)
	}
	var a, b bytes.Buffer
	if _, err := straight.WriteTo(&a); err != nil {
		t.Fatal(err)
	}
	if _, err := resumed.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("the resumed run learned another evaluation than the run straight through")
	}

	gap := new(engine.Midgame)
	gap.SetPhase(0, straight.Phase(0))
	gap.SetPhase(2, straight.Phase(2))
	opts.From = gap
	if _, err := LearnMidgame(context.Background(), opts, LearnHooks{}); err == nil || !strings.Contains(err.Error(), "phase 2 but not phase 1") {
		t.Fatalf("a file with a gap: %v", err)
	}
}
