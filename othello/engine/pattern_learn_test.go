package engine

import (
	"slices"
	"testing"
)

// Learn moves the value of the position it learns from toward the target and
// leaves the weights it came from alone; Symmetrize values mirror images alike;
// Shifted moves every position's value by its delta and leaves w as it was.
func TestPatternsLearnSymmetrizeShift(t *testing.T) {
	t.Parallel()
	rnd := newRand(5)
	pos := randomPosition(rnd, 8, 30)
	from := randomPatterns(3)
	w := NewPatterns(from)
	before := w.Value(pos)
	const target = 20.0
	for range 50 {
		w.Learn(pos, target, 0.002)
	}
	if after := w.Value(pos); !(abs(after-target) < abs(before-target)/2) {
		t.Fatalf("50 steps toward %v moved the value from %v to %v", target, before, after)
	}
	if slices.Equal(w.w, from.w) || NewPatterns(nil).Value(pos) != 0 {
		t.Fatal("NewPatterns shares its weights, or new weights are not zero")
	}
	w.Symmetrize()
	p, o := pos.Player(), pos.Opponent()
	for sym := range 8 {
		if a, b := w.value(p, o), w.value(mirrorBits(p, sym), mirrorBits(o, sym)); abs(float64(a-b)) > 1e-3 {
			t.Fatalf("symmetry %d: %v, the position %v", sym, b, a)
		}
	}
	const delta = 1.5
	s := w.Shifted(delta)
	for range 20 {
		q := randomPosition(rnd, 8, 10+rnd.IntN(40))
		if q.Over() {
			continue
		}
		if d := s.Value(q) - w.Value(q); abs(d-delta) > 1e-3 {
			t.Fatalf("%v: shifted by %v, the value moved %v", q, delta, d)
		}
	}
	if s == w || slices.Equal(s.w, w.w) {
		t.Fatal("Shifted changed w instead of a copy")
	}
}

func abs(x float64) float64 { return max(x, -x) }
