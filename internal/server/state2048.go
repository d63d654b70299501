package server

import (
	"net/http"
	"strconv"

	"github.com/gridgames/gridgames/game2048"
	"github.com/gridgames/gridgames/game2048/session"
)

// state2048 is a 2048 game as the API shows it. Tiles are exponents: 0 is empty,
// 1 is a 2, 11 is 2048.
type state2048 struct {
	ID    string         `json:"id"`
	Rules game2048.Rules `json:"rules"`
	// Seed and Salt are shown once the seed is revealed (a practice game from the
	// start, a ranked one once over or submitted); Commitment always (empty for
	// games stored before commitments).
	Seed       string  `json:"seed,omitempty"`
	Salt       string  `json:"salt,omitempty"`
	Commitment string  `json:"commitment"`
	Board      [][]int `json:"board"`
	Score      int64   `json:"score"`
	// Best is missing when it could not be read (the action was stored all the
	// same).
	Best  *int64 `json:"best,omitempty"`
	Moves int    `json:"moves"`
	// Seq is the number of stored actions (moves, undos, hints...): a move, undo
	// or auto request may name it, to be refused if the game moved on.
	Seq int `json:"seq"`
	// Legal names the directions that would move a tile now.
	Legal   []string `json:"legal"`
	Won     bool     `json:"won"`
	Over    bool     `json:"over"`
	CanUndo bool     `json:"canUndo"`
	// Ranked is false for a practice game; PracticeReason says why (rules, seed,
	// undo, unsealed).
	Ranked         bool             `json:"ranked"`
	PracticeReason session.Practice `json:"practiceReason,omitempty"`
	Hints          int              `json:"hints"`
	AutoMoves      int              `json:"autoMoves"`
	Undos          int              `json:"undos"`
	Assisted       bool             `json:"assisted"`  // hints or auto moves: kept off the leaderboard
	CanSubmit      bool             `json:"canSubmit"` // the score endpoint would take the game now
	Submitted      bool             `json:"submitted"` // the score endpoint took it
}

// state2048 returns the game's state. It never fails: a best score that cannot
// be read is left out (and logged), so an action already stored is answered as
// accepted.
func (s *Server) state2048(r *http.Request, sess *liveGame) state2048 {
	a := sess.game.(*game2048Actor)
	sn, g := a.s, a.s.Game()
	st := state2048{ID: sess.id, Rules: g.Rules(), Commitment: sn.Commitment(),
		Score: g.Score(), Moves: g.MoveCount(), Seq: sn.Seq(), Legal: []string{}, Won: g.Won(), Over: g.Over(),
		CanUndo: sn.CanUndo(), Ranked: sn.Ranked(), PracticeReason: sn.Practice(), Hints: sn.Hints(),
		AutoMoves: sn.AutoMoves(), Undos: sn.Undos(), Assisted: sn.Assisted(), CanSubmit: sn.Submittable() == nil,
		Submitted: sn.Submitted()}
	if seed, salt, ok := sn.Reveal(); ok {
		st.Seed, st.Salt = strconv.FormatUint(seed, 10), salt
	}
	best := g.Score()
	if key := a.bestKey(); key != "" {
		var err error
		if best, err = s.best(r.Context(), key, g.Score()); err != nil {
			s.log.Warn("best score not read: the reply goes without it", "game", sess.id, "err", err)
		}
		if err == nil {
			st.Best = &best
		}
	} else {
		st.Best = &best
	}
	for _, d := range sn.Legal() {
		st.Legal = append(st.Legal, d.String())
	}
	st.Board = make([][]int, g.Rows())
	for r := range st.Board {
		st.Board[r] = make([]int, g.Cols())
		for c := range st.Board[r] {
			st.Board[r][c] = int(g.At(r, c))
		}
	}
	return st
}
