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
