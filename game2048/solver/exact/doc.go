// Package exact solves small 2048 boards strongly: the value under optimal play of
// every position reachable from the standard start (two tiles on distinct
// uniformly drawn cells, each a 4 with the rules' chance), by backward induction
// with no heuristic and no depth limit.
//
// A move keeps the sum of the tiles and a new tile adds 2 or 4, so the positions
// fall into layers by tile sum and each layer depends only on the next two. Solve
// lists the reachable positions forward, layer by layer (each stored once for all
// its mirrors and turns), then values them backward, keeping for each layer a
// sorted array of positions and values and, while the two layers below are
// valued, a hash index over it. For the expected score it then pushes the start's
// probability forward through the best moves to get the chance of making each tile.
// Values are float64 sums taken in a fixed order with Neumaier compensation (see
// values.go), so a solve is reproducible to the bit.
//
// Objectives: the expected final score (the points of all merges), or with
// Config.Goal the largest chance of ever making that tile. Boards of up to
// MaxCells cells are accepted: 2x2, 2x3, 2x4, 3x3 and their transposes. 2x5
// is too big to hold (Count measures it: see MaxCells).
//
//	t, err := exact.Solve(ctx, exact.Config{Rows: 2, Cols: 4, FourChance: 0.1})
//	t.Summary().Value               // the expected score of a new game
//	mv, err := t.Moves(board)       // each move's exact worth from a position
//	err = t.WriteFile("2x4.table")  // exact.ReadFile loads it back
package exact
