package server_test

// The 2048 page's dialogs and input: nothing plays behind an open dialog, the
// win and game-over dialogs ask a name, with Submit score, only when the server
// would rank the game (and say why not otherwise), arrow keys
// move the game after the speed select, Settings asks before dropping a running
// game, and a new tile appears as the slide ends.

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/gridgames/gridgames/game2048"
)

// watchMovesScript counts the page's move requests (window.moveRequests) and
// its requests in flight (window.inflight); with window.holdMoves set, move
// requests wait until window.releaseMoves(), so keys pile up in the page's queue.
const watchMovesScript = `(() => {
	const real = window.fetch.bind(window);
	let waiting = [];
	window.moveRequests = 0;
	window.inflight = 0;
	window.holdMoves = false;
	window.releaseMoves = () => { window.holdMoves = false; const w = waiting; waiting = []; w.forEach((go) => go()); return true; };
	window.fetch = async (path, opts) => {
		const move = /\/moves$/.test(String(path)) && opts && opts.method === 'POST';
		window.inflight++;
		try {
			if (move) {
				window.moveRequests++;
				if (window.holdMoves) await new Promise((go) => waiting.push(go));
			}
			return await real(path, opts);
		} finally { window.inflight--; }
	};
})()`

var arrowOf = map[game2048.Direction]string{
	game2048.Left: kb.ArrowLeft, game2048.Right: kb.ArrowRight, game2048.Up: kb.ArrowUp, game2048.Down: kb.ArrowDown,
}

// firstMoveWins finds a seed for a 2x2 game won at 4 (only 2s spawn) whose
// first move in some direction merges the two start tiles: the win.
func firstMoveWins(t *testing.T) (uint64, game2048.Direction) {
	t.Helper()
	rules := game2048.DefaultRules()
	rules.Rows, rules.Cols, rules.FourChance, rules.WinTile = 2, 2, 0, 4
	for seed := uint64(1); seed < 1000; seed++ {
		for _, d := range game2048.Directions {
			g, err := game2048.NewGame(game2048.WithRules(rules), game2048.WithSeed(seed))
			if err != nil {
				t.Fatal(err)
			}
			if res, err := g.Move(d); err == nil && res.Won {
				return seed, d
			}
		}
	}
	t.Fatal("no seed below 1000 wins on the first move")
	return 0, 0
}

