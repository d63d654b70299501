package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/gridgames/gridgames/game2048"
	"github.com/gridgames/gridgames/game2048/solver"
	"github.com/gridgames/gridgames/internal/store"
)

// game2048Actor is a live 2048 game. Its actions are the move letters L, R, U, D
// and Z for undo. Its params are the game's game2048.Record without moves (games
// stored before, as {"rules":...,"seed":N}, read the same).
type game2048Actor struct {
	g *game2048.Game
}

func (a *game2048Actor) apply(action string) error {
	if action == "Z" {
		if !a.g.Undo() {
			return errors.New("nothing to undo")
		}
		return nil
	}
	d, err := game2048.ParseDirection(action)
	if err != nil {
		return err
	}
	res, err := a.g.Move(d)
	if err == nil && !res.Moved {
		err = fmt.Errorf("%w: %s", game2048.ErrNoMove, d)
	}
	return err
}

func boardKey(r game2048.Rules) string { return store.BoardKey("2048", r.Rows, r.Cols) }

func (a *game2048Actor) summary() store.Summary {
	return store.Summary{Score: a.g.Score(), Over: a.g.Over(), BestKey: boardKey(a.g.Rules())}
}

func rebuild2048(params []byte) (actor, error) {
	rec, err := game2048.ParseRecord(params)
	if err != nil {
		return nil, fmt.Errorf("stored 2048 params: %w", err)
	}
	g, err := game2048.Replay(rec)
	if err != nil {
		return nil, fmt.Errorf("stored 2048 params: %w", err)
	}
	return &game2048Actor{g: g}, nil
}

// state2048 is a 2048 game as the API shows it. Tiles are exponents: 0 is empty,
// 1 is a 2, 11 is 2048.
type state2048 struct {
	ID      string         `json:"id"`
	Rules   game2048.Rules `json:"rules"`
	Seed    string         `json:"seed"`
	Board   [][]int        `json:"board"`
	Score   int64          `json:"score"`
	Best    int64          `json:"best"`
	Moves   int            `json:"moves"`
	Won     bool           `json:"won"`
	Over    bool           `json:"over"`
	CanUndo bool           `json:"canUndo"`
}

func (s *Server) state2048(r *http.Request, sess *liveGame) (state2048, error) {
	g := sess.game.(*game2048Actor).g
	best, err := s.best(r.Context(), boardKey(g.Rules()), g.Score())
	if err != nil {
		return state2048{}, err
	}
	st := state2048{ID: sess.id, Rules: g.Rules(), Seed: strconv.FormatUint(g.Seed(), 10),
		Score: g.Score(), Best: best, Moves: g.MoveCount(), Won: g.Won(), Over: g.Over(),
		CanUndo: g.MoveCount() > 0}
	st.Board = make([][]int, g.Rows())
	for r := range st.Board {
		st.Board[r] = make([]int, g.Cols())
		for c := range st.Board[r] {
			st.Board[r][c] = int(g.At(r, c))
		}
	}
	return st, nil
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
	opts := []game2048.Option{game2048.WithRules(rules)}
	if req.Seed != "" {
		seed, err := strconv.ParseUint(req.Seed, 10, 64)
		if err != nil {
			s.fail(w, r, errorf(http.StatusBadRequest, "seed %q is not a number from 0 to 2^64-1", req.Seed))
			return
		}
		opts = append(opts, game2048.WithSeed(seed))
	}
	g, err := game2048.NewGame(opts...)
	if err != nil {
		s.fail(w, r, invalidStart(err))
		return
	}
	params, err := json.Marshal(g.Record())
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.answerCreated(w, r, "2048", params, &game2048Actor{g: g}, func(sess *liveGame) (any, error) { return s.state2048(r, sess) })
}

func (s *Server) with2048(w http.ResponseWriter, r *http.Request, write bool, f func(sess *liveGame, g *game2048.Game) (any, error)) {
	withGame(s, w, r, "2048", rebuild2048, write, func(sess *liveGame, a *game2048Actor) (any, error) { return f(sess, a.g) })
}

func (s *Server) get2048(w http.ResponseWriter, r *http.Request) {
	s.with2048(w, r, false, func(sess *liveGame, g *game2048.Game) (any, error) {
		st, err := s.state2048(r, sess)
		return map[string]any{"state": st}, err
	})
}

// moveReply is the answer to an accepted move: what the move did, for the
// animation, and the state after it.
type moveReply struct {
	Move  game2048.MoveResult `json:"move"`
	State state2048           `json:"state"`
}

// play2048 applies d to the session's game, commits it and returns the reply.
func (s *Server) play2048(r *http.Request, sess *liveGame, g *game2048.Game, d game2048.Direction) (moveReply, error) {
	res, err := g.Move(d)
	if err != nil {
		return moveReply{}, clientError(err)
	}
	if !res.Moved {
		return moveReply{}, errorf(http.StatusConflict, "illegal move: %s does not move any tile", d)
	}
	if err := s.commit(r.Context(), sess, string(d.Letter())); err != nil {
		return moveReply{}, err
	}
	st, err := s.state2048(r, sess)
	return moveReply{Move: res, State: st}, err
}

