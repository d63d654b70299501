// Package game2048 is the rules of 2048 on any board from 2x2 to 16x16, rectangles
// included, with tiles of any size up to 2^62.
//
// A Board is a grid of tile exponents (0 empty, 1 = 2, 2 = 4, ...). Board.Move slides
// and merges as the original game does: every line toward the edge, equal neighbours
// merging once per move, the pair nearest the edge first; Board.Slide does the same and
// records where each tile went, for animation.
//
// A Game adds the rules around the board: seeded spawns, the score, winning (reported
// once; play may go on), game over, unlimited Undo, and a Record from which Replay
// rebuilds the identical game:
//
//	g, err := game2048.NewGame(game2048.WithSize(5, 5), game2048.WithSeed(42))
//	if err != nil { ... }
//	res, err := g.Move(game2048.Left) // res.Tiles, res.Merges, res.Spawn animate it
//	fmt.Println(g.Board(), g.Score())
//	g.Undo()
//
// Bitboard is the 4x4 fast path for search: one uint64, a nibble per cell, moves by
// table lookup. PackedBoard is the fast path for boards up to 8x8: a uint64 per row,
// a byte per cell, every tile. Puzzle is the small interface through which the solver drives any
// 2048 implementation; *Game satisfies it.
package game2048
