package nboard

import (
	"fmt"
	"time"

	"github.com/gridgames/gridgames/othello/engine"
)

// MaxEndgame is the most empty squares DepthLimits solves exactly: an exact
// solve of 20 empties takes well under a second, and each further empty square
// multiplies the time by two or three (othello solve takes up to half a minute
// at 25), so past 20 a move could no longer answer within seconds.
const MaxEndgame = 20

// MaxWLDEndgame is the most empty squares DepthLimits solves for win, loss or
// draw (engine.Limits.WLDEndgame), at depths over MaxEndgame/2: such a solve
// costs about a third of an exact one, and NTest solves so from 21 empties at
// its depth 14.
const MaxWLDEndgame = 22

// MaxProbableEndgame is the most empty squares DepthLimits solves probably
// (engine.Limits.ProbableEndgame, a solve cut by ProbCut), at depths over
// MaxWLDEndgame/2, as NTest does from 22 to 25 empties at its depth 14. At
// depth 14 these three (exact to 20, win/loss/draw to 22, probable to 24)
// scored 36.0% of 200 games against NTest at depth 14 where the exact solve
// from 20 alone scored 28.5% (better on each of the 5 seeds), for 0.054 s of
// CPU a move against 0.036 s (README, "The endgame ladder").
const MaxProbableEndgame = 24

// DepthLimits maps the GUI's "set depth N" (1 to 60) to the engine's limits: a
// midgame search N plies deep, an exact solve from 2N empty squares on (at most
// MaxEndgame), the ratio of the engine's classic levels (classic level N is exactly
// this for N from 2 to 7: classic 4 searches 4 plies and solves from 8 empties),
// from depth 11 on a win/loss/draw solve after the midgame search from 2N empty
// squares (at most MaxWLDEndgame), from depth 12 on a probable solve from 2N (at
// most MaxProbableEndgame), and moveTime as the bound on the thinking (the deepest
// search finished by then answers). These are go's limits; a hint deepens from 1
// ply to Depth with the same Endgame until moveTime is up. Other depths are an
// error.
func DepthLimits(depth int, moveTime time.Duration) (engine.Limits, error) {
	if depth < 1 || depth > 60 {
		return engine.Limits{}, fmt.Errorf("depth %d: want 1 to 60", depth)
	}
	return engine.Limits{Depth: depth, Endgame: min(2*depth, MaxEndgame), WLDEndgame: min(2*depth, MaxWLDEndgame),
		ProbableEndgame: min(2*depth, MaxProbableEndgame), Time: moveTime}, nil
}
