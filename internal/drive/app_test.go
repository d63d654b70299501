package drive_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/gridgames/gridgames/game2048"
	"github.com/gridgames/gridgames/game2048/solver"
	"github.com/gridgames/gridgames/internal/drive"
	"github.com/gridgames/gridgames/internal/server"
	"github.com/gridgames/gridgames/internal/store"
)

// appServer serves the gridgames web app over a fresh SQLite file.
func appServer(t *testing.T) *httptest.Server {
	t.Helper()
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "games.db"))
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(server.New(st, server.Options{}).Handler())
	t.Cleanup(func() {
		srv.Close()
		st.Close()
	})
	return srv
}

// appGame is the server's view of the page's game (GET /api/2048/games/{id}).
type appGame struct {
	Board [][]int `json:"board"`
	Score int64   `json:"score"`
	Moves int     `json:"moves"`
	Won   bool    `json:"won"`
	Over  bool    `json:"over"`
}

// serverGame asks the server for the game the page plays (its id is in the
// page's localStorage).
func serverGame(t *testing.T, tab context.Context, base string) appGame {
	t.Helper()
	id, err := chromedp.Run(tab, chromedp.Evaluate[string](`JSON.parse(localStorage.getItem('gridgames:2048')).id`))
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.Get(base + "/api/2048/games/" + id)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var body struct {
		State appGame `json:"state"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&body); err != nil {
		t.Fatal(err)
	}
	return body.State
}

func sameBoard(b game2048.Board, rows [][]int) bool {
	if len(rows) != b.Rows() {
		return false
	}
	for r, row := range rows {
		if len(row) != b.Cols() {
			return false
		}
		for c, e := range row {
			if game2048.Tile(e) != b.At(r, c) {
				return false
			}
		}
	}
	return true
}

// newAppGame starts a game of the given size and win tile through the page's
// settings dialog, as a person would.
const newAppGame = `(async () => {
	const until = async (what, ok) => {
		for (let i = 0; i < 400 && !ok(); i++) await new Promise((r) => setTimeout(r, 25));
		if (!ok()) throw new Error('timed out waiting for ' + what);
	};
	await until('the first game', () => document.querySelectorAll('#tiles .tile').length >= 2);
	document.getElementById('settings').click();
	const f = document.getElementById('settings-form').elements;
	f.rows.value = 3; f.cols.value = 3; f.win.value = '16';
	document.querySelector('#settings-form button[value=ok]').click();
	await until('the 3x3 game', () => document.querySelectorAll('#bg i').length === 9 && document.querySelectorAll('#tiles .tile').length >= 2);
	return true;
})()`

// The solver plays a whole 3x3 game on the web app (second adapter: the
// gridgames layout), winning at 16 and keeping going through the win dialog,
// to the game-over dialog. The page's figures are the server's.
func TestAppPlaysToTheEnd(t *testing.T) {
	srv := appServer(t)
	var tab context.Context
	p := open(t, t.Context(), srv.URL+"/2048", drive.Options{ReducedMotion: true, Prepare: func(ctx context.Context) error {
		tab = ctx
		_, err := chromedp.Run(ctx, chromedp.Evaluate[bool](newAppGame, chromedp.EvalAwaitPromise))
		return err
	}})
	if p.Layout() != drive.LayoutGridgames || p.Rows() != 3 || p.Cols() != 3 {
		t.Fatalf("layout %v, %dx%d; want gridgames 3x3", p.Layout(), p.Rows(), p.Cols())
	}
	wonAt := 0
	stats, err := solver.New(solver.Options{Depth: 1, Workers: 1}).Play(t.Context(), p, func(_ solver.Analysis, res game2048.MoveResult) {
		if res.Won {
			wonAt = p.Moves()
		}
	})
	if err != nil {
		t.Fatalf("play: %v (after %d moves)", err, p.Moves())
	}
	t.Logf("%d moves: score %d, max tile %d, won at move %d", stats.Moves, stats.Score, stats.MaxTile, wonAt)
	got := serverGame(t, tab, srv.URL)
	if !got.Over || !got.Won || wonAt == 0 || !p.Won() || got.Score != p.Score() || got.Moves != p.Moves() || !sameBoard(p.Board(), got.Board) {
		t.Fatalf("server %+v; page: board %v, score %d, %d moves, won %v (at move %d)", got, p.Board(), p.Score(), p.Moves(), p.Won(), wonAt)
	}
	if open, err := chromedp.Run(tab, chromedp.Evaluate[string](`document.getElementById('dlg-end').open ? document.getElementById('end-title').textContent : ''`)); err != nil || open != "Game over" {
		t.Fatalf("end dialog %q, %v", open, err)
	}
}

// With the app's animations (slides, pops) every move is read whole: after each
// one the page's board and score are the server's.
func TestAppAnimatedMoves(t *testing.T) {
	srv := appServer(t)
	var tab context.Context
	p := open(t, t.Context(), srv.URL+"/2048", drive.Options{Prepare: func(ctx context.Context) error { tab = ctx; return nil }})
	if p.Layout() != drive.LayoutGridgames || p.Rows() != 4 || p.Cols() != 4 {
		t.Fatalf("layout %v, %dx%d; want gridgames 4x4", p.Layout(), p.Rows(), p.Cols())
	}
	const moves = 24
	stats, err := solver.New(solver.Options{Depth: 1, Workers: 1}).Play(t.Context(), stopAfter{p, moves}, func(_ solver.Analysis, res game2048.MoveResult) {
		got := serverGame(t, tab, srv.URL)
		if got.Moves != p.Moves() || got.Score != p.Score() || !sameBoard(p.Board(), got.Board) || res.Spawn == nil {
			t.Fatalf("move %d (%v): server %+v; page %v score %d, spawn %v", p.Moves(), res.Direction, got, p.Board(), p.Score(), res.Spawn)
		}
	})
	if err != nil || stats.Moves != moves {
		t.Fatalf("play: %+v, %v", stats, err)
	}
}
