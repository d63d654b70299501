package server_test

// Huge 2048 tiles in the browser: on every board size, at desktop and phone
// widths, light and dark, each tile's label fits its cell and reads at 4.5:1
// against its tile; tiles past 2048 stand out from empty cells; the Othello
// page's black disc counter is outlined on a dark page.
//
// No game reaches such tiles in a test's time, so the page is handed one: a
// script run before the page's own answers its GET of a game named fakeGameID
// with a made-up state (the page draws whatever state the server sends).

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

const fakeGameID = "made-up-board"

// fakeGameScript answers the page's GET /api/2048/games/fakeGameID with the state
// kept in localStorage under gridgames:test:state.
const fakeGameScript = `(() => {
	let state = null;
	try { state = localStorage.getItem('gridgames:test:state'); } catch { return; }
	if (!state) return;
	const real = window.fetch.bind(window);
	window.fetch = (path, opts) => {
		if (String(path) === '/api/2048/games/` + fakeGameID + `' && (!opts || !opts.method || opts.method === 'GET')) {
			return Promise.resolve(new Response('{"state":' + state + '}', { status: 200, headers: { 'Content-Type': 'application/json' } }));
		}
		return real(path, opts);
	};
})()`

// runOnEveryPage runs script in every document the tab opens, before its own scripts.
func runOnEveryPage(script string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: script})
		return err
	})
}

// preferColorScheme makes the tab's system preference light or dark.
func preferColorScheme(scheme string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}}})
		return err
	})
}

// bigTileBoard is a rows x cols board holding the tiles 2^1, 2^2, ... in reading
// order, its last cell the largest tile that board can hold (2^(rows*cols+1)).
func bigTileBoard(rows, cols int) [][]int {
	b := make([][]int, rows)
	for r := range b {
		b[r] = make([]int, cols)
		for c := range b[r] {
			b[r][c] = r*cols + c + 1
		}
	}
	b[rows-1][cols-1] = rows*cols + 1
	return b
}

// showFakeGame makes the page load a game with board b, the state's other fields
// as given (won, over, score ...) or those of a game just begun; the tab must be
// on url.
func showFakeGame(t *testing.T, ctx context.Context, url string, b [][]int, fields map[string]any) {
	t.Helper()
	state := map[string]any{
		"id":    fakeGameID,
		"rules": map[string]any{"rows": len(b), "cols": len(b[0]), "fourChance": 0.1, "winTile": 2048, "startTiles": 2},
		"seed":  "1", "board": b, "score": 0, "best": 0, "moves": 1, "won": false, "over": false, "canUndo": false,
	}
	for k, v := range fields {
		state[k] = v
	}
	js, err := json.Marshal(state)
	if err != nil {
		t.Fatal(err)
	}
	eval[bool](t, ctx, fmt.Sprintf(`(localStorage.setItem('gridgames:test:state', %q),
		localStorage.setItem('gridgames:2048', JSON.stringify({ id: %q, token: 'none' })), true)`, js, fakeGameID))
	do(t, ctx, chromedp.Navigate(url+"/2048"))
	tiles := 0
	for _, row := range b {
		for _, v := range row {
			if v > 0 {
				tiles++
			}
		}
	}
	waitFor(t, ctx, "the made-up board", fmt.Sprintf(`document.querySelectorAll('#tiles .tile').length === %d`, tiles))
}

// setTheme picks the page's theme: "light" or "dark" as chosen with the theme
// button, or "system dark": no choice, the system prefers dark. It leaves the
// tab on url's home page.
func setTheme(t *testing.T, ctx context.Context, url, theme string) {
	t.Helper()
	do(t, ctx, chromedp.Navigate(url+"/"))
	scheme, stored := "light", theme
	if theme == "system dark" {
		scheme, stored = "dark", ""
	}
	do(t, ctx, preferColorScheme(scheme))
	eval[bool](t, ctx, fmt.Sprintf(`(%q ? localStorage.setItem('gridgames:theme', %q) : localStorage.removeItem('gridgames:theme'), true)`, stored, stored))
}

