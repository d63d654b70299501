package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/gridgames/gridgames/internal/store"
	"github.com/gridgames/gridgames/othello"
	"github.com/gridgames/gridgames/othello/engine"
)

// paramsOthello is what an Othello game is created from (stored as JSON).
// Players are 0 for a person and 1 to engine.MaxLevel for the computer.
type paramsOthello struct {
	Size       int    `json:"size"`
	Start      string `json:"start,omitempty"` // board text; empty for the standard start
	Transcript string `json:"transcript,omitempty"`
	Black      int    `json:"black"`
	White      int    `json:"white"`
}

// othelloActor is a live Othello game. Its actions are square names (moves by a
// person or the computer), "undo" and "redo".
type othelloActor struct {
	g       *othello.Game
	players [2]int // by colour: 0 a person, else a level
}

func (a *othelloActor) computerToMove() bool {
	return !a.g.Over() && a.players[a.g.Turn()] > 0
}

// humans reports whether at least one side is a person.
func (a *othelloActor) humans() bool { return a.players[0] == 0 || a.players[1] == 0 }

// undo takes back a move; against the computer it goes on until a person is to
// move, so one undo takes back the computer's reply and the person's move.
func (a *othelloActor) undo() bool {
	if !a.g.Undo() {
		return false
	}
	for a.humans() && a.computerToMove() && a.g.CanUndo() {
		a.g.Undo()
	}
	return true
}

// redo is undo's mirror.
func (a *othelloActor) redo() bool {
	if !a.g.Redo() {
		return false
	}
	for a.humans() && a.computerToMove() && a.g.CanRedo() {
		a.g.Redo()
	}
	return true
}

func (a *othelloActor) apply(action string) error {
	switch action {
	case "undo":
		if !a.undo() {
			return errors.New("nothing to undo")
		}
		return nil
	case "redo":
		if !a.redo() {
			return errors.New("nothing to redo")
		}
		return nil
	}
	return a.g.PlayText(action)
}

func (a *othelloActor) summary() store.Summary {
	b, w := a.g.Counts()
	return store.Summary{Score: int64(b - w), Over: a.g.Over()}
}

func rebuildOthello(params []byte) (actor, error) {
	var p paramsOthello
	if err := json.Unmarshal(params, &p); err != nil {
		return nil, fmt.Errorf("stored othello params: %w", err)
	}
	return newOthelloActor(p)
}

func newOthelloActor(p paramsOthello) (*othelloActor, error) {
	opts := []othello.Option{othello.WithSize(p.Size)}
	if p.Start != "" {
		pos, err := othello.ParsePosition(p.Start)
		if err != nil {
			return nil, err
		}
		if pos.Size() != p.Size {
			return nil, fmt.Errorf("board text is %dx%d, not %dx%d", pos.Size(), pos.Size(), p.Size, p.Size)
		}
		opts = []othello.Option{othello.WithPosition(pos)}
	}
	if p.Transcript != "" {
		opts = append(opts, othello.WithTranscript(p.Transcript))
	}
	g, err := othello.NewGame(opts...)
	if err != nil {
		return nil, err
	}
	return &othelloActor{g: g, players: [2]int{p.Black, p.White}}, nil
}

// stateOthello is an Othello game as the API shows it. Boards are rows of 'X'
// (black), 'O' (white) and '-' (empty), top row (row 1) first.
type stateOthello struct {
	ID         string          `json:"id"`
	Size       int             `json:"size"`
	Board      []string        `json:"board"`
	Turn       string          `json:"turn"` // "black" or "white"; "none" once over
	Legal      []string        `json:"legal"`
	Last       string          `json:"last"`   // last move in effect, "" if none
	Passed     string          `json:"passed"` // the side whose forced pass was the last ply, or ""
	Black      int             `json:"black"`
	White      int             `json:"white"`
	Over       bool            `json:"over"`
	Result     string          `json:"result,omitempty"`
	Winner     string          `json:"winner,omitempty"`
	Players    map[string]int  `json:"players"` // 0 a person, else the computer's level
	Computer   bool            `json:"computerToMove"`
	CanUndo    bool            `json:"canUndo"`
	CanRedo    bool            `json:"canRedo"`
	Transcript string          `json:"transcript"`
	Text       string          `json:"text"` // board text of the current position
	GameText   string          `json:"gameText"`
	History    []othelloPly    `json:"history"`
	Hint       []othelloValued `json:"hint,omitempty"`
}

// othelloPly is one position of the game's history: the ply that led to it and the
// board after it.
type othelloPly struct {
	Move  string   `json:"move"` // "" for the start, "pass" for a pass
	Board []string `json:"board"`
	Turn  string   `json:"turn"`
}

