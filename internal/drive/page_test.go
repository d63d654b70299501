package drive_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/gridgames/gridgames/game2048"
	"github.com/gridgames/gridgames/game2048/solver"
	"github.com/gridgames/gridgames/internal/drive"
)

// The solver plays a whole 3x3 game on the classic-layout test page (short
// animations, a win at 64 answered with Keep going). After every move the board
// and score read from the page are those of a game2048 game with the same seed
// and moves; at the end the page's own script agrees. GRIDGAMES_SCREENSHOTS=DIR
// saves DIR/drive.png mid-game.
func TestClassicPagePlaysToTheEnd(t *testing.T) {
	const seed, win = 7, 64
	srv := classicServer(t)
	var tab context.Context
	p := open(t, t.Context(), fmt.Sprintf("%s/classic.html?seed=%d&size=3&win=%d&anim=10", srv.URL, seed, win),
		drive.Options{Prepare: func(ctx context.Context) error { tab = ctx; return nil }})
	if p.Layout() != drive.LayoutClassic || p.Rows() != 3 || p.Cols() != 3 {
		t.Fatalf("layout %v, %dx%d; want classic 3x3", p.Layout(), p.Rows(), p.Cols())
	}
	g, err := game2048.NewGame(game2048.WithSize(3, 3), game2048.WithSeed(seed), game2048.WithWinTile(win))
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	stats, played, wonAt := playAlong(t, p, g, 0)
	t.Logf("%d moves in %v: score %d, max tile %d, won at move %d", stats.Moves, time.Since(start).Round(time.Millisecond), stats.Score, stats.MaxTile, wonAt)
	if !p.Over() || !g.Over() || stats.Moves != p.Moves() || stats.Score != p.Score() || stats.MaxTile != g.Board().MaxTile().Value() {
		t.Fatalf("stats %+v; page over %v, %d moves, score %d; replay over %v, max tile %d", stats, p.Over(), p.Moves(), p.Score(), g.Over(), g.Board().MaxTile().Value())
	}
	if !g.Won() || !p.Won() || wonAt == 0 {
		t.Errorf("won: replay %v, page %v, won at move %d", g.Won(), p.Won(), wonAt)
	}

	// What the page's script says it played and scored.
	type pageGame struct {
		Moves string `json:"moves"`
		Score string `json:"score"`
		Over  bool   `json:"over"`
	}
	got, err := chromedp.Run(tab, chromedp.Evaluate[pageGame](`({ moves: classic2048.moves.join(''), score: classic2048.score,
		over: document.querySelector('.game-message').classList.contains('game-over') })`))
	if err != nil {
		t.Fatal(err)
	}
	if got.Moves != played || got.Score != fmt.Sprint(p.Score()) || !got.Over {
		t.Fatalf("page script: %+v; driver: moves %s, score %d", got, played, p.Score())
	}
}

// With the classic game's own timing (100 ms slides, pops and appearances after
// them) every move is read whole too.
func TestClassicPageClassicTiming(t *testing.T) {
	const seed = 11
	srv := classicServer(t)
	p := open(t, t.Context(), fmt.Sprintf("%s/classic.html?seed=%d", srv.URL, seed), drive.Options{})
	g, err := game2048.NewGame(game2048.WithSeed(seed))
	if err != nil {
		t.Fatal(err)
	}
	if stats, _, _ := playAlong(t, p, g, 30); stats.Moves != 30 {
		t.Fatalf("played %d moves, want 30", stats.Moves)
	}
}

// playAlong lets a depth-1 solver play p (up to limit moves; 0: to the end) and
// plays each move on g too, failing the test where the two differ. It returns
// the solver's figures, the moves as letters, and the move that won (0: none).
func playAlong(t *testing.T, p *drive.Page, g *game2048.Game, limit int) (solver.GameStats, string, int) {
	t.Helper()
	if !g.Board().Equal(p.Board()) {
		t.Fatalf("start: page %v, game2048 %v", p.Board(), g.Board())
	}
	var played strings.Builder
	wonAt := 0
	var puzzle game2048.Puzzle = p
	if limit > 0 {
		puzzle = stopAfter{p, limit}
	}
	stats, err := solver.New(solver.Options{Depth: 1, Workers: 1}).Play(t.Context(), puzzle, func(_ solver.Analysis, res game2048.MoveResult) {
		played.WriteByte(res.Direction.Letter())
		n := played.Len()
		want, err := g.Move(res.Direction)
		if err != nil || !want.Moved {
			t.Fatalf("move %d (%v) on game2048: %+v, %v", n, res.Direction, want, err)
		}
		if !g.Board().Equal(p.Board()) || g.Score() != p.Score() || res.Points != want.Points || res.Won != want.Won {
			t.Fatalf("move %d (%v): page %v score %d (+%d, won %v); game2048 %v score %d (+%d, won %v)", n, res.Direction,
				p.Board(), p.Score(), res.Points, res.Won, g.Board(), g.Score(), want.Points, want.Won)
		}
		if res.Spawn == nil || *res.Spawn != *want.Spawn || res.Over != want.Over {
			t.Fatalf("move %d (%v): spawn %v over %v, want %v %v", n, res.Direction, res.Spawn, res.Over, want.Spawn, want.Over)
		}
		if res.Won {
			wonAt = n
		}
		if dir := os.Getenv("GRIDGAMES_SCREENSHOTS"); dir != "" && n == 40 {
			if png, err := p.Screenshot(); err != nil {
				t.Error(err)
			} else if err := os.WriteFile(filepath.Join(dir, "drive.png"), png, 0o644); err != nil {
				t.Error(err)
			}
		}
	})
	if err != nil {
		t.Fatalf("play: %v (after %d moves)", err, played.Len())
	}
	return stats, played.String(), wonAt
}

