package engine

import (
	"math"
	"testing"
)

func TestPhaseShare(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ empties, k, j int }{
		{0, 0, 0}, {4, 0, 0}, // below phase 0's centre (4.5): phase 0 alone
		{5, 0, 1}, {8, 0, 7}, // 15/16 and 9/16 of phase 0
		{9, 0, 9}, {12, 0, 15}, // mirror images of 8 and 5 about the half-way point 8.5
		{13, 1, 1}, {20, 1, 15}, {21, 2, 1}, {36, 3, 15}, {37, 4, 1},
		{60, 6, 15}, {61, 7, 0}, {64, 7, 0}, // above the last centre (60.5): phase 7 alone
	} {
		if k, j := phaseShare(tc.empties); k != tc.k || j != tc.j {
			t.Errorf("phaseShare(%d) = %d, %d; want %d, %d", tc.empties, k, j, tc.k, tc.j)
		}
	}
}

// twoPhaseMidgame has random weights in phases 2 and 3 and phase 1's weights
// equal to phase 2's, so a blend between 1 and 2 is phase 2's value.
func twoPhaseMidgame() (*Midgame, *Patterns, *Patterns) {
	a, b := randomPatterns(21), randomPatterns(22)
	m := new(Midgame)
	m.SetPhase(1, a)
	m.SetPhase(2, a)
	m.SetPhase(3, b)
	return m, a, b
}

// A blended value is the two nearest phases' values mixed by phaseShare: a
// phase alone below its first and above its last centre, a phase's own value
// where its neighbour has the same weights, and 15/16 of the nearer phase one
// square from a centre.
func TestBlendedValue(t *testing.T) {
	t.Parallel()
	m, a, b := twoPhaseMidgame()
	bl := m.Blended()
	if !bl.IsBlended() || m.IsBlended() || bl.Unblended().IsBlended() {
		t.Fatal("IsBlended wrong")
	}
	rnd := newRand(23)
	for _, tc := range []struct {
		name    string
		empties int
		wa, wb  float64 // the wanted shares of a and b
	}{
		{"phase 0 alone", 3, 0, 0}, // phase 0 has no weights and none below: 0
		{"phase 0 without weights leaves the blend to phase 1", 9, 1, 0},
		{"same weights in phases 1 and 2", 14, 1, 0},
		{"same weights, half-way", 17, 1, 0},
		{"phase 2, one above its centre", 21, 15.0 / 16, 1.0 / 16},
		{"half-way between 2 and 3", 24, 9.0 / 16, 7.0 / 16},
		{"half-way, other side", 25, 7.0 / 16, 9.0 / 16},
		{"phase 3, one below its centre", 28, 1.0 / 16, 15.0 / 16},
		{"phase 3, one above its centre: phases 4-7 fall back to 3", 29, 0, 1},
		{"above the last centre", 62, 0, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for range 50 {
				pos := randomPosition(rnd, 8, tc.empties)
				if pos.Empties() != tc.empties || pos.Over() {
					continue
				}
				p, o := pos.Player(), pos.Opponent()
				want := tc.wa*float64(a.value(p, o)) + tc.wb*float64(b.value(p, o))
				if got := bl.Value(pos); math.Abs(got-want) > 1e-4 {
					t.Fatalf("%s: %v, want %v", pos, got, want)
				}
			}
		})
	}
}

// The search form of a blend (one rounded table per empties count) is the
// float blend within two evaluation units, the rounding of its 52 terms.
func TestBlendedSearchForm(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		m    *Midgame
	}{
		{"random", func() *Midgame { m, _, _ := twoPhaseMidgame(); return m.Blended() }()},
		{"built-in", func() *Midgame {
			if m := DefaultMidgame(); m != nil {
				return m.Blended()
			}
			return nil
		}()},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.m == nil {
				t.Skip("no learned evaluation in this build")
			}
			s := &searcher{g: newGeometry(8), mid: tc.m}
			rnd := newRand(24)
			checked := 0
			for i := range 3000 {
				pos := randomPosition(rnd, 8, 9+rnd.IntN(52))
				p, o := pos.Player(), pos.Opponent()
				if pos.Over() || moves(p, o, s.g.mask)|moves(o, p, s.g.mask) == 0 {
					continue
				}
				got := s.midgameEval(p, o)
				want := int(max(-64*unit, min(64*unit, tc.m.Value(pos)*unit)))
				if d := got - want; d < -2 || d > 2 {
					t.Fatalf("position %d (%s): %d units, the float blend gives %d", i, pos, got, want)
				}
				checked++
			}
			if checked < 2000 {
				t.Fatalf("only %d positions checked", checked)
			}
		})
	}
}
