package drive

import (
	"errors"
	"strings"
	"testing"

	"github.com/gridgames/gridgames/game2048"
)

func classic(classes ...string) []rawTile {
	var ts []rawTile
	for _, c := range classes {
		ts = append(ts, rawTile{Class: c})
	}
	return ts
}

// Readings of the page become boards; where tiles share a cell the larger wins.
func TestParseState(t *testing.T) {
	for _, tc := range []struct {
		name   string
		layout Layout
		raw    rawState
		board  string
		score  int64
		err    error
	}{
		{"classic", LayoutClassic, rawState{Found: true, Rows: 2, Cols: 3, Score: "1234",
			Tiles: classic("tile tile-2 tile-position-1-1", "tile tile-2048 tile-position-3-2 tile-new")},
			"2,0,0/0,0,2048", 1234, nil},
		{"classic merge mid-animation", LayoutClassic, rawState{Found: true, Rows: 2, Cols: 2, Score: "8",
			Tiles: classic("tile tile-4 tile-position-1-1", "tile tile-8 tile-position-1-1 tile-merged", "tile tile-4 tile-position-1-1")},
			"8,0/0,0", 8, nil},
		{"classic super tile", LayoutClassic, rawState{Found: true, Rows: 2, Cols: 2, Score: "0",
			Tiles: classic("tile tile-65536 tile-position-2-2 tile-super")}, "0,0/0,65536", 0, nil},
		{"classic no position", LayoutClassic, rawState{Found: true, Rows: 2, Cols: 2, Score: "0",
			Tiles: classic("tile tile-4")}, "", 0, ErrPage},
		{"classic off the grid", LayoutClassic, rawState{Found: true, Rows: 2, Cols: 2, Score: "0",
			Tiles: classic("tile tile-4 tile-position-3-1")}, "", 0, ErrPage},
		{"classic not a power of two", LayoutClassic, rawState{Found: true, Rows: 2, Cols: 2, Score: "0",
			Tiles: classic("tile tile-6 tile-position-1-1")}, "", 0, ErrPage},
		{"not found", LayoutClassic, rawState{Missing: "no .tile-container"}, "", 0, ErrNoBoard},
		{"grid too small", LayoutClassic, rawState{Found: true, Rows: 1, Cols: 4, Score: "0"}, "", 0, ErrPage},
		{"gridgames", LayoutGridgames, rawState{Found: true, Rows: 3, Cols: 2, Score: "12,345",
			Tiles: []rawTile{{Class: "tile t1", Cell: "0,1", Text: "2"}, {Class: "tile tbig new", Cell: "2,0", Text: "4096"}}},
			"0,2/0,0/4096,0", 12345, nil},
		{"gridgames class only", LayoutGridgames, rawState{Found: true, Rows: 2, Cols: 2, Score: "4",
			Tiles: []rawTile{{Class: "tile t3 merged", Cell: "1,1"}}}, "0,0/0,8", 4, nil},
		{"gridgames bad cell", LayoutGridgames, rawState{Found: true, Rows: 2, Cols: 2, Score: "0",
			Tiles: []rawTile{{Cell: "a", Text: "2"}}}, "", 0, ErrPage},
		{"bad score", LayoutGridgames, rawState{Found: true, Rows: 2, Cols: 2, Score: "lots"}, "", 0, ErrPage},
		{"empty score", LayoutGridgames, rawState{Found: true, Rows: 2, Cols: 2, Score: " "}, "", 0, ErrPage},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st, err := parseState(tc.layout, tc.raw)
			if tc.err != nil {
				if !errors.Is(err, tc.err) {
					t.Fatalf("error %v, want %v", err, tc.err)
				}
				var pe *PageError
				if !errors.As(err, &pe) || pe.Kind != tc.err || err.Error() != "drive: "+pe.Reason ||
					!strings.HasPrefix(err.Error(), tc.err.Error()) {
					t.Fatalf("error %q (%T): want a *PageError of kind %v whose Reason is the message without \"drive: \"", err, err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if st.board.String() != tc.board || st.score != tc.score {
				t.Fatalf("board %v score %d, want %s %d", st.board, st.score, tc.board, tc.score)
			}
		})
	}
}

// A reading is the move when it is the rules' slide plus exactly one new tile
// and the score rose by the slide's points; a slide drawn half way (tiles still
// at their old cells) is not.
func TestPredictionMatches(t *testing.T) {
	state := func(board string, score int64) pageState {
		b, err := game2048.ParseBoard(board)
		if err != nil {
			t.Fatal(err)
		}
		return pageState{board: b, score: score}
	}
	for _, tc := range []struct {
		name          string
		before, after pageState
		spawn         *game2048.Spawn
	}{
		{"merge and spawn", state("2,2/0,0", 8), state("4,0/0,2", 12), &game2048.Spawn{At: game2048.Cell{Row: 1, Col: 1}, Tile: 1}},
		{"spawn a 4", state("0,2/0,0", 0), state("2,0/4,0", 0), &game2048.Spawn{At: game2048.Cell{Row: 1, Col: 0}, Tile: 2}},
		{"other rules", state("2,2/0,0", 0), state("2,2/2,0", 0), nil},
		{"two new tiles", state("0,2/0,0", 0), state("2,2/2,0", 0), nil},
		{"no new tile", state("2,2/0,0", 0), state("4,0/0,0", 4), nil},
		{"score not raised", state("2,2/0,0", 0), state("4,0/0,2", 0), nil},
		{"score raised twice", state("2,2/0,0", 0), state("4,0/0,2", 8), nil},
		{"moved tile at its old cell", state("0,2/0,0", 0), state("0,2/2,0", 0), nil},
		{"merge drawn, one half still moving", state("2,2/0,0", 0), state("4,2/0,2", 4), nil},
		{"no move by the rules", state("2,0/4,0", 0), state("2,2/4,0", 0), nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pr := predict(tc.before, game2048.Left)
			s, ok := pr.matches(tc.after)
			if ok != (tc.spawn != nil) || (ok && s != *tc.spawn) {
				t.Fatalf("matches = %v, %v; want spawn %v", s, ok, tc.spawn)
			}
			if !ok && !strings.Contains(pr.mismatch(tc.after), "plus exactly one new tile") {
				t.Fatalf("mismatch text %q", pr.mismatch(tc.after))
			}
		})
	}
}

func TestParseLayout(t *testing.T) {
	for _, tc := range []struct {
		text string
		want Layout
		ok   bool
	}{{"auto", LayoutAuto, true}, {" Classic ", LayoutClassic, true}, {"GRIDGAMES", LayoutGridgames, true}, {"tetris", 0, false}, {"", 0, false}} {
		got, err := ParseLayout(tc.text)
		if (err == nil) != tc.ok || got != tc.want {
			t.Errorf("ParseLayout(%q) = %v, %v", tc.text, got, err)
		}
		if tc.ok && got.String() != layoutNames[got] {
			t.Errorf("String() = %q", got.String())
		}
	}
}
