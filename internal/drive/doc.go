// Package drive plays 2048 in a web page: a Page opens a URL in headless Chromium
// (through chromedp), reads the board from the page's DOM, sends arrow keys, and
// satisfies game2048.Puzzle, so the solver can play any 2048 implementation it can
// read:
//
//	p, err := drive.Open(ctx, "http://localhost:8000/", drive.Options{})
//	if err != nil {
//		return err
//	}
//	defer p.Close()
//	stats, err := solver.New(solver.Options{}).Play(ctx, p, nil)
//
// Two layouts are read (see Layout): the classic page's (gabrielecirulli/2048 and
// its many copies: tile-<value> tile-position-<col>-<row> classes) and this
// project's web app. The page does the waiting: a MutationObserver it is given
// counts the changes to its tiles, score and messages, and after each key it
// answers, with a reading, once the board has changed and then held still for a
// frame. A reading is the move when it is the rules' slide plus exactly one new
// tile, with the score raised by the slide's points; anything else is a board
// drawn half way (a slide's tiles still at their old cells) and is passed over
// until the page has been still for Options.SettleGrace, when it is the page's
// answer and Move fails with ErrMismatch. No fixed wait, and no wait for the
// page's animations: the original page's move costs about three frames. A key
// that changes nothing is a move with Moved false. A win message is answered
// with Keep going; the game-over message ends the game. The score is the page's.
// Stats says where the time went.
//
// The page is read, never trusted to follow the rules: the rows and columns come
// from its grid, the tiles from its DOM, every move is checked, and a move the
// rules call impossible is still sent (it just waits less for a change).
package drive
