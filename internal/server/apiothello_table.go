package server

import (
	"net/http"
	"strconv"
	"time"

	"github.com/gridgames/gridgames/othello"
	"github.com/gridgames/gridgames/othello/engine"
	"github.com/gridgames/gridgames/othello/session"
)

// The Othello table's tools beside play: changing a seat mid-game, the
// evaluation of every position for the page's graph, and the GGF record for
// export.

// seatsRequest names the seats to change; a colour left out keeps its seat.
type seatsRequest struct {
	Black *string `json:"black"`
	White *string `json:"white"`
}

// seatsOthello changes who plays a colour from now on (a level, or a person
// taking over from the computer, or the reverse): each change is a session
// action ("seat white level 5"), committed like a move, so a reloaded game has
// the seats as they were last set.
func (s *Server) seatsOthello(w http.ResponseWriter, r *http.Request) {
	var req seatsRequest
	if err := decode(w, r, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	if req.Black == nil && req.White == nil {
		s.fail(w, r, errorf(CodeBadRequest, `name a seat to change: {"black":"level 5"} or {"white":"human"}`))
		return
	}
	type change struct {
		colour othello.Color
		seat   session.Seat
	}
	var changes []change
	for _, c := range []struct {
		colour othello.Color
		text   *string
	}{{othello.Black, req.Black}, {othello.White, req.White}} {
		if c.text == nil {
			continue
		}
		seat, err := seatOf(c.colour.String(), *c.text)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		changes = append(changes, change{c.colour, seat})
	}
	s.withOthello(w, r, true, func(sess *liveGame, a *othelloActor) (any, error) {
		if a.s.Over() {
			return nil, errorf(CodeGameOver, "the game is over: its seats no longer change")
		}
		for _, c := range changes {
			if a.s.Seat(c.colour) == c.seat {
				continue // nothing to store
			}
			if err := a.s.SetSeat(c.colour, c.seat); err != nil {
				return nil, clientError(err)
			}
			if err := s.commit(r.Context(), sess, session.SeatAction(c.colour, c.seat)); err != nil {
				return nil, err
			}
		}
		return map[string]any{"state": othelloState(sess)}, nil
	})
}

// evalLimits is the cheap search that values each position for the graph:
// 8 plies deep, where the learned evaluation's values agree with the deeper
// searches and the book (at 6 it valued the start -1.6, at 8 to 12 within 0.8 of
// the draw), exact near the end. 40 plies of a game took 0.4 s of one CPU (0.23 s
// at depth 6).
var evalLimits = engine.Limits{Depth: 8, Endgame: 14}

// othelloEval is the value of one position of the game, in discs from black's
// side (positive: black ahead); exact when the search solved it to the end.
type othelloEval struct {
	Ply   int     `json:"ply"`
	Score float64 `json:"score"`
	Exact bool    `json:"exact"`
}

// evaluationsOthello values the positions of the game from ply ?from= (default
// 0) on, for the page's graph, within the analysis budget: a reply that ran out
// of time holds the first positions only, and the page asks again for the rest.
// The game is only read (no token), and it is not held locked while the engine
// works, so moves go on meanwhile; transcript says which line was valued.
func (s *Server) evaluationsOthello(w http.ResponseWriter, r *http.Request) {
	from := 0
	if q := r.URL.Query().Get("from"); q != "" {
		n, err := strconv.Atoi(q)
		if err != nil || n < 0 {
			s.fail(w, r, errorf(CodeBadRequest, "from=%q: want a ply number, 0 for the start", q))
			return
		}
		from = n
	}
	sess, err := s.load(r.Context(), "othello", r.PathValue("id"), rebuildOthello)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	g := sess.game.(*othelloActor).s.Game()
	n := len(g.Plies()) + 1
	var positions []othello.Position
	for i := from; i < n; i++ {
		positions = append(positions, g.PositionAt(i))
	}
	transcript := g.Transcript()
	sess.mu.Unlock()
	if from > n {
		s.fail(w, r, errorf(CodeBadRequest, "from=%d: the game has plies 0 to %d", from, n-1))
		return
	}
	out := struct {
		Evaluations []othelloEval `json:"evaluations"`
		Plies       int           `json:"plies"`
		Depth       int           `json:"depth"`
		Transcript  string        `json:"transcript"`
		ElapsedMs   int64         `json:"elapsedMs"`
	}{Evaluations: []othelloEval{}, Plies: n, Depth: evalLimits.Depth, Transcript: transcript}
	start := time.Now()
	var e *engine.Engine
	done := func() {}
	defer func() { done() }()
	for i, pos := range positions {
		if time.Since(start) > s.opt.AnalyzeTime {
			break
		}
		v := othelloEval{Ply: from + i}
		if pos.MustPass() {
			pos = pos.Pass()
		}
		score, _, inTable := engine.DefaultOpening(pos.Size()).Lookup(pos)
		switch {
		case pos.Over():
			v.Score, v.Exact = float64(pos.Score()), true
		case inTable: // exact, from the opening table of a small board
			v.Score, v.Exact = float64(score), true
			if pos.Turn() == othello.White {
				v.Score = -v.Score
			}
		default:
			if e == nil {
				if e, done, err = s.ai.engine(r.Context()); err != nil {
					s.fail(w, r, err)
					return
				}
			}
			res, err := e.Search(r.Context(), pos, evalLimits)
			if err != nil {
				s.fail(w, r, err)
				return
			}
			v.Score, v.Exact = res.Score, res.Exact
			if pos.Turn() == othello.White {
				v.Score = -v.Score
			}
		}
		out.Evaluations = append(out.Evaluations, v)
	}
	out.ElapsedMs = time.Since(start).Milliseconds()
	writeJSON(w, http.StatusOK, out)
}

// ggfOf writes the game as a GGF record (what NBoard and Edax read): the start,
// every ply with passes as PA, the current seats as the players' names, and the
// result once over (black's disc difference, "0" for a draw), else "?".
func ggfOf(a *othelloActor) string {
	g := a.s.Game()
	rec := othello.GGF{Start: g.Start(), Place: "gridgames", Result: "?",
		Black: a.s.Seat(othello.Black).String(), White: a.s.Seat(othello.White).String()}
	for _, sq := range g.Plies() {
		rec.Moves = append(rec.Moves, othello.GGFMove{Square: sq})
	}
	if res, over := g.Result(); over {
		rec.Result = strconv.Itoa(res.Score)
		if res.Score > 0 {
			rec.Result = "+" + rec.Result
		}
	}
	return rec.String()
}
