package server

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/gridgames/gridgames/internal/store"
	"github.com/gridgames/gridgames/othello"
	"github.com/gridgames/gridgames/othello/engine"
	"github.com/gridgames/gridgames/othello/session"
)

// othelloActor is a live Othello game: a thin adapter over its session, which
// owns the game, the seats, the action vocabulary (square names, "undo", "redo",
// seat changes such as "seat white level 5") and the computer's turns. Its params
// are the session's Config as JSON; games stored before seats had names
// ("black":0, "white":3) or seat changes read the same.
type othelloActor struct {
	s *session.Session
}

func (a *othelloActor) apply(action string) error { return a.s.Apply(action) }

func (a *othelloActor) summary() store.Summary {
	b, w := a.s.Game().Counts()
	return store.Summary{Score: int64(b - w), Over: a.s.Over()}
}

func rebuildOthello(params []byte) (actor, error) {
	var cfg session.Config
	if err := json.Unmarshal(params, &cfg); err != nil {
		return nil, fmt.Errorf("stored othello params: %w", err)
	}
	s, err := session.New(cfg)
	if err != nil {
		return nil, fmt.Errorf("stored othello params: %w", err)
	}
	return &othelloActor{s: s}, nil
}

// stateOthello is an Othello game as the API shows it. Boards are rows of the
// board text: 'X' (black), 'O' (white) and '-' (empty), top row (row 1) first.
type stateOthello struct {
	ID         string            `json:"id"`
	Size       int               `json:"size"`
	Board      []string          `json:"board"`
	Turn       string            `json:"turn"` // "black" or "white"; "none" once over
	Legal      []othello.Square  `json:"legal"`
	Last       string            `json:"last"`   // last move in effect, "" if none
	Passed     string            `json:"passed"` // the side whose forced pass was the last ply, or ""
	Black      int               `json:"black"`
	White      int               `json:"white"`
	Over       bool              `json:"over"`
	Result     string            `json:"result,omitempty"`
	Winner     string            `json:"winner,omitempty"`
	Players    map[string]int    `json:"players"` // the seats now: 0 a person (or the Perfect player), else the computer's level
	Seats      map[string]string `json:"seats"`   // the seats now by name: "human", "level 3", "perfect"
	Computer   bool              `json:"computerToMove"`
	CanUndo    bool              `json:"canUndo"`
	CanRedo    bool              `json:"canRedo"`
	Transcript string            `json:"transcript"`
	Text       othello.Position  `json:"text"` // board text of the current position
	GameText   string            `json:"gameText"`
	GGF        string            `json:"ggf"` // the game as a GGF record, for export
	History    []othelloPly      `json:"history"`
}

// othelloPly is one position of the game's history: the ply that led to it and the
// board after it.
type othelloPly struct {
	Move  string   `json:"move"` // "" for the start, "pass" for a pass
	Board []string `json:"board"`
	Turn  string   `json:"turn"`
}

// boardRows cuts the position's board text (see othello.Position.String) into
// its rows.
func boardRows(pos othello.Position) []string {
	n := pos.Size()
	text, _, _ := strings.Cut(pos.String(), " ")
	rows := make([]string, n)
	for r := range rows {
		rows[r] = text[r*n : (r+1)*n]
	}
	return rows
}

