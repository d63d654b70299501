// Package session holds one 2048 game for an app: the game itself, whether it is
// ranked (and why not), the help it had, and the rules around the board that the
// web server, the terminal UI and the CLI share: what an action does, what counts
// as help, what undo costs, when a score may go on the leaderboard, and when the
// seed of a ranked game may be shown.
//
// A game is stored as its Config and the list of actions it took, and rebuilt by
// Apply, the one path that both live play and a replay of stored actions take:
//
//	"L" "R" "U" "D"  a move (left, right, up, down)
//	"AL" ...         a move the auto-solver chose (counted as help)
//	"Z"              undo the last move
//	"H"              a hint given (the board does not change; counted as help)
//	"S"              the score submitted to the leaderboard (reveals the seed)
//
// # Ranked games
//
// A game is ranked while all of these hold: the seed was drawn by New (not
// chosen by a client), the rules are the standard ones (a new tile is a 4 with
// chance 0.1, win at 2048, two start tiles; any board size), and no move was
// undone. The first undo turns a ranked game into practice for good (Practice
// reports why a game is not ranked). Hints and auto-play moves keep a game ranked
// but assisted: an assisted game may not be submitted either.
//
// # The seed's commitment
//
// The spawns of a game follow from its seed, so a ranked game's seed is secret
// until the game is over or its score was submitted (Revealed). From its start
// the game publishes a commitment instead: the lowercase hex SHA-256 of
//
//	"gridgames-2048:" + salt + ":" + seed
//
// where salt is 32 lowercase hex digits (128 random bits) drawn with the seed,
// and seed is the seed in decimal. Once the seed is revealed, anyone can check it
// against the commitment seen at the start and replay the game's actions from it
// (Record, Verify): the server could not have changed the seed afterwards.
package session
