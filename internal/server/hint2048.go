package server

import (
	"net/http"

	"github.com/gridgames/gridgames/game2048"
	"github.com/gridgames/gridgames/game2048/solver"
)

// hint is the solver's advice on a board.
type hint struct {
	Best      string             `json:"best"`
	Values    map[string]float64 `json:"values"` // legal directions only
	Depth     int                `json:"depth"`
	ElapsedMs int64              `json:"elapsedMs"`
	// Counted is set when the hint was counted on the game (asked with its
	// token); the auto endpoint's hint leaves it out.
	Counted bool `json:"counted"`
	// State is the game's state after a counted hint (its seq and hints moved
	// on); missing otherwise.
	State *state2048 `json:"state,omitempty"`
	// Perfect marks exact values (asked with ?perfect=1): each move's points
	// plus the expected final score after it under optimal play.
	Perfect bool `json:"perfect,omitempty"`
	// ExpectedScore is a perfect hint's value of the position: the expected
	// score still to come under optimal play.
	ExpectedScore *float64 `json:"expectedScore,omitempty"`
	// NextTile and NextTileChances give, when a table for it is at hand, each
	// legal move's largest chance of making the next tile (twice the largest).
	NextTile        uint64             `json:"nextTile,omitempty"`
	NextTileChances map[string]float64 `json:"nextTileChances,omitempty"`
}

func (s *Server) analyse2048(r *http.Request, g *game2048.Game) (hint, error) {
	if r.URL.Query().Get("perfect") == "1" {
		return s.perfect2048(r, g)
	}
	so := solver.Options{Workers: 1} // the default setting, on one worker of the pool
	if s.opt.HintTime > 0 {
		so = solver.Options{Time: s.opt.HintTime, Depth: 6, Workers: 1}
	}
	sv, done, err := s.ai.solver(r.Context(), so)
	if err != nil {
		return hint{}, err
	}
	defer done()
	a, err := sv.BestMove(r.Context(), g.Board(), g.Rules().FourChance)
	if err != nil {
		return hint{}, clientError(err) // solver.ErrNoMove once the game is over
	}
	h := hint{Best: a.Best.String(), Values: map[string]float64{}, Depth: a.Depth, ElapsedMs: a.Elapsed.Milliseconds()}
	for _, d := range game2048.Directions {
		if a.Legal[d] {
			h.Values[d.String()] = a.Values[d]
		}
	}
	return h, nil
}
