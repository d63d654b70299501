package server

import (
	"net/http"

	"github.com/gridgames/gridgames/game2048"
	"github.com/gridgames/gridgames/game2048/session"
	"github.com/gridgames/gridgames/game2048/solver/exact"
	"github.com/gridgames/gridgames/othello"
	"github.com/gridgames/gridgames/othello/engine"
)

// limits is GET /api/limits: the bounds the server checks requests against,
// read from the constants it checks them with, so the pages build their
// controls from them and copy none.
type limits struct {
	Game2048 limits2048    `json:"2048"`
	Othello  limitsOthello `json:"othello"`
}

// limits2048 are the 2048 rules a game may be created with, the leaderboard
// name's length and the boards perfect play is solved for.
type limits2048 struct {
	MinSize       int     `json:"minSize"` // rows and columns, each
	MaxSize       int     `json:"maxSize"`
	MinFourChance float64 `json:"minFourChance"`
	MaxFourChance float64 `json:"maxFourChance"`
	MinWinTile    uint64  `json:"minWinTile"`
	MaxWinTile    uint64  `json:"maxWinTile"`
	MaxName       int     `json:"maxName"` // characters of a leaderboard name
	// PerfectMaxCells and PerfectStartTiles bound the games ?perfect=1 serves.
	PerfectMaxCells   int `json:"perfectMaxCells"`
	PerfectStartTiles int `json:"perfectStartTiles"`
}

// limitsOthello are the board sizes, the computer's levels, the boards the
// Perfect player plays and the import field's length.
type limitsOthello struct {
	Sizes        []int `json:"sizes"` // smallest first
	PerfectSizes []int `json:"perfectSizes"`
	MinLevel     int   `json:"minLevel"`
	MaxLevel     int   `json:"maxLevel"`
	MaxImport    int   `json:"maxImport"` // bytes of the import field
}

// minLevel is the weakest computer level (engine levels run 1 to engine.MaxLevel).
const minLevel = 1

// apiLimits returns the limits from the constants the libraries and the server
// check requests against.
func apiLimits() limits {
	var perfect []int
	for _, n := range othello.Sizes {
		if engine.PerfectSize(n) {
			perfect = append(perfect, n)
		}
	}
	return limits{
		Game2048: limits2048{MinSize: game2048.MinSize, MaxSize: game2048.MaxSize,
			MinFourChance: 0, MaxFourChance: 1, MinWinTile: game2048.MinWinTile.Value(), MaxWinTile: game2048.MaxTile.Value(),
			MaxName: session.MaxName, PerfectMaxCells: exact.MaxCells, PerfectStartTiles: perfectStartTiles},
		Othello: limitsOthello{Sizes: othello.Sizes, PerfectSizes: perfect, MinLevel: minLevel,
			MaxLevel: engine.MaxLevel, MaxImport: maxImportRecord},
	}
}

// limitsAPI answers GET /api/limits.
func (s *Server) limitsAPI(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, http.StatusOK, apiLimits())
}
