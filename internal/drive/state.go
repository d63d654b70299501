package drive

import (
	"strconv"
	"strings"
	"unicode"

	"github.com/gridgames/gridgames/game2048"
)

// rawState is what a layout's script (js/*.js) reports about the page.
type rawState struct {
	Found   bool      `json:"found"`
	Missing string    `json:"missing"` // when not found: what is missing
	Rows    int       `json:"rows"`
	Cols    int       `json:"cols"`
	Tiles   []rawTile `json:"tiles"`
	Score   string    `json:"score"`
	Over    bool      `json:"over"` // the game-over message shows
	Won     bool      `json:"won"`  // the win message shows
	Busy    bool      `json:"busy"` // an animation runs on the board
}

// rawTile is one tile element: its classes, and in the gridgames layout its
// data-cell and text.
type rawTile struct {
	Class string `json:"class"`
	Cell  string `json:"cell"`
	Text  string `json:"text"`
}

// pageState is one reading of the page, as a board.
type pageState struct {
	board game2048.Board
	score int64
	over  bool // the page shows its game-over message
	won   bool // the page shows its win message
	busy  bool
}

// parseState makes a board of a reading. Where several tiles share a cell (a
// merge being drawn: the new tile over the two that made it) the largest wins.
func parseState(l Layout, raw rawState) (pageState, error) {
	if !raw.Found {
		return pageState{}, noBoardErrorf(" (%s layout: %s)", l, raw.Missing)
	}
	b, err := game2048.NewBoard(raw.Rows, raw.Cols)
	if err != nil {
		return pageState{}, badPageErrorf(": the grid is %dx%d: %w", raw.Rows, raw.Cols, err)
	}
	for _, t := range raw.Tiles {
		r, c, e, err := l.tile(t)
		if err != nil {
			return pageState{}, err
		}
		if r < 0 || r >= raw.Rows || c < 0 || c >= raw.Cols {
			return pageState{}, badPageErrorf(": a tile at row %d, column %d is off the %dx%d grid", r+1, c+1, raw.Rows, raw.Cols)
		}
		if e > b.At(r, c) {
			b.Set(r, c, e)
		}
	}
	score, err := parseScore(raw.Score)
	if err != nil {
		return pageState{}, err
	}
	return pageState{board: b, score: score, over: raw.Over, won: raw.Won, busy: raw.Busy}, nil
}

// parseScore reads the score's text: digits, perhaps grouped ("12,345", "12 345").
func parseScore(s string) (int64, error) {
	digits := strings.Map(func(r rune) rune {
		switch {
		case r >= '0' && r <= '9':
			return r
		case r == ',' || r == '.' || r == '\'' || unicode.IsSpace(r):
			return -1
		}
		return 'x'
	}, s)
	n, err := strconv.ParseInt(digits, 10, 64)
	if err != nil || n < 0 {
		return 0, badPageErrorf(": score %q is not a number", strings.TrimSpace(s))
	}
	return n, nil
}

// same reports whether two readings show the same game (busy aside).
func (s pageState) same(o pageState) bool {
	return s.score == o.score && s.over == o.over && s.won == o.won && s.board.Equal(o.board)
}
