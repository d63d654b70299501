package server_test

// Every key acts: the 2048 page keeps every key pressed, however fast, plays
// them in order, and sends no request for one that moves nothing.

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/gridgames/gridgames/game2048"
	"github.com/gridgames/gridgames/internal/server"
	"github.com/gridgames/gridgames/internal/store"
)

// moveCounter counts the 2048 move requests a server answered, by status, and
// those in flight.
type moveCounter struct {
	mu       sync.Mutex
	inflight int
	status   map[int]int
}

func (c *moveCounter) wrap(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || !strings.HasPrefix(r.URL.Path, "/api/2048/games/") || !strings.HasSuffix(r.URL.Path, "/moves") {
			next.ServeHTTP(w, r)
			return
		}
		c.mu.Lock()
		c.inflight++
		c.mu.Unlock()
		rec := &statusWriter{ResponseWriter: w, status: http.StatusOK}
		defer func() {
			c.mu.Lock()
			c.inflight--
			c.status[rec.status]++
			c.mu.Unlock()
		}()
		next.ServeHTTP(rec, r)
	})
}

// reset forgets the requests counted so far.
func (c *moveCounter) reset() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.status = map[int]int{}
}

// counts returns the answers by status and the requests in flight.
func (c *moveCounter) counts() (map[int]int, int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := map[int]int{}
	for k, v := range c.status {
		out[k] = v
	}
	return out, c.inflight
}

type statusWriter struct {
	http.ResponseWriter
	status int
}

func (w *statusWriter) WriteHeader(code int) {
	w.status = code
	w.ResponseWriter.WriteHeader(code)
}

// keysServer serves the app over a fresh SQLite store, counting move requests.
func keysServer(t *testing.T) (*httptest.Server, store.Store, *moveCounter) {
	t.Helper()
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "games.db"))
	if err != nil {
		t.Fatal(err)
	}
	count := &moveCounter{status: map[int]int{}}
	srv := httptest.NewServer(count.wrap(server.New(st, server.Options{}).Handler()))
	t.Cleanup(func() {
		srv.Close()
		st.Close()
	})
	return srv, st, count
}

// watchConsole collects the page's console messages (console calls, uncaught
// exceptions, the browser's own log, where a failed request shows). The
// function it returns waits until every message written before its call has
// arrived and returns the errors among them since its last call.
func watchConsole(t *testing.T, ctx context.Context) func() []string {
	t.Helper()
	cctx, cancel := context.WithCancel(ctx)
	var (
		mu     sync.Mutex
		errs   []string
		marks  = map[string]bool{}
		done   = make(chan struct{})
		events = chromedp.Console(cctx)
	)
	go func() {
		defer close(done)
		for m, err := range events {
			if err != nil {
				return
			}
			mu.Lock()
			switch {
			case m.Type == chromedp.ConsoleLog && strings.HasPrefix(m.Text, "console-mark-"):
				marks[m.Text] = true
			case m.Type == chromedp.ConsoleError || m.IsException():
				errs = append(errs, fmt.Sprintf("%s (%s %s)", m.String(), m.Source, m.URL))
			}
			mu.Unlock()
		}
	}()
	t.Cleanup(func() { cancel(); <-done })
	n, told := 0, 0
	return func() []string {
		t.Helper()
		n++
		mark := fmt.Sprintf("console-mark-%d", n)
		eval[bool](t, ctx, fmt.Sprintf(`(console.log(%q), true)`, mark))
		deadline := time.Now().Add(10 * time.Second)
		for time.Now().Before(deadline) {
			mu.Lock()
			seen, out := marks[mark], append([]string(nil), errs[told:]...)
			mu.Unlock()
			if seen {
				told += len(out)
				return out
			}
			time.Sleep(20 * time.Millisecond)
		}
		t.Fatal("the console's messages never arrived")
		return nil
	}
}

