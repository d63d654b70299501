package server_test

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestBrowser2048Tools covers hint, autoplay with Stop, game over on a tiny
// board, a leaderboard entry and the leaderboard dialog.
func TestBrowser2048Tools(t *testing.T) {
	srv, _ := newTestServer(t)
	ctx := browser(t, 1200, 900)
	do(t, ctx, chromedp.Navigate(srv.URL+"/2048"))
	waitFor(t, ctx, "the first tiles", `document.querySelectorAll('#tiles .tile').length >= 2`)

	do(t, ctx, chromedp.Click("#hint"))
	waitFor(t, ctx, "the hint arrow", `document.querySelector('.hint-arrow')`)
	if s := eval[string](t, ctx, `document.getElementById('status').textContent`); !strings.HasPrefix(s, "Hint: move ") {
		t.Errorf("status after hint: %q", s)
	}

	eval[bool](t, ctx, `(document.getElementById('speed').value = '0', true)`)
	do(t, ctx, chromedp.Click("#auto"))
	waitFor(t, ctx, "autoplay to make moves", `+document.getElementById('score').textContent > 40`)
	do(t, ctx, chromedp.Click("#auto"))
	waitFor(t, ctx, "autoplay to stop", `document.getElementById('auto').getAttribute('aria-pressed') === 'false'`)
	time.Sleep(300 * time.Millisecond)
	moves := fetch2048(t, ctx).Moves
	time.Sleep(500 * time.Millisecond)
	if again := fetch2048(t, ctx).Moves; again != moves {
		t.Fatalf("autoplay went on after Stop: %d then %d moves", moves, again)
	}
	// Auto-play keeps the game off the leaderboard, and the page says so.
	waitFor(t, ctx, "the assisted mark", `(() => { const t = document.getElementById('rank-tag'); return !t.hidden && t.textContent === 'Assisted' })()`)

	// A 2x2 game ends soon; its score goes on the leaderboard.
	do(t, ctx, chromedp.Click("#settings"))
	waitFor(t, ctx, "settings dialog", `document.getElementById('dlg-settings').open`)
	eval[bool](t, ctx, `(() => { const f = document.getElementById('settings-form').elements;
		f.rows.value = 2; f.cols.value = 2; f.four.value = 10; f.win.value = '2048'; return true })()`)
	do(t, ctx, chromedp.Click(`#settings-form button[value=ok]`))
	confirmNewGame(t, ctx) // a running game: the page asks first
	waitFor(t, ctx, "the 2x2 board", `document.querySelectorAll('#bg i').length === 4`)
	if eval[bool](t, ctx, `!document.getElementById('rank-tag').hidden`) {
		t.Errorf("a new ranked game shows the mark %q", eval[string](t, ctx, `document.getElementById('rank-tag').textContent`))
	}
	keys := []string{kb.ArrowLeft, kb.ArrowDown, kb.ArrowRight, kb.ArrowUp}
	for i := 0; i < 200 && !eval[bool](t, ctx, `document.getElementById('dlg-end').open`); i++ {
		key(t, ctx, keys[i%len(keys)])
		time.Sleep(30 * time.Millisecond)
	}
	waitFor(t, ctx, "game over", `document.getElementById('end-title').textContent === 'Game over'`)
	// The seed is revealed: the dialog links the record to check it by.
	if link := eval[string](t, ctx, `(() => { const p = document.getElementById('end-verify'); return p.hidden ? '' : document.getElementById('end-record').getAttribute('href') })()`); !strings.HasSuffix(link, "/record") {
		t.Errorf("game over of a ranked game: record link %q", link)
	}
	do(t, ctx, chromedp.SetValue(`#end-form input[name=name]`, "Tester"))
	do(t, ctx, chromedp.Click(`//button[text()="Submit score"]`))
	waitFor(t, ctx, "the leaderboard", `document.getElementById('dlg-leaders').open`)
	if got := eval[string](t, ctx, `document.getElementById('leaders-body').textContent`); !strings.Contains(got, "Tester") {
		t.Fatalf("leaderboard shows %q", got)
	}
	if got := eval[string](t, ctx, `document.getElementById('leaders-title').textContent`); got != "Leaderboard 2×2" {
		t.Errorf("leaderboard title %q", got)
	}
	if got := eval[string](t, ctx, `document.getElementById('leaders-rule').textContent`); !strings.Contains(got, "no hints, no auto-play, no undo") {
		t.Errorf("leaderboard rule %q", got)
	}
}