func (s *Server) move2048(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Dir string `json:"dir"`
	}
	if err := decode(w, r, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	d, err := game2048.ParseDirection(req.Dir)
	if err != nil {
		s.fail(w, r, errorf(http.StatusBadRequest, "dir %q: want left, right, up or down", req.Dir))
		return
	}
	s.with2048(w, r, true, func(sess *liveGame, g *game2048.Game) (any, error) {
		return s.play2048(r, sess, g, d)
	})
}

func (s *Server) undo2048(w http.ResponseWriter, r *http.Request) {
	s.with2048(w, r, true, func(sess *liveGame, g *game2048.Game) (any, error) {
		if !g.Undo() {
			return nil, errorf(http.StatusConflict, "nothing to undo")
		}
		if err := s.commit(r.Context(), sess, "Z"); err != nil {
			return nil, err
		}
		st, err := s.state2048(r, sess)
		return map[string]any{"state": st}, err
	})
}

// hint is the solver's advice on a board.
type hint struct {
	Best      string             `json:"best"`
	Values    map[string]float64 `json:"values"` // legal directions only
	Depth     int                `json:"depth"`
	ElapsedMs int64              `json:"elapsedMs"`
}

func (s *Server) analyse2048(r *http.Request, g *game2048.Game) (hint, error) {
	sv, done, err := s.ai.solver(r.Context(), solver.Options{Time: s.opt.HintTime, Depth: 6, Workers: 1, TableBits: 16})
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

func (s *Server) hint2048(w http.ResponseWriter, r *http.Request) {
	s.with2048(w, r, false, func(sess *liveGame, g *game2048.Game) (any, error) {
		return s.analyse2048(r, g)
	})
}

func (s *Server) auto2048(w http.ResponseWriter, r *http.Request) {
	s.with2048(w, r, true, func(sess *liveGame, g *game2048.Game) (any, error) {
		h, err := s.analyse2048(r, g)
		if err != nil {
			return nil, err
		}
		d, _ := game2048.ParseDirection(h.Best)
		rep, err := s.play2048(r, sess, g, d)
		return map[string]any{"move": rep.Move, "state": rep.State, "hint": h}, err
	})
}

// maxName bounds a leaderboard name, in characters.
const maxName = 24

func (s *Server) score2048(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Name string `json:"name"`
	}
	if err := decode(w, r, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	name := strings.TrimSpace(req.Name)
	if name == "" || utf8.RuneCountInString(name) > maxName || !utf8.ValidString(name) {
		s.fail(w, r, errorf(http.StatusBadRequest, "name must be 1 to %d characters", maxName))
		return
	}
	s.with2048(w, r, true, func(sess *liveGame, g *game2048.Game) (any, error) {
		if g.MoveCount() == 0 {
			return nil, errorf(http.StatusConflict, "no moves made: nothing to submit")
		}
		// The score counts only if the record rebuilds the same game.
		rec := g.Record()
		replayed, err := game2048.Replay(rec)
		if err != nil {
			return nil, errorf(http.StatusConflict, "the game's record does not replay: %v", err)
		}
		if replayed.Score() != g.Score() || !replayed.Board().Equal(g.Board()) {
			return nil, errorf(http.StatusConflict, "the game's record replays to a different game")
		}
		maxTile := replayed.Board().MaxTile()
		sc := store.Score{GameID: sess.id, Board: boardKey(rec.Rules), Name: name, Score: replayed.Score(),
			MaxTile: uint64(1) << maxTile, Moves: replayed.MoveCount()}
		sc, err = s.store.AddScore(r.Context(), sc)
		if err != nil {
			return nil, err
		}
		top, err := s.store.Leaderboard(r.Context(), sc.Board, 10)
		return map[string]any{"accepted": sc, "leaderboard": top}, err
	})
}

func (s *Server) leaderboard2048(w http.ResponseWriter, r *http.Request) {
	rows, err1 := strconv.Atoi(r.URL.Query().Get("rows"))
	cols, err2 := strconv.Atoi(r.URL.Query().Get("cols"))
	if err1 != nil || err2 != nil || rows < game2048.MinSize || rows > game2048.MaxSize || cols < game2048.MinSize || cols > game2048.MaxSize {
		s.fail(w, r, errorf(http.StatusBadRequest, "rows and cols must be numbers from %d to %d", game2048.MinSize, game2048.MaxSize))
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

// bestTTL is how long a best score read from the store is trusted. Other server
// instances sharing the database raise it too, so it is read again once it is
// older than this: at most one query per board and second, and a new best made
// elsewhere shows here within a second. This instance's own moves raise its copy
// at once.
const bestTTL = time.Second

// bestScore is a board's best score as last read from the store and raised since.
type bestScore struct {
	score int64
	read  time.Time
}

// best returns the best score of a board, raised to score if that is higher. The
// store is read when the copy in memory is missing or older than bestTTL; in
// between, the scores of this instance's games keep the copy up to date (the
// store raises its own copy in the same transaction as each move).
func (s *Server) best(ctx context.Context, key string, score int64) (int64, error) {
	s.mu.Lock()
	b, ok := s.bests[key]
	s.mu.Unlock()
	if !ok || time.Since(b.read) >= bestTTL {
		stored, err := s.store.Best(ctx, key)
		if err != nil {
			return 0, err
		}
		b = bestScore{score: stored, read: time.Now()}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if cur, ok := s.bests[key]; ok && cur.read.After(b.read) {
		b.read = cur.read
	}
	b.score = max(b.score, score, s.bests[key].score)
	s.bests[key] = b
	return b.score, nil
}