// stopAfter ends a game after n moves.
type stopAfter struct {
	*drive.Page
	n int
}

func (s stopAfter) Over() bool { return s.Page.Over() || s.Moves() >= s.n }

// A key that changes nothing is a move with Moved false, and the board stays.
func TestClassicPageNoMove(t *testing.T) {
	srv := classicServer(t)
	p := open(t, t.Context(), srv.URL+"/classic.html?seed=3&size=4&anim=30", drive.Options{NoMoveWait: 200 * time.Millisecond})
	// Push everything left, then left again: the second changes nothing.
	for range 6 {
		if p.CanMove(game2048.Left) {
			if res, err := p.Move(game2048.Left); err != nil || !res.Moved {
				t.Fatalf("left: %+v, %v", res, err)
			}
		}
	}
	before := p.Board()
	score := p.Score()
	res, err := p.Move(game2048.Left)
	if err != nil || res.Moved || !p.Board().Equal(before) || p.Score() != score {
		t.Fatalf("left on a board packed left: %+v, %v; board %v (was %v)", res, err, p.Board(), before)
	}
	// The page still answers.
	for _, d := range []game2048.Direction{game2048.Right, game2048.Down, game2048.Up} {
		if !p.CanMove(d) {
			continue
		}
		res, err := p.Move(d)
		if err != nil || !res.Moved || res.Spawn == nil {
			t.Fatalf("%v: %+v, %v", d, res, err)
		}
		break
	}
}

// Sizes come from the page's grid: 2x5 and 6x6 boards are read as such.
func TestClassicPageSizes(t *testing.T) {
	srv := classicServer(t)
	for _, tc := range []struct {
		query      string
		rows, cols int
	}{
		{"rows=2&cols=5", 2, 5},
		{"size=6", 6, 6},
	} {
		t.Run(tc.query, func(t *testing.T) {
			p := open(t, t.Context(), srv.URL+"/classic.html?seed=1&anim=20&"+tc.query, drive.Options{ReducedMotion: true})
			if p.Rows() != tc.rows || p.Cols() != tc.cols {
				t.Fatalf("read %dx%d, want %dx%d", p.Rows(), p.Cols(), tc.rows, tc.cols)
			}
			g, err := game2048.NewGame(game2048.WithSize(tc.rows, tc.cols), game2048.WithSeed(1))
			if err != nil {
				t.Fatal(err)
			}
			if !g.Board().Equal(p.Board()) {
				t.Fatalf("start board %v, game2048 %v", p.Board(), g.Board())
			}
		})
	}
}

// Cancelling the context stops a game in play; the score is the page's.
func TestClassicPageCancel(t *testing.T) {
	srv := classicServer(t)
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	p := open(t, ctx, srv.URL+"/classic.html?seed=5&size=4&anim=60", drive.Options{})
	n := 0
	stats, err := solver.New(solver.Options{Depth: 1, Workers: 1}).Play(ctx, p, func(solver.Analysis, game2048.MoveResult) {
		if n++; n == 10 {
			cancel()
		}
	})
	if err == nil || ctx.Err() == nil {
		t.Fatalf("play after cancel: %+v, %v", stats, err)
	}
	if p.Moves() < 10 || stats.Moves > p.Moves() || p.Score() == 0 {
		t.Fatalf("after cancel: %d moves (solver %d), score %d", p.Moves(), stats.Moves, p.Score())
	}
	if _, err := p.Move(game2048.Left); err == nil {
		t.Fatal("a move after cancel worked")
	}
}

// Pages that do not load, or load without a board, fail with errors that say so.
func TestOpenErrors(t *testing.T) {
	srv := classicServer(t)
	closed := classicServer(t)
	closed.Close()
	for _, tc := range []struct {
		name, url string
		want      error
	}{
		{"refused", closed.URL + "/classic.html", drive.ErrLoad},
		{"not found", srv.URL + "/missing.html", drive.ErrLoad},
		{"no board", srv.URL + "/classic.css", drive.ErrNoBoard},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := drive.Open(t.Context(), tc.url, drive.Options{ExecPath: chromium(t), LoadTimeout: time.Second})
			if err == nil {
				p.Close()
				t.Fatalf("opened %s", tc.url)
			}
			if !errors.Is(err, tc.want) {
				t.Fatalf("error %v, want %v", err, tc.want)
			}
		})
	}
}
