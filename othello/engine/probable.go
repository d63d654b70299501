package engine

// This file is hot code: the probable solve, a selective form of the exact
// solver (Limits.ProbableEndgame). Far enough from the end, a null-window
// solver node first asks a shallow midgame search: when its value clears the
// window by probableT times the spread measured between such values and exact
// scores (probableSigma), the node answers with the bound at once, as ProbCut
// does in the midgame (Buro, 1995; Edax and NTest solve "probably" like this
// before they solve exactly). Its table entries carry their own depths, between
// the midgame's and the exact solver's, so an exact solve never trusts them.

const (
	// probableBase: a probable solve's table entries have depth
	// probableBase+empties, above every midgame depth (at most maxPly) and below
	// the exact solver's (exactBase+empties).
	probableBase = maxPly + 1
	// probableMinEmpties: nodes with at least this many empties try the cut.
	probableMinEmpties = 14
	// probableT is how many sigmas clear of the window the shallow value must be.
	probableT = 2.0
)

// probableDepth is the table depth of a probable-solve entry with n empties.
func probableDepth(n int) uint8 { return uint8(min(probableBase+n, exactBase-1)) }

// solveDepth is the table depth of the solver's entries with n empties: exact,
// or probable in a probable solve.
func (s *searcher) solveDepth(n int) uint8 {
	if s.probable {
		return probableDepth(n)
	}
	return exactDepth(n)
}

// probableShallow is the depth of the shallow search that values a node for
// the cut.
const probableShallow = 4

// probableSigma[n] is the spread (standard deviation, in discs) of the exact
// score of a position with n empties around its probableShallow-ply value
// (0: no cut). TestProbableCalibration measured 5.5, 6.7, 3.7, 5.8, 6.1 and
// 6.1 at 14 to 24 empties (40 positions each, the built-in evaluations of
// 2026-12-07); one figure for all is within the noise of 40 positions.
var probableSigma = func() (s [maxPly + 1]float64) {
	for n := probableMinEmpties; n <= maxPly; n++ {
		s[n] = 6
	}
	return s
}()

// probableMargins[n] is probableT sigmas at n empties in evaluation units.
var probableMargins = func() (m [maxPly + 1]int32) {
	for n, sigma := range probableSigma {
		m[n] = int32(probableT * sigma * unit)
	}
	return m
}()

// endProbcut tries to settle the null-window solver node (alpha, alpha+1), in
// discs, with n empties by a shallow search; it reports the bound and true when
// it can.
func (s *searcher) endProbcut(p, o uint64, alpha, n int) (int, bool) {
	margin := int(probableMargins[n])
	if margin == 0 {
		return 0, false
	}
	ds := probableShallow
	beta := alpha + 1
	if bound := beta*unit + margin; bound < 64*unit {
		if v := s.pvs(p, o, bound-1, bound, ds, false); v >= bound && !s.aborted {
			return beta, true
		}
	}
	if bound := alpha*unit - margin; bound > -64*unit {
		if v := s.pvs(p, o, bound, bound+1, ds, false); v <= bound && !s.aborted {
			return alpha, true
		}
	}
	return 0, false
}
