// Package nbclient is the GUI's side of the NBoard protocol: it starts an
// Othello engine that speaks the protocol (NTest, Edax, `gridgames othello
// nboard`) as a child process, tells it the game and the moves played, asks it
// for moves, and reads how much CPU its processes have used, so a match driver
// (package nbmatch) can play engines against each other and compare their cost.
//
// A Client sends what the NBoard GUI sends:
//
//	nboard 2, set depth N            (Hello; then ping N and wait for pong N)
//	set game GGF                     (NewGame; then ping N and wait for pong N)
//	move f5, move pa                 (Play: no reply is awaited)
//	go                               (Go: waits for "=== <move>[/eval[/time]]")
//	quit                             (Close: then the process is killed if it lingers)
//
// The replies it waits for are read with ParseMoveReply; "set myname X" lines are
// kept as the engine's name, and every other line (status, nodestats, search) is
// skipped. An engine that stops answering is caught by the caller's context: a
// Client whose command timed out or whose engine died is broken, and every later
// call returns ErrBroken; the caller closes it and starts another.
package nbclient
