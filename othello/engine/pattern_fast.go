package engine

// This file is hot code: the pattern weights in the form the search reads them.
// Each weight is rounded to 1/fastScale disc in an int16, so the tables take half
// the cache of the float32 weights and a value is a sum of integers. A node values
// its children from its own pattern indexes, updating only the instances that hold
// the move's square or a flipped disc, instead of reading every child's board anew.

import "math"

// fastScale is the fast weights' unit: 1/fastScale disc.
const fastScale = 256

// fastPatterns is Patterns rounded for the search (see searchForm).
type fastPatterns struct {
	w  []int16           // the pattern tables, in layout order
	sc [numScalars]int32 // the scalar weights
}

func newFastPatterns(p *Patterns) *fastPatterns {
	round := func(x float32) float64 { return math.Round(float64(x) * fastScale) }
	f := &fastPatterns{w: make([]int16, layout.scalars)}
	for i, x := range p.w[:layout.scalars] {
		f.w[i] = int16(max(-math.MaxInt16, min(math.MaxInt16, round(x))))
	}
	for i := range f.sc {
		f.sc[i] = int32(round(p.w[layout.scalars+i]))
	}
	return f
}

// searchForm returns the weights rounded for the search, made on first use (the
// weights must not change after that); nil for nil weights.
func (w *Patterns) searchForm() *fastPatterns {
	if w == nil {
		return nil
	}
	w.fastOnce.Do(func() { w.fast = newFastPatterns(w) })
	return w.fast
}

// value is the position's value for p in evaluation units (at most 64 discs either
// way), given its instance indexes idx and the moves of each side, mp and mo (not
// both empty: a finished game is scored by its discs instead).
func (f *fastPatterns) value(idx []int32, p, o, mp, mo uint64) int {
	v := int32(0)
	for _, i := range idx {
		v += int32(f.w[i])
	}
	empty := ^(p | o)
	v += f.sc[featMobility]*int32(popcount(mp)) + f.sc[featMobilityO]*int32(popcount(mo)) +
		f.sc[featPotential]*int32(popcount(empty&neighbours8(o))) +
		f.sc[featPotentialO]*int32(popcount(empty&neighbours8(p))) +
		f.sc[featParity]*int32(popcount(empty)&1) + f.sc[featBias]
	return int(max(-64*unit, min(64*unit, v/(fastScale/unit))))
}

// patternEval scores (p, o) in evaluation units for the search, from the weights.
func (s *searcher) patternEval(p, o uint64) int {
	return s.fastEval(s.pat, p, o)
}

// fastEval scores (p, o) in evaluation units with the weights f.
func (s *searcher) fastEval(f *fastPatterns, p, o uint64) int {
	mp, mo := moves(p, o, s.g.mask), moves(o, p, s.g.mask)
	if mp == 0 && mo == 0 {
		return s.finalScore(p, o) * unit
	}
	var buf [64]int32
	return f.value(layout.indexes(p, o, buf[:0]), p, o, mp, mo)
}

// childEval is fastEval with the weights f of the position (np, no) after p's
// move m, where m.reply holds np's moves and parent holds the instance indexes of the position before it read from the
// other side (layout.indexes(o, p)), np's side: the move's square turns from
// empty to no's (digit 0 to 2) and each flipped disc from np's to no's (1 to 2).
func (s *searcher) childEval(f *fastPatterns, parent []int32, m *moveScore, np, no uint64) int {
	mo := moves(no, np, s.g.mask)
	if m.reply == 0 && mo == 0 {
		return s.finalScore(np, no) * unit
	}
	var buf [64]int32
	idx := buf[:len(parent)]
	copy(idx, parent)
	l := &layout
	sq := int(m.sq)
	for _, d := range l.bySquare[l.sqStart[sq]:l.sqStart[sq+1]] {
		idx[d.inst] += 2 * d.power
	}
	for b := m.flips; b != 0; b &= b - 1 {
		sq := lowest(b)
		for _, d := range l.bySquare[l.sqStart[sq]:l.sqStart[sq+1]] {
			idx[d.inst] += d.power
		}
	}
	return f.value(idx, np, no, m.reply, mo)
}
