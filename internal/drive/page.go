package drive

import (
	"context"
	"fmt"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/gridgames/gridgames/game2048"
)

// Options configure Open. The zero value finds Chromium on PATH, detects the
// layout, and waits as long as a slow page needs.
type Options struct {
	// ExecPath is the Chromium (or Chrome) binary; "" means FindChromium.
	ExecPath string
	// Layout is the page's DOM; LayoutAuto (the zero value) detects it.
	Layout Layout
	// LoadTimeout bounds the wait for the first whole board after the page
	// loads; 0 means 30s.
	LoadTimeout time.Duration
	// MoveTimeout bounds the wait, after a key, for the page to change and
	// settle; 0 means 10s. A page that does not change in that time made no move.
	MoveTimeout time.Duration
	// NoMoveWait is how long Move waits for a change after a key that by the
	// rules changes nothing; 0 means 300ms.
	NoMoveWait time.Duration
	// SettleGrace is how long a page that has drawn something other than the
	// rules' move must then stay still (and not animate its board) before Move
	// takes it as the page's answer, a mismatch; 0 means 500ms. It costs
	// nothing on a page that plays by the rules: a board that matches them is
	// taken a frame after it is drawn.
	SettleGrace time.Duration
	// ReducedMotion asks the page for reduced motion (the CSS media feature
	// prefers-reduced-motion: reduce), which pages that honour it answer with
	// no animation, and moves come faster.
	ReducedMotion bool
	// Width and Height size the browser window; 0 means 1000 x 1000.
	Width, Height int
	// Prepare, if set, runs after the page has loaded and before its board is
	// read, with the tab's chromedp context (which stays valid until Close, or
	// until Open's context ends): to pick settings or close a banner.
	Prepare func(ctx context.Context) error
}

func (o *Options) defaults() {
	if o.LoadTimeout <= 0 {
		o.LoadTimeout = 30 * time.Second
	}
	if o.MoveTimeout <= 0 {
		o.MoveTimeout = 10 * time.Second
	}
	if o.NoMoveWait <= 0 {
		o.NoMoveWait = 300 * time.Millisecond
	}
	if o.SettleGrace <= 0 {
		o.SettleGrace = 500 * time.Millisecond
	}
	if o.Width <= 0 {
		o.Width = 1000
	}
	if o.Height <= 0 {
		o.Height = 1000
	}
}

// Page is a 2048 game in a web page in headless Chromium, as a game2048.Puzzle.
// Rows, Cols, At, Score, CanMove and Over answer from the last settled reading
// of the page (no browser round trip); Move sends a key and waits for the next.
// A Page is not safe for concurrent use; Close it to end the browser.
type Page struct {
	ctx    context.Context // the caller's: its end stops every wait
	run    context.Context // the tab's, ending with ctx or Close
	stop   context.CancelFunc
	b      *browser
	opt    Options
	layout Layout
	js     scripts
	state  pageState
	mark   mark // the page's change count at state
	moves  int
	won    bool
	stats  Stats
	keyUp  chan error // the last key's release, in flight (see press)
}

// Stats are a Page's figures: how its moves went and where their time went.
type Stats struct {
	// Moves counts the moves that changed the page.
	Moves int
	// Key is the time spent pressing keys: each key down, until the browser
	// acknowledges it (the page has handled it). The key's release goes while
	// the solver thinks, and costs a move nothing unless it is still in flight
	// at the next key.
	Key time.Duration
	// Settle is the time from each key's acknowledgement to the move's board,
	// read and checked against the rules: the page's drawing and the reading.
	Settle time.Duration
	// Waits counts the round trips to the page's watch (one a move at best).
	Waits int
	// Mismatches counts the moves after which the page's board was not the
	// rules' slide plus exactly one new tile (each one an ErrMismatch).
	Mismatches int
}

var _ game2048.Puzzle = (*Page)(nil)