type othelloValued struct {
	Move  string   `json:"move"`
	Score float64  `json:"score"`
	Exact bool     `json:"exact"`
	PV    []string `json:"pv"`
}

func boardRows(pos othello.Position) []string {
	n := pos.Size()
	rows := make([]string, n)
	b := make([]byte, n)
	for r := range n {
		for c := range n {
			b[c] = pos.At(othello.SquareAt(c, r)).Char()
		}
		rows[r] = string(b)
	}
	return rows
}

func squareNames(sqs []othello.Square) []string {
	out := make([]string, len(sqs))
	for i, sq := range sqs {
		out[i] = sq.String()
	}
	return out
}

func othelloState(sess *session) stateOthello {
	a := sess.game.(*othelloActor)
	g := a.g
	pos := g.Position()
	b, w := g.Counts()
	st := stateOthello{ID: sess.id, Size: g.Size(), Board: boardRows(pos), Turn: g.Turn().String(),
		Legal: squareNames(g.LegalMoves()), Black: b, White: w, Over: g.Over(),
		Players:  map[string]int{"black": a.players[othello.Black], "white": a.players[othello.White]},
		Computer: a.computerToMove(), CanUndo: g.CanUndo(), CanRedo: g.CanRedo(),
		Transcript: g.Transcript(), Text: pos.String(), GameText: g.String()}
	if last := g.LastMove(); last != othello.Pass {
		st.Last = last.String()
	}
	if g.LastWasPass() {
		st.Passed = g.Turn().Other().String()
	}
	if res, over := g.Result(); over {
		st.Turn, st.Legal = "none", []string{}
		st.Result, st.Winner = res.String(), res.Winner.String()
		if plies := g.Plies(); len(plies) > 0 && plies[len(plies)-1] == othello.Pass {
			st.Passed = ""
		}
	}
	plies := g.Plies()
	st.History = make([]othelloPly, len(plies)+1)
	for i := range st.History {
		p := g.PositionAt(i)
		h := othelloPly{Board: boardRows(p), Turn: p.Turn().String()}
		if i > 0 {
			h.Move = plies[i-1].String()
		}
		st.History[i] = h
	}
	return st
}

// parsePlayer reads "human" (or "" / "person") as 0 and "1".."10" or "level N" as a level.
func parsePlayer(side, s string) (int, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	if t == "" || t == "human" || t == "person" {
		return 0, nil
	}
	t = strings.TrimSpace(strings.TrimPrefix(t, "level"))
	n, err := strconv.Atoi(t)
	if err != nil || n < 1 || n > engine.MaxLevel {
		return 0, fmt.Errorf("%s player %q: want human or a level from 1 to %d", side, s, engine.MaxLevel)
	}
	return n, nil
}

type createOthelloRequest struct {
	Size       int    `json:"size"`
	Board      string `json:"board"`
	Transcript string `json:"transcript"`
	Black      string `json:"black"`
	White      string `json:"white"`
}

// maxImport bounds imported board text and transcripts, in bytes.
const maxImport = 512

