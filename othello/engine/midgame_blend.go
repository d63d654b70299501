package engine

import (
	"math"
	"sync"
)

// Phase blending: instead of switching from one phase's weights to the next at
// a phase's border (8, 16, 24 ... empties), a blended Midgame values a position
// by the two phases whose centres are nearest its empties, each weighted by
// its nearness: at a phase's centre all of it, half-way between two centres
// half of each. The phases' weights are unchanged; the search reads one table
// per empties count, the two phases' weights mixed and rounded once (made on
// first use, a quarter of the float weights' size each).

// phaseShare returns, for a position with empties empty squares, the phase k
// whose centre is at or below empties and the share of phase k+1 in units of
// 1/(2*MidgamePhaseWidth): the value is ((2W-j)*v_k + j*v_{k+1}) / 2W with W
// the width. Phase k's centre is at k*W + (W+1)/2 empties (4.5 for the first
// phase of 1-8 empties), so its share falls linearly from 1 there to 0 at the
// next phase's centre. Below the first centre and above the last, j is 0.
func phaseShare(empties int) (k, j int) {
	const w2 = 2 * MidgamePhaseWidth
	t := 2*empties - (MidgamePhaseWidth + 1) // twice the distance above phase 0's centre
	if t <= 0 {
		return 0, 0
	}
	k, j = t/w2, t%w2
	if k >= MidgamePhases-1 {
		return MidgamePhases - 1, 0
	}
	return k, j
}

// phaseWeights returns the weights of phase k as unblended values use them:
// its own or, if it has none, the nearest phase's with fewer empties (nil if
// none has).
func (m *Midgame) phaseWeights(k int) *Patterns {
	return m.weightsFor(k*MidgamePhaseWidth + 1)
}

// midgameBlend holds a blended Midgame's search tables, one per empties count.
type midgameBlend struct {
	once [65]sync.Once
	fast [65]*fastPatterns
}

// Blended returns an evaluation with m's weights whose values blend the two
// nearest phases linearly by empties (see phaseShare) instead of switching at
// the phases' borders. It shares m's weights (which must not change after), and
// each call makes new search tables, so keep the result rather than calling
// again.
func (m *Midgame) Blended() *Midgame {
	return &Midgame{phases: m.phases, blend: new(midgameBlend)}
}

// Unblended returns an evaluation with m's weights that switches phases at
// their borders: m itself if it does.
func (m *Midgame) Unblended() *Midgame {
	if m.blend == nil {
		return m
	}
	return &Midgame{phases: m.phases}
}

// IsBlended reports whether m blends phases (see Blended).
func (m *Midgame) IsBlended() bool { return m.blend != nil }

// blendOf returns the weights blended at empties, a and b, and b's share j
// (see phaseShare; b is nil when j is 0). A phase without weights of its own
// or below (see phaseWeights) leaves the blend to its neighbour; a is nil when
// no weights value the position.
func (m *Midgame) blendOf(empties int) (a, b *Patterns, j int) {
	k, j := phaseShare(empties)
	a = m.phaseWeights(k)
	if j == 0 {
		return a, nil, 0
	}
	b = m.phaseWeights(k + 1)
	if a == nil {
		return b, nil, 0
	}
	return a, b, j
}

// blendedValue is Value for a blended m.
func (m *Midgame) blendedValue(p, o uint64, empties int) float64 {
	a, b, j := m.blendOf(empties)
	if a == nil {
		return 0
	}
	v := float64(a.value(p, o))
	if j == 0 {
		return v
	}
	const w2 = 2 * MidgamePhaseWidth
	return (float64(w2-j)*v + float64(j)*float64(b.value(p, o))) / w2
}

// searchWeights returns the search's weights for positions with empties empty
// squares, or nil when m has none.
func (m *Midgame) searchWeights(empties int) *fastPatterns {
	if m.blend == nil {
		return m.weightsFor(empties).searchForm()
	}
	e := min(64, max(0, empties))
	m.blend.once[e].Do(func() { m.blend.fast[e] = m.blendedForm(e) })
	return m.blend.fast[e]
}

// blendedForm makes the search form of the blend at empties: each weight mixed
// from the two phases' float weights, then rounded as newFastPatterns rounds.
func (m *Midgame) blendedForm(empties int) *fastPatterns {
	a, b, j := m.blendOf(empties)
	if j == 0 {
		return a.searchForm()
	}
	const w2 = 2 * MidgamePhaseWidth
	ka, kb := float64(w2-j)/w2*fastScale, float64(j)/w2*fastScale
	mix := func(i int) float64 { return math.Round(ka*float64(a.w[i]) + kb*float64(b.w[i])) }
	f := &fastPatterns{w: make([]int16, layout.scalars)}
	for i := range f.w {
		f.w[i] = int16(max(-math.MaxInt16, min(math.MaxInt16, mix(i))))
	}
	for i := range f.sc {
		f.sc[i] = int32(mix(layout.scalars + i))
	}
	return f
}
