package engine

// This file is hot code: ProbCut (Buro, 1995), the selective part of the midgame
// search. Far from the leaves, a shallow search predicts the deep one: the deep
// value differs from the shallow one by about probcutSigma[depth] (measured, see
// TestProbcutCalibration), so when the shallow value clears beta (or falls short
// of alpha) by probcutT of those, the node is cut without the deep search. It
// runs only in null-window nodes, where a cut is all that is asked.

const (
	probcutMinDepth = 3   // nodes at least this deep try a cut
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
// ProbCut off at that depth. Measured with the built-in evaluation of
// 2026-12-07: depths 3 to 8 on 400 positions (GRIDGAMES_PROBCUT_CALIBRATE=400
// GRIDGAMES_PROBCUT_DEPTH=8), 9 to 12 on 100 (the first 100 of the same;
// GRIDGAMES_PROBCUT_CALIBRATE=100); depths past 12 were not measured and
// search full width. (The sigmas measured on the evaluation of 2026-12-03 were
// 12% to 43% larger at depths 4 to 10, so the search cut less there than its
// margin of probcutT sigmas meant, and 7% and 20% smaller at 11 and 12.)
var probcutSigma = [maxPly + 1]float64{
	3: 2.70, 4: 2.37, 5: 3.33, 6: 3.06, 7: 2.60, 8: 2.64, 9: 3.29, 10: 2.90, 11: 3.31, 12: 3.16,
}

// probcutPhase scales probcutSigma by the node's empties: a shallow search
// predicts the deep one better early in the game than late, so one sigma for
// the whole game made the margins too narrow late and too wide early. The
// factors are the sigmas of the positions with 20-29, 30-39, 40-49 and 50-59
// empties over the sigma of all (TestProbcutCalibration, depths 3 to 8 on 400
// positions, about 100 a band; each factor the mean of its six depths', which
// ranged 1.25-1.41, 1.11-1.31, 0.67-0.82 and 0.47-0.54; depths 9 to 12 on 100
// positions agree: 1.11-1.32, 1.21-1.49, 0.57-0.70, 0.31-0.45), placed at the
// bands' centres with straight lines between them and flat beyond. The search
// uses only the factors below 1 (see probcutMargins).
var probcutPhase = [...]struct{ empties, factor float64 }{
	{24.5, 1.35}, {34.5, 1.18}, {44.5, 0.72}, {54.5, 0.50},
}

// probcutFactor interpolates probcutPhase at empties.
func probcutFactor(empties int) float64 {
	e := float64(empties)
	ph := probcutPhase[:]
	if e <= ph[0].empties {
		return ph[0].factor
	}
	for i := 1; i < len(ph); i++ {
		if e <= ph[i].empties {
			a, b := ph[i-1], ph[i]
			return a.factor + (b.factor-a.factor)*(e-a.empties)/(b.empties-a.empties)
		}
	}
	return ph[len(ph)-1].factor
}

// probcutMargins[d][e] is ProbCut's margin at depth d with e empties, in
// evaluation units: probcutT sigmas, narrowed by probcutFactor where it is
// below 1 (0 where ProbCut is off). Where it is above 1, late in the midgame,
// the margin stays as probcutSigma alone makes it: widened there too, level 10
// scored 54/2/44 and 49/3/48 (seeds 1 and 2) against the search before it at
// 14% more CPU a move, where narrowed only it scored 47/6/47 and 49/5/46 at
// 18% less (README).
var probcutMargins = func() (m [maxPly + 1][65]int32) {
	for d, sigma := range probcutSigma {
		for e := range 65 {
			m[d][e] = int32(probcutT * sigma * min(1, probcutFactor(e)) * unit)
		}
	}
	return m
}()

// probcut tries to settle a null-window node (alpha, alpha+1) of the given depth
// by a shallow search; it reports the bound and true when it can.
func (s *searcher) probcut(p, o uint64, alpha, depth int) (int, bool) {
	margin := int(probcutMargins[min(depth, maxPly)][64-popcount(p|o)])
	if margin == 0 {
		return 0, false
	}
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
