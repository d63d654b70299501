package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/gridgames/gridgames/game2048"
	"github.com/gridgames/gridgames/game2048/session"
	"github.com/gridgames/gridgames/internal/server"
	"github.com/gridgames/gridgames/internal/store"
	"github.com/gridgames/gridgames/othello"
	"github.com/gridgames/gridgames/othello/engine"
)

// limitsServer serves the app with GET /api/limits answered by change applied
// to the server's own limits (nil: as they are), so a test can tell a page that
// reads its bounds from the endpoint from one that has them copied.
func limitsServer(t *testing.T, change func(l map[string]map[string]any)) *httptest.Server {
	t.Helper()
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "games.db"))
	if err != nil {
		t.Fatal(err)
	}
	app := server.New(st, server.Options{}).Handler()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/api/limits" || change == nil {
			app.ServeHTTP(w, r)
			return
		}
		rec := httptest.NewRecorder()
		app.ServeHTTP(rec, r)
		var l map[string]map[string]any
		if err := json.Unmarshal(rec.Body.Bytes(), &l); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		change(l)
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(l)
	}))
	t.Cleanup(func() {
		srv.Close()
		st.Close()
	})
	return srv
}

// pageControls are the bounds the pages' controls show.
type pageControls struct {
	RowsMin, RowsMax, ColsMax, FourMax, NameMax string
	WinTiles                                    []string
	Sizes, Levels                               []string
}

// readControls opens both pages of srv and reads their controls' bounds.
func readControls(t *testing.T, srv *httptest.Server) pageControls {
	t.Helper()
	ctx := browser(t, 1200, 900)
	do(t, ctx, chromedp.Navigate(srv.URL+"/2048"))
	waitFor(t, ctx, "the first tiles", `document.querySelectorAll('#tiles .tile').length >= 2`)
	var c pageControls
	js := eval[string](t, ctx, `(() => { const f = document.getElementById('settings-form').elements;
		return JSON.stringify({RowsMin: f.rows.min, RowsMax: f.rows.max, ColsMax: f.cols.max, FourMax: f.four.max,
			NameMax: String(document.getElementById('end-form').elements.name.maxLength),
			WinTiles: [...f.win.options].map(o => o.value)}) })()`)
	if err := json.Unmarshal([]byte(js), &c); err != nil {
		t.Fatal(err)
	}
	do(t, ctx, chromedp.Navigate(srv.URL+"/othello"))
	waitFor(t, ctx, "the board", `document.querySelectorAll('#oboard .sq.legal').length > 0`)
	c.Sizes = eval[[]string](t, ctx, `[...document.getElementById('new-form').elements.size.options].map(o => o.value)`)
	c.Levels = eval[[]string](t, ctx, `[...document.getElementById('seat-white').options].map(o => o.value)`)
	return c
}

// levels lists the seat values for levels from to to, after "human".
func levels(from, to int) string {
	s := []string{"human"}
	for l := from; l <= to; l++ {
		s = append(s, fmt.Sprint(l))
	}
	return strings.Join(s, " ")
}

// largestFirst writes sizes as the page's size menu lists them.
func largestFirst(sizes []int) []string {
	var s []string
	for _, n := range slices.Backward(slices.Sorted(slices.Values(sizes))) {
		s = append(s, fmt.Sprint(n))
	}
	return s
}

// TestBrowserLimits: the pages build their controls from GET /api/limits: with
// the server's own limits they show the Go constants; with other limits
// served, they show those.
func TestBrowserLimits(t *testing.T) {
	for _, tc := range []struct {
		name   string
		change func(l map[string]map[string]any)
		want   pageControls
	}{
		{"the server's", nil, pageControls{
			RowsMin: fmt.Sprint(game2048.MinSize), RowsMax: fmt.Sprint(game2048.MaxSize), ColsMax: fmt.Sprint(game2048.MaxSize),
			FourMax: "100", NameMax: fmt.Sprint(session.MaxName),
			Sizes: largestFirst(othello.Sizes), Levels: strings.Fields(levels(1, engine.MaxLevel))}},
		{"others served", func(l map[string]map[string]any) {
			l["2048"]["minSize"], l["2048"]["maxSize"], l["2048"]["maxName"] = 3, 9, 12
			l["2048"]["minWinTile"], l["2048"]["maxWinTile"] = 16, 128
			l["othello"]["sizes"], l["othello"]["maxLevel"] = []int{6, 8}, 7
		}, pageControls{RowsMin: "3", RowsMax: "9", ColsMax: "9", FourMax: "100", NameMax: "12",
			WinTiles: []string{"16", "32", "64", "128"},
			Sizes:    []string{"8", "6"}, Levels: strings.Fields(levels(1, 7))}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := readControls(t, limitsServer(t, tc.change))
			if tc.want.WinTiles == nil { // the server's: from its smallest win tile to the menu's 2^20
				for v := game2048.MinWinTile.Value(); v <= 1<<20; v *= 2 {
					tc.want.WinTiles = append(tc.want.WinTiles, fmt.Sprint(v))
				}
			}
			g, _ := json.Marshal(got)
			w, _ := json.Marshal(tc.want)
			if string(g) != string(w) {
				t.Errorf("the pages' controls:\n%s\nwant\n%s", g, w)
			}
		})
	}
}
