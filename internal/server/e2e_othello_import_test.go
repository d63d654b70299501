package server_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// pageBoard is the board the page draws, as board text rows: 'X' for a black
// disc, 'O' a white one, '-' an empty square.
const pageBoard = `(() => { const n = Math.sqrt(document.querySelectorAll('#oboard .sq').length); const rows = [];
	const sq = [...document.querySelectorAll('#oboard .sq')];
	for (let r = 0; r < n; r++) rows.push(sq.slice(r * n, (r + 1) * n).map(c => {
		const d = c.querySelector('.disc'); return !d ? '-' : d.classList.contains('black') ? 'X' : 'O' }).join(''));
	return JSON.stringify(rows) })()`

// importOnPage pastes text into the Import field of the Import / export dialog
// and presses Import as new game.
func importOnPage(t *testing.T, ctx context.Context, text string) {
	t.Helper()
	js, _ := json.Marshal(text)
	do(t, ctx, chromedp.Click("#io"))
	waitFor(t, ctx, "the import dialog", `document.getElementById('dlg-io').open`)
	eval[bool](t, ctx, `(document.querySelector('#io-form textarea[name=import]').value = `+string(js)+`, true)`)
	do(t, ctx, chromedp.Click(`#io-form button[value=ok]`))
}

// TestBrowserOthelloImport: the GGF record the page exports, pasted into its
// import, gives the same game (the board drawn, the moves, the record); so do its
// transcript and board text on a 6x6 board; text that cannot be read leaves the
// dialog open with the server's error naming what was wrong.
func TestBrowserOthelloImport(t *testing.T) {
	srv, _ := newTestServer(t)
	ctx := othelloPageAt(t, srv.URL, 1280, 900)
	type exported struct {
		ID         string   `json:"id"`
		Board      []string `json:"board"`
		Transcript string   `json:"transcript"`
		Text       string   `json:"text"`
		GGF        string   `json:"ggf"`
	}
	// play starts a game of size for two people, plays n moves, and returns
	// what the page exports.
	play := func(size, n int) exported {
		newOthelloGame(t, ctx, size, "human", "human")
		for range n {
			clickLegal(t, ctx)
		}
		do(t, ctx, chromedp.Click("#io"))
		waitFor(t, ctx, "the export dialog", `document.getElementById('dlg-io').open`)
		st := fetchState[exported](t, ctx, "othello")
		if got := eval[string](t, ctx, `document.querySelector('#io-form textarea[name=ggf]').value`); got != st.GGF {
			t.Fatalf("the dialog shows the GGF record %q, the API %q", got, st.GGF)
		}
		eval[bool](t, ctx, `(document.getElementById('dlg-io').close(), true)`)
		return st
	}
	// paste imports text and checks that the page then shows want's board,
	// in a new game whose export is want's (for same).
	paste := func(what, text string, want exported, same bool) {
		t.Helper()
		importOnPage(t, ctx, text)
		waitFor(t, ctx, what+" imported or refused", `!document.getElementById('dlg-io').open || document.getElementById('io-error').textContent`)
		if msg := eval[string](t, ctx, `document.getElementById('io-error').textContent`); msg != "" {
			eval[bool](t, ctx, `(document.getElementById('dlg-io').close(), true)`)
			t.Fatalf("%s %q refused: %s", what, text, msg)
		}
		got := fetchState[exported](t, ctx, "othello")
		var drawn []string
		if err := json.Unmarshal([]byte(eval[string](t, ctx, pageBoard)), &drawn); err != nil {
			t.Fatal(err)
		}
		if got.ID == want.ID || strings.Join(drawn, "/") != strings.Join(want.Board, "/") || got.Text != want.Text {
			t.Errorf("%s: the page shows game %s with %q (%s), want a new game with %q (%s)", what, got.ID, drawn, got.Text, want.Board, want.Text)
		}
		if same && (got.Transcript != want.Transcript || got.GGF != want.GGF) {
			t.Errorf("%s: imported %q %q, want %q %q", what, got.Transcript, got.GGF, want.Transcript, want.GGF)
		}
	}

	st := play(8, 7)
	t.Run("GGF", func(t *testing.T) {
		play(8, 0) // another game, so the board changes
		paste("the GGF record", st.GGF, st, true)
		if n := eval[int](t, ctx, `document.querySelectorAll('#moves button').length`); n != 7 {
			t.Errorf("the move list has %d moves, want 7", n)
		}
	})
	st6 := play(6, 5)
	t.Run("transcript on 6x6", func(t *testing.T) {
		paste("the transcript", st6.Transcript, st6, true)
	})
	t.Run("board text", func(t *testing.T) {
		paste("the board text", st6.Text, st6, false)
	})
	t.Run("unreadable", func(t *testing.T) {
		before := fetchState[exported](t, ctx, "othello")
		importOnPage(t, ctx, "a1") // never legal first: it flips nothing
		waitFor(t, ctx, "the error", `document.getElementById('io-error').textContent !== ''`)
		msg := eval[string](t, ctx, `document.getElementById('io-error').textContent`)
		if !strings.Contains(msg, "read as a transcript") || !strings.Contains(msg, "a1") {
			t.Errorf("error shown %q; want it to say what the text was read as and the move", msg)
		}
		if !eval[bool](t, ctx, `document.getElementById('dlg-io').open`) {
			t.Error("the dialog closed on an error")
		}
		if after := fetchState[exported](t, ctx, "othello"); after.ID != before.ID {
			t.Errorf("a refused import changed the game: %s, was %s", after.ID, before.ID)
		}
		eval[bool](t, ctx, `(document.getElementById('dlg-io').close(), true)`)
	})
}
