package server

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"

	"github.com/gridgames/gridgames/game2048"
	"github.com/gridgames/gridgames/game2048/session"
	"github.com/gridgames/gridgames/internal/store"
)

// game2048Actor is a live 2048 game: a session.Session, which holds every rule
// of the game around the board (actions, help, ranking, undo, submission, the
// seed's commitment), and the player who created it. Its params are the
// session's Config (games stored before, as a game2048.Record without moves,
// read the same); its player is kept beside them (store.Game.Player), and
// store.Game.Ranked says whether it was ranked at its start.
type game2048Actor struct {
	s *session.Session
	// player is the id of the player who created the game ("" for games stored
	// before players had ids).
	player string
}

func (a *game2048Actor) apply(action string) error {
	_, err := a.s.Apply(action)
	return err
}

func boardKey(r game2048.Rules) string { return store.BoardKey("2048", r.Rows, r.Cols) }

// bestKey names the best score shown with the game: its player's on its board
// size, or "" for a game without a player (its own score is shown).
func (a *game2048Actor) bestKey() string {
	if a.player == "" {
		return ""
	}
	return store.PlayerKey(boardKey(a.s.Rules()), a.player)
}

// summary raises the board's best score (the terminal UI's, on a database it
// shares) and the player's own.
func (a *game2048Actor) summary() store.Summary {
	g := a.s.Game()
	return store.Summary{Score: g.Score(), Over: g.Over(), BestKey: boardKey(g.Rules()), PlayerBestKey: a.bestKey()}
}

func (a *game2048Actor) owner() (string, bool) { return a.player, a.s.Sealed() }

// setOwner keeps the stored player; whether the game is ranked follows from
// its params and actions (the session), not from the stored flag.
func (a *game2048Actor) setOwner(player string, _ bool) { a.player = player }

func rebuild2048(params []byte) (actor, error) {
	cfg, err := session.ParseConfig(params)
	if err != nil {
		return nil, fmt.Errorf("stored 2048 params: %w", err)
	}
	s, err := session.Restore(cfg)
	if err != nil {
		return nil, fmt.Errorf("stored 2048 params: %w", err)
	}
	return &game2048Actor{s: s}, nil
}

type create2048Request struct {
	Rows       int      `json:"rows"`
	Cols       int      `json:"cols"`
	FourChance *float64 `json:"fourChance"`
	WinTile    uint64   `json:"winTile"`
	Seed       string   `json:"seed"`
}