func othelloState(sess *liveGame) stateOthello {
	a := sess.game.(*othelloActor)
	g := a.s.Game()
	pos := g.Position()
	b, w := g.Counts()
	st := stateOthello{ID: sess.id, Size: g.Size(), Board: boardRows(pos), Turn: g.Turn().String(),
		Legal: g.LegalMoves(), Black: b, White: w, Over: g.Over(),
		Players: map[string]int{"black": a.s.Seat(othello.Black).Level(),
			"white": a.s.Seat(othello.White).Level()},
		Seats: map[string]string{"black": a.s.Seat(othello.Black).String(),
			"white": a.s.Seat(othello.White).String()},
		Computer: a.s.ComputerToMove(), CanUndo: a.s.CanUndo(), CanRedo: a.s.CanRedo(),
		Transcript: g.Transcript(), Text: pos, GameText: g.String(), GGF: ggfOf(a)}
	if last := g.LastMove(); last != othello.Pass {
		st.Last = last.String()
	}
	if g.LastWasPass() {
		st.Passed = g.Turn().Other().String()
	}
	if res, over := g.Result(); over {
		st.Turn, st.Legal = "none", []othello.Square{}
		st.Result, st.Winner = res.String(), res.Winner.String()
		st.Passed = "" // the game ended: no one passes
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

type createOthelloRequest struct {
	Size       int    `json:"size"`
	Board      string `json:"board"`
	Transcript string `json:"transcript"`
	// Import is board text, a transcript or a GGF record, told apart on the
	// server (see importOthello); it takes the place of Board and Transcript.
	Import *string `json:"import"`
	Black  string  `json:"black"`
	White  string  `json:"white"`
}

// maxImport bounds imported board text and transcripts, in bytes.
const maxImport = 512

// seatOf reads the seat a request names for colour; empty means a person. The web
// app seats people, levels and the Perfect player (which the session refuses on
// 8x8), not the match baselines.
func seatOf(colour, text string) (session.Seat, error) {
	if strings.TrimSpace(text) == "" {
		return session.Human, nil
	}
	seat, err := session.ParseSeat(text)
	if err != nil {
		return seat, errorf(CodeBadRequest, "%s: %s", colour, readable(err))
	}
	if !seat.IsHuman() && !seat.IsPerfect() && (seat.Level() == 0 || seat.IsClassic()) {
		return seat, errorf(CodeBadRequest, "%s: %q plays engine matches only; want human, a level from %d to %d or perfect (4x4 and 6x6)",
			colour, text, minLevel, engine.MaxLevel)
	}
	return seat, nil
}

func (s *Server) createOthello(w http.ResponseWriter, r *http.Request) {
	var req createOthelloRequest
	if err := decode(w, r, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	cfg := session.Config{Size: req.Size, Start: strings.TrimSpace(req.Board), Transcript: strings.TrimSpace(req.Transcript)}
	if len(cfg.Start) > maxImport || len(cfg.Transcript) > maxImport {
		s.fail(w, r, errorf(CodeBadRequest, "board text and transcript are limited to %d characters", maxImport))
		return
	}
	if err := checkImport(req); err != nil {
		s.fail(w, r, err)
		return
	}
	var err error
	if cfg.Black, err = seatOf("black", req.Black); err != nil {
		s.fail(w, r, err)
		return
	}
	if cfg.White, err = seatOf("white", req.White); err != nil {
		s.fail(w, r, err)
		return
	}
	var ses *session.Session
	if req.Import != nil {
		ses, err = importOthello(*req.Import, req.Size, cfg.Black, cfg.White)
	} else if ses, err = session.New(cfg); err != nil {
		err = invalidStart(err)
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	params, err := json.Marshal(ses.Config())
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.answerCreated(w, r, "othello", params, &othelloActor{s: ses},
		func(sess *liveGame) (any, error) { return othelloState(sess), nil })
}

// withOthello runs f on the Othello game named in the path (see withGame).
func (s *Server) withOthello(w http.ResponseWriter, r *http.Request, write bool, f func(sess *liveGame, a *othelloActor) (any, error)) {
	withGame(s, w, r, "othello", rebuildOthello, write, f)
}

func (s *Server) getOthello(w http.ResponseWriter, r *http.Request) {
	s.withOthello(w, r, false, func(sess *liveGame, a *othelloActor) (any, error) {
		return map[string]any{"state": othelloState(sess)}, nil
	})
}

// othelloMoveReply is the answer to a move: the square, the discs it flipped (for
// the animation) and the state after it.
type othelloMoveReply struct {
	Move    othello.Square   `json:"move"`
	Flipped []othello.Square `json:"flipped"`
	State   stateOthello     `json:"state"`
}

// played commits the move sq, just played from before, and answers it.
func (s *Server) played(r *http.Request, sess *liveGame, before othello.Position, sq othello.Square) (othelloMoveReply, error) {
	if err := s.commit(r.Context(), sess, sq.String()); err != nil {
		return othelloMoveReply{}, err
	}
	return othelloMoveReply{Move: sq, Flipped: othello.Squares(before.Flips(sq)), State: othelloState(sess)}, nil
}

func (s *Server) moveOthello(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Square string `json:"square"`
	}
	if err := decode(w, r, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	s.withOthello(w, r, true, func(sess *liveGame, a *othelloActor) (any, error) {
		sq, err := othello.ParseSquare(req.Square, a.s.Game().Size())
		if err != nil {
			return nil, clientError(err)
		}
		before := a.s.Position()
		if err := a.s.Play(sq); err != nil {
			return nil, clientError(err)
		}
		return s.played(r, sess, before, sq)
	})
}

func (s *Server) engineOthello(w http.ResponseWriter, r *http.Request) {
	s.withOthello(w, r, true, func(sess *liveGame, a *othelloActor) (any, error) {
		turn, ok := a.s.Turn()
		if !ok {
			// A person's turn, or the end: the session says which.
			_, err := a.s.ComputerMove(r.Context(), nil)
			return nil, clientError(err)
		}
		e, done, err := s.ai.engine(r.Context())
		if err != nil {
			return nil, err
		}
		sq, err := turn.Choose(r.Context(), e)
		done()
		if err != nil {
			return nil, err
		}
		before := a.s.Position()
		if err := a.s.PlayTurn(turn, sq); err != nil {
			return nil, err // the session is locked: nothing can have changed it
		}
		return s.played(r, sess, before, sq)
	})
}

func (s *Server) undoOthello(w http.ResponseWriter, r *http.Request) {
	s.historyOthello(w, r, session.Undo)
}

func (s *Server) redoOthello(w http.ResponseWriter, r *http.Request) {
	s.historyOthello(w, r, session.Redo)
}

func (s *Server) historyOthello(w http.ResponseWriter, r *http.Request, action string) {
	s.withOthello(w, r, true, func(sess *liveGame, a *othelloActor) (any, error) {
		if err := a.s.Apply(action); err != nil {
			return nil, clientError(err)
		}
		if err := s.commit(r.Context(), sess, action); err != nil {
			return nil, err
		}
		return map[string]any{"state": othelloState(sess)}, nil
	})
}

// analysisOthello is the engine's view of every legal move, best first. Exact
// says every value is the exact final disc difference (perfect play).
type analysisOthello struct {
	Moves     []engine.MoveValue `json:"moves"`
	Exact     bool               `json:"exact"`
	ElapsedMs int64              `json:"elapsedMs"`
}

func (s *Server) analyzeOthello(w http.ResponseWriter, r *http.Request) {
	s.withOthello(w, r, false, func(sess *liveGame, a *othelloActor) (any, error) {
		e, done, err := s.ai.engine(r.Context())
		if err != nil {
			return nil, err
		}
		start := time.Now()
		// Exact on 4x4 and 6x6 within PerfectTime, else the engine's estimate.
		vals, exact, err := e.AnalyzePerfect(r.Context(), a.s.Position(), s.opt.PerfectTime,
			engine.Limits{Time: s.opt.AnalyzeTime, Endgame: 12})
		done()
		if err != nil {
			return nil, clientError(err) // engine.ErrNoMove once the game is over
		}
		if vals == nil {
			vals = []engine.MoveValue{}
		}
		return analysisOthello{Moves: vals, Exact: exact, ElapsedMs: time.Since(start).Milliseconds()}, nil
	})
}
