package server

import (
	"net/http"
	"strconv"

	"github.com/gridgames/gridgames/game2048"
	"github.com/gridgames/gridgames/game2048/session"
	"github.com/gridgames/gridgames/internal/store"
)

// score2048 puts a game on its board's leaderboard when the session allows it
// (session.Submittable), then stores the submission (an S action), which
// reveals the seed: a game goes on the leaderboard once. The entry is stored
// first, so a submission answered with an error may be sent again (it replaces
// the entry).
func (s *Server) score2048(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Name string `json:"name"`
	}
	if err := decode(w, r, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	name, err := session.CleanName(req.Name)
	if err != nil {
		s.fail(w, r, clientError(err))
		return
	}
	s.with2048(w, r, true, func(sess *liveGame, a *game2048Actor) (any, error) {
		if err := a.s.Submittable(); err != nil {
			return nil, clientError(err)
		}
		g := a.s.Game()
		sc := store.Score{GameID: sess.id, Board: boardKey(g.Rules()), Name: name, Score: g.Score(),
			MaxTile: uint64(1) << g.Board().MaxTile(), Moves: g.MoveCount()}
		sc, err := s.store.AddScore(r.Context(), sc)
		if err != nil {
			return nil, err
		}
		if _, err := s.act(r, sess, a, nil, session.Submit); err != nil {
			return nil, err
		}
		out := map[string]any{"accepted": sc, "state": s.state2048(r, sess)}
		// The entry is stored: a leaderboard that cannot be read now is left out.
		if top, err := s.store.Leaderboard(r.Context(), sc.Board, 10); err == nil {
			out["leaderboard"] = top
		} else {
			s.log.Warn("leaderboard not read: the reply goes without it", "game", sess.id, "err", err)
		}
		return out, nil
	})
}

func (s *Server) leaderboard2048(w http.ResponseWriter, r *http.Request) {
	rows, err1 := strconv.Atoi(r.URL.Query().Get("rows"))
	cols, err2 := strconv.Atoi(r.URL.Query().Get("cols"))
	if err1 != nil || err2 != nil || rows < game2048.MinSize || rows > game2048.MaxSize || cols < game2048.MinSize || cols > game2048.MaxSize {
		s.fail(w, r, errorf(CodeBadRequest, "rows and cols must be numbers from %d to %d", game2048.MinSize, game2048.MaxSize))
		return
	}
	rules := game2048.Rules{Rows: rows, Cols: cols}
	top, err := s.store.Leaderboard(r.Context(), boardKey(rules), 10)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"board": boardKey(rules), "scores": top})
}