func (s *Server) create2048(w http.ResponseWriter, r *http.Request) {
	var req create2048Request
	if err := decode(w, r, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	rules := game2048.DefaultRules()
	if req.Rows != 0 {
		rules.Rows = req.Rows
	}
	if req.Cols != 0 {
		rules.Cols = req.Cols
	}
	if req.FourChance != nil {
		rules.FourChance = *req.FourChance
	}
	if req.WinTile != 0 {
		rules.WinTile = req.WinTile
	}
	var sn *session.Session
	var err error
	if req.Seed != "" {
		seed, perr := strconv.ParseUint(req.Seed, 10, 64)
		if perr != nil {
			s.fail(w, r, errorf(CodeBadRequest, "seed %q is not a number from 0 to 2^64-1", req.Seed))
			return
		}
		sn, err = session.NewSeeded(rules, seed)
	} else {
		sn, err = session.New(rules)
	}
	if err != nil {
		s.fail(w, r, invalidStart(err))
		return
	}
	params, err := json.Marshal(sn.Config())
	if err != nil {
		s.fail(w, r, err)
		return
	}
	a := &game2048Actor{s: sn, player: playerOf(r)}
	setPlayer(w, r, a.player)
	s.answerCreated(w, r, "2048", params, a, func(sess *liveGame) (any, error) { return s.state2048(r, sess), nil })
}

// with2048 runs f on the game named in the path (see withGame); write asks for
// the player token.
func (s *Server) with2048(w http.ResponseWriter, r *http.Request, write bool, f func(sess *liveGame, a *game2048Actor) (any, error)) {
	withGame(s, w, r, "2048", rebuild2048, write, f)
}

func (s *Server) get2048(w http.ResponseWriter, r *http.Request) {
	s.with2048(w, r, false, func(sess *liveGame, _ *game2048Actor) (any, error) {
		return map[string]any{"state": s.state2048(r, sess)}, nil
	})
}

// act applies action to the live game and commits it. When seq is not nil the
// request was made for the game at that many actions, and a game that has moved
// on since answers 409 (another tab, or another client, acted first).
func (s *Server) act(r *http.Request, sess *liveGame, a *game2048Actor, seq *int, action string) (session.Result, error) {
	if seq != nil {
		if err := a.s.Expect(*seq); err != nil {
			return session.Result{}, clientError(err)
		}
	}
	res, err := a.s.Apply(action)
	if err != nil {
		return res, clientError(err)
	}
	return res, s.commit(r.Context(), sess, action)
}

// moveReply is the answer to an accepted move: what the move did, for the
// animation, and the state after it.
type moveReply struct {
	Move  *game2048.MoveResult `json:"move"`
	State state2048            `json:"state"`
}

// seqRequest is the body of undo and auto, and part of a move's: the number of
// actions the game had when the client sent it (optional).
type seqRequest struct {
	Seq *int `json:"seq"`
}

func (s *Server) move2048(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Dir string `json:"dir"`
		seqRequest
	}
	if err := decode(w, r, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	d, err := game2048.ParseDirection(req.Dir)
	if err != nil {
		s.fail(w, r, errorf(CodeBadRequest, "dir %q: want left, right, up or down", req.Dir))
		return
	}
	s.with2048(w, r, true, func(sess *liveGame, a *game2048Actor) (any, error) {
		res, err := s.act(r, sess, a, req.Seq, session.MoveAction(d, false))
		if err != nil {
			return nil, err
		}
		return moveReply{Move: res.Move, State: s.state2048(r, sess)}, nil
	})
}

func (s *Server) undo2048(w http.ResponseWriter, r *http.Request) {
	var req seqRequest
	if err := decode(w, r, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	s.with2048(w, r, true, func(sess *liveGame, a *game2048Actor) (any, error) {
		if _, err := s.act(r, sess, a, req.Seq, session.Undo); err != nil {
			return nil, err
		}
		return map[string]any{"state": s.state2048(r, sess)}, nil
	})
}

// hint2048 answers the solver's advice to anyone. With the game's token it is
// counted on the game (an H action, stored before the advice is given);
// without one it changes nothing ("counted": false), so nobody can spoil
// another's game by asking.
func (s *Server) hint2048(w http.ResponseWriter, r *http.Request) {
	s.with2048(w, r, false, func(sess *liveGame, a *game2048Actor) (any, error) {
		counted := r.Header.Get("Authorization") != ""
		if counted {
			if err := authorize(r, sess); err != nil {
				return nil, err
			}
		}
		h, err := s.analyse2048(r, a.s.Game())
		if err != nil {
			return nil, err
		}
		h.Counted = counted
		if counted {
			if _, err := s.act(r, sess, a, nil, session.Hint); err != nil {
				return nil, err
			}
			st := s.state2048(r, sess)
			h.State = &st
		}
		return h, nil
	})
}

func (s *Server) auto2048(w http.ResponseWriter, r *http.Request) {
	var req seqRequest
	if err := decode(w, r, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	s.with2048(w, r, true, func(sess *liveGame, a *game2048Actor) (any, error) {
		if req.Seq != nil {
			if err := a.s.Expect(*req.Seq); err != nil {
				return nil, clientError(err)
			}
		}
		h, err := s.analyse2048(r, a.s.Game())
		if err != nil {
			return nil, err
		}
		d, _ := game2048.ParseDirection(h.Best)
		res, err := s.act(r, sess, a, nil, session.MoveAction(d, true))
		if err != nil {
			return nil, err
		}
		return map[string]any{"move": res.Move, "state": s.state2048(r, sess), "hint": h}, nil
	})
}

// record2048 answers the game's session.Record once its seed is revealed
// (`gridgames 2048 verify` checks it); before, 409 naming the commitment.
func (s *Server) record2048(w http.ResponseWriter, r *http.Request) {
	s.with2048(w, r, false, func(_ *liveGame, a *game2048Actor) (any, error) {
		rec, err := a.s.Record()
		return rec, clientError(err)
	})
}