func (s *Server) createOthello(w http.ResponseWriter, r *http.Request) {
	var req createOthelloRequest
	if err := decode(w, r, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	bad := func(format string, args ...any) { s.fail(w, r, errorf(http.StatusBadRequest, format, args...)) }
	p := paramsOthello{Size: req.Size, Start: strings.TrimSpace(req.Board), Transcript: strings.TrimSpace(req.Transcript)}
	if len(p.Start) > maxImport || len(p.Transcript) > maxImport {
		bad("board text and transcript are limited to %d characters", maxImport)
		return
	}
	if p.Start != "" {
		pos, err := othello.ParsePosition(p.Start)
		if err != nil {
			bad("board text: %v", err)
			return
		}
		if p.Size == 0 {
			p.Size = pos.Size()
		}
		p.Start = pos.String()
	}
	if p.Size == 0 {
		p.Size = 8
	}
	if p.Size != 4 && p.Size != 6 && p.Size != 8 {
		bad("size %d: Othello boards are 4, 6 or 8 squares wide", p.Size)
		return
	}
	var err error
	if p.Black, err = parsePlayer("black", req.Black); err != nil {
		bad("%v", err)
		return
	}
	if p.White, err = parsePlayer("white", req.White); err != nil {
		bad("%v", err)
		return
	}
	a, err := newOthelloActor(p)
	if err != nil {
		bad("%v", err)
		return
	}
	params, _ := json.Marshal(p)
	s.answerCreated(w, r, "othello", params, a, func(sess *session) (any, error) { return othelloState(sess), nil })
}

// withOthello runs f on the Othello game named in the path (see withGame).
func (s *Server) withOthello(w http.ResponseWriter, r *http.Request, write bool, f func(sess *session, a *othelloActor) (any, error)) {
	withGame(s, w, r, "othello", rebuildOthello, write, f)
}

func (s *Server) getOthello(w http.ResponseWriter, r *http.Request) {
	s.withOthello(w, r, false, func(sess *session, a *othelloActor) (any, error) {
		return map[string]any{"state": othelloState(sess)}, nil
	})
}

// othelloMoveReply is the answer to a move: the square, the discs it flipped (for
// the animation) and the state after it.
type othelloMoveReply struct {
	Move    string       `json:"move"`
	Flipped []string     `json:"flipped"`
	State   stateOthello `json:"state"`
}

func (s *Server) playOthello(r *http.Request, sess *session, a *othelloActor, sq othello.Square) (othelloMoveReply, error) {
	before := a.g.Position()
	if err := a.g.Play(sq); err != nil {
		return othelloMoveReply{}, errorf(http.StatusConflict, "illegal move %s: %v", sq, err)
	}
	if err := s.commit(r.Context(), sess, sq.String()); err != nil {
		return othelloMoveReply{}, err
	}
	flips := before.Flips(sq)
	return othelloMoveReply{Move: sq.String(), Flipped: squareNames(othello.Squares(flips)), State: othelloState(sess)}, nil
}

func (s *Server) moveOthello(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Square string `json:"square"`
	}
	if err := decode(w, r, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	s.withOthello(w, r, true, func(sess *session, a *othelloActor) (any, error) {
		if a.g.Over() {
			return nil, errorf(http.StatusConflict, "illegal move: the game is over")
		}
		if a.computerToMove() {
			return nil, errorf(http.StatusConflict, "illegal move: it is the computer's turn (%s)", a.g.Turn())
		}
		sq, err := othello.ParseSquare(req.Square, a.g.Size())
		if err != nil {
			return nil, errorf(http.StatusBadRequest, "square %q: %v", req.Square, err)
		}
		return s.playOthello(r, sess, a, sq)
	})
}

func (s *Server) engineOthello(w http.ResponseWriter, r *http.Request) {
	s.withOthello(w, r, true, func(sess *session, a *othelloActor) (any, error) {
		if a.g.Over() {
			return nil, errorf(http.StatusConflict, "the game is over")
		}
		level := a.players[a.g.Turn()]
		if level == 0 {
			return nil, errorf(http.StatusConflict, "it is a person's turn (%s), not the computer's", a.g.Turn())
		}
		lim, err := engine.LevelLimits(level)
		if err != nil {
			return nil, err
		}
		e, done, err := s.ai.engine(r.Context())
		if err != nil {
			return nil, err
		}
		res, err := e.Search(r.Context(), a.g.Position(), lim)
		done()
		if err != nil {
			return nil, err
		}
		return s.playOthello(r, sess, a, res.Move)
	})
}

func (s *Server) undoOthello(w http.ResponseWriter, r *http.Request) {
	s.historyOthello(w, r, "undo")
}

func (s *Server) redoOthello(w http.ResponseWriter, r *http.Request) {
	s.historyOthello(w, r, "redo")
}

func (s *Server) historyOthello(w http.ResponseWriter, r *http.Request, action string) {
	s.withOthello(w, r, true, func(sess *session, a *othelloActor) (any, error) {
		if err := a.apply(action); err != nil {
			return nil, errorf(http.StatusConflict, "%v", err)
		}
		if err := s.commit(r.Context(), sess, action); err != nil {
			return nil, err
		}
		return map[string]any{"state": othelloState(sess)}, nil
	})
}

func (s *Server) analyzeOthello(w http.ResponseWriter, r *http.Request) {
	s.withOthello(w, r, false, func(sess *session, a *othelloActor) (any, error) {
		if a.g.Over() {
			return nil, errorf(http.StatusConflict, "the game is over: nothing to analyse")
		}
		e, done, err := s.ai.engine(r.Context())
		if err != nil {
			return nil, err
		}
		start := time.Now()
		vals, err := e.Analyze(r.Context(), a.g.Position(), engine.Limits{Time: s.opt.AnalyzeTime, Endgame: 12})
		done()
		if err != nil {
			return nil, err
		}
		out := make([]othelloValued, len(vals))
		for i, v := range vals {
			out[i] = othelloValued{Move: v.Move.String(), Score: v.Score, Exact: v.Exact, PV: squareNames(v.PV)}
		}
		return map[string]any{"moves": out, "elapsedMs": time.Since(start).Milliseconds()}, nil
	})
}
