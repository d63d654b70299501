package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// The Othello table in the browser: discs drawn at once, the numbered move list,
// the hint's line, the evaluation graph, seat changes that survive a reload, the
// thinking indicator, and export by copy and download.

// othelloPageAt opens the Othello page on a viewport of width x height CSS
// pixels (a phone's below 600: a window cannot be made that narrow, so the
// viewport is emulated) and waits for its board.
func othelloPageAt(t *testing.T, url string, width, height int) context.Context {
	t.Helper()
	ctx := browser(t, width, height)
	do(t, ctx, viewport(width, height))
	do(t, ctx, chromedp.Navigate(url+"/othello"))
	if got := eval[[]int](t, ctx, `[innerWidth, innerHeight]`); got[0] != width || got[1] != height {
		t.Fatalf("viewport %dx%d, want %dx%d", got[0], got[1], width, height)
	}
	waitFor(t, ctx, "the board", `document.querySelectorAll('#oboard .sq.legal').length > 0`)
	return ctx
}

// newOthelloGame starts a game from the New game dialog.
func newOthelloGame(t *testing.T, ctx context.Context, size int, black, white string) {
	t.Helper()
	do(t, ctx, chromedp.Click("#new"))
	waitFor(t, ctx, "new game dialog", `document.getElementById('dlg-new').open`)
	eval[bool](t, ctx, fmt.Sprintf(`(() => { const f = document.getElementById('new-form').elements;
		f.size.value = '%d'; f.size.dispatchEvent(new Event('change'));
		f.black.value = %q; f.white.value = %q; return true })()`, size, black, white))
	do(t, ctx, chromedp.Click(`#new-form button[value=ok]`))
	waitFor(t, ctx, "the new board", fmt.Sprintf(`document.querySelectorAll('#oboard .sq').length === %d && !document.getElementById('dlg-new').open`, size*size))
}

// watchDiscs starts sampling, every animation frame and on every change of the
// board, whether some disc on the board is drawn without its colour (an empty
// ring), and which discs animate. stopDiscs ends it and returns what it saw.
const watchDiscs = `(() => {
	window.ringSeen = [];
	window.ringSamples = 0;
	window.animSeen = new Set();
	const check = (when) => {
		window.ringSamples++;
		for (const d of document.querySelectorAll('#oboard .disc')) {
			if (d.classList.contains('flip') || d.classList.contains('placed')) {
				window.animSeen.add(d.parentElement.dataset.sq + ' ' + (d.classList.contains('flip') ? 'flip' : 'placed'));
			}
			const bg = getComputedStyle(d).backgroundColor;
			const col = d.classList.contains('black') || d.classList.contains('white');
			if (!col || bg === 'rgba(0, 0, 0, 0)' || bg === 'transparent') {
				window.ringSeen.push(when + ' ' + d.parentElement.dataset.sq + ' ' + d.className + ' ' + bg);
			}
		}
	};
	window.ringObserver = new MutationObserver(() => check('mutation'));
	window.ringObserver.observe(document.getElementById('oboard'), { childList: true, subtree: true, attributes: true });
	const frame = () => { check('frame'); if (window.ringObserver) requestAnimationFrame(frame); };
	requestAnimationFrame(frame);
	return true;
})()`

const stopDiscs = `(() => { window.ringObserver.disconnect(); window.ringObserver = null;
	return JSON.stringify({ seen: window.ringSeen.slice(0, 5), n: window.ringSeen.length, samples: window.ringSamples,
		anim: [...window.animSeen].sort() }); })()`

type discWatch struct {
	Seen    []string `json:"seen"`
	N       int      `json:"n"`
	Samples int      `json:"samples"`
	Anim    []string `json:"anim"`
}

