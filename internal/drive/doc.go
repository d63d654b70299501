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
// project's web app. After each key the Page waits until the page has changed and
// settled (two readings a frame apart agree and no animation runs on the board),
// so the solver only ever sees whole boards. A key that changes nothing is a move
// with Moved false. A win message is answered with Keep going; the game-over
// message ends the game. The score is the page's.
//
// The page is read, never trusted to follow the rules: the rows and columns come
// from its grid, the tiles from its DOM, and a move the rules call impossible is
// still sent (it just waits less for a change).
package drive