// colourJS defines, in the page, opaque(colours...): the sRGB colour seen where
// the CSS colours are painted one over the other on white, and contrast(a, b):
// the WCAG contrast ratio of two such colours.
const colourJS = `
	const canvas = document.createElement('canvas');
	canvas.width = canvas.height = 1;
	const cx = canvas.getContext('2d', { willReadFrequently: true });
	const opaque = (...colours) => {
		cx.globalCompositeOperation = 'copy';
		cx.fillStyle = '#fff';
		cx.fillRect(0, 0, 1, 1);
		cx.globalCompositeOperation = 'source-over';
		for (const c of colours) { cx.fillStyle = '#fff'; cx.fillStyle = c; cx.fillRect(0, 0, 1, 1); }
		return [...cx.getImageData(0, 0, 1, 1).data.slice(0, 3)];
	};
	const luminance = (rgb) => {
		const [r, g, b] = rgb.map((v) => { v /= 255; return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
		return 0.2126 * r + 0.7152 * g + 0.0722 * b;
	};
	const contrast = (a, b) => {
		const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
		return (hi + 0.05) / (lo + 0.05);
	};
`

// checkTilesJS returns, as JSON, every tile's label problem on the page, the
// number of tiles checked and the smallest label font.
const checkTilesJS = `(() => {` + colourJS + `
	const problems = [];
	const board = document.getElementById('board');
	const boardBox = board.getBoundingClientRect();
	if (boardBox.left < 0 || boardBox.right > document.documentElement.clientWidth) {
		problems.push('board ' + boardBox.left + '..' + boardBox.right + ' px wider than the page ' + document.documentElement.clientWidth);
	}
	if (document.documentElement.scrollWidth > document.documentElement.clientWidth) {
		problems.push('page scrolls sideways: ' + document.documentElement.scrollWidth + ' > ' + document.documentElement.clientWidth);
	}
	const boardBg = getComputedStyle(board).backgroundColor;
	const empty = opaque(getComputedStyle(document.body).backgroundColor, boardBg, getComputedStyle(document.querySelector('#bg i')).backgroundColor);
	const colours = new Map();
	let smallest = Infinity, checked = 0;
	for (const tile of document.querySelectorAll('#tiles .tile')) {
		checked++;
		const e = Number(tile.style.getPropertyValue('--e'));
		const value = (2n ** BigInt(e)).toString();
		const span = tile.querySelector('span');
		const text = span.textContent;
		const name = value + ' at ' + tile.dataset.cell + ' ("' + text + '")';
		const groups = Math.floor((value.length - 1) / 3);
		const short = groups > 0 ? value.slice(0, value.length - 3 * groups) + ' kMBT'[groups] : value;
		if (text !== value && text !== short && text !== '2' + e) problems.push(name + ': label is none of ' + value + ', ' + short + ', 2^' + e);
		if (tile.getAttribute('aria-label') !== value) problems.push(name + ': accessible name ' + tile.getAttribute('aria-label'));
		if (text !== value && tile.title !== value) problems.push(name + ': abbreviated without the value as its title (' + tile.title + ')');
		if (span.scrollWidth > span.clientWidth || span.scrollHeight > span.clientHeight) {
			problems.push(name + ': label overflows, scroll ' + span.scrollWidth + 'x' + span.scrollHeight + ' > client ' + span.clientWidth + 'x' + span.clientHeight);
		}
		const range = document.createRange();
		range.selectNodeContents(span);
		const lb = range.getBoundingClientRect(), tb = tile.getBoundingClientRect();
		if (lb.left < tb.left - 0.5 || lb.right > tb.right + 0.5 || lb.top < tb.top - 0.5 || lb.bottom > tb.bottom + 0.5) {
			problems.push(name + ': label box ' + [lb.left, lb.top, lb.right, lb.bottom].map(Math.round) + ' outside tile ' + [tb.left, tb.top, tb.right, tb.bottom].map(Math.round));
		}
		const st = getComputedStyle(span);
		smallest = Math.min(smallest, parseFloat(st.fontSize));
		const bg = opaque(boardBg, st.backgroundColor), fg = opaque(st.backgroundColor, st.color);
		const c = contrast(fg, bg);
		if (!(c >= 4.5)) problems.push(name + ': label contrast ' + c.toFixed(2) + ' (' + st.color + ' on ' + st.backgroundColor + ')');
		if (e > 11) {
			const ce = contrast(bg, empty);
			if (!(ce >= 3)) problems.push(name + ': tile against an empty cell ' + ce.toFixed(2) + ' (' + st.backgroundColor + ' by ' + empty + ')');
		}
		colours.set(e, bg);
	}
	// Tiles past 2048 each get a colour of their own, far from their neighbours'.
	for (const [e, rgb] of colours) {
		const prev = colours.get(e - 1);
		if (e > 11 && prev) {
			const d = Math.hypot(...rgb.map((v, i) => v - prev[i]));
			if (d < 40) problems.push('tiles 2^' + (e - 1) + ' and 2^' + e + ' look alike: ' + prev + ' and ' + rgb);
		}
	}
	return JSON.stringify({ problems, checked, smallest });
})()`