// Open starts headless Chromium, loads url, and waits for a whole board in the
// page's layout. Its errors wrap ErrNoBrowser (no Chromium), ErrLoad (the page
// did not load: unreachable host, HTTP error), ErrNoBoard (no board of a known
// layout appeared within Options.LoadTimeout) or ErrPage, the last three as a
// *PageError; or they are ctx's error. When ctx ends, so does every wait of the
// Page (Move returns ctx's error), but the browser lives until Close. A page
// that shows its win message is told to keep going.
func Open(ctx context.Context, url string, opt Options) (*Page, error) {
	opt.defaults()
	path := opt.ExecPath
	if path == "" {
		var err error
		if path, err = FindChromium(); err != nil {
			return nil, err
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	b, err := startBrowser(path, opt.Width, opt.Height, opt.ReducedMotion)
	if err != nil {
		return nil, err
	}
	p := &Page{ctx: ctx, b: b, opt: opt}
	p.run, p.stop = b.op(ctx)
	if err := p.load(url); err != nil {
		p.Close()
		return nil, err
	}
	return p, nil
}

// load navigates to url, finds the layout and reads the first settled board.
func (p *Page) load(url string) error {
	ctx := p.run
	resp, err := chromedp.Run(ctx, chromedp.NavigateResponse(url))
	if err != nil {
		if p.ctx.Err() != nil {
			return p.ctx.Err()
		}
		return loadError(err)
	}
	if resp != nil && resp.Status >= 400 {
		return loadErrorf(": HTTP %d %s", resp.Status, resp.StatusText)
	}
	if p.opt.Prepare != nil {
		if err := p.opt.Prepare(ctx); err != nil {
			return fmt.Errorf("drive: preparing the page: %w", err)
		}
	}
	start := time.Now()
	if p.layout, err = p.detect(ctx, p.opt.LoadTimeout); err != nil {
		return err
	}
	p.js = newScripts(p.layout)
	left := p.opt.LoadTimeout - time.Since(start)
	hasTiles := func(s pageState) bool { return s.board.EmptyCount() < s.board.Rows()*s.board.Cols() }
	st, ok, err := p.settle(ctx, hasTiles, left, left)
	switch {
	case err != nil:
		return err
	case !ok:
		return noBoardErrorf(": the %s grid shows no tile within %v", p.layout, p.opt.LoadTimeout)
	}
	p.state = st
	if st.won {
		return p.keepGoing(ctx)
	}
	return nil
}

// detect finds the page's layout when the options leave it to the page.
func (p *Page) detect(ctx context.Context, limit time.Duration) (Layout, error) {
	if p.opt.Layout != LayoutAuto {
		return p.opt.Layout, nil
	}
	deadline := time.Now().Add(limit)
	for {
		name, err := chromedp.Run(ctx, chromedp.Evaluate[string](detectJS))
		if p.ctx.Err() != nil {
			return 0, p.ctx.Err()
		}
		if err == nil && name != "" {
			return ParseLayout(name)
		}
		if time.Now().After(deadline) {
			return 0, noBoardErrorf(": neither the classic layout (.tile-container, .grid-row) nor the gridgames one (#board, #tiles, #bg) appeared within %v", limit)
		}
		if !sleep(ctx, 50*time.Millisecond) {
			return 0, p.ctx.Err()
		}
	}
}

// keys are the key presses for each direction.
var keys = [4]string{game2048.Left: kb.ArrowLeft, game2048.Right: kb.ArrowRight, game2048.Up: kb.ArrowUp, game2048.Down: kb.ArrowDown}

// press sends d's key down; the release goes after the move has been read,
// while the solver thinks (release), and the next press waits for it.
func (p *Page) press(ctx context.Context, d game2048.Direction) error {
	if p.keyUp != nil {
		err := <-p.keyUp
		p.keyUp = nil
		if err != nil && ctx.Err() == nil {
			return fmt.Errorf("releasing the key: %w", err)
		}
	}
	events := kb.Encode([]rune(keys[d])[0])
	for _, e := range events[:len(events)-1] {
		if _, err := chromedp.Call(ctx, input.DispatchKeyEvent, *e); err != nil {
			return err
		}
	}
	return nil
}

// release sends d's key up, without waiting for the browser's answer.
func (p *Page) release(ctx context.Context, d game2048.Direction) {
	events := kb.Encode([]rune(keys[d])[0])
	up := *events[len(events)-1]
	done := make(chan error, 1)
	p.keyUp = done
	go func() {
		_, err := chromedp.Call(ctx, input.DispatchKeyEvent, up)
		done <- err
	}()
}

// Move presses d's arrow key and waits until the page has drawn the move: as
// soon as its board, a frame after it changed, is the rules' slide plus one new
// tile with the score raised by the slide's points (see Options.SettleGrace
// for a page that draws something else). When the page does not change within
// Options.MoveTimeout (NoMoveWait for a move the rules say changes nothing) it
// reports Moved false. Points is the page's score gain; Slide and Spawn are the
// rules' slide and the new tile. Won is true for the move after which the page
// first showed its win message (Move then clicks Keep going).
//
// A page that settles on another board is a move with an error wrapping
// ErrMismatch that says what the page shows and what the rules make; the Page
// then holds the page's board, and counts it in Stats.Mismatches.
//
// When the Page's context ends during the wait, Move reads where the page got
// to (briefly, so that Score and the board stay true) and returns that error.
func (p *Page) Move(d game2048.Direction) (game2048.MoveResult, error) {
	if d > game2048.Down {
		return game2048.MoveResult{}, fmt.Errorf("%w: %d", game2048.ErrDirection, uint8(d))
	}
	if p.b == nil {
		return game2048.MoveResult{}, ErrClosed
	}
	if p.Over() {
		return game2048.MoveResult{}, fmt.Errorf("%w: the page's game has ended (score %d)", game2048.ErrGameOver, p.state.score)
	}
	res, retry, err := p.move(d)
	if retry {
		won := res.Won
		res, _, err = p.move(d)
		res.Won = res.Won || won
	}
	return res, err
}

// move is one key and its wait. It asks for a retry when the page, instead of
// the move, showed its win message for the move before (drawn late, and now
// answered with Keep going): the page ignored the key.
func (p *Page) move(d game2048.Direction) (res game2048.MoveResult, retry bool, err error) {
	res = game2048.MoveResult{Direction: d}
	before := p.state
	pr := predict(before, d)
	quiet := p.opt.MoveTimeout
	if !pr.slide.Moved {
		quiet = p.opt.NoMoveWait
	}
	ctx := p.run
	t0 := time.Now()
	err = p.press(ctx, d)
	t1 := time.Now()
	pressed := err == nil
	var st pageState
	var spawn game2048.Spawn
	outcome := noChange
	if err == nil {
		st, spawn, outcome, err = p.awaitMove(ctx, pr, quiet)
	}
	p.stats.Key += t1.Sub(t0)
	p.stats.Settle += time.Since(t1)
	if pressed {
		p.release(ctx, d)
	}
	if p.ctx.Err() != nil {
		p.catchUp(func(s pageState) bool { return !s.same(before) })
		return res, false, p.ctx.Err()
	}
	if err != nil {
		return res, false, fmt.Errorf("drive: after %v: %w", d, err)
	}
	switch outcome {
	case noChange:
		return res, false, nil
	case winShown:
		p.state = st
		res.Won = true
		if err := p.keepGoing(ctx); err != nil {
			return res, false, err
		}
		return res, true, nil
	}
	res.Moved = true
	res.Points = st.score - before.score
	p.state = st
	p.moves++
	p.stats.Moves++
	var mismatch error
	if outcome == matched {
		res.Slide, res.Spawn = pr.slide, &spawn
	} else {
		p.stats.Mismatches++
		mismatch = fmt.Errorf("%w (move %d): %s", ErrMismatch, p.moves, pr.mismatch(st))
	}
	if st.won && !p.won {
		res.Won = true // the Page's won is set by keepGoing
		if err := p.keepGoing(ctx); err != nil {
			if p.ctx.Err() != nil {
				return res, false, p.ctx.Err()
			}
			return res, false, err
		}
	}
	res.Over = p.Over()
	return res, false, mismatch
}

// catchUp reads the page once more after the Page's context ended mid-move, so
// that the board and score are the page's, not those from before the key.
func (p *Page) catchUp(changed func(pageState) bool) {
	ctx, cancel := context.WithTimeout(p.b.tab, 2*time.Second)
	defer cancel()
	if st, ok, err := p.settle(ctx, changed, 300*time.Millisecond, 1500*time.Millisecond); err == nil && ok {
		p.state = st
		p.moves++
	}
}

// keepGoing clicks the win message's Keep going button and waits for the
// message to go.
func (p *Page) keepGoing(ctx context.Context) error {
	p.won = true
	clicked, err := chromedp.Run(ctx, chromedp.Evaluate[bool](p.layout.keepScript()))
	if err != nil {
		return fmt.Errorf("drive: clicking Keep going: %w", err)
	}
	if !clicked {
		return badPageErrorf(": the win message has no Keep going button")
	}
	gone := func(s pageState) bool { return !s.won }
	st, ok, err := p.settle(ctx, gone, p.opt.MoveTimeout, p.opt.MoveTimeout)
	if err != nil {
		return err
	}
	if !ok {
		return fmt.Errorf("%w: the win message stayed after Keep going", ErrSettle)
	}
	p.state = st
	return nil
}

// spawnOf finds the one tile that after has and the slid board has not; false
// when the boards differ otherwise (a page with other rules).
func spawnOf(slid, after game2048.Board) (game2048.Spawn, bool) {
	var s game2048.Spawn
	n := 0
	for r := range slid.Rows() {
		for c := range slid.Cols() {
			if t := after.At(r, c); t != slid.At(r, c) {
				if slid.At(r, c) != 0 || n > 0 {
					return game2048.Spawn{}, false
				}
				s = game2048.Spawn{At: game2048.Cell{Row: r, Col: c}, Tile: t}
				n++
			}
		}
	}
	return s, n == 1
}

// Rows returns the number of rows of the page's grid.
func (p *Page) Rows() int { return p.state.board.Rows() }

// Cols returns the number of columns of the page's grid.
func (p *Page) Cols() int { return p.state.board.Cols() }

// At returns the tile the page shows at row r, column c (0-based) as an exponent.
func (p *Page) At(r, c int) game2048.Tile { return p.state.board.At(r, c) }

// Board returns a copy of the board the page shows.
func (p *Page) Board() game2048.Board { return p.state.board.Clone() }

// Score returns the score the page shows.
func (p *Page) Score() int64 { return p.state.score }

// CanMove reports whether d changes the page's board by the standard rules.
func (p *Page) CanMove(d game2048.Direction) bool { return p.state.board.CanMove(d) }

// Over reports whether the game has ended: the page shows its game-over
// message, or no move changes its board.
func (p *Page) Over() bool { return p.state.over || p.state.board.Over() }

// Won reports whether the page has shown its win message (and was told to keep
// going).
func (p *Page) Won() bool { return p.won }

// Moves returns the number of moves that changed the page's board.
func (p *Page) Moves() int { return p.moves }

// Stats returns the Page's figures so far.
func (p *Page) Stats() Stats { return p.stats }

// Layout returns the layout the page was read in.
func (p *Page) Layout() Layout { return p.layout }

// Screenshot returns a PNG of the browser's window.
func (p *Page) Screenshot() ([]byte, error) {
	if p.b == nil {
		return nil, ErrClosed
	}
	return chromedp.Run(p.run, chromedp.CaptureScreenshot())
}

// Close ends the browser and waits for it to exit. The board and score stay
// readable; Move then returns ErrClosed. Close may be called more than once.
func (p *Page) Close() error {
	if p.b != nil {
		p.stop()
		p.b.close()
		p.b = nil
	}
	return nil
}
