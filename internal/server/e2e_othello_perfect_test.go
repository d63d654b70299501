package server_test

import (
	"strings"
	"testing"
)

// TestBrowserOthelloPerfect: the New game dialog offers Perfect on 4x4 and 6x6
// only; a 6x6 game against it shows the seat, the computer answers (from the
// opening table), and the hint says its values are exact.
func TestBrowserOthelloPerfect(t *testing.T) {
	srv, _ := newTestServer(t)
	ctx := othelloPageAt(t, srv.URL, 1200, 900)

	offered := func(size int) bool {
		return eval[bool](t, ctx, `(() => { const f = document.getElementById('new-form').elements;
			f.size.value = '`+string(rune('0'+size))+`'; f.size.dispatchEvent(new Event('change'));
			return [...f.white.options].some(o => o.value === 'perfect') })()`)
	}
	newOthelloGame(t, ctx, 8, "human", "1")
	if offered(8) {
		t.Error("Perfect is offered on 8x8")
	}
	if !offered(4) || !offered(6) {
		t.Error("Perfect is not offered on 4x4 and 6x6")
	}
	newOthelloGame(t, ctx, 6, "human", "perfect")
	if got := eval[string](t, ctx, `document.getElementById('players').textContent`); !strings.Contains(got, "White: Computer (Perfect)") {
		t.Fatalf("players %q, want White: Computer (Perfect)", got)
	}
	if got := eval[string](t, ctx, `document.getElementById('seat-white').value`); got != "perfect" {
		t.Fatalf("white's seat shows %q, want perfect", got)
	}
	clickLegal(t, ctx)
	waitFor(t, ctx, "Perfect's reply", `document.querySelectorAll('#moves button').length >= 2 && document.getElementById('thinking').hidden`)
	eval[bool](t, ctx, `(() => { document.getElementById('hint').click(); return true })()`)
	waitFor(t, ctx, "the exact hint", `!!document.querySelector('#pv .exact-note')`)
	pv := eval[string](t, ctx, `document.getElementById('pv').textContent`)
	if !strings.Contains(pv, "(exact)") || !strings.Contains(pv, "Every value shown is exact") {
		t.Fatalf("hint %q does not say its values are exact", pv)
	}
	othelloShot(t, ctx, "perfect-6x6", true)
}
