package train

import (
	"testing"

	"github.com/gridgames/gridgames/game2048/solver"
)

// trainLearns trains from zero on games games and fails unless the mean score of
// the last sixth is at least twice that of the first sixth.
func trainLearns(t *testing.T, games int, train func(Options) error) {
	t.Helper()
	sixth := games / 6
	var first, last int64
	err := train(Options{Games: games, Seed: 9, Progress: func(g int, score int64) {
		switch {
		case g <= sixth:
			first += score
		case g > games-sixth:
			last += score
		}
	}})
	if err != nil {
		t.Fatal(err)
	}
	if last <= 2*first {
		t.Fatalf("mean score of the last %d games = %d, of the first %d = %d: want learning to at least double it",
			sixth, last/int64(sixth), sixth, first/int64(sixth))
	}
}

func TestTrain4Learns(t *testing.T) {
	t.Parallel()
	n := new(solver.Network)
	trainLearns(t, 600, func(opt Options) error { return Train4(t.Context(), n, opt) })
	// Same seed, same weights.
	m := new(solver.Network)
	Train4(t.Context(), m, Options{Games: 600, Seed: 9})
	if m.W != n.W {
		t.Fatal("two trainings with the same seed differ")
	}
}

func TestTrain6Learns(t *testing.T) {
	t.Parallel()
	n := NewNetwork6()
	trainLearns(t, 300, func(opt Options) error { return Train6(t.Context(), n, opt) })
}

func TestTrain6Workers(t *testing.T) {
	t.Parallel()
	if raceEnabled {
		t.Skip("the workers share the weights without locks, by design")
	}
	n := NewNetwork6()
	games := 0
	err := Train6(t.Context(), n, Options{Games: 40, Seed: 1, Workers: 2, Progress: func(g int, _ int64) {
		games++
		if g != games {
			t.Errorf("progress says game %d after %d games", g, games)
		}
	}})
	if err != nil || games != 40 {
		t.Fatalf("Train6 with 2 workers: %d games, %v; want 40, nil", games, err)
	}
}

// Promote copies the weights into the late stage, once.
func TestPromote(t *testing.T) {
	t.Parallel()
	n := NewNetwork6()
	for j := range 1000 {
		n.w[j%solver.Groups6][j*7919%solver.Patterns6] = float32(j)
	}
	if n.Stages() != 1 {
		t.Fatalf("a new network has %d stages", n.Stages())
	}
	n.Promote()
	if n.Stages() != 2 {
		t.Fatalf("a promoted network has %d stages", n.Stages())
	}
	for g := range n.w {
		for i := range n.w[g] {
			if n.late.w[g][i] != n.w[g][i] {
				t.Fatalf("group %d pattern %x: late %v, early %v", g, i, n.late.w[g][i], n.w[g][i])
			}
		}
	}
	n.late.w[0][0] = 5
	n.Promote()
	if n.late.w[0][0] != 5 {
		t.Fatal("a second Promote replaced the late stage")
	}
}

// Under coherence, Promote starts the late stage's accumulators as copies of the
// early stage's, so the copied weights keep their settled rates; the two stages
// learn apart afterwards.
func TestPromoteKeepsRates(t *testing.T) {
	t.Parallel()
	tr := NewTrainer6(NewNetwork6(), Options{Coherence: true, Rate: 1, Seed: 3})
	for j := range 1000 {
		g, i := j%solver.Groups6, j*7919%solver.Patterns6
		tr.tc.e[g][i], tr.tc.a[g][i] = float32(j%7)-3, float32(j)
	}
	tr.Promote()
	if tr.tc.late == nil {
		t.Fatal("no late accumulators after Promote")
	}
	for g := range tr.tc.e {
		for i := range tr.tc.e[g] {
			if tr.tc.late.e[g][i] != tr.tc.e[g][i] || tr.tc.late.a[g][i] != tr.tc.a[g][i] {
				t.Fatalf("group %d pattern %x: late (%v, %v), early (%v, %v)", g, i,
					tr.tc.late.e[g][i], tr.tc.late.a[g][i], tr.tc.e[g][i], tr.tc.a[g][i])
			}
		}
	}
	tr.tc.late.e[0][0] = 42
	if tr.tc.e[0][0] == 42 {
		t.Fatal("the late accumulators share the early ones' memory")
	}
}
