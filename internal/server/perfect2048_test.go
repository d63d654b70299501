package server_test

import (
	"context"
	"strings"
	"testing"

	"github.com/gridgames/gridgames/game2048"
	"github.com/gridgames/gridgames/game2048/solver/exact"
)

// A perfect hint gives the table's exact values; perfect auto-play plays the best
// moves to the end, and the review then finds no move that lost anything.
func TestPerfect2048(t *testing.T) {
	srv, _ := newTestServer(t)
	tb, err := exact.Solve(context.Background(), exact.Config{Rows: 2, Cols: 3, FourChance: 0.1})
	if err != nil {
		t.Fatal(err)
	}
	id, token, state := create(t, srv, "2048", `{"rows":2,"cols":3,"seed":"11"}`)
	code, h := call(t, srv, "POST", "/api/2048/games/"+id+"/hint?perfect=1", "", "")
	if code != 200 || h["perfect"] != true {
		t.Fatalf("hint: %d %v", code, h)
	}
	b := boardOf(t, state)
	mv, _ := tb.Moves(b)
	want, _ := tb.Value(b)
	if h["expectedScore"].(float64) != want {
		t.Errorf("expectedScore %v, table %v", h["expectedScore"], want)
	}
	for _, d := range game2048.Directions {
		v, ok := h["values"].(map[string]any)[d.String()]
		if ok != mv[d].Legal || (ok && v.(float64) != mv[d].Value) {
			t.Errorf("%s: %v, table %+v", d, v, mv[d])
		}
	}
	if _, ok := h["nextTileChances"].(map[string]any); !ok || h["nextTile"] == nil {
		t.Errorf("no next-tile chances on 2x3: %v", h)
	}
	code, out := call(t, srv, "GET", "/api/2048/games/"+id+"/review", "", "")
	if code != 409 || !strings.Contains(out["error"].(string), "over") {
		t.Errorf("review before the end: %d %v", code, out)
	}
	for over := false; !over; {
		code, out := call(t, srv, "POST", "/api/2048/games/"+id+"/auto?perfect=1", token, "")
		if code != 200 {
			t.Fatalf("auto: %d %v", code, out)
		}
		over = out["state"].(map[string]any)["over"].(bool)
	}
	code, out = call(t, srv, "GET", "/api/2048/games/"+id+"/review", "", "")
	if code != 200 || len(out["mistakes"].([]any)) != 0 || out["lost"].(float64) != 0 {
		t.Fatalf("review of perfect play: %d %v", code, out)
	}
}

// Boards without a table are refused with 409 saying why.
func TestPerfect2048NoTable(t *testing.T) {
	srv, _ := newTestServer(t)
	for _, tc := range []struct{ body, says string }{
		{`{"rows":4,"cols":4,"seed":"1"}`, "a 4x4 board has 16 cells, the limit is 9 (3x3)"},
		{`{"rows":2,"cols":5,"seed":"1"}`, "2x5 has"},
		{`{"rows":3,"cols":3,"seed":"1"}`, "gridgames 2048 solve --rows 3 --cols 3"},
	} {
		id, _, _ := create(t, srv, "2048", tc.body)
		code, out := call(t, srv, "POST", "/api/2048/games/"+id+"/hint?perfect=1", "", "")
		if code != 409 || !strings.Contains(out["error"].(string), tc.says) {
			t.Errorf("%s: %d %v", tc.body, code, out)
		}
	}
}

// boardOf reads STATE's board of exponents.
func boardOf(t *testing.T, state map[string]any) game2048.Board {
	t.Helper()
	rows := state["board"].([]any)
	tiles := make([][]game2048.Tile, len(rows))
	for r, row := range rows {
		for _, x := range row.([]any) {
			tiles[r] = append(tiles[r], game2048.Tile(x.(float64)))
		}
	}
	b, err := game2048.BoardOf(tiles)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
