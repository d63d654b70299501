package train

import (
	"bytes"
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/gridgames/gridgames/othello"
	"github.com/gridgames/gridgames/othello/engine"
)

// minimax is the obviously correct reference: plain negamax over every move, passes
// included, to the end of the game.
func minimax(pos othello.Position) int {
	if pos.Over() {
		return pos.ScoreFor()
	}
	moves := pos.LegalMoves()
	if len(moves) == 0 {
		return -minimax(pos.Pass())
	}
	best := -1000
	for _, m := range moves {
		best = max(best, -minimax(pos.Play(m)))
	}
	return best
}

func TestEndgameSamplesAreExact(t *testing.T) {
	t.Parallel()
	opts := SampleOptions{Games: 6, Seed: 7, MinEmpties: 7, MaxEmpties: 9, Workers: 1}
	samples, err := EndgameSamples(t.Context(), opts, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(samples) < 20 {
		t.Fatalf("only %d samples from %d games", len(samples), opts.Games)
	}
	for _, s := range samples {
		if s.Pos.Over() || s.Pos.MustPass() {
			t.Fatalf("%s: a sample must have a move to play", s.Pos)
		}
		if want := minimax(s.Pos); s.Score != float64(want) {
			t.Fatalf("%s: sample says %+v, minimax %+d", s.Pos, s.Score, want)
		}
	}
	opts.Workers = 2
	again, err := EndgameSamples(t.Context(), opts, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(again) != len(samples) {
		t.Fatalf("2 workers: %d samples, 1 worker: %d", len(again), len(samples))
	}
	for i := range again {
		if again[i] != samples[i] {
			t.Fatalf("sample %d differs with 2 workers: %v, %v", i, again[i], samples[i])
		}
	}
}

// Stopped, EndgameSamples keeps what it solved: the first game's samples, the
// same as an uninterrupted run's, come back with the context's error.
func TestEndgameSamplesStopped(t *testing.T) {
	t.Parallel()
	opts := SampleOptions{Games: 4, Seed: 7, MinEmpties: 7, MaxEmpties: 9, Workers: 1}
	full, err := EndgameSamples(t.Context(), opts, nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	part, err := EndgameSamples(ctx, opts, func(done int) {
		if done == 1 {
			cancel()
		}
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err %v, want context.Canceled", err)
	}
	if len(part) == 0 || len(part) >= len(full) {
		t.Fatalf("%d samples after the first of %d games, %d in all", len(part), opts.Games, len(full))
	}
	for i, s := range part {
		if s != full[i] {
			t.Fatalf("sample %d: %v, the whole run's %v", i, s, full[i])
		}
	}
}

func TestEndgameSamplesRefuseBadOptions(t *testing.T) {
	t.Parallel()
	for _, o := range []SampleOptions{
		{Games: 0, MinEmpties: 5, MaxEmpties: 6},
		{Games: 1, MinEmpties: 0, MaxEmpties: 6},
		{Games: 1, MinEmpties: 7, MaxEmpties: 6},
		{Games: 1, MinEmpties: 7, MaxEmpties: 41},
	} {
		if _, err := EndgameSamples(t.Context(), o, nil); err == nil {
			t.Errorf("%+v: no error", o)
		}
	}
}

func TestTrainPatternsLearns(t *testing.T) {
	t.Parallel()
	samples, err := EndgameSamples(t.Context(), SampleOptions{Games: 60, Seed: 11, MinEmpties: 8, MaxEmpties: 11, Workers: 2}, nil)
	if err != nil {
		t.Fatal(err)
	}
	zero := rmse(engine.NewPatterns(nil), samples)
	w, st, err := TrainPatterns(samples, nil, PatternTraining{Epochs: 30, Seed: 1, Holdout: 50})
	if err != nil {
		t.Fatal(err)
	}
	if st.TrainRMSE > zero/2 {
		t.Errorf("error %.2f after training, %.2f before: it did not learn", st.TrainRMSE, zero)
	}
	if !(st.HoldoutRMSE > 0 && st.HoldoutRMSE < zero) {
		t.Errorf("held-out error %.2f, all-zero weights %.2f", st.HoldoutRMSE, zero)
	}
	again, _, _ := TrainPatterns(samples, nil, PatternTraining{Epochs: 30, Seed: 1, Holdout: 50})
	var a, b bytes.Buffer
	w.WriteTo(&a)
	again.WriteTo(&b)
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Fatal("the weights differ between two runs with the same seed")
	}
	if _, _, err := TrainPatterns(samples, nil, PatternTraining{Holdout: len(samples)}); err == nil {
		t.Error("a holdout of every sample: no error")
	}
}

// Midgame samples: exact labels near the end, search labels earlier (equal to a
// search with the given evaluation), the same whatever the number of workers.
func TestMidgameSamples(t *testing.T) {
	t.Parallel()
	eval := new(engine.Midgame)
	eval.SetPhase(1, engine.DefaultPatterns())
	for _, phase := range []int{1, 3} {
		one := sameOnTwoWorkers(t, MidgameOptions{Games: 6, Seed: 3, Phase: phase, Eval: eval})
		e := engine.New(engine.Options{Workers: 1, TableBits: 16, Midgame: eval})
		for _, s := range one {
			if engine.MidgamePhase(s.Pos.Empties()) != phase {
				t.Fatalf("phase %d sample with %d empties", phase, s.Pos.Empties())
			}
			lim := engine.Limits{Depth: 4, NoProbcut: true, SingleDepth: true} // as the labels are searched
			if s.Pos.Empties() <= 18 {
				lim = engine.Limits{Endgame: 64}
			}
			r, err := e.Search(t.Context(), s.Pos, lim)
			if err != nil {
				t.Fatal(err)
			}
			if r.Score != s.Score {
				t.Fatalf("%v labelled %v, a search says %v", s.Pos, s.Score, r.Score)
			}
		}
	}
}

// With a Player the games' moves come from searches with that evaluation: the
// positions differ from the hand-made evaluation's games, and stay the same
// whatever the number of workers.
func TestMidgameSamplesPlayer(t *testing.T) {
	t.Parallel()
	player := engine.DefaultMidgame()
	if player == nil {
		t.Skip("no built-in midgame evaluation")
	}
	opts := MidgameOptions{Games: 6, Seed: 3, Phase: 5, Workers: 1, Depth: 1}
	plain, err := MidgameSamples(t.Context(), opts, nil)
	if err != nil {
		t.Fatal(err)
	}
	opts.Player = player
	one := sameOnTwoWorkers(t, opts)
	same := 0
	for i := range min(len(one), len(plain)) {
		if one[i].Pos == plain[i].Pos {
			same++
		}
	}
	if same == len(one) {
		t.Errorf("the learned player's games give the hand-made player's %d positions", same)
	}
	opts.RandomEvery = 1 // every move at random: other games again
	random, err := MidgameSamples(t.Context(), opts, nil)
	if err != nil {
		t.Fatal(err)
	}
	if slices.Equal(random, one) {
		t.Error("RandomEvery 1 gave the games of one random move in 8")
	}
	opts.RandomEvery = -1
	if _, err := MidgameSamples(t.Context(), opts, nil); err == nil {
		t.Error("RandomEvery -1: no error")
	}
}

// sameOnTwoWorkers returns opts' samples from one worker, failing the test if
// there are fewer than 6 or two workers give others.
func sameOnTwoWorkers(t *testing.T, opts MidgameOptions) []Sample {
	t.Helper()
	var got [2][]Sample
	for i := range got {
		opts.Workers = i + 1
		var err error
		if got[i], err = MidgameSamples(t.Context(), opts, nil); err != nil {
			t.Fatal(err)
		}
	}
	if len(got[0]) < 6 || !slices.Equal(got[0], got[1]) {
		t.Fatalf("phase %d: %d samples, differ with 2 workers: %v", opts.Phase, len(got[0]), !slices.Equal(got[0], got[1]))
	}
	return got[0]
}

// Selective labels are the engine's search as it plays (ProbCut, two depths'
// value): the same positions as full-width labels, the same whatever the
// number of workers, and labels that differ from the full-width ones but
// stay near them.
func TestMidgameSamplesSelective(t *testing.T) {
	t.Parallel()
	mid := engine.DefaultMidgame()
	if mid == nil {
		t.Skip("no built-in midgame evaluation")
	}
	opts := MidgameOptions{Games: 6, Seed: 4, Phase: 4, Depth: 6, Eval: mid}
	full := sameOnTwoWorkers(t, opts)
	opts.Selective = true
	sel := sameOnTwoWorkers(t, opts)
	if len(sel) != len(full) {
		t.Fatalf("%d selective samples, %d full-width", len(sel), len(full))
	}
	differ := 0
	for i := range sel {
		if sel[i].Pos != full[i].Pos {
			t.Fatalf("sample %d: the selective labels took another position", i)
		}
		if d := sel[i].Score - full[i].Score; d != 0 {
			differ++
			if d > 12 || d < -12 {
				t.Errorf("sample %d: selective label %v, full-width %v", i, sel[i].Score, full[i].Score)
			}
		}
	}
	if differ == 0 {
		t.Error("the selective labels are the full-width ones: the option did nothing")
	}
}
