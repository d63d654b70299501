package server

import (
	"errors"
	"net/http"

	"github.com/gridgames/gridgames/game2048"
	"github.com/gridgames/gridgames/game2048/solver/exact"
)

// goalSolveCells is the most cells the server solves a next-tile table for on
// the spot (2x3: a tenth of a second); larger boards give next-tile chances only
// from table files.
const goalSolveCells = 6

// perfectStartTiles is how many start tiles a game must have for perfect play:
// the exact tables are solved from the standard start.
const perfectStartTiles = 2

// exactTable returns the score table for g's board, or the API error saying why
// there is none.
func (s *Server) exactTable(r *http.Request, g *game2048.Game) (*exact.Table, error) {
	rules := g.Rules()
	if rules.StartTiles != perfectStartTiles {
		return nil, errorf(CodeConflict, "perfect play is solved for games that start with %d tiles, this one starts with %d", perfectStartTiles, rules.StartTiles)
	}
	t, err := s.exact2048.Table(r.Context(), rules.Rows, rules.Cols, rules.FourChance, 0)
	switch {
	case err == nil:
		return t, nil
	case errors.Is(err, exact.ErrTooBig):
		detail := err.Error()
		if e, ok := errors.AsType[*exact.Error](err); ok {
			detail = e.Detail
		}
		return nil, errorf(CodeConflict, "perfect play: %s", detail)
	case errors.Is(err, exact.ErrNoTable):
		return nil, errorf(CodeConflict, "perfect play: no %s table on this server (gridgames 2048 solve --rows %d --cols %d --out DIR/%s, then serve with --tables DIR)",
			exact.FileName(rules.Rows, rules.Cols, rules.FourChance, 0), rules.Rows, rules.Cols, exact.FileName(rules.Rows, rules.Cols, rules.FourChance, 0))
	case r.Context().Err() != nil:
		return nil, r.Context().Err()
	}
	return nil, err
}

// perfect2048 answers a hint from the exact tables.
func (s *Server) perfect2048(r *http.Request, g *game2048.Game) (hint, error) {
	t, err := s.exactTable(r, g)
	if err != nil {
		return hint{}, err
	}
	b := g.Board()
	mv, err := t.Moves(b)
	if err != nil {
		return hint{}, err // every position of a game from the standard start is in the table
	}
	best, ok, _ := t.Best(b)
	if !ok {
		return hint{}, errorf(CodeGameOver, "the game is over: no move changes the board")
	}
	v, _ := t.Value(b)
	h := hint{Best: best.String(), Values: map[string]float64{}, Perfect: true, ExpectedScore: &v}
	for _, d := range game2048.Directions {
		if mv[d].Legal {
			h.Values[d.String()] = mv[d].Value
		}
	}
	rules := g.Rules()
	if next := b.MaxTile() + 1; next <= 15 {
		if gt, err := s.goals2048.Table(r.Context(), rules.Rows, rules.Cols, rules.FourChance, next.Value()); err == nil {
			if gm, err := gt.Moves(b); err == nil {
				h.NextTile, h.NextTileChances = next.Value(), map[string]float64{}
				for _, d := range game2048.Directions {
					if gm[d].Legal {
						h.NextTileChances[d.String()] = gm[d].Value
					}
				}
			}
		}
	}
	return h, nil
}

// reviewMove is one move of a finished game that lost expected score.
type reviewMove struct {
	Number int     `json:"number"`
	Board  [][]int `json:"board"`
	Played string  `json:"played"`
	Best   string  `json:"best"`
	Loss   float64 `json:"loss"`
}

// review2048 answers, once the game is over, the moves that lost expected score
// against perfect play, with the expected score of the game's first position.
func (s *Server) review2048(w http.ResponseWriter, r *http.Request) {
	s.with2048(w, r, false, func(_ *liveGame, a *game2048Actor) (any, error) {
		g := a.s.Game()
		if !g.Over() {
			return nil, errorf(CodeConflict, "the review comes once the game is over")
		}
		t, err := s.exactTable(r, g)
		if err != nil {
			return nil, err
		}
		rec := g.Record()
		rev, err := t.Review(rec)
		if err != nil {
			return nil, err
		}
		first, _ := game2048.NewGame(game2048.WithRules(rec.Rules), game2048.WithSeed(rec.Seed))
		expected, _ := t.Value(first.Board())
		out := struct {
			Score         int64        `json:"score"`
			ExpectedScore float64      `json:"expectedScore"`
			Lost          float64      `json:"lost"`
			Mistakes      []reviewMove `json:"mistakes"`
		}{Score: g.Score(), ExpectedScore: expected, Mistakes: []reviewMove{}}
		for _, m := range rev {
			out.Lost += m.Loss
			if m.Loss > 1e-9 {
				out.Mistakes = append(out.Mistakes, reviewMove{Number: m.Number, Board: tileRows(m.Board),
					Played: m.Played.String(), Best: m.Best.String(), Loss: m.Loss})
			}
		}
		return out, nil
	})
}

// tileRows is a board as rows of exponents, as STATE's board.
func tileRows(b game2048.Board) [][]int {
	out := make([][]int, b.Rows())
	for r := range out {
		out[r] = make([]int, b.Cols())
		for c := range out[r] {
			out[r][c] = int(b.At(r, c))
		}
	}
	return out
}
