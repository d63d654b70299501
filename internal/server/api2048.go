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

// game2048Actor is a live 2048 game. Its actions are the move letters L, R, U, D,
// Z for undo, H for a hint given (the board does not change) and A before a move
// letter for a move the auto-solver chose ("AL"): the help a game had is counted
// from its stored actions. Its params are the game's game2048.Record without
// moves (games stored before, as {"rules":...,"seed":N}, read the same); its
// player and whether it is ranked are kept beside them (store.Game).
type game2048Actor struct {
	g *game2048.Game
	// player is the id of the player who created the game ("" for games stored
	// before players had ids); ranked is set when the server drew the seed of a
	// game with the standard rules.
	player string
	ranked bool
	// What the game's actions counted, undone moves included.
	hints, autoMoves, undos int
}

// Actions of a 2048 game besides the move letters.
const (
	actionUndo = "Z"
	actionHint = "H"
	actionAuto = "A" // before a move letter
)

func (a *game2048Actor) apply(action string) error {
	switch action {
	case actionUndo:
		if !a.g.Undo() {
			return errors.New("nothing to undo")
		}
		a.undos++
		return nil
	case actionHint:
		a.hints++
		return nil
	}
	letter, auto := strings.CutPrefix(action, actionAuto)
	d, err := game2048.ParseDirection(letter)
	if err != nil {
		return err
	}
	res, err := a.g.Move(d)
	if err == nil && !res.Moved {
		err = fmt.Errorf("%w: %s", game2048.ErrNoMove, d)
	}
	if err == nil && auto {
		a.autoMoves++
	}
	return err
}

func boardKey(r game2048.Rules) string { return store.BoardKey("2048", r.Rows, r.Cols) }

// bestKey names the best score shown with the game: its player's on its board
// size, or "" for a game without a player (its own score is shown).
func (a *game2048Actor) bestKey() string {
	if a.player == "" {
		return ""
	}
	return store.PlayerKey(boardKey(a.g.Rules()), a.player)
}

// summary raises the board's best score (the terminal UI's, on a database it
// shares) and the player's own.
func (a *game2048Actor) summary() store.Summary {
	return store.Summary{Score: a.g.Score(), Over: a.g.Over(), BestKey: boardKey(a.g.Rules()), PlayerBestKey: a.bestKey()}
}

func (a *game2048Actor) owner() (string, bool) { return a.player, a.ranked }

func (a *game2048Actor) setOwner(player string, ranked bool) { a.player, a.ranked = player, ranked }

// assisted reports whether the game had help from the solver.
func (a *game2048Actor) assisted() bool { return a.hints > 0 || a.autoMoves > 0 }

// standardRules reports whether r are the original game's rules on some board
// size: the only rules that are ranked.
func standardRules(r game2048.Rules) bool {
	d := game2048.DefaultRules()
	return r.FourChance == d.FourChance && r.WinTile == d.WinTile && r.StartTiles == d.StartTiles
}

