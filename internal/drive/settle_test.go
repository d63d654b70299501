package drive_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/gridgames/gridgames/game2048"
	"github.com/gridgames/gridgames/game2048/solver"
	"github.com/gridgames/gridgames/internal/drive"
)

// slowDrawing makes the test page draw each move slowly, as a loaded machine
// or a slower copy of the game would: its slides and pops take a second (CSS),
// and the second step of each move's drawing (the moved tiles' new cells, a
// frame after the first step put them at their old ones) comes 250 ms late. In
// between the page holds still for many frames showing a half-drawn slide.
const slowDrawing = `(() => {
	const style = document.createElement('style');
	style.textContent = '.tile { transition-duration: 1s !important; } .tile-inner { animation-duration: 1s !important; }';
	document.head.append(style);
	const raf = window.requestAnimationFrame.bind(window);
	let depth = 0;
	window.requestAnimationFrame = (cb) => {
		const run = (t) => { depth++; try { cb(t); } finally { depth--; } };
		if (depth > 0) return setTimeout(() => raf(run), 250);
		return raf(run);
	};
	return true;
})()`

// A board read mid-slide is never taken as the move: on a page that draws
// slowly every move still reads as the rules' slide plus the seeded new tile,
// the half-drawn readings (there are some: more waits than moves) are passed
// over, and none is reported as a mismatch.
func TestClassicPageSlowDrawing(t *testing.T) {
	const seed, moves = 21, 12
	srv := classicServer(t)
	p := open(t, t.Context(), fmt.Sprintf("%s/classic.html?seed=%d", srv.URL, seed), drive.Options{Prepare: func(ctx context.Context) error {
		_, err := chromedp.Run(ctx, chromedp.Evaluate[bool](slowDrawing))
		return err
	}})
	g, err := game2048.NewGame(game2048.WithSeed(seed))
	if err != nil {
		t.Fatal(err)
	}
	if stats, _, _ := playAlong(t, p, g, moves); stats.Moves != moves {
		t.Fatalf("played %d moves, want %d", stats.Moves, moves)
	}
	st := p.Stats()
	t.Logf("stats %+v", st)
	if st.Moves != moves || st.Mismatches != 0 || st.Waits <= st.Moves {
		t.Fatalf("stats %+v: want %d moves, no mismatch, and half-drawn readings passed over (more waits than moves)", st, moves)
	}
}

// strayTile makes the test page break the rules once: in the same frame as it
// draws the third move, a second new tile appears (a 2 on the first empty cell).
const strayTile = `(() => {
	let keys = 0, armed = false;
	document.addEventListener('keydown', () => { if (++keys === 3) armed = true; }, true);
	const raf = window.requestAnimationFrame.bind(window);
	const stray = () => {
		const taken = new Set([...document.querySelectorAll('.tile-container .tile')].map((el) => el.getAttribute('class').match(/tile-position-\d+-\d+/)[0]));
		const rows = document.querySelectorAll('.grid-row');
		for (let y = 1; y <= rows.length; y++) {
			for (let x = 1; x <= rows[0].children.length; x++) {
				const at = 'tile-position-' + x + '-' + y;
				if (!taken.has(at)) {
					const el = document.createElement('div');
					el.setAttribute('class', 'tile tile-2 ' + at);
					document.querySelector('.tile-container').append(el);
					return;
				}
			}
		}
	};
	window.requestAnimationFrame = (cb) => {
		if (!armed) return raf(cb);
		armed = false;
		return raf((t) => { cb(t); stray(); });
	};
	return true;
})()`

// A page that does not follow the rules is an error that says so: the move
// after which it showed two new tiles fails with ErrMismatch naming both
// boards, and is counted.
func TestClassicPageMismatch(t *testing.T) {
	srv := classicServer(t)
	p := open(t, t.Context(), srv.URL+"/classic.html?seed=9", drive.Options{SettleGrace: 200 * time.Millisecond, Prepare: func(ctx context.Context) error {
		_, err := chromedp.Run(ctx, chromedp.Evaluate[bool](strayTile))
		return err
	}})
	_, err := solver.New(solver.Options{Depth: 1, Workers: 1}).Play(t.Context(), p, nil)
	if !errors.Is(err, drive.ErrMismatch) || !strings.Contains(err.Error(), "plus exactly one new tile") {
		t.Fatalf("play: %v; want an error wrapping ErrMismatch", err)
	}
	if st := p.Stats(); st.Mismatches != 1 || st.Moves != 3 || p.Moves() != 3 {
		t.Fatalf("stats %+v, %d moves: want the third move counted as the one mismatch", st, p.Moves())
	}
	if !strings.Contains(err.Error(), "the page shows "+p.Board().String()) {
		t.Fatalf("error %q does not name the board the Page now holds, %v", err, p.Board())
	}
}

// lateWin makes the test page show its win message 300 ms after the move that
// won, not with it; meanwhile, as before it, the page ignores keys.
const lateWin = `(() => {
	const msg = document.querySelector('.game-message');
	let held = false;
	new MutationObserver(() => {
		if (!held && msg.classList.contains('game-won')) {
			held = true;
			msg.classList.remove('game-won');
			setTimeout(() => msg.classList.add('game-won'), 300);
		}
	}).observe(msg, { attributes: true });
	return true;
})()`

// A win message drawn late (after the move's board was read, so the next key
// goes unheard) is answered with Keep going, the key sent again, and the game
// plays on to its end by the rules.
func TestClassicPageLateWin(t *testing.T) {
	const seed, win = 7, 64
	srv := classicServer(t)
	p := open(t, t.Context(), fmt.Sprintf("%s/classic.html?seed=%d&size=3&win=%d&anim=10", srv.URL, seed, win),
		drive.Options{Prepare: func(ctx context.Context) error {
			_, err := chromedp.Run(ctx, chromedp.Evaluate[bool](lateWin))
			return err
		}})
	g, err := game2048.NewGame(game2048.WithSize(3, 3), game2048.WithSeed(seed), game2048.WithWinTile(win))
	if err != nil {
		t.Fatal(err)
	}
	wonAt, pageWonAt := 0, 0
	_, err = solver.New(solver.Options{Depth: 1, Workers: 1}).Play(t.Context(), p, func(_ solver.Analysis, res game2048.MoveResult) {
		want, err := g.Move(res.Direction)
		if err != nil || !g.Board().Equal(p.Board()) || g.Score() != p.Score() {
			t.Fatalf("move %d (%v): page %v score %d; game2048 %v score %d (%v)", p.Moves(), res.Direction, p.Board(), p.Score(), g.Board(), g.Score(), err)
		}
		if want.Won {
			wonAt = p.Moves()
		}
		if res.Won && pageWonAt == 0 {
			pageWonAt = p.Moves()
		}
	})
	if err != nil {
		t.Fatalf("play: %v (after %d moves)", err, p.Moves())
	}
	if !p.Over() || !g.Over() || !p.Won() || wonAt == 0 || pageWonAt != wonAt+1 {
		t.Fatalf("over: page %v, game2048 %v; won %v; won at move %d by the rules, reported with move %d (want the next)", p.Over(), g.Over(), p.Won(), wonAt, pageWonAt)
	}
}