// TestBrowserOthelloTools covers the hint values, import and export, and the
// computer playing itself with Pause.
func TestBrowserOthelloTools(t *testing.T) {
	srv, _ := newTestServer(t)
	ctx := browser(t, 1200, 900)
	do(t, ctx, chromedp.Navigate(srv.URL+"/othello"))
	waitFor(t, ctx, "the board", `document.querySelectorAll('#oboard .sq.legal').length === 4`)

	do(t, ctx, chromedp.Click("#hint"))
	waitFor(t, ctx, "values on the legal squares", `document.querySelectorAll('#oboard .val').length === 4`)
	if n := eval[int](t, ctx, `document.querySelectorAll('#oboard .val.best').length`); n != 1 {
		t.Errorf("%d best squares marked, want 1", n)
	}
	// The start is in the opening book: its values are marked as the book's.
	if n := eval[int](t, ctx, `document.querySelectorAll('#oboard .val.book').length`); n != 4 {
		t.Errorf("%d values marked as the book's at the start, want 4", n)
	}
	if pv := eval[string](t, ctx, `document.getElementById('pv').textContent`); !strings.Contains(pv, "(opening book)") {
		t.Errorf("the hint's line %q does not say it is the book's", pv)
	}
	do(t, ctx, chromedp.Click("#hint"))

	// Import a transcript; export shows it back with the board text.
	do(t, ctx, chromedp.Click("#io"))
	waitFor(t, ctx, "the import dialog", `document.getElementById('dlg-io').open`)
	do(t, ctx, chromedp.SetValue(`#io-form textarea[name=import]`, "f5d6c3"))
	do(t, ctx, chromedp.Click(`#io-form button[value=ok]`))
	waitFor(t, ctx, "the imported game", `document.getElementById('moves').textContent.startsWith('f5d6c3')`)
	do(t, ctx, chromedp.Click("#io"))
	waitFor(t, ctx, "the export dialog", `document.getElementById('dlg-io').open`)
	if got := eval[string](t, ctx, `document.querySelector('#io-form input[name=transcript]').value`); !strings.HasPrefix(got, "f5d6c3") {
		t.Errorf("exported transcript %q", got)
	}
	do(t, ctx, chromedp.SetValue(`#io-form textarea[name=import]`, "not a game"))
	do(t, ctx, chromedp.Click(`#io-form button[value=ok]`))
	waitFor(t, ctx, "an import error", `document.getElementById('io-error').textContent !== ''`)
	key(t, ctx, kb.Escape)

	// Computer against computer, 4x4: it plays by itself to the end.
	do(t, ctx, chromedp.Click("#new"))
	waitFor(t, ctx, "new game dialog", `document.getElementById('dlg-new').open`)
	eval[bool](t, ctx, `(() => { const f = document.getElementById('new-form').elements;
		f.size.value = '4'; f.black.value = '2'; f.white.value = '1'; return true })()`)
	do(t, ctx, chromedp.Click(`#new-form button[value=ok]`))
	waitFor(t, ctx, "the Pause button", `!document.getElementById('pause').hidden`)
	waitFor(t, ctx, "the computers to finish", `document.getElementById('notice').textContent.includes('Game over')`)
	if st := fetchOthello(t, ctx); !st.Over {
		t.Fatalf("not over: %+v", st)
	}
}
