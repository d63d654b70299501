package server_test

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowser2048Perfect: on a 2x2 board the Perfect button shows; a perfect
// hint writes every move's exact value and the next tile's chances; perfect
// auto-play finishes the game, and the end dialog's Review says every move was
// a best move. On 4x4 the button is hidden.
func TestBrowser2048Perfect(t *testing.T) {
	srv, _ := newTestServer(t)
	ctx := browser(t, 1200, 900)
	do(t, ctx, chromedp.Navigate(srv.URL+"/2048"))
	waitFor(t, ctx, "the first tiles", `document.querySelectorAll('#tiles .tile').length >= 2`)
	if !eval[bool](t, ctx, `document.getElementById('perfect').hidden`) {
		t.Error("the Perfect button shows on 4x4")
	}
	do(t, ctx, chromedp.Click("#settings"))
	waitFor(t, ctx, "settings dialog", `document.getElementById('dlg-settings').open`)
	eval[bool](t, ctx, `(() => { const f = document.getElementById('settings-form').elements;
		f.rows.value = 2; f.cols.value = 2; f.four.value = 10; f.win.value = '2048'; return true })()`)
	do(t, ctx, chromedp.Click(`#settings-form button[value=ok]`))
	waitFor(t, ctx, "the 2x2 board", `document.querySelectorAll('#bg i').length === 4`)
	waitFor(t, ctx, "the Perfect button", `!document.getElementById('perfect').hidden`)
	do(t, ctx, chromedp.Click("#perfect"))
	do(t, ctx, chromedp.Click("#hint"))
	waitFor(t, ctx, "the exact values", `!document.getElementById('perfect-info').hidden`)
	info := eval[string](t, ctx, `document.getElementById('perfect-info').textContent`)
	if !strings.HasPrefix(info, "Exact: ") || !strings.Contains(info, "(best)") || !strings.Contains(info, "Chance of making") {
		t.Errorf("perfect hint shows %q", info)
	}
	if s := eval[string](t, ctx, `document.getElementById('status').textContent`); !strings.HasPrefix(s, "Perfect hint: move ") {
		t.Errorf("status after a perfect hint: %q", s)
	}
	eval[bool](t, ctx, `(document.getElementById('speed').value = '0', true)`)
	do(t, ctx, chromedp.Click("#auto"))
	// A perfect game on 2x2 is about 20 moves; each new largest tile solves its
	// next-tile table first, so allow a busy machine.
	for deadline := time.Now().Add(2 * time.Minute); !eval[bool](t, ctx, `document.getElementById('dlg-end').open`); time.Sleep(100 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("no game over: %d moves, status %q", fetch2048(t, ctx).Moves, eval[string](t, ctx, `document.getElementById('status').textContent`))
		}
	}
	do(t, ctx, chromedp.Click(`//button[text()="Review"]`))
	waitFor(t, ctx, "the review", `document.getElementById('end-review').textContent.includes('best move')`)
	time.Sleep(100 * time.Millisecond)
	if got := eval[string](t, ctx, `document.getElementById('end-review').textContent`); !strings.Contains(got, "Every move was a best move") {
		t.Errorf("review of perfect auto-play: %q", got)
	}
}
