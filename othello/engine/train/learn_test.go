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
	if !bytes.Equal(midgameBytes(t, straight), midgameBytes(t, resumed)) {
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

// A phase sampled in blocks learns what it learns all at once; a run stopped
// after a block goes on from the checkpoint the Block hook was given (From the
// phases before it, Resume its samples) to the very same evaluation; a
// checkpoint of another phase is refused.
func TestLearnMidgameBlocks(t *testing.T) {
	opts := LearnOptions{
		Samples:  MidgameOptions{Games: 5, Seed: 3, Workers: 2, PerGame: 2, ExactEmpties: 4, Depth: 1},
		Training: PatternTraining{Epochs: 2, Rate: 0.002, Seed: 3},
		Phases:   3,
	}
	whole, err := LearnMidgame(context.Background(), opts, LearnHooks{})
	if err != nil {
		t.Fatal(err)
	}
	opts.Block = 2
	var blocks []PhaseSamples
	var before bytes.Buffer // the phases learned before the checkpoint kept
	stop := errors.New("stop")
	_, err = LearnMidgame(context.Background(), opts, LearnHooks{
		Fitted: func(lp LearnedPhase) error {
			if lp.Phase == 0 {
				_, err := lp.SoFar.WriteTo(&before)
				return err
			}
			return nil
		},
		Block: func(ps PhaseSamples) error {
			blocks = append(blocks, ps)
			if ps.Phase == 1 && ps.Games == 4 {
				return stop // the end of the session
			}
			return nil
		},
	})
	if !errors.Is(err, stop) {
		t.Fatalf("error %v, want the hook's", err)
	}
	// Phase 0's blocks after 2 and 4 games, then phase 1's.
	if len(blocks) != 4 || blocks[0].Games != 2 || blocks[1].Games != 4 || blocks[2].Phase != 1 || blocks[2].Games != 2 {
		t.Fatalf("checkpoints %d, want phase 0 after 2 and 4 games, then phase 1", len(blocks))
	}
	if n := len(blocks[1].Samples); n <= len(blocks[0].Samples) {
		t.Fatalf("the second checkpoint holds %d samples, the first %d", n, len(blocks[0].Samples))
	}
	from, err := engine.ReadMidgame(bytes.NewReader(before.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	opts.From, opts.Resume = from, &blocks[3]
	var played []int // phase 1's progress: games done
	resumed, err := LearnMidgame(context.Background(), opts, LearnHooks{
		Start: func(p int) func(int) {
			if p != 1 {
				return nil
			}
			return func(done int) { played = append(played, done) }
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(played) != 1 || played[0] != 5 {
		t.Errorf("the resumed phase reported games done %v, want only its last game: [5]", played)
	}
	if !bytes.Equal(midgameBytes(t, whole), midgameBytes(t, resumed)) {
		t.Error("in blocks, stopped and resumed, the run learned another evaluation than all at once")
	}
	opts.Resume = &blocks[0] // phase 0's: phase 1 is next
	if _, err := LearnMidgame(context.Background(), opts, LearnHooks{}); err == nil || !strings.Contains(err.Error(), "checkpoint of phase 0") {
		t.Errorf("a checkpoint of another phase: error %v", err)
	}
}

// midgameBytes is m's file.
func midgameBytes(t *testing.T, m *engine.Midgame) []byte {
	t.Helper()
	var b bytes.Buffer
	if _, err := m.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}
