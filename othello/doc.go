// Package othello is the rules of Othello (Reversi) on 4x4, 6x6 and 8x8 bitboards.
//
// Squares are named a1..h8: columns a.. left to right, rows 1.. top to bottom; a
// Square is its bit index. Black ('X') moves first; the start has d4 and e5 white, d5
// and e4 black, and smaller boards use the same centre pattern. A pass happens exactly
// when the side to move has no legal move and the other side has one; the game ends
// when neither can move. The final score gives the empty squares to the winner.
//
// Position is the cheap value engines work with: Moves, Flips, and the unvalidated
// Play. Game is the validated entry point for people, with history, undo and redo:
//
//	g, err := othello.NewGame()                       // 8x8 start
//	err = g.PlayText("f5")                            // ErrIllegalMove names the reason
//	g.Undo()
//	g, err = othello.NewGame(othello.WithSize(6), othello.WithTranscript("c2b3"))
//
// Notation: board text ("---...OX...--- X"), transcripts ("f5d6c3"), FFO .obf lines.
// Perft counts leaves of the move tree, on one goroutine or several.
package othello
