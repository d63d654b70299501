package nboard

import (
	"fmt"
	"time"

	"github.com/gridgames/gridgames/othello/engine"
)

// MaxEndgame is the most empty squares DepthLimits solves exactly. It is the
// engine's strongest level's (engine.LevelLimits(engine.MaxLevel)): an exact
// solve of 20 empties takes well under a second, and each further empty square
// multiplies the time by two or three (othello solve takes up to half a minute
// at 25), so past 20 a move could no longer answer within seconds.
const MaxEndgame = 20

// DepthLimits maps the GUI's "set depth N" (1 to 60) to the engine's limits: a
// midgame search N plies deep, an exact solve from 2N empty squares on (at most
// MaxEndgame), the ratio of the engine's classic levels (classic level N is exactly
// this for N from 2 to 7: classic 4 searches 4 plies and solves from 8 empties), and moveTime
// as the bound on the thinking (the deepest search finished by then answers).
// These are go's limits; a hint deepens from 1 ply to Depth with the same Endgame
// until moveTime is up. Other depths are an error.
func DepthLimits(depth int, moveTime time.Duration) (engine.Limits, error) {
	if depth < 1 || depth > 60 {
		return engine.Limits{}, fmt.Errorf("depth %d: want 1 to 60", depth)
	}
	return engine.Limits{Depth: depth, Endgame: min(2*depth, MaxEndgame), Time: moveTime}, nil
}