// startGame makes the page play a new game of the API with these fields (rules
// and seed) and waits for its tiles.
func startGame(t *testing.T, ctx context.Context, fields map[string]any) string {
	t.Helper()
	body, err := json.Marshal(fields)
	if err != nil {
		t.Fatal(err)
	}
	js := fmt.Sprintf(`fetch('/api/2048/games', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: %q })
		.then((r) => r.json()).then((j) => (localStorage.setItem('gridgames:2048', JSON.stringify({ id: j.state.id, token: j.token })), j.state.id))`, body)
	id, err := chromedp.Run(ctx, chromedp.Evaluate[string](js, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("start a game: %v", err)
	}
	do(t, ctx, chromedp.Reload())
	waitFor(t, ctx, "the new game's tiles", `document.querySelectorAll('#tiles .tile').length >= 2 && !document.querySelector('dialog[open]')`)
	return id
}

// releaseHeld lets the held move requests go and waits until the page has drawn
// the first reply with a dialog open. The page announces each reply on its status
// line and, when it plays on, sends the next queued move in the same turn of its
// event loop: once the status changes, window.moveRequests counts every request
// the page made for the keys queued so far.
func releaseHeld(t *testing.T, ctx context.Context) {
	t.Helper()
	eval[bool](t, ctx, `(document.getElementById('status').textContent = 'held', window.releaseMoves())`)
	waitFor(t, ctx, "the held reply drawn under an open dialog",
		`document.getElementById('status').textContent !== 'held' && !!document.querySelector('dialog[open]') && window.inflight === 0`)
}

// confirmNewGame answers New game when the page asks before dropping a running
// game (Settings' Start new game, the toolbar's New game); it does nothing when
// the page starts the game without asking.
func confirmNewGame(t *testing.T, ctx context.Context) {
	t.Helper()
	waitFor(t, ctx, "the confirmation or the new game", `document.getElementById('dlg-confirm').open || !document.querySelector('dialog[open]')`)
	if eval[bool](t, ctx, `document.getElementById('dlg-confirm').open`) {
		do(t, ctx, chromedp.Click(`#dlg-confirm button[value=ok]`))
	}
}

// settled waits until a dialog is open (or, with open false, none is) and no
// request is in flight.
func settled(t *testing.T, ctx context.Context, open bool) {
	t.Helper()
	waitFor(t, ctx, fmt.Sprintf("dialog open %v and no request in flight", open),
		fmt.Sprintf(`!!document.querySelector('dialog[open]') === %v && window.inflight === 0`, open))
}

// jsonList writes strings as a JavaScript array.
func jsonList(t *testing.T, list []string) string {
	t.Helper()
	b, err := json.Marshal(list)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// visibleInside reports, for each selector, whether its element is shown and lies
// inside the open dialog's box.
const visibleInsideJS = `((sels) => {
	const dlg = document.querySelector('dialog[open]');
	const d = dlg.getBoundingClientRect();
	return sels.map((s) => {
		const el = dlg.querySelector(s);
		if (!el || !el.getClientRects().length || getComputedStyle(el).visibility === 'hidden') return s + ': not shown';
		const b = el.getBoundingClientRect();
		if (b.left < d.left || b.right > d.right || b.top < d.top || b.bottom > d.bottom || b.right > innerWidth || b.bottom > innerHeight) {
			return s + ': outside the dialog or the window';
		}
		return '';
	}).filter(Boolean);
})`

func TestBrowser2048Dialogs(t *testing.T) {
	srv, _ := newTestServer(t)
	ctx := browser(t, 1280, 800)
	do(t, ctx, runOnEveryPage(watchMovesScript), runOnEveryPage(fakeGameScript))
	do(t, ctx, chromedp.Navigate(srv.URL+"/2048"))
	waitFor(t, ctx, "the first tiles", `document.querySelectorAll('#tiles .tile').length >= 2`)
	shots := os.Getenv("GRIDGAMES_SCREENSHOTS")

	t.Run("keys queued before a win are dropped; a practice game's win asks no name", func(t *testing.T) {
		seed, dir := firstMoveWins(t)
		startGame(t, ctx, map[string]any{"rows": 2, "cols": 2, "fourChance": 0, "winTile": 4, "seed": fmt.Sprint(seed)})
		// The winning key's request waits while four more keys queue behind it.
		eval[bool](t, ctx, `(window.moveRequests = 0, window.holdMoves = true)`)
		for _, k := range []string{arrowOf[dir], kb.ArrowLeft, kb.ArrowRight, kb.ArrowUp, kb.ArrowDown} {
			key(t, ctx, k)
		}
		releaseHeld(t, ctx)
		if title := eval[string](t, ctx, `document.getElementById('end-title').textContent`); title != "You win!" {
			t.Fatalf("dialog %q, want the win", title)
		}
		for _, k := range []string{kb.ArrowLeft, kb.ArrowUp, "u"} { // no effect while the dialog is open
			key(t, ctx, k)
		}
		settled(t, ctx, true)
		st := fetch2048(t, ctx)
		if n := eval[int](t, ctx, `window.moveRequests`); n != 1 || st.Moves != 1 {
			t.Errorf("%d move requests, %d moves played; want the winning move only", n, st.Moves)
		}
		text := eval[string](t, ctx, `document.getElementById('end-text').textContent`)
		page := eval[string](t, ctx, `document.getElementById('score').textContent`)
		if !strings.Contains(text, fmt.Sprintf("score of %d.", st.Score)) || page != fmt.Sprint(st.Score) {
			t.Errorf("dialog says %q, the page's score %s, the server's %d", text, page, st.Score)
		}
		if shown := eval[bool](t, ctx, `document.getElementById('end-name-label').getClientRects().length > 0`); shown {
			t.Error("a practice game's win dialog shows the leaderboard name field")
		}
		if tag := eval[string](t, ctx, `(() => { const t = document.getElementById('rank-tag'); return t.hidden ? '' : t.textContent })()`); tag != "Practice" {
			t.Errorf("a practice game's mark beside the scores: %q, want Practice", tag)
		}
		if got := eval[string](t, ctx, `[...document.querySelectorAll('#end-buttons button')].map((b) => b.textContent).join(', ')`); got != "Try again, Keep going" {
			t.Errorf("win dialog buttons: %s", got)
		}
		if bad := eval[[]string](t, ctx, visibleInsideJS+`(['#end-title', '#end-text', '#end-buttons button:last-child'])`); len(bad) > 0 {
			t.Error(bad)
		}
		do(t, ctx, chromedp.Click(`//button[text()="Keep going"]`))
		settled(t, ctx, false)
		before := eval[int](t, ctx, `window.moveRequests`)
		key(t, ctx, kb.ArrowLeft)
		waitFor(t, ctx, "keys to play again after the dialog", fmt.Sprintf(`window.moveRequests > %d`, before))
	})

	for _, vp := range []struct {
		name string
		w, h int64
	}{{"desktop", 1280, 800}, {"phone", 390, 844}} {
		for _, tc := range []struct {
			title     string
			state     map[string]any
			canSubmit bool
			buttons   string
		}{
			{"You win!", map[string]any{"won": true, "ranked": true}, true, "Try again, Submit score, Keep going"},
			{"You win!", map[string]any{"won": true, "ranked": false}, false, "Try again, Keep going"},
			// A 2x2 board is solved exactly: its game over offers a review too.
			{"Game over", map[string]any{"over": true, "ranked": true}, true, "Undo, Submit score, Try again, Review"},
			{"Game over", map[string]any{"over": true, "ranked": false}, false, "Undo, Try again, Review"},
		} {
			ranked := map[bool]string{true: "ranked", false: "practice"}[tc.canSubmit]
			t.Run(fmt.Sprintf("%s dialog of a %s game on a %s", tc.title, ranked, vp.name), func(t *testing.T) {
				do(t, ctx, chromedp.EmulateViewport(vp.w, vp.h))
				defer do(t, ctx, chromedp.EmulateViewport(1280, 800))
				fields := map[string]any{"score": 4, "canSubmit": tc.canSubmit}
				for k, v := range tc.state {
					fields[k] = v
				}
				do(t, ctx, chromedp.Navigate(srv.URL+"/"))
				showFakeGame(t, ctx, srv.URL, [][]int{{2, 1}, {1, 0}}, fields)
				settled(t, ctx, true)
				if title := eval[string](t, ctx, `document.getElementById('end-title').textContent`); title != tc.title {
					t.Fatalf("dialog %q, want %q", title, tc.title)
				}
				if got := eval[string](t, ctx, `[...document.querySelectorAll('#end-buttons button')].map((b) => b.textContent).join(', ')`); got != tc.buttons {
					t.Errorf("buttons %q, want %q", got, tc.buttons)
				}
				shown := []string{"#end-title", "#end-text", "#end-buttons button:first-child", "#end-buttons button:last-child"}
				if tc.canSubmit {
					shown = append(shown, "#end-name-label", "input[name=name]", "#end-buttons button:nth-child(2)")
				} else if text := eval[string](t, ctx, `document.getElementById('end-text').textContent`); !strings.Contains(text, "not ranked") {
					t.Errorf("a practice game's dialog says %q, not why it is not ranked", text)
				}
				if bad := eval[[]string](t, ctx, visibleInsideJS+`(`+jsonList(t, shown)+`)`); len(bad) > 0 {
					t.Error(bad)
				}
				if field := eval[bool](t, ctx, `document.getElementById('end-name-label').getClientRects().length > 0`); field != tc.canSubmit {
					t.Errorf("name field shown %v, want %v (with Submit score)", field, tc.canSubmit)
				}
				if shots != "" {
					name := strings.ToLower(strings.Fields(tc.title)[len(strings.Fields(tc.title))-1])
					shot(t, ctx, filepath.Join(shots, fmt.Sprintf("2048-%s-dialog-%s-%s.png", strings.Trim(name, "!"), ranked, vp.name)))
				}
				key(t, ctx, kb.Escape)
			})
		}
	}

	for _, open := range []struct{ name, button, dialog string }{
		{"Leaderboard", "#leaders", "dlg-leaders"},
		{"Settings", "#settings", "dlg-settings"},
	} {
		t.Run("opening "+open.name+" drops the queued keys", func(t *testing.T) {
			startGame(t, ctx, map[string]any{"seed": "7"})
			eval[bool](t, ctx, `(window.moveRequests = 0, window.holdMoves = true)`)
			for _, k := range []string{kb.ArrowLeft, kb.ArrowUp, kb.ArrowRight} {
				key(t, ctx, k)
			}
			do(t, ctx, chromedp.Click(open.button))
			waitFor(t, ctx, "the dialog", `document.getElementById('`+open.dialog+`').open`)
			releaseHeld(t, ctx)
			key(t, ctx, kb.ArrowDown) // in the dialog: not a move
			settled(t, ctx, true)
			if n := eval[int](t, ctx, `window.moveRequests`); n != 1 {
				t.Errorf("%d move requests, want 1: the one in flight when the dialog opened", n)
			}
			key(t, ctx, kb.Escape)
			settled(t, ctx, false)
		})
	}

	for _, tc := range []struct {
		name  string
		setup string // JavaScript run with the speed select focused
	}{
		{"focused", `true`},
		{"changed", `(s.value = '30', s.dispatchEvent(new Event('change', { bubbles: true })), true)`},
	} {
		t.Run("arrow keys move the game with the speed select "+tc.name, func(t *testing.T) {
			startGame(t, ctx, map[string]any{"seed": "11"})
			eval[bool](t, ctx, `(() => { const s = document.getElementById('speed'); s.focus(); return `+tc.setup+` })()`)
			value := eval[string](t, ctx, `document.getElementById('speed').value`)
			for _, k := range []string{kb.ArrowLeft, kb.ArrowRight, kb.ArrowUp, kb.ArrowDown} {
				key(t, ctx, k)
			}
			waitFor(t, ctx, "the four keys' requests", `window.moveRequests >= 4 && window.inflight === 0`)
			if st := fetch2048(t, ctx); st.Moves == 0 {
				t.Error("no move played")
			}
			if got := eval[string](t, ctx, `document.getElementById('speed').value`); got != value {
				t.Errorf("the arrow keys changed the speed from %s to %s", value, got)
			}
			if tc.name == "changed" && eval[bool](t, ctx, `document.activeElement === document.getElementById('speed')`) {
				t.Error("the speed select keeps the focus after a change")
			}
		})
	}

	for _, tc := range []struct {
		name    string
		play    bool   // make a move first
		answer  string // the confirmation's button, "" when none should ask
		wantNew bool
	}{
		{"before the first move it starts at once", false, "", true},
		{"a running game asks, and Keep playing keeps it", true, "cancel", false},
		{"a running game asks, and New game starts one", true, "ok", true},
	} {
		t.Run("Settings: "+tc.name, func(t *testing.T) {
			id := startGame(t, ctx, map[string]any{"seed": "5"})
			if tc.play {
				for _, k := range []string{kb.ArrowLeft, kb.ArrowRight, kb.ArrowUp, kb.ArrowDown} {
					key(t, ctx, k)
				}
				waitFor(t, ctx, "a move", `window.inflight === 0 && document.getElementById('undo').disabled === false`)
			}
			eval[bool](t, ctx, `(() => { const d = document.getElementById('dlg-confirm'); window.confirmSeen = false;
				new MutationObserver(() => { if (d.open) window.confirmSeen = true; }).observe(d, { attributes: true }); return true })()`)
			do(t, ctx, chromedp.Click("#settings"))
			waitFor(t, ctx, "settings", `document.getElementById('dlg-settings').open`)
			eval[bool](t, ctx, `(() => { const f = document.getElementById('settings-form').elements; f.rows.value = 5; f.cols.value = 5; return true })()`)
			do(t, ctx, chromedp.Click(`#settings-form button[value=ok]`))
			if tc.answer != "" {
				waitFor(t, ctx, "the confirmation", `document.getElementById('dlg-confirm').open`)
				do(t, ctx, chromedp.Click(`#dlg-confirm button[value=`+tc.answer+`]`))
			}
			settled(t, ctx, false)
			if asked := eval[bool](t, ctx, `window.confirmSeen`); asked != (tc.answer != "") {
				t.Errorf("asked for confirmation: %v, want %v", asked, tc.answer != "")
			}
			now := eval[string](t, ctx, `JSON.parse(localStorage.getItem('gridgames:2048')).id`)
			cells := eval[int](t, ctx, `document.querySelectorAll('#bg i').length`)
			if (now != id) != tc.wantNew {
				t.Errorf("game %s, before %s: want a new game %v", now, id, tc.wantNew)
			}
			if want := map[bool]int{true: 25, false: 16}[tc.wantNew]; cells != want {
				t.Errorf("%d cells, want %d", cells, want)
			}
		})
	}

	t.Run("a new tile appears as the slide ends", func(t *testing.T) {
		startGame(t, ctx, map[string]any{"seed": "3"})
		for _, k := range []string{kb.ArrowLeft, kb.ArrowRight, kb.ArrowUp, kb.ArrowDown} {
			key(t, ctx, k)
		}
		waitFor(t, ctx, "a move", `window.inflight === 0 && document.querySelector('#tiles .tile.new')`)
		// The timings the stylesheet gives: the slide (the tile's transition),
		// then the new tile's appear and a merged tile's pop, with no wait between.
		type timing struct {
			Slide, Delay, Duration float64
			Name                   string
		}
		js := `(() => {
			const secs = (v) => Math.max(...v.split(',').map((x) => parseFloat(x) * (x.trim().endsWith('ms') ? 0.001 : 1)));
			const tiles = document.getElementById('tiles');
			const probe = document.createElement('div');
			probe.className = 'tile merged';
			probe.innerHTML = '<span>4</span>';
			tiles.append(probe);
			const out = [document.querySelector('#tiles .tile.new'), probe].map((tile) => {
				const span = getComputedStyle(tile.querySelector('span'));
				return { slide: secs(getComputedStyle(tile).transitionDuration), delay: secs(span.animationDelay), duration: secs(span.animationDuration), name: span.animationName };
			});
			probe.remove();
			return out;
		})()`
		for _, got := range eval[[]timing](t, ctx, js) {
			if got.Name == "none" || got.Delay != 0 || got.Slide+got.Duration > 0.3+1e-9 {
				t.Errorf("animation %s: slide %.3fs, delay %.3fs, %.3fs long; want no delay and settled in 0.3s", got.Name, got.Slide, got.Delay, got.Duration)
			}
		}
	})
}
