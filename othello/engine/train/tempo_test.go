package train

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"github.com/gridgames/gridgames/othello"
	"github.com/gridgames/gridgames/othello/engine"
)

// copyMidgame returns a copy of m whose phases can be changed.
func copyMidgame(m *engine.Midgame) *engine.Midgame {
	c := new(engine.Midgame)
	for k := range engine.MidgamePhases {
		if w := m.Phase(k); w != nil {
			c.SetPhase(k, engine.NewPatterns(w))
		}
	}
	return c
}

// startPos is a position to read the constant weight's change by: Shifted
// moves every position's value by the same amount.
var startPos = othello.StartPosition()

func TestCalibrateTempoRefuses(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		opts TempoOptions
		want string
	}{
		{"negative positions", TempoOptions{Positions: -1}, "positions"},
		{"odd depth", TempoOptions{Depth: 3}, "even depth"},
		{"too deep", TempoOptions{Depth: 14}, "even depth"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := CalibrateTempo(t.Context(), new(engine.Midgame), tc.opts, nil); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v, want an error with %q", err, tc.want)
			}
		})
	}
}

// The tempo term is linear: a constant c added to one phase's constant weight
// moves every search value whose leaves lie in that phase by c at even depths
// and -c at odd ones, so the calibration finds c more, and a second calibration
// of its own output, on the same positions, finds nothing left to take out (up to
// the search's rounding to a sixteenth of a disc, and but for lines that end the
// game or pass). The result is the same however
// many workers search.
func TestCalibrateTempo(t *testing.T) {
	t.Parallel()
	def := engine.DefaultMidgame()
	if def == nil {
		t.Skip("no built-in midgame evaluation")
	}
	opts := TempoOptions{Positions: 4, Depth: 2, Seed: 7, Workers: 1}
	first := copyMidgame(def)
	got, err := CalibrateTempo(t.Context(), first, opts, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != engine.MidgamePhases {
		t.Fatalf("%d phases calibrated, want %d", len(got), engine.MidgamePhases)
	}
	for _, p := range got {
		before := def.Phase(p.Phase).Value(startPos)
		after := first.Phase(p.Phase).Value(startPos)
		if math.Abs(before-after-p.Tempo) > 1e-3 || p.Tempo != p.Swing/2 || p.Positions == 0 {
			t.Errorf("phase %d: %+v, constant weight %v -> %v", p.Phase, p, before, after)
		}
	}

	const shift, phase = 3.0, 3
	shifted := copyMidgame(def)
	shifted.SetPhase(phase, shifted.Phase(phase).Shifted(shift))
	moved, err := CalibrateTempo(t.Context(), shifted, opts, nil)
	if err != nil {
		t.Fatal(err)
	}
	if d := moved[phase].Tempo - got[phase].Tempo; math.Abs(d-shift) > 0.15 {
		t.Errorf("phase %d shifted by %v: tempo %+.3f, unshifted %+.3f", phase, shift, moved[phase].Tempo, got[phase].Tempo)
	}

	again, err := CalibrateTempo(t.Context(), copyMidgame(first), opts, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range again {
		// Phase 0's lines often end in passes and finished games at these
		// depths, which a constant does not move.
		if p.Phase > 0 && math.Abs(p.Tempo) > 0.1 {
			t.Errorf("phase %d: %+.3f left after calibrating", p.Phase, p.Tempo)
		}
	}

	opts.Workers = 3
	parallel := copyMidgame(def)
	if _, err := CalibrateTempo(t.Context(), parallel, opts, nil); err != nil {
		t.Fatal(err)
	}
	var a, b bytes.Buffer
	first.WriteTo(&a)
	parallel.WriteTo(&b)
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("three workers calibrated differently from one")
	}
}
