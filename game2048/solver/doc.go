// Package solver plays 2048 by expectimax: the player's four moves, then the random
// tile (a 2 or a 4 on every empty cell, with the rules' odds), down to a depth counted
// in random-tile layers, where an evaluation scores the board.
//
// On 4x4 boards the search runs on game2048.Bitboard with row tables for moves, a
// transposition table per worker, and a cutoff for branches too unlikely to matter;
// it scores leaves by a 6-tuple network (Network6, learned by package train, one built
// in) plus a share of the heuristic (see Eval); the smaller 4-tuple Network
// (EvalBlend4) is faster a leaf but weaker. Every other board up to 8x8 (and a 4x4
// board holding a tile past 32768) runs the same search on game2048.PackedBoard,
// with each line's slides and score remembered as lines turn up, scored by the
// heuristic; larger boards run it on game2048.Board. The root's branches are split
// over several goroutines.
//
//	s := solver.New(solver.Options{})         // adaptive depth, all CPUs
//	a, err := s.BestMove(board, 0.1)          // a.Best, a.Values for hints
//	stats, err := s.Play(game, nil)           // drive any game2048.Puzzle to the end
package solver
