package train

import (
	"context"
	"errors"
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
