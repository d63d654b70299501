package server_test

// The fairness rules of issue 34 on the 2048 page: the page asks before the
// first undo of a ranked game, the leaderboard states what ranked means, a
// second tab's key is not played on a board it has not seen, and a hint asked
// from the page is counted on its game.

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// apiState reads the page's game as the server has it.
type apiState struct {
	Moves          int      `json:"moves"`
	Seq            int      `json:"seq"`
	Ranked         bool     `json:"ranked"`
	PracticeReason string   `json:"practiceReason"`
	Hints          int      `json:"hints"`
	Legal          []string `json:"legal"`
	Board          [][]int  `json:"board"`
}

// arrowFor is the arrow key of a direction's name.
var arrowFor = map[string]string{"left": kb.ArrowLeft, "right": kb.ArrowRight, "up": kb.ArrowUp, "down": kb.ArrowDown}

func TestBrowser2048Fair(t *testing.T) {
	srv, _ := newTestServer(t)
	ctx := browser(t, 1280, 800)
	do(t, ctx, runOnEveryPage(watchMovesScript))
	do(t, ctx, chromedp.Navigate(srv.URL+"/2048"))
	waitFor(t, ctx, "the first tiles", `document.querySelectorAll('#tiles .tile').length >= 2`)
	shots := os.Getenv("GRIDGAMES_SCREENSHOTS")
	// play plays the first legal direction with its arrow key and returns the
	// game once the server has it.
	play := func(st apiState) apiState {
		t.Helper()
		key(t, ctx, arrowFor[st.Legal[0]])
		waitFor(t, ctx, "the move", fmt.Sprintf(`window.inflight === 0 && document.getElementById('status').textContent.startsWith('Moved')`))
		return fetchState[apiState](t, ctx, "2048")
	}

	t.Run("the first undo of a ranked game asks first", func(t *testing.T) {
		startGame(t, ctx, map[string]any{})
		st := play(fetchState[apiState](t, ctx, "2048"))
		if !st.Ranked || st.Moves != 1 {
			t.Fatalf("a new game after a move: %+v; want ranked, one move", st)
		}
		key(t, ctx, "u")
		waitFor(t, ctx, "the undo warning", `document.getElementById('dlg-undo').open`)
		if text := eval[string](t, ctx, `document.getElementById('dlg-undo').textContent`); !strings.Contains(text, "practice game") {
			t.Errorf("the warning says %q", text)
		}
		if bad := eval[[]string](t, ctx, visibleInsideJS+`(['#undo-title', '#undo-text', 'button[value=cancel]', 'button[value=ok]'])`); len(bad) > 0 {
			t.Error(bad)
		}
		if shots != "" {
			shot(t, ctx, filepath.Join(shots, "2048-undo-warning-desktop.png"))
		}
		do(t, ctx, chromedp.Click(`#dlg-undo button[value=cancel]`))
		settled(t, ctx, false)
		if st := fetchState[apiState](t, ctx, "2048"); st.Moves != 1 || !st.Ranked {
			t.Fatalf("after Keep it ranked: %+v; want the move kept, ranked", st)
		}
		do(t, ctx, chromedp.Click("#undo"))
		waitFor(t, ctx, "the undo warning again", `document.getElementById('dlg-undo').open`)
		do(t, ctx, chromedp.Click(`#dlg-undo button[value=ok]`))
		waitFor(t, ctx, "the undo", `document.getElementById('status').textContent.includes('practice now')`)
		st = fetchState[apiState](t, ctx, "2048")
		if st.Moves != 0 || st.Ranked || st.PracticeReason != "undo" {
			t.Fatalf("after Undo anyway: %+v; want no moves, practice for undo", st)
		}
		if tag := eval[string](t, ctx, `(() => { const t = document.getElementById('rank-tag'); return t.hidden ? '' : t.textContent + ': ' + t.title })()`); !strings.Contains(tag, "Practice") || !strings.Contains(tag, "undone") {
			t.Errorf("the mark beside the scores: %q", tag)
		}
		// A practice game undoes without asking.
		play(st)
		key(t, ctx, "u")
		waitFor(t, ctx, "the second undo", `window.inflight === 0 && document.getElementById('status').textContent === 'Move undone.'`)
		if eval[bool](t, ctx, `!!document.querySelector('dialog[open]')`) {
			t.Error("a practice game's undo opened a dialog")
		}
	})

	t.Run("the leaderboard states the rule", func(t *testing.T) {
		do(t, ctx, chromedp.Click("#leaders"))
		waitFor(t, ctx, "the leaderboard", `document.getElementById('dlg-leaders').open`)
		text := eval[string](t, ctx, `document.getElementById('leaders-rule').textContent`)
		for _, want := range []string{"standard rules", "seed drawn by the server", "no hints", "no auto-play", "no undo", "finished or won"} {
			if !strings.Contains(text, want) {
				t.Errorf("the rule %q does not say %q", text, want)
			}
		}
		if bad := eval[[]string](t, ctx, visibleInsideJS+`(['#leaders-title', '#leaders-rule', '#leaders-body'])`); len(bad) > 0 {
			t.Error(bad)
		}
		if shots != "" {
			shot(t, ctx, filepath.Join(shots, "2048-leaderboard-rule-desktop.png"))
		}
		key(t, ctx, kb.Escape)
		settled(t, ctx, false)
	})

	t.Run("a hint from the page is counted and keys play on", func(t *testing.T) {
		startGame(t, ctx, map[string]any{})
		do(t, ctx, chromedp.Click("#hint"))
		waitFor(t, ctx, "the hint", `window.inflight === 0 && document.getElementById('status').textContent.startsWith('Hint')`)
		st := fetchState[apiState](t, ctx, "2048")
		if st.Hints != 1 || st.Seq != 1 {
			t.Fatalf("after the page's hint: %+v; want it counted", st)
		}
		if tag := eval[string](t, ctx, `document.getElementById('rank-tag').textContent`); tag != "Assisted" {
			t.Errorf("mark %q after a hint, want Assisted", tag)
		}
		if st := play(st); st.Moves != 1 {
			t.Fatalf("a move after the hint: %+v", st)
		}
	})

	t.Run("a second tab's key is not played on a board it has not seen", func(t *testing.T) {
		startGame(t, ctx, map[string]any{"seed": "21"})
		other, cancel := chromedp.NewContext(ctx)
		defer cancel()
		do(t, other, runOnEveryPage(watchMovesScript), chromedp.Navigate(srv.URL+"/2048"))
		waitFor(t, other, "the game in the second tab", `document.querySelectorAll('#tiles .tile').length >= 2`)
		// The first tab moves; the second still shows the board before, so a
		// direction legal there is sent (with the old seq), not skipped.
		before := fetchState[apiState](t, ctx, "2048")
		play(before)
		eval[bool](t, other, `(document.getElementById('status').textContent = '', true)`)
		key(t, other, arrowFor[before.Legal[0]])
		waitFor(t, other, "the second tab to reload", `window.inflight === 0 && document.getElementById('status').textContent.includes('moved on')`)
		after := fetchState[apiState](t, ctx, "2048")
		if after.Moves != 1 || after.Seq != 1 {
			t.Fatalf("after the second tab's key: %+v; want the first tab's move only", after)
		}
		if got := tilesOnPage(t, other); got != boardText(after.Board) {
			t.Fatalf("second tab shows %q, the game is %q", got, boardText(after.Board))
		}
		// The second tab plays on from the board it now shows.
		key(t, other, arrowFor[after.Legal[0]])
		waitFor(t, other, "the second tab's move", `window.inflight === 0 && document.getElementById('status').textContent.startsWith('Moved')`)
		if st := fetchState[apiState](t, ctx, "2048"); st.Moves != 2 {
			t.Fatalf("after the second tab's next key: %+v", st)
		}
	})
}