// submittable returns why the game may not go on the leaderboard, or nil.
func (a *game2048Actor) submittable() error {
	g := a.g
	switch {
	case g.MoveCount() == 0:
		return errorf(http.StatusConflict, "no moves made: nothing to submit")
	case !a.ranked && !standardRules(g.Rules()):
		d := game2048.DefaultRules()
		return errorf(http.StatusConflict, "a practice game is not ranked: only games with the standard rules "+
			"(a new tile is a 4 with chance %v, win at %d) go on the leaderboard", d.FourChance, d.WinTile)
	case !a.ranked:
		return errorf(http.StatusConflict, "a practice game is not ranked: its seed was chosen by the client "+
			"(or it was stored before ranked games); start a game without a seed to be ranked")
	case a.assisted():
		return errorf(http.StatusConflict, "the game had help (%d hints, %d auto-play moves): "+
			"only games played without the solver go on the leaderboard", a.hints, a.autoMoves)
	case !g.Over() && !g.Won():
		return errorf(http.StatusConflict, "the game is still going: a score goes on the leaderboard "+
			"once no move is left or once the win tile is made")
	}
	return nil
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

// playerCookie holds the browser's player id, which makes the best score shown
// the player's own.
const playerCookie = "gridgames_player"

// playerIDLen is the length of a player id: newID(16).
const playerIDLen = 22

// playerOf returns the request's player id from its cookie, or a new one when
// it has none or one this server would not have made.
func playerOf(r *http.Request) string {
	if c, err := r.Cookie(playerCookie); err == nil && validPlayer(c.Value) {
		return c.Value
	}
	return newID(16)
}

func validPlayer(id string) bool {
	if len(id) != playerIDLen {
		return false
	}
	for _, c := range []byte(id) {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// setPlayer (re)sets the player cookie, for about 400 days (browsers' limit).
func setPlayer(w http.ResponseWriter, r *http.Request, player string) {
	http.SetCookie(w, &http.Cookie{Name: playerCookie, Value: player, Path: "/", MaxAge: 400 * 24 * 3600,
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: r.TLS != nil})
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
	// Ranked is false for a practice game (a client's seed, other rules).
	Ranked    bool `json:"ranked"`
	Hints     int  `json:"hints"`
	AutoMoves int  `json:"autoMoves"`
	Undos     int  `json:"undos"`
	Assisted  bool `json:"assisted"`  // hints or auto moves: kept off the leaderboard
	CanSubmit bool `json:"canSubmit"` // the score endpoint would take the game now
	// Legal names the directions that move something now, in the order of
	// game2048.Directions: [] once the game is over, never null.
	Legal []string `json:"legal"`
}

// legal2048 returns the names of the directions that change g's board.
func legal2048(g *game2048.Game) []string {
	legal := make([]string, 0, len(game2048.Directions))
	for _, d := range game2048.Directions {
		if g.CanMove(d) {
			legal = append(legal, d.String())
		}
	}
	return legal
}

func (s *Server) state2048(r *http.Request, sess *liveGame) (state2048, error) {
	a := sess.game.(*game2048Actor)
	g := a.g
	best := g.Score()
	if key := a.bestKey(); key != "" {
		var err error
		if best, err = s.best(r.Context(), key, g.Score()); err != nil {
			return state2048{}, err
		}
	}
	st := state2048{ID: sess.id, Rules: g.Rules(), Seed: strconv.FormatUint(g.Seed(), 10),
		Score: g.Score(), Best: best, Moves: g.MoveCount(), Won: g.Won(), Over: g.Over(),
		CanUndo: g.MoveCount() > 0, Ranked: a.ranked, Hints: a.hints, AutoMoves: a.autoMoves, Undos: a.undos,
		Assisted: a.assisted(), CanSubmit: a.submittable() == nil, Legal: legal2048(g)}
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
	// Ranked: the server drew the seed, and the rules are the original game's.
	a := &game2048Actor{g: g, player: playerOf(r), ranked: req.Seed == "" && standardRules(rules)}
	setPlayer(w, r, a.player)
	s.answerCreated(w, r, "2048", params, a, func(sess *liveGame) (any, error) { return s.state2048(r, sess) })
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

// play2048 applies d to the session's game, commits it and returns the reply;
// auto marks a move the solver chose.
func (s *Server) play2048(r *http.Request, sess *liveGame, g *game2048.Game, d game2048.Direction, auto bool) (moveReply, error) {
	res, err := g.Move(d)
	if err != nil {
		return moveReply{}, clientError(err)
	}
	if !res.Moved {
		return moveReply{}, errorf(http.StatusConflict, "illegal move: %s does not move any tile", d)
	}
	action := string(d.Letter())
	if auto {
		action = actionAuto + action
	}
	if err := s.commit(r.Context(), sess, action); err != nil {
		return moveReply{}, err
	}
	if auto {
		sess.game.(*game2048Actor).autoMoves++
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
		return s.play2048(r, sess, g, d, false)
	})
}

func (s *Server) undo2048(w http.ResponseWriter, r *http.Request) {
	s.with2048(w, r, true, func(sess *liveGame, g *game2048.Game) (any, error) {
		if !g.Undo() {
			return nil, errorf(http.StatusConflict, "nothing to undo")
		}
		if err := s.commit(r.Context(), sess, actionUndo); err != nil {
			return nil, err
		}
		sess.game.(*game2048Actor).undos++
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

// hint2048 answers the solver's advice and counts it on the game (an H action),
// whoever asks: the advice is only given once it is stored.
func (s *Server) hint2048(w http.ResponseWriter, r *http.Request) {
	s.with2048(w, r, false, func(sess *liveGame, g *game2048.Game) (any, error) {
		h, err := s.analyse2048(r, g)
		if err != nil {
			return nil, err
		}
		if err := s.commit(r.Context(), sess, actionHint); err != nil {
			return nil, err
		}
		sess.game.(*game2048Actor).hints++
		return h, nil
	})
}

func (s *Server) auto2048(w http.ResponseWriter, r *http.Request) {
	s.with2048(w, r, true, func(sess *liveGame, g *game2048.Game) (any, error) {
		h, err := s.analyse2048(r, g)
		if err != nil {
			return nil, err
		}
		d, _ := game2048.ParseDirection(h.Best)
		rep, err := s.play2048(r, sess, g, d, true)
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
		if err := sess.game.(*game2048Actor).submittable(); err != nil {
			return nil, err
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
	if len(s.bests) > maxBests {
		// Each player has keys of their own: forget those the store would be read
		// for anyway.
		for k, o := range s.bests {
			if time.Since(o.read) >= bestTTL {
				delete(s.bests, k)
			}
		}
	}
	return b.score, nil
}

// maxBests is the number of best scores kept in memory past which the stale ones
// are forgotten.
const maxBests = 10000
