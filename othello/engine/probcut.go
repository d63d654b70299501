package engine

// This file is hot code: ProbCut (Buro, 1995), the selective part of the midgame
// search. Far from the leaves, a shallow search predicts the deep one: the deep
// value differs from the shallow one by about probcutSigma[depth] (measured, see
// TestProbcutCalibration), so when the shallow value clears beta (or falls short
// of alpha) by probcutT of those, the node is cut without the deep search. It
// runs only in null-window nodes, where a cut is all that is asked.

const (
	probcutMinDepth = 4   // nodes at least this deep try a cut
	probcutT        = 1.5 // the cut needs the shallow value this many sigmas clear
)

// probcutShallow is the depth of the shallow search that predicts depth d: about
// half, with the same parity (the evaluation leans one way at odd depths).
func probcutShallow(d int) int {
	ds := d / 2
	if (d-ds)%2 == 1 {
		ds--
	}
	return max(ds, 0)
}

// probcutSigma[d] is the spread (standard deviation, in discs) of the value of a
// depth-d search around the value of its shallow search, on 8x8 positions from
// the whole game with the learned evaluation (TestProbcutCalibration); 0 turns
// ProbCut off at that depth. Measured on 80 positions with the built-in
// evaluation (GRIDGAMES_PROBCUT_CALIBRATE=80); depths past 12 were not measured
// and search full width.
var probcutSigma = [maxPly + 1]float64{
	4: 2.89, 5: 4.41, 6: 3.63, 7: 3.71, 8: 2.97, 9: 4.28, 10: 3.61, 11: 3.08, 12: 2.53,
}

// probcut tries to settle a null-window node (alpha, alpha+1) of the given depth
// by a shallow search; it reports the bound and true when it can.
func (s *searcher) probcut(p, o uint64, alpha, depth int) (int, bool) {
	sigma := probcutSigma[min(depth, maxPly)]
	if sigma == 0 {
		return 0, false
	}
	margin := int(probcutT * sigma * unit)
	ds := probcutShallow(depth)
	beta := alpha + 1
	if bound := beta + margin; bound < 64*unit {
		if v := s.pvs(p, o, bound-1, bound, ds, false); v >= bound && !s.aborted {
			return beta, true
		}
	}
	if bound := alpha - margin; bound > -64*unit {
		if v := s.pvs(p, o, bound, bound+1, ds, false); v <= bound && !s.aborted {
			return alpha, true
		}
	}
	return 0, false
}
