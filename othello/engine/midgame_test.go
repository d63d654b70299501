package engine

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

func TestMidgamePhase(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ empties, phase int }{{1, 0}, {8, 0}, {9, 1}, {16, 1}, {17, 2}, {60, 7}, {64, 7}, {0, 0}} {
		if got := MidgamePhase(tc.empties); got != tc.phase {
			t.Errorf("MidgamePhase(%d) = %d, want %d", tc.empties, got, tc.phase)
		}
	}
}

// A midgame file reads back as written, phases without weights included, and
// broken files are refused with a reason.
func TestMidgameFile(t *testing.T) {
	t.Parallel()
	m := new(Midgame)
	w := newPatterns()
	rnd := rand.New(rand.NewPCG(1, 1))
	for i := range w.w {
		w.w[i] = float32(rnd.NormFloat64())
	}
	m.SetPhase(1, w)
	m.SetPhase(5, DefaultPatterns())
	var buf bytes.Buffer
	if _, err := m.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	back, err := ReadMidgame(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	for k := range MidgamePhases {
		a, b := m.Phase(k), back.Phase(k)
		if (a == nil) != (b == nil) || (a != nil && !slices.Equal(a.w, b.w)) {
			t.Fatalf("phase %d differs after the round trip", k)
		}
	}
	var pat bytes.Buffer
	DefaultPatterns().WriteTo(&pat)
	for _, tc := range []struct {
		name string
		data []byte
		want string
	}{
		{"not gzip", []byte("hello"), "not gzip"},
		{"a pattern file", pat.Bytes(), "not a gridgames Othello midgame file"},
		{"cut off", buf.Bytes()[:len(buf.Bytes())/2], "cut off"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := ReadMidgame(bytes.NewReader(tc.data)); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v, want %q", err, tc.want)
			}
		})
	}
}

// A phase without weights is valued by the nearest one with fewer empties.
func TestMidgameFallback(t *testing.T) {
	t.Parallel()
	m := new(Midgame)
	m.SetPhase(1, DefaultPatterns())
	pos := randomPosition(rand.New(rand.NewPCG(2, 2)), 8, 40)
	if got, want := m.Value(pos), DefaultPatterns().Value(pos); got != want {
		t.Fatalf("phase 4 position valued %v, want phase 1's %v", got, want)
	}
	if v := new(Midgame).Value(pos); v != 0 {
		t.Fatalf("empty midgame values %v", v)
	}
}

// Midgame samples: exact labels near the end, search labels earlier (equal to a
// search with the given evaluation), the same whatever the number of workers.
func TestMidgameSamples(t *testing.T) {
	t.Parallel()
	eval := new(Midgame)
	eval.SetPhase(1, DefaultPatterns())
	for _, phase := range []int{1, 3} {
		opts := MidgameOptions{Games: 6, Seed: 3, Phase: phase, Workers: 1, Eval: eval}
		one, err := MidgameSamples(t.Context(), opts, nil)
		if err != nil {
			t.Fatal(err)
		}
		opts.Workers = 2
		two, err := MidgameSamples(t.Context(), opts, nil)
		if err != nil {
			t.Fatal(err)
		}
		if len(one) < 6 || !slices.Equal(one, two) {
			t.Fatalf("phase %d: %d samples, differ with 2 workers: %v", phase, len(one), !slices.Equal(one, two))
		}
		e := New(Options{Workers: 1, TableBits: 16, Midgame: eval})
		for _, s := range one {
			if MidgamePhase(s.Pos.Empties()) != phase {
				t.Fatalf("phase %d sample with %d empties", phase, s.Pos.Empties())
			}
			lim := Limits{Depth: 4}
			if s.Pos.Empties() <= 18 {
				lim = Limits{Endgame: 64}
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