// waitIdle waits until the page has had its input (the predicate seen holds),
// nothing waits in it (#board is not aria-busy) and no move request is in
// flight.
func waitIdle(t *testing.T, ctx context.Context, count *moveCounter, seen string) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		_, inflight := count.counts()
		if inflight == 0 && eval[bool](t, ctx, `(`+seen+`) && document.getElementById('board').getAttribute('aria-busy') !== 'true'`) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the page never went idle: input seen %v, aria-busy %q, %d requests in flight", eval[bool](t, ctx, seen),
				eval[string](t, ctx, `document.getElementById('board').getAttribute('aria-busy') || ''`), inflight)
		}
		time.Sleep(40 * time.Millisecond)
	}
}

// burstPattern is thirty direction keys, arrows and the letter keys, in runs
// that leave some keys nothing to move: L R U D are the arrows.
const burstPattern = "LLLUUUaaawwwRDDhhkkllDDjjsLLUd"

var (
	patternKey = map[rune]string{'L': kb.ArrowLeft, 'R': kb.ArrowRight, 'U': kb.ArrowUp, 'D': kb.ArrowDown}
	patternDir = map[rune]game2048.Direction{
		'L': game2048.Left, 'R': game2048.Right, 'U': game2048.Up, 'D': game2048.Down,
		'a': game2048.Left, 'd': game2048.Right, 'w': game2048.Up, 's': game2048.Down,
		'h': game2048.Left, 'l': game2048.Right, 'k': game2048.Up, 'j': game2048.Down,
	}
)

// replayPattern plays the pattern's keys on a standard game of the seed, as the
// page must: it returns the letters of the moves made, skipping keys that move
// nothing, and the board after them.
func replayPattern(t *testing.T, seed uint64, pattern string) (string, [][]int) {
	t.Helper()
	g, err := game2048.NewGame(game2048.WithSeed(seed))
	if err != nil {
		t.Fatal(err)
	}
	var moves []byte
	for _, c := range pattern {
		res, err := g.Move(patternDir[c])
		if err != nil {
			t.Fatalf("the reference game ended: %v", err)
		}
		if res.Moved {
			moves = append(moves, res.Direction.Letter())
		}
	}
	board := make([][]int, g.Rows())
	for r := range board {
		board[r] = make([]int, g.Cols())
		for c := range board[r] {
			board[r][c] = int(g.At(r, c))
		}
	}
	return string(moves), board
}

// TestBrowser2048EveryKeyActs presses thirty keys on a seeded game, all at once
// or 30 ms apart: the game's stored moves are those of a replay of the same keys
// (keys that move nothing skipped), in order; the page sent one request per
// move and none for a key that moved nothing; the console has no error; and
// the page shows the replay's board.
func TestBrowser2048EveryKeyActs(t *testing.T) {
	srv, st, count := keysServer(t)
	ctx := browser(t, 1200, 900)
	consoleErrors := watchConsole(t, ctx)
	do(t, ctx, chromedp.Navigate(srv.URL+"/2048"))
	waitFor(t, ctx, "the first tiles", `document.querySelectorAll('#tiles .tile').length >= 2`)

	for _, tc := range []struct {
		name string
		seed uint64
		gap  time.Duration // between two keys
	}{
		{"thirty keys with no delay", 2, 0},
		{"thirty keys with no delay, another seed", 6, 0},
		{"thirty keys 30 ms apart", 2, 30 * time.Millisecond},
	} {
		t.Run(tc.name, func(t *testing.T) {
			want, board := replayPattern(t, tc.seed, burstPattern)
			if len(want) == len(burstPattern) {
				t.Fatalf("every key of the pattern moves on seed %d: pick one where some move nothing", tc.seed)
			}
			id := startGame(t, ctx, map[string]any{"seed": fmt.Sprint(tc.seed)})
			eval[bool](t, ctx, `(window.keysSeen = 0, document.addEventListener('keydown', () => window.keysSeen++, true), true)`)
			count.reset()
			keys := make([]string, 0, len(burstPattern))
			for _, c := range burstPattern {
				k, ok := patternKey[c]
				if !ok {
					k = string(c)
				}
				keys = append(keys, k)
			}
			if tc.gap == 0 {
				do(t, ctx, chromedp.KeyEvent(strings.Join(keys, "")))
			} else {
				for _, k := range keys {
					do(t, ctx, chromedp.KeyEvent(k))
					time.Sleep(tc.gap)
				}
			}
			waitIdle(t, ctx, count, fmt.Sprintf(`window.keysSeen === %d`, len(keys)))

			g, err := st.Game(context.Background(), id)
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.Join(g.Actions, ""); got != want {
				t.Errorf("stored moves %q (%d), want %q (%d): the replay of the %d keys", got, len(got), want, len(want), len(keys))
			}
			status, _ := count.counts()
			if status[http.StatusOK] != len(want) || len(status) > 1 {
				t.Errorf("move requests answered %v, want %d, all 200: one per key that moves, none for the %d that move nothing",
					status, len(want), len(keys)-len(want))
			}
			if errs := consoleErrors(); len(errs) > 0 {
				t.Errorf("console errors:\n%s", strings.Join(errs, "\n"))
			}
			waitFor(t, ctx, "the page's tiles to show the replay's board", fmt.Sprintf(
				`[...document.querySelectorAll('#tiles .tile')].map(e => e.dataset.cell + '=' + e.textContent).sort().join(' ') === %q`, boardText(board)))
		})
	}
}

