// Package engine plays and analyses Othello on 4x4, 6x6 and 8x8 boards.
//
// The midgame search is iterative-deepening negascout (principal variation search)
// with aspiration windows and a transposition table shared by all workers; moves
// are ordered by the table's move, then by a shallow search near the root and by
// fewest opponent replies near the leaves. The evaluation weighs mobility,
// potential mobility, corners, X and C squares next to empty corners, stable discs,
// disc count and parity, blended by game phase. From a chosen number of empty
// squares the exact solver takes over: fastest-first ordering, parity, a stability
// cutoff, the table far from the end, and code that skips move generation for the
// last six empties; it can also solve for win/loss/draw only. On 8x8 the solver
// also orders its moves far from the end, and guesses the score it then proves
// with null-window probes, by a pattern evaluation learned from solved positions
// (Patterns; the train package, othello/engine/train, makes new weights).
// Between the midgame search and the exact solve a search can go on, after its
// midgame search, to a win/loss/draw solve (Limits.WLDEndgame) or a probable
// solve (Limits.ProbableEndgame): the exact solver with ProbCut at its nodes
// far from the end, its table entries kept apart from exact ones.
//
// On 8x8 the midgame search of levels 5 to 10 values its leaves by a learned
// evaluation instead: pattern weights for each phase of 8 empty squares, each
// phase fitted to positions labelled by an exact solve near the end or by a
// search with the phases after it (Midgame; the train package makes new
// weights), and it prunes selectively with ProbCut. Limits.Classic keeps the
// hand-made evaluation (the classic levels).
//
// An opening book (Book, DefaultBook) holds positions from the start, each once
// for its 8 mirror images, with every legal move valued by a search and the
// values negamaxed through the book; Book.Build, a drop-out expansion, makes it.
// Levels from BookFromLevel play a book position's move from the book, drawn
// among the moves near the best, and Analyze answers from the engine's book.
//
// Work is split along the principal variation: once a node's first move is known,
// its other moves are shared among the workers.
//
//	e := engine.New(engine.Options{})                              // all CPUs
//	r, err := e.Search(ctx, pos, engine.Limits{Time: time.Second})  // r.Move, r.Score, r.PV
//	r, err = e.Search(ctx, pos, engine.Limits{Endgame: 64})         // exact
//	lim, _ := engine.LevelLimits(3)                                 // levels 1 to 10
package engine
