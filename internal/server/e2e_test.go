package server_test

// Browser tests: the real server (real SQLite file) driven through headless
// Chromium with chromedp. They skip when Chromium is missing, unless
// GRIDGAMES_E2E=1 demands them. GRIDGAMES_SCREENSHOTS=DIR also saves screenshots
// of both games on a desktop and a phone viewport, light and dark.

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

func chromiumPath(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("GRIDGAMES_E2E") == "1" {
		t.Fatal("GRIDGAMES_E2E=1 but no Chromium found (apt-get install -y chromium)")
	}
	t.Skip("browser test skipped: no Chromium (apt-get install -y chromium, or set GRIDGAMES_E2E=1 to require it)")
	return ""
}

// browser starts headless Chromium and returns a tab context.
func browser(t *testing.T, width, height int) context.Context {
	t.Helper()
	path := chromiumPath(t)
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.NoSandbox,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("hide-scrollbars", true),
		chromedp.WindowSize(width, height),
	)
	// A loaded machine occasionally fails a browser start; try again before failing.
	var err error
	for attempt := range 3 {
		actx, cancel := chromedp.NewExecAllocator(context.Background(), append(opts, chromedp.UserDataDir(t.TempDir()))...)
		ctx, cancel2 := chromedp.NewContext(actx)
		ctx, cancel3 := context.WithTimeout(ctx, 3*time.Minute)
		if err = chromedp.Do(ctx, chromedp.Navigate("about:blank")); err == nil {
			t.Cleanup(func() { cancel3(); cancel2(); cancel() })
			return ctx
		}
		cancel3()
		cancel2()
		cancel()
		t.Logf("start chromium (attempt %d): %v", attempt+1, err)
	}
	t.Fatalf("start chromium: %v", err)
	return nil
}

func do(t *testing.T, ctx context.Context, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	if err := chromedp.Do(ctx, steps...); err != nil {
		t.Fatal(err)
	}
}

func eval[T any](t *testing.T, ctx context.Context, js string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js))
	if err != nil {
		t.Fatalf("evaluate %s: %v", js, err)
	}
	return v
}

// waitFor polls a JavaScript predicate until it holds.
func waitFor(t *testing.T, ctx context.Context, what, js string) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		if ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool]("!!("+js+")")); err == nil && ok {
			return
		}
		time.Sleep(40 * time.Millisecond)
	}
	t.Fatalf("timed out waiting for %s (%s)", what, js)
}

func key(t *testing.T, ctx context.Context, k string) {
	t.Helper()
	do(t, ctx, chromedp.KeyEvent(k))
}

// state2048 reads the page's game from the API, as the page sees it.
type pageState struct {
	ID    string  `json:"id"`
	Score int64   `json:"score"`
	Moves int     `json:"moves"`
	Board [][]int `json:"board"`
	Won   bool    `json:"won"`
	Over  bool    `json:"over"`
}

