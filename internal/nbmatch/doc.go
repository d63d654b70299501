// Package nbmatch plays Othello matches and sums them up (Tally) the same way
// for two kinds of players. Play runs a match between two engines that speak
// the NBoard protocol (through package nbclient), as a GUI would: each game
// starts with "set game" from an opening of a few random plies, each opening is
// played twice with the colours swapped, every move an engine answers is
// checked against the rules (an illegal, unreadable or missing move loses the
// game for that engine, with the position and the move reported), passes are
// played by the driver, and the CPU each engine spends on each move is read
// from /proc. Levels plays our own computer players (othello/session seats
// with othello/engine engines) in this process, from the same openings.
package nbmatch