// checkDiscs waits until no animation runs on the page, stops the sampler and
// checks that no disc was drawn without its colour; it returns the discs that
// animated.
func checkDiscs(t *testing.T, ctx context.Context, what string) []string {
	t.Helper()
	waitFor(t, ctx, "the animations to end", `document.getAnimations().filter(a => a.playState === 'running' && !a.effect?.target?.classList?.contains('spinner')).length === 0`)
	var got discWatch
	if err := json.Unmarshal([]byte(eval[string](t, ctx, stopDiscs)), &got); err != nil {
		t.Fatal(err)
	}
	if got.N != 0 {
		t.Errorf("%s: %d samples of discs drawn without their colour, first %q", what, got.N, got.Seen)
	}
	if got.Samples == 0 {
		t.Errorf("%s: nothing sampled", what)
	}
	return got.Anim
}

// checkNoRings is checkDiscs for a rebuilt board: nothing may animate either.
func checkNoRings(t *testing.T, ctx context.Context, what string) {
	t.Helper()
	if anim := checkDiscs(t, ctx, what); len(anim) != 0 {
		t.Errorf("%s: discs animated on a rebuilt board: %q", what, anim)
	}
}

// clickLegal plays the first legal square on the page and waits for the move
// list to grow by one ply (or more, with a forced pass).
func clickLegal(t *testing.T, ctx context.Context) string {
	t.Helper()
	n := eval[int](t, ctx, `document.querySelectorAll('#moves button').length`)
	sq := eval[string](t, ctx, `document.querySelector('#oboard .sq.legal').dataset.sq`)
	do(t, ctx, chromedp.Click(`#oboard .sq[data-sq="`+sq+`"]`))
	waitFor(t, ctx, "the move "+sq, fmt.Sprintf(`document.querySelectorAll('#moves button').length > %d`, n))
	return sq
}

// TestBrowserOthelloDiscsAtOnce: a rebuilt board (another size, a reload, a jump
// through the history) shows every disc in its colour from the first frame.
func TestBrowserOthelloDiscsAtOnce(t *testing.T) {
	srv, _ := newTestServer(t)
	ctx := othelloPageAt(t, srv.URL, 1200, 900)

	eval[bool](t, ctx, watchDiscs)
	newOthelloGame(t, ctx, 6, "human", "human")
	checkNoRings(t, ctx, "a new 6x6 board")

	// A move animates: the new disc appears and the flipped ones turn, each in a
	// colour throughout.
	for i := range 6 {
		eval[bool](t, ctx, watchDiscs)
		sq := clickLegal(t, ctx)
		anim := checkDiscs(t, ctx, "move "+sq)
		if !slices.Contains(anim, sq+" placed") || !slices.ContainsFunc(anim, func(a string) bool { return strings.HasSuffix(a, " flip") }) {
			t.Errorf("move %d (%s): animated %q, want %s placed and the flipped discs turning", i+1, sq, anim, sq)
		}
	}
	waitFor(t, ctx, "six moves", `document.querySelectorAll('#moves button').length === 6`)
	eval[bool](t, ctx, watchDiscs)
	key(t, ctx, kb.Home)
	waitFor(t, ctx, "the start", `document.querySelectorAll('#oboard .disc').length === 4`)
	key(t, ctx, kb.End)
	waitFor(t, ctx, "the end", `document.getElementById('notice').textContent === ''`)
	checkNoRings(t, ctx, "a jump to the start and back")

	eval[bool](t, ctx, watchDiscs)
	newOthelloGame(t, ctx, 8, "human", "human")
	checkNoRings(t, ctx, "a new 8x8 board")

	// With reduced motion a move is drawn at once too.
	do(t, ctx, reduceMotion(true))
	eval[bool](t, ctx, watchDiscs)
	sq := clickLegal(t, ctx)
	checkNoRings(t, ctx, "a move ("+sq+") with reduced motion")
	do(t, ctx, reduceMotion(false))

	// On a reload the sampler starts with the page: every disc the page draws is
	// checked from the first frame.
	eval[bool](t, ctx, `(localStorage.setItem('ringtest', '1'), true)`)
	inject := `if (localStorage.getItem('ringtest')) { document.addEventListener('DOMContentLoaded', () => ` + watchDiscs + `); }`
	do(t, ctx, onNewDocument(inject))
	do(t, ctx, chromedp.Reload())
	waitFor(t, ctx, "the board after the reload", `document.querySelectorAll('#oboard .disc').length === 5 && window.ringObserver`)
	checkNoRings(t, ctx, "a reload")
}