// swipe drags the mouse from (x, y) by (dx, dy) with the button held.
func swipe(x, y, dx, dy float64) chromedp.Action[chromedp.Void] {
	held := func(p *input.DispatchMouseEventParams) {
		p.Button, p.Buttons, p.ClickCount = input.MouseButtonLeft, 1, 1
	}
	return chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		return chromedp.Do(ctx,
			chromedp.MouseEvent(chromedp.MousePressed, x, y, held),
			chromedp.MouseEvent(chromedp.MouseMoved, x+dx/2, y+dy/2, held),
			chromedp.MouseEvent(chromedp.MouseMoved, x+dx, y+dy, held),
			chromedp.MouseEvent(chromedp.MouseReleased, x+dx, y+dy, held))
	})
}

// TestBrowser2048Swipes: a swipe over 10 px moves, as in the original game, one
// that ends off the board too, a smaller one does not; swipes made at once all
// act, in order.
func TestBrowser2048Swipes(t *testing.T) {
	srv, st, count := keysServer(t)
	ctx := browser(t, 1200, 900)
	consoleErrors := watchConsole(t, ctx)
	do(t, ctx, chromedp.Navigate(srv.URL+"/2048"))
	waitFor(t, ctx, "the first tiles", `document.querySelectorAll('#tiles .tile').length >= 2`)
	const seed = 2
	id := startGame(t, ctx, map[string]any{"seed": fmt.Sprint(seed)})
	type rect struct{ X, Y, Top float64 }
	b := eval[rect](t, ctx, `(() => { const r = document.getElementById('board').getBoundingClientRect();
		return { x: r.left + r.width / 2, y: r.top + r.height / 2, top: r.top } })()`)
	if b.Top < 40 {
		t.Fatalf("the board's top is at %v px: no room above it to end a swipe", b.Top)
	}
	eval[bool](t, ctx, `(window.upsSeen = 0, document.addEventListener('pointerup', () => window.upsSeen++, true), true)`)
	count.reset()
	swipes := []struct {
		name   string
		dx, dy float64
		key    rune // the pattern letter of the move it makes, 0 for none
	}{
		{"12 px right", 12, 0, 'R'},
		{"up, ending off the board", 0, 20 - b.Y, 'U'},
		{"6 px jitter", -6, 3, 0},
		{"200 px left", -200, 30, 'L'},
		{"15 px down", 2, 15, 'D'},
		{"11 px right", 11, -4, 'R'},
		{"up again", -3, -60, 'U'},
	}
	var pattern []rune
	for _, s := range swipes {
		do(t, ctx, swipe(b.X, b.Y, s.dx, s.dy))
		if s.key != 0 {
			pattern = append(pattern, s.key)
		}
	}
	waitIdle(t, ctx, count, fmt.Sprintf(`window.upsSeen === %d`, len(swipes)))
	want, board := replayPattern(t, seed, string(pattern))
	if len(want) < len(pattern)-1 {
		t.Fatalf("on seed %d the swipes %q make only the moves %q: pick swipes that move", seed, string(pattern), want)
	}
	g, err := st.Game(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(g.Actions, ""); got != want {
		t.Errorf("stored moves %q, want %q from the swipes %q", got, want, string(pattern))
	}
	if status, _ := count.counts(); status[http.StatusOK] != len(want) || len(status) > 1 {
		t.Errorf("move requests answered %v, want %d, all 200", status, len(want))
	}
	if errs := consoleErrors(); len(errs) > 0 {
		t.Errorf("console errors:\n%s", strings.Join(errs, "\n"))
	}
	waitFor(t, ctx, "the page's tiles to show the replay's board", fmt.Sprintf(
		`[...document.querySelectorAll('#tiles .tile')].map(e => e.dataset.cell + '=' + e.textContent).sort().join(' ') === %q`, boardText(board)))
}

// holdSlidesScript keeps every 100 ms timer (the slide's length, SLIDE_MS in
// 2048.js) from firing, so a slide ends only when something cuts it short;
// window.slides counts the slides begun.
const holdSlidesScript = `(() => {
	const real = window.setTimeout.bind(window);
	window.slides = 0;
	window.setTimeout = (f, ms, ...args) => (ms === 100 ? (window.slides++, 0) : real(f, ms, ...args));
})()`

// TestBrowser2048KeyCutsTheSlideShort: a key typed while a move slides ends the
// slide at once and acts, as in the original game: with slides that never end on
// their own, every key, typed once the move before is sliding, still plays.
func TestBrowser2048KeyCutsTheSlideShort(t *testing.T) {
	srv, st, count := keysServer(t)
	ctx := browser(t, 1200, 900)
	do(t, ctx, runOnEveryPage(holdSlidesScript))
	do(t, ctx, chromedp.Navigate(srv.URL+"/2048"))
	waitFor(t, ctx, "the first tiles", `document.querySelectorAll('#tiles .tile').length >= 2`)
	const seed = 4
	id := startGame(t, ctx, map[string]any{"seed": fmt.Sprint(seed)})
	ref, err := game2048.NewGame(game2048.WithSeed(seed))
	if err != nil {
		t.Fatal(err)
	}
	count.reset()
	arrows := map[game2048.Direction]string{game2048.Left: kb.ArrowLeft, game2048.Right: kb.ArrowRight, game2048.Up: kb.ArrowUp, game2048.Down: kb.ArrowDown}
	cycle := []game2048.Direction{game2048.Left, game2048.Up, game2048.Right, game2048.Down}
	var want []byte
	for i := range 8 {
		d := cycle[i%len(cycle)]
		for j := 1; !ref.CanMove(d); j++ {
			d = cycle[(i+j)%len(cycle)]
		}
		if _, err := ref.Move(d); err != nil {
			t.Fatal(err)
		}
		want = append(want, d.Letter())
		key(t, ctx, arrows[d])
		deadline := time.Now().Add(10 * time.Second)
		for {
			status, inflight := count.counts()
			if status[http.StatusOK] == i+1 && inflight == 0 && eval[int](t, ctx, `window.slides`) == i+1 {
				break // the move is made and slides
			}
			if time.Now().After(deadline) {
				t.Fatalf("key %d (%s), typed during the slide of the move before, was not played: answers %v", i+1, d, status)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	g, err := st.Game(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(g.Actions, ""); got != string(want) {
		t.Errorf("stored moves %q, want %q", got, want)
	}
}