// fetchState reads the state of the page's current game of a kind from the API.
func fetchState[T any](t *testing.T, ctx context.Context, kind string) T {
	t.Helper()
	js := `fetch('/api/` + kind + `/games/' + JSON.parse(localStorage.getItem('gridgames:` + kind + `')).id).then(r => r.json()).then(j => JSON.stringify(j.state))`
	s, err := chromedp.Run(ctx, chromedp.Evaluate[string](js, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	var st T
	if err := json.Unmarshal([]byte(s), &st); err != nil {
		t.Fatal(err)
	}
	return st
}

func fetch2048(t *testing.T, ctx context.Context) pageState {
	return fetchState[pageState](t, ctx, "2048")
}

// tilesOnPage reads the tiles drawn on the page as a board of exponents.
func tilesOnPage(t *testing.T, ctx context.Context) string {
	return eval[string](t, ctx, `[...document.querySelectorAll('#tiles .tile')].map(e => e.dataset.cell + '=' + e.textContent).sort().join(' ')`)
}

func boardText(b [][]int) string {
	var parts []string
	for r, row := range b {
		for c, v := range row {
			if v > 0 {
				parts = append(parts, fmt.Sprintf("%d,%d=%d", r, c, 1<<v))
			}
		}
	}
	// sort as the page does: lexicographically
	for i := range parts {
		for j := i + 1; j < len(parts); j++ {
			if parts[j] < parts[i] {
				parts[i], parts[j] = parts[j], parts[i]
			}
		}
	}
	return strings.Join(parts, " ")
}

// pageIdle holds once the 2048 page has no intent waiting or in flight (the
// board is aria-busy while it has, see pump in 2048.js): every key sent so far
// has had its answer drawn.
const pageIdle = `document.getElementById('board').getAttribute('aria-busy') !== 'true'`

func TestBrowser2048(t *testing.T) {
	srv, _ := newTestServer(t)
	ctx := browser(t, 1200, 900)
	do(t, ctx, chromedp.Navigate(srv.URL+"/2048"))
	waitFor(t, ctx, "the first tiles", `document.querySelectorAll('#tiles .tile').length >= 2`)

	t.Run("keyboard moves tiles and the score rises", func(t *testing.T) {
		keys := []string{kb.ArrowLeft, kb.ArrowUp, "a", "w", "h", "k", kb.ArrowRight, kb.ArrowDown}
		for i := 0; i < 200 && fetch2048(t, ctx).Score == 0; i++ {
			key(t, ctx, keys[i%len(keys)])
			waitFor(t, ctx, "the move to settle", pageIdle)
		}
		st := fetch2048(t, ctx)
		if st.Score == 0 || st.Moves == 0 {
			t.Fatalf("after key presses: score %d, moves %d", st.Score, st.Moves)
		}
		waitFor(t, ctx, "the score on the page", fmt.Sprintf(`document.getElementById('score').textContent === '%d'`, st.Score))
		waitFor(t, ctx, "the page's tiles to match the server", fmt.Sprintf(`[...document.querySelectorAll('#tiles .tile')].map(e => e.dataset.cell + '=' + e.textContent).sort().join(' ') === %q`, boardText(st.Board)))
	})

	t.Run("a burst of keys stays in sync", func(t *testing.T) {
		for range 3 {
			for _, k := range []string{kb.ArrowLeft, kb.ArrowDown, kb.ArrowRight, kb.ArrowDown} {
				key(t, ctx, k)
			}
		}
		waitFor(t, ctx, "the keys to be played", pageIdle)
		st := fetch2048(t, ctx)
		if st.Over {
			key(t, ctx, kb.Escape) // close the game-over dialog; undo comes next
			t.Skip("game ended during the burst")
		}
		waitFor(t, ctx, "the page's tiles to match the server", fmt.Sprintf(`[...document.querySelectorAll('#tiles .tile')].map(e => e.dataset.cell + '=' + e.textContent).sort().join(' ') === %q`, boardText(st.Board)))
	})

	t.Run("undo", func(t *testing.T) {
		before := fetch2048(t, ctx)
		do(t, ctx, chromedp.Click("#undo"))
		// A ranked game: the page asks first (see TestBrowser2048Fair).
		waitFor(t, ctx, "the undo warning", `document.getElementById('dlg-undo').open`)
		do(t, ctx, chromedp.Click(`#dlg-undo button[value=ok]`))
		waitFor(t, ctx, "undo", fmt.Sprintf(`document.getElementById('status').textContent.includes('undone')`))
		after := fetch2048(t, ctx)
		if after.Moves != before.Moves-1 {
			t.Fatalf("moves after undo = %d, want %d", after.Moves, before.Moves-1)
		}
		key(t, ctx, "u")
		// The server has the second undo once its game shows one move fewer (the
		// page's request may still be on its way: ask until it has landed).
		got := fetch2048(t, ctx).Moves
		for deadline := time.Now().Add(15 * time.Second); got != before.Moves-2 && time.Now().Before(deadline); {
			time.Sleep(20 * time.Millisecond)
			got = fetch2048(t, ctx).Moves
		}
		if got != before.Moves-2 {
			t.Fatalf("moves after u = %d, want %d", got, before.Moves-2)
		}
	})

	t.Run("reload resumes the same game", func(t *testing.T) {
		before := fetch2048(t, ctx)
		page := tilesOnPage(t, ctx)
		do(t, ctx, chromedp.Reload())
		waitFor(t, ctx, "tiles after reload", `document.querySelectorAll('#tiles .tile').length >= 2`)
		after := fetch2048(t, ctx)
		if after.ID != before.ID || after.Moves != before.Moves || after.Score != before.Score {
			t.Fatalf("after reload %+v, before %+v", after, before)
		}
		if got := tilesOnPage(t, ctx); got != page {
			t.Fatalf("tiles after reload %q, before %q", got, page)
		}
	})

	t.Run("win dialog on a small board with a low win tile", func(t *testing.T) {
		do(t, ctx, chromedp.Click("#settings"))
		waitFor(t, ctx, "settings dialog", `document.getElementById('dlg-settings').open`)
		eval[bool](t, ctx, `(() => { const f = document.getElementById('settings-form').elements;
			f.rows.value = 3; f.cols.value = 3; f.four.value = 0; f.win.value = '16'; return true })()`)
		do(t, ctx, chromedp.Click(`#settings-form button[value=ok]`))
		confirmNewGame(t, ctx) // a running game: the page asks first
		waitFor(t, ctx, "the 3x3 board", `document.querySelectorAll('#bg i').length === 9`)
		// Most 3x3 games reach 16; one that ends first is started again. Up is in
		// the cycle too: a board whose tiles fill the bottom row unmerged (2 4 2)
		// moves only up.
		keys := []string{kb.ArrowLeft, kb.ArrowDown, kb.ArrowRight, kb.ArrowDown, kb.ArrowUp}
		title := ""
		for i := 0; i < 600 && title != "You win!"; i++ {
			if eval[bool](t, ctx, `document.getElementById('dlg-end').open`) {
				title = eval[string](t, ctx, `document.getElementById('end-title').textContent`)
				if title == "Game over" {
					do(t, ctx, chromedp.Click(`//button[text()="Try again"]`))
					waitFor(t, ctx, "a new game", `!document.getElementById('dlg-end').open`)
				}
				continue
			}
			key(t, ctx, keys[i%len(keys)])
			time.Sleep(40 * time.Millisecond)
		}
		if title != "You win!" {
			t.Fatalf("no win dialog; last dialog %q (state %+v)", title, fetch2048(t, ctx))
		}
		do(t, ctx, chromedp.Click(`//button[text()="Keep going"]`))
		waitFor(t, ctx, "the dialog to close", `!document.getElementById('dlg-end').open`)
		if st := fetch2048(t, ctx); !st.Won {
			t.Fatalf("server says not won: %+v", st)
		}
	})
}

type othelloPage struct {
	Over     bool     `json:"over"`
	Passed   string   `json:"passed"`
	Turn     string   `json:"turn"`
	Legal    []string `json:"legal"`
	Computer bool     `json:"computerToMove"`
	Black    int      `json:"black"`
	White    int      `json:"white"`
	Result   string   `json:"result"`
}

func fetchOthello(t *testing.T, ctx context.Context) othelloPage {
	return fetchState[othelloPage](t, ctx, "othello")
}

func TestBrowserOthelloAgainstComputer(t *testing.T) {
	srv, _ := newTestServer(t)
	ctx := browser(t, 1200, 900)
	do(t, ctx, chromedp.Navigate(srv.URL+"/othello"))
	waitFor(t, ctx, "the board", `document.querySelectorAll('#oboard .sq').length === 64`)
	if got := eval[string](t, ctx, `document.getElementById('players').textContent`); !strings.Contains(got, "level 1") {
		t.Errorf("default game is %q, want the computer at level 1 (easy)", got)
	}
	// A 6x6 game as black against level 1: playing the first legal square each turn
	// leads to passes on the way to the end.
	do(t, ctx, chromedp.Click("#new"))
	waitFor(t, ctx, "new game dialog", `document.getElementById('dlg-new').open`)
	eval[bool](t, ctx, `(() => { const f = document.getElementById('new-form').elements;
		f.size.value = '6'; f.black.value = 'human'; f.white.value = '1'; return true })()`)
	do(t, ctx, chromedp.Click(`#new-form button[value=ok]`))
	waitFor(t, ctx, "the 6x6 board", `document.querySelectorAll('#oboard .sq').length === 36`)

	// Every notice the page shows, however briefly.
	eval[bool](t, ctx, `(window.seen = [], new MutationObserver(() => window.seen.push(document.getElementById('notice').textContent))
		.observe(document.getElementById('notice'), { childList: true, characterData: true, subtree: true }), true)`)
	for range 80 {
		waitFor(t, ctx, "a person's turn or the end", `(() => { const s = document.getElementById('status').textContent;
			return s.includes('Game over') || (document.querySelector('#oboard .sq.legal') && !s.includes('thinking')) })()`)
		st := fetchOthello(t, ctx)
		if st.Over {
			break
		}
		if st.Computer || len(st.Legal) == 0 {
			time.Sleep(50 * time.Millisecond)
			continue
		}
		sq := st.Legal[0]
		before := st.Black + st.White
		do(t, ctx, chromedp.Click(`#oboard .sq[data-sq="`+sq+`"]`))
		waitFor(t, ctx, "the move", fmt.Sprintf(`(() => { const n = +document.getElementById('n-black').textContent + +document.getElementById('n-white').textContent; return n > %d })()`, before))
	}
	st := fetchOthello(t, ctx)
	if !st.Over {
		t.Fatalf("game not over: %+v", st)
	}
	waitFor(t, ctx, "the result notice", `document.getElementById('notice').textContent.includes('Game over')`)
	notices := eval[[]string](t, ctx, `window.seen`)
	sawPass := false
	for _, n := range notices {
		sawPass = sawPass || strings.Contains(n, "no legal move")
	}
	if !sawPass {
		t.Errorf("no pass notice seen; notices: %q", notices)
	}
	if got := eval[string](t, ctx, `document.getElementById('notice').textContent`); !strings.Contains(got, fmt.Sprint(st.Black)) {
		t.Errorf("result notice %q does not give the count %d", got, st.Black)
	}

	t.Run("history with the arrow keys", func(t *testing.T) {
		key(t, ctx, kb.Home)
		waitFor(t, ctx, "the start position", `document.getElementById('notice').textContent.startsWith('Viewing move 0')`)
		if n := eval[int](t, ctx, `document.querySelectorAll('#oboard .disc').length`); n != 4 {
			t.Errorf("start position shows %d discs, want 4", n)
		}
		key(t, ctx, kb.ArrowRight)
		waitFor(t, ctx, "move 1", `document.getElementById('notice').textContent.startsWith('Viewing move 1')`)
		key(t, ctx, kb.End)
		waitFor(t, ctx, "the end again", `document.getElementById('notice').textContent.includes('Game over')`)
	})
}

// TestScreenshots saves the pages on a desktop and a phone, light and dark, when
// GRIDGAMES_SCREENSHOTS names a directory.
func TestScreenshots(t *testing.T) {
	dir := os.Getenv("GRIDGAMES_SCREENSHOTS")
	if dir == "" {
		t.Skip("set GRIDGAMES_SCREENSHOTS=DIR to save screenshots")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	srv, _ := newTestServer(t)
	for _, vp := range []struct {
		name string
		w, h int
	}{{"desktop", 1280, 900}, {"phone", 390, 844}} {
		ctx := browser(t, vp.w, vp.h)
		for _, theme := range []string{"light", "dark"} {
			for _, page := range []string{"", "2048", "othello"} {
				do(t, ctx, chromedp.Navigate(srv.URL+"/"+page))
				eval[bool](t, ctx, fmt.Sprintf(`(localStorage.setItem('gridgames:theme', %q), true)`, theme))
				do(t, ctx, chromedp.Reload())
				time.Sleep(700 * time.Millisecond)
				if page == "2048" {
					for _, k := range []string{kb.ArrowLeft, kb.ArrowUp, kb.ArrowLeft, kb.ArrowUp, kb.ArrowRight, kb.ArrowUp} {
						key(t, ctx, k)
						time.Sleep(150 * time.Millisecond)
					}
				}
				if page == "othello" {
					eval[bool](t, ctx, `(document.querySelector('#oboard .sq.legal').click(), true)`)
					time.Sleep(1500 * time.Millisecond)
				}
				if page == "2048" && theme == "dark" {
					shot(t, ctx, filepath.Join(dir, "2048-"+vp.name+"-4x4-dark.png"))
					// A big board, to see that its tiles stay readable.
					eval[bool](t, ctx, `(document.getElementById('settings').click(), true)`)
					eval[bool](t, ctx, `(() => { const f = document.getElementById('settings-form').elements;
						f.rows.value = 12; f.cols.value = 16; return true })()`)
					do(t, ctx, chromedp.Click(`#settings-form button[value=ok]`))
					confirmNewGame(t, ctx) // a running game: the page asks first
					time.Sleep(500 * time.Millisecond)
					for _, k := range []string{kb.ArrowLeft, kb.ArrowUp, kb.ArrowLeft, kb.ArrowUp, kb.ArrowLeft, kb.ArrowUp} {
						key(t, ctx, k)
						time.Sleep(150 * time.Millisecond)
					}
				}
				png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
				if err != nil {
					t.Fatal(err)
				}
				name := page
				if name == "" {
					name = "home"
				}
				if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("%s-%s-%s.png", name, vp.name, theme)), png, 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

func shot(t *testing.T, ctx context.Context, path string) {
	t.Helper()
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, png, 0o644); err != nil {
		t.Fatal(err)
	}
}