// onNewDocument runs script in every document the tab opens from now on, before
// the page's own scripts.
func onNewDocument(script string) chromedp.Action[chromedp.Void] {
	return func(ctx context.Context, t *chromedp.Target) (chromedp.Void, error) {
		_, err := cdp.Call(ctx, t, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: script})
		return chromedp.Void{}, err
	}
}

// viewport sets the tab's viewport to width x height CSS pixels at scale 1, as a
// mobile device when it is narrower than 600.
func viewport(width, height int) chromedp.Action[chromedp.Void] {
	return func(ctx context.Context, t *chromedp.Target) (chromedp.Void, error) {
		_, err := cdp.Call(ctx, t, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{
			Width: int64(width), Height: int64(height), DeviceScaleFactor: 1, Mobile: width < 600})
		return chromedp.Void{}, err
	}
}

// reduceMotion makes the tab prefer reduced motion (or not).
func reduceMotion(on bool) chromedp.Action[chromedp.Void] {
	value := "no-preference"
	if on {
		value = "reduce"
	}
	return func(ctx context.Context, t *chromedp.Target) (chromedp.Void, error) {
		_, err := cdp.Call(ctx, t, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-reduced-motion", Value: value}}})
		return chromedp.Void{}, err
	}
}

// othelloShot saves a screenshot (of the whole page when full is set) as
// DIR/othello-NAME.png when GRIDGAMES_SCREENSHOTS=DIR is set.
func othelloShot(t *testing.T, ctx context.Context, name string, full bool) {
	t.Helper()
	dir := os.Getenv("GRIDGAMES_SCREENSHOTS")
	if dir == "" {
		return
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	capture := chromedp.CaptureScreenshot()
	if full {
		capture = chromedp.FullScreenshot(100)
	}
	png, err := chromedp.Run(ctx, capture)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "othello-"+name+".png"), png, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestBrowserOthelloNewGameFits: with the level lists filled, every control of
// the New game dialog lies inside the dialog, and the dialog inside the screen,
// on a desktop and on a phone.
func TestBrowserOthelloNewGameFits(t *testing.T) {
	srv, _ := newTestServer(t)
	for _, vp := range []struct {
		name string
		w, h int
	}{{"desktop", 1280, 800}, {"phone", 390, 844}} {
		t.Run(vp.name, func(t *testing.T) {
			ctx := othelloPageAt(t, srv.URL, vp.w, vp.h)
			do(t, ctx, chromedp.Click("#new"))
			waitFor(t, ctx, "new game dialog", `document.getElementById('dlg-new').open`)
			if n := eval[int](t, ctx, `document.querySelector('#new-form select[name=white]').options.length`); n != 11 {
				t.Fatalf("white's list has %d entries, want human and 10 levels", n)
			}
			// The longest entries chosen, so the selects are as wide as they get.
			eval[bool](t, ctx, `(() => { const f = document.getElementById('new-form').elements;
				f.black.value = '10'; f.white.value = '10'; return true })()`)
			var outside []string
			js := `(() => {
				const box = (e) => e.getBoundingClientRect();
				const d = box(document.getElementById('dlg-new'));
				const out = [];
				if (d.left < 0 || d.top < 0 || d.right > innerWidth || d.bottom > innerHeight) out.push('the dialog ' + JSON.stringify(d));
				const f = document.getElementById('new-form');
				if (f.scrollWidth > f.clientWidth) out.push('the form scrolls: ' + f.scrollWidth + ' > ' + f.clientWidth);
				const controls = f.querySelectorAll('select, button, input');
				if (controls.length < 5) out.push('only ' + controls.length + ' controls');
				for (const c of controls) {
					const r = box(c);
					if (r.left < d.left - .5 || r.right > d.right + .5 || r.top < d.top - .5 || r.bottom > d.bottom + .5 || r.width === 0) {
						out.push((c.name || c.textContent) + ' ' + JSON.stringify(r) + ' outside ' + JSON.stringify(d));
					}
				}
				return out;
			})()`
			outside = eval[[]string](t, ctx, js)
			if len(outside) != 0 {
				t.Errorf("%s %dx%d: %q", vp.name, vp.w, vp.h, outside)
			}
			othelloShot(t, ctx, "new-game-"+vp.name, false)
			// The dialog still works: Start makes the game chosen.
			eval[bool](t, ctx, `(() => { const f = document.getElementById('new-form').elements;
				f.size.value = '6'; f.black.value = 'human'; f.white.value = '3'; return true })()`)
			do(t, ctx, chromedp.Click(`#new-form button[value=ok]`))
			waitFor(t, ctx, "the 6x6 game", `document.querySelectorAll('#oboard .sq').length === 36 && !document.getElementById('dlg-new').open`)
			if got := eval[string](t, ctx, `document.getElementById('players').textContent`); !strings.Contains(got, "White: Computer (level 3)") {
				t.Errorf("players %q after the dialog", got)
			}
			// The table with the hint's line and the graph fits the width too.
			do(t, ctx, chromedp.Click("#hint"))
			waitFor(t, ctx, "the hint's line and the graph", `!document.getElementById('pv').hidden && document.getElementById('graph').dataset.points === '1'`)
			if w := eval[[]int](t, ctx, `[document.documentElement.scrollWidth, innerWidth]`); w[0] > w[1] {
				t.Errorf("the page is %d px wide on a screen of %d", w[0], w[1])
			}
			othelloShot(t, ctx, "table-"+vp.name, true)
		})
	}
}

// boardValue is how the page writes a value in discs: "0", or signed.
var boardValue = regexp.MustCompile(`^(0|[+-][1-9][0-9]*)$`)

// TestBrowserOthelloTable: the numbered move list in the movers' colours, the
// hint's values written one way and its best line, the evaluation graph, a
// level changed mid-game that survives a reload, the thinking indicator while the
// computer searches, and export by copy and download.
func TestBrowserOthelloTable(t *testing.T) {
	srv, _ := newTestServer(t)
	ctx := othelloPageAt(t, srv.URL, 1280, 900)
	newOthelloGame(t, ctx, 8, "human", "human")
	var played []string
	for range 6 {
		played = append(played, clickLegal(t, ctx))
	}

	t.Run("move list", func(t *testing.T) {
		got := eval[[]string](t, ctx, `[...document.querySelectorAll('#moves button')].map(b =>
			b.getAttribute('aria-label') + '|' + b.className.replace(' cur', '') + '|' + getComputedStyle(b, '::before').backgroundColor)`)
		if len(got) != 6 {
			t.Fatalf("move list %q", got)
		}
		for i, g := range got {
			colour, bg := "Black", "rgb(20, 20, 20)"
			if i%2 == 1 {
				colour, bg = "White", "rgb(242, 242, 242)"
			}
			want := fmt.Sprintf("%d. %s %s|by-%s|%s", i+1, colour, played[i], strings.ToLower(colour), bg)
			if g != want {
				t.Errorf("move %d: %q, want %q", i+1, g, want)
			}
		}
		if text := eval[string](t, ctx, `document.getElementById('moves').textContent`); text != strings.Join(played, "") {
			t.Errorf("move list text %q, want the transcript %q", text, strings.Join(played, ""))
		}
	})

	t.Run("evaluation graph", func(t *testing.T) {
		waitFor(t, ctx, "every position valued", `document.getElementById('graph').dataset.points === '7'`)
		if n := eval[int](t, ctx, `document.querySelector('#graph polyline').points.numberOfItems`); n != 7 {
			t.Errorf("the graph's line has %d points, want 7", n)
		}
		// Each point sits above the zero line exactly when its position is valued
		// for black, and the API values the same positions.
		type point struct {
			Ply   int     `json:"ply"`
			Score float64 `json:"score"`
			Y     float64 `json:"y"`
		}
		var pts []point
		js := `JSON.stringify([...document.querySelectorAll('#graph circle.pt')].map(c => ({ ply: +c.dataset.ply, score: +c.dataset.score, y: +c.getAttribute('cy') })))`
		if err := json.Unmarshal([]byte(eval[string](t, ctx, js)), &pts); err != nil || len(pts) != 7 {
			t.Fatalf("graph points %+v %v", pts, err)
		}
		zero := eval[float64](t, ctx, `+document.querySelector('#graph .zero').getAttribute('y1')`)
		for i, p := range pts {
			if p.Ply != i || (p.Score > 0 && p.Y >= zero) || (p.Score < 0 && p.Y <= zero) {
				t.Errorf("point %d: ply %d valued %v for black is drawn at y %v (zero at %v)", i, p.Ply, p.Score, p.Y, zero)
			}
		}
		var api struct {
			Evaluations []struct {
				Ply int `json:"ply"`
			} `json:"evaluations"`
		}
		js = `fetch('/api/othello/games/' + JSON.parse(localStorage.getItem('gridgames:othello')).id + '/evaluations').then(r => r.text())`
		if err := json.Unmarshal([]byte(evalAwait[string](t, ctx, js)), &api); err != nil || len(api.Evaluations) != 7 {
			t.Fatalf("evaluations %+v %v", api, err)
		}
		if got := eval[string](t, ctx, `document.getElementById('graph-value').textContent`); !regexp.MustCompile(`^Move 6: (0|[+-][1-9][0-9]*)`).MatchString(got) {
			t.Errorf("graph caption %q", got)
		}
		// A click on the graph's left edge goes to the start.
		eval[bool](t, ctx, `(() => { const r = document.getElementById('graph').getBoundingClientRect();
			document.getElementById('graph').dispatchEvent(new MouseEvent('click', { clientX: r.left + 1, clientY: r.top + 5, bubbles: true })); return true })()`)
		waitFor(t, ctx, "the start position", `document.getElementById('notice').textContent.startsWith('Viewing move 0')`)
		key(t, ctx, kb.End)
		waitFor(t, ctx, "the live position", `document.getElementById('notice').textContent === ''`)
	})

	t.Run("hint with its line", func(t *testing.T) {
		do(t, ctx, chromedp.Click("#hint"))
		waitFor(t, ctx, "values and the line", `document.querySelectorAll('#oboard .val').length === document.querySelectorAll('#oboard .sq.legal').length && !document.getElementById('pv').hidden`)
		vals := eval[[]string](t, ctx, `[...document.querySelectorAll('#oboard .val')].map(v => v.textContent)`)
		for _, v := range vals {
			if !boardValue.MatchString(v) {
				t.Errorf("value %q: want 0 or a signed whole number", v)
			}
		}
		best := eval[string](t, ctx, `document.querySelector('#oboard .val.best').parentElement.dataset.sq`)
		pv := eval[string](t, ctx, `document.getElementById('pv').textContent`)
		if !strings.HasPrefix(pv, "Best "+best+" ") || !strings.Contains(pv, "line 7."+best) {
			t.Errorf("line %q, want the best move %s first, numbered 7", pv, best)
		}
		if n := eval[int](t, ctx, `document.querySelectorAll('#pv .line span').length`); n < 2 {
			t.Errorf("the line has %d moves; the engine looks further", n)
		}
		othelloShot(t, ctx, "table-desktop", true)
	})

	t.Run("level changed mid-game, thinking, reload", func(t *testing.T) {
		// White (to move after black's next move) becomes the computer, level 2.
		do(t, ctx, chromedp.SetValue("#seat-white", "2"))
		eval[bool](t, ctx, `(document.getElementById('seat-white').dispatchEvent(new Event('change')), true)`)
		waitFor(t, ctx, "white at level 2", `document.getElementById('players').textContent.includes('White: Computer (level 2)')`)
		if st := fetchOthello(t, ctx); st.Computer || st.Turn != "black" {
			t.Fatalf("after the seat change: %+v", st)
		}
		// Hold the computer's move request, to see the indicator while it searches.
		eval[bool](t, ctx, `(() => { window.held = []; const f0 = window.fetch;
			window.fetch = (u, o) => String(u).includes('/engine') ? new Promise(res => window.held.push(() => res(f0(u, o)))) : f0(u, o);
			return true })()`)
		if !eval[bool](t, ctx, `document.getElementById('thinking').hidden`) {
			t.Error("thinking shown on a person's turn")
		}
		clickLegal(t, ctx)
		waitFor(t, ctx, "the computer's request", `window.held.length === 1`)
		if got := eval[string](t, ctx, `(() => { const e = document.getElementById('thinking');
			return e.hidden || !e.offsetParent ? 'hidden' : e.textContent })()`); got != "White (level 2) is thinking…" {
			t.Errorf("indicator while the computer searches: %q", got)
		}
		eval[bool](t, ctx, `(window.held.shift()(), true)`)
		waitFor(t, ctx, "the computer's move", `document.querySelectorAll('#moves button').length === 8`)
		waitFor(t, ctx, "the indicator to go", `document.getElementById('thinking').hidden`)

		do(t, ctx, chromedp.Reload())
		waitFor(t, ctx, "the game after the reload", `document.querySelectorAll('#moves button').length === 8`)
		if got := eval[string](t, ctx, `document.getElementById('seat-white').value + ' ' + document.getElementById('seat-black').value`); got != "2 human" {
			t.Errorf("seats after the reload: %q", got)
		}
		if got := eval[string](t, ctx, `document.getElementById('players').textContent`); !strings.Contains(got, "White: Computer (level 2)") {
			t.Errorf("players after the reload: %q", got)
		}
	})

	t.Run("export", func(t *testing.T) {
		st := fetchState[struct {
			Transcript string `json:"transcript"`
			GGF        string `json:"ggf"`
		}](t, ctx, "othello")
		do(t, ctx, chromedp.Click("#io"))
		waitFor(t, ctx, "the export dialog", `document.getElementById('dlg-io').open`)
		if got := eval[string](t, ctx, `document.querySelector('#io-form textarea[name=ggf]').value`); got != st.GGF || !strings.HasPrefix(got, "(;GM[Othello]") {
			t.Errorf("GGF shown %q, want %q", got, st.GGF)
		}
		eval[bool](t, ctx, `(() => { window.copied = [];
			Object.defineProperty(navigator, 'clipboard', { value: { writeText: async (t) => { window.copied.push(t); } } });
			window.saved = [];
			URL.createObjectURL = (b) => { window.saved.push(b); return 'blob:test'; };
			HTMLAnchorElement.prototype.click = function () { window.saved.push(this.download); };
			return true })()`)
		do(t, ctx, chromedp.Click("#copy-transcript"))
		do(t, ctx, chromedp.Click("#copy-ggf"))
		waitFor(t, ctx, "both copies", `window.copied.length === 2`)
		if got := eval[[]string](t, ctx, `window.copied`); got[0] != st.Transcript || got[1] != st.GGF {
			t.Errorf("copied %q, want %q and %q", got, st.Transcript, st.GGF)
		}
		do(t, ctx, chromedp.Click("#save-txt"))
		do(t, ctx, chromedp.Click("#save-ggf"))
		files := evalAwait[string](t, ctx, `Promise.all(window.saved.map(x => typeof x === 'string' ? x : x.text())).then(a => JSON.stringify(a))`)
		var got []string
		if err := json.Unmarshal([]byte(files), &got); err != nil || len(got) != 4 {
			t.Fatalf("saved %s %v", files, err)
		}
		// saved holds each file's blob, then its name.
		if got[0] != st.Transcript+"\n" || !strings.HasSuffix(got[1], ".txt") || got[2] != st.GGF+"\n" || !strings.HasSuffix(got[3], ".ggf") {
			t.Errorf("downloads %q", got)
		}
		if note := eval[string](t, ctx, `document.getElementById('io-note').textContent`); !strings.Contains(note, ".ggf") {
			t.Errorf("note after the download: %q", note)
		}
		key(t, ctx, kb.Escape)
	})
}

// evalAwait evaluates js, a promise, and returns what it resolves to.
func evalAwait[T any](t *testing.T, ctx context.Context, js string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("evaluate %s: %v", js, err)
	}
	return v
}
