package server_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"reflect"
	"testing"

	"github.com/gridgames/gridgames/game2048"
	"github.com/gridgames/gridgames/game2048/session"
	"github.com/gridgames/gridgames/game2048/solver/exact"
	"github.com/gridgames/gridgames/othello"
	"github.com/gridgames/gridgames/othello/engine"
)

// TestLimits checks GET /api/limits against the constants the libraries and
// the server validate requests with, and that the bounds it names are the ones
// enforced: a request just inside is taken, one just outside refused.
func TestLimits(t *testing.T) {
	srv, _ := newTestServer(t)
	res, err := srv.Client().Get(srv.URL + "/api/limits")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var got struct {
		G2048 struct {
			MinSize, MaxSize             int
			MinFourChance, MaxFourChance float64
			MinWinTile, MaxWinTile       uint64
			MaxName                      int
			PerfectMaxCells              int
			PerfectStartTiles            int
		} `json:"2048"`
		Othello struct {
			Sizes, PerfectSizes []int
			MinLevel, MaxLevel  int
			MaxImport           int
		}
	}
	if res.StatusCode != http.StatusOK {
		t.Fatalf("status %d", res.StatusCode)
	}
	if err := json.NewDecoder(res.Body).Decode(&got); err != nil {
		t.Fatal(err)
	}
	g := got.G2048
	for _, c := range []struct {
		name      string
		got, want any
	}{
		{"2048 minSize", g.MinSize, game2048.MinSize},
		{"2048 maxSize", g.MaxSize, game2048.MaxSize},
		{"2048 minFourChance", g.MinFourChance, 0.0},
		{"2048 maxFourChance", g.MaxFourChance, 1.0},
		{"2048 minWinTile", g.MinWinTile, game2048.MinWinTile.Value()},
		{"2048 maxWinTile", g.MaxWinTile, game2048.MaxTile.Value()},
		{"2048 maxName", g.MaxName, session.MaxName},
		{"2048 perfectMaxCells", g.PerfectMaxCells, exact.MaxCells},
		{"2048 perfectStartTiles", g.PerfectStartTiles, 2},
		{"othello sizes", got.Othello.Sizes, othello.Sizes},
		{"othello perfectSizes", got.Othello.PerfectSizes, []int{4, 6}},
		{"othello minLevel", got.Othello.MinLevel, 1},
		{"othello maxLevel", got.Othello.MaxLevel, engine.MaxLevel},
	} {
		if !reflect.DeepEqual(c.got, c.want) {
			t.Errorf("%s: %v, want %v", c.name, c.got, c.want)
		}
	}
	for _, n := range got.Othello.PerfectSizes {
		if !engine.PerfectSize(n) {
			t.Errorf("perfectSizes has %d, which engine.PerfectSize refuses", n)
		}
	}

	// The bounds are the ones the API enforces.
	for _, c := range []struct {
		name, kind, body string
		want             int
	}{
		{"2048 smallest board", "2048", fmt.Sprintf(`{"rows":%d,"cols":%d}`, g.MinSize, g.MinSize), http.StatusCreated},
		{"2048 largest board", "2048", fmt.Sprintf(`{"rows":%d,"cols":%d}`, g.MaxSize, g.MaxSize), http.StatusCreated},
		{"2048 board too small", "2048", fmt.Sprintf(`{"rows":%d}`, g.MinSize-1), http.StatusBadRequest},
		{"2048 board too large", "2048", fmt.Sprintf(`{"cols":%d}`, g.MaxSize+1), http.StatusBadRequest},
		{"2048 smallest win tile", "2048", fmt.Sprintf(`{"winTile":%d}`, g.MinWinTile), http.StatusCreated},
		{"2048 win tile too small", "2048", fmt.Sprintf(`{"winTile":%d}`, g.MinWinTile/2), http.StatusBadRequest},
		{"2048 largest win tile", "2048", fmt.Sprintf(`{"winTile":%d}`, g.MaxWinTile), http.StatusCreated},
		{"2048 win tile too large", "2048", fmt.Sprintf(`{"winTile":%d}`, g.MaxWinTile*2), http.StatusBadRequest},
		{"othello weakest level", "othello", fmt.Sprintf(`{"white":"%d"}`, got.Othello.MinLevel), http.StatusCreated},
		{"othello strongest level", "othello", fmt.Sprintf(`{"white":"%d"}`, got.Othello.MaxLevel), http.StatusCreated},
		{"othello level too strong", "othello", fmt.Sprintf(`{"white":"%d"}`, got.Othello.MaxLevel+1), http.StatusBadRequest},
		{"othello level too weak", "othello", fmt.Sprintf(`{"white":"level %d"}`, got.Othello.MinLevel-1), http.StatusBadRequest},
	} {
		t.Run(c.name, func(t *testing.T) {
			if code, out := call(t, srv, "POST", "/api/"+c.kind+"/games", "", c.body); code != c.want {
				t.Errorf("%s: %d %v, want %d", c.body, code, out, c.want)
			}
		})
	}
	for _, n := range got.Othello.Sizes {
		code, out := call(t, srv, "POST", "/api/othello/games", "", fmt.Sprintf(`{"size":%d}`, n))
		if code != http.StatusCreated {
			t.Errorf("othello size %d: %d %v", n, code, out)
		}
	}
}