type tileCheck struct {
	Problems []string `json:"problems"`
	Checked  int      `json:"checked"`
	Smallest float64  `json:"smallest"`
}

// TestBrowserTileLabels draws boards full of tiles up to the largest each can
// hold and checks every label from the DOM.
func TestBrowserTileLabels(t *testing.T) {
	srv, _ := newTestServer(t)
	ctx := browser(t, 1280, 800)
	do(t, ctx, runOnEveryPage(fakeGameScript))
	shots := os.Getenv("GRIDGAMES_SCREENSHOTS")

	viewports := []struct {
		name string
		w, h int64
	}{{"desktop", 1280, 800}, {"phone", 390, 844}}
	boards := []struct{ rows, cols int }{{2, 2}, {4, 4}, {8, 8}, {16, 16}, {5, 16}, {16, 3}}
	themes := []string{"light", "dark", "system dark"}
	for _, vp := range viewports {
		for _, b := range boards {
			for _, theme := range themes {
				name := fmt.Sprintf("%dx%d %s %s", b.rows, b.cols, vp.name, theme)
				t.Run(name, func(t *testing.T) {
					do(t, ctx, chromedp.EmulateViewport(vp.w, vp.h))
					setTheme(t, ctx, srv.URL, theme)
					showFakeGame(t, ctx, srv.URL, bigTileBoard(b.rows, b.cols), nil)
					var got tileCheck
					if err := json.Unmarshal([]byte(eval[string](t, ctx, checkTilesJS)), &got); err != nil {
						t.Fatal(err)
					}
					if got.Checked != b.rows*b.cols {
						t.Fatalf("checked %d tiles, want %d", got.Checked, b.rows*b.cols)
					}
					for _, p := range got.Problems {
						t.Error(p)
					}
					if got.Smallest < 7 {
						t.Errorf("smallest label font %.1f px, want 7 px or more", got.Smallest)
					}
					t.Logf("%d tiles, smallest label font %.1f px", got.Checked, got.Smallest)
					if shots != "" {
						shot(t, ctx, filepath.Join(shots, fmt.Sprintf("tiles-%dx%d-%s-%s.png", b.rows, b.cols, vp.name, theme)))
					}
				})
			}
		}
	}
}

// TestBrowserDiscCounterOutline checks that the disc counters beside the Othello
// title stand out from the page in both themes: by their fill (3:1, the rule for
// graphics) or by an outline as clear as text (4.5:1; the old #666 edge on the
// dark page, 3.1:1, was hard to see).
func TestBrowserDiscCounterOutline(t *testing.T) {
	srv, _ := newTestServer(t)
	ctx := browser(t, 1280, 800)
	for _, theme := range []string{"light", "dark", "system dark"} {
		t.Run(theme, func(t *testing.T) {
			setTheme(t, ctx, srv.URL, theme)
			do(t, ctx, chromedp.Navigate(srv.URL+"/othello"))
			waitFor(t, ctx, "the disc counters", `document.querySelector('#c-black .d')`)
			js := `(() => {` + colourJS + `
				const page = opaque(getComputedStyle(document.body).backgroundColor);
				return [...document.querySelectorAll('.counts .d')].map((d) => {
					const st = getComputedStyle(d);
					const width = parseFloat(st.borderTopWidth);
					const edge = width > 0 && st.borderTopStyle !== 'none' ? contrast(opaque(st.borderTopColor), page) : 0;
					return { disc: d.className, width, edge, fill: contrast(opaque(st.backgroundColor), page) };
				});
			})()`
			type disc struct {
				Disc  string  `json:"disc"`
				Width float64 `json:"width"`
				Edge  float64 `json:"edge"`
				Fill  float64 `json:"fill"`
			}
			discs := eval[[]disc](t, ctx, js)
			if len(discs) != 2 {
				t.Fatalf("%d disc counters, want 2", len(discs))
			}
			for _, d := range discs {
				if d.Fill < 3 && (d.Width < 1 || d.Edge < 4.5) {
					t.Errorf("counter %q: fill %.2f:1 and outline %.1f px at %.2f:1 against the page; want the fill at 3:1 or an outline of 1 px or more at 4.5:1", d.Disc, d.Fill, d.Width, d.Edge)
				}
			}
		})
	}
}
