package engine

import "github.com/gridgames/gridgames/othello"

// The few changes that training (othello/engine/train) makes to pattern weights.
// Each works on weights that no engine searches with yet: an engine builds its
// own form of the weights on first use and would not see a later change.

// NewPatterns returns weights to train: a copy of from's, or all zero if from is
// nil.
func NewPatterns(from *Patterns) *Patterns {
	w := newPatterns()
	if from != nil {
		copy(w.w, from.w)
	}
	return w
}

// scalarRate scales the steps of the scalar weights, whose features are counts
// (up to about 20) where the tables' are 0 or 1.
const scalarRate = 0.01

// Learn takes one step of stochastic gradient descent on the squared error of
// w's value of pos (8x8) against target: every weight pos reads moves by rate
// times the error, the scalar ones (mobility, parity...) by rate times the error
// times their feature times scalarRate.
func (w *Patterns) Learn(pos othello.Position, target float64, rate float32) {
	var buf [64]int32
	idx, sc := layout.features(pos.Player(), pos.Opponent(), buf[:0])
	v := float32(0)
	for _, k := range idx {
		v += w.w[k]
	}
	for k, x := range sc {
		v += w.w[layout.scalars+k] * x
	}
	d := rate * (float32(target) - v)
	for _, k := range idx {
		w.w[k] += d
	}
	for k, x := range sc {
		w.w[layout.scalars+k] += d * x * scalarRate
	}
}

// Symmetrize gives configurations that are mirror images within one shape their
// mean weight, so every position is valued like its mirror images.
func (w *Patterns) Symmetrize() {
	for _, t := range layout.twins {
		size := pow3(len(t.perm))
		for k := range size {
			if j := t.twin(k); j > k {
				m := (w.w[t.offset+k] + w.w[t.offset+j]) / 2
				w.w[t.offset+k], w.w[t.offset+j] = m, m
			}
		}
	}
}

// Shifted returns a copy of w with delta added to its constant weight (the
// feature that is 1 in every position): the side to move's tempo term, which
// changes no comparison between two positions with the same side to move.
func (w *Patterns) Shifted(delta float64) *Patterns {
	c := NewPatterns(w)
	c.w[layout.scalars+featBias] += float32(delta)
	return c
}
