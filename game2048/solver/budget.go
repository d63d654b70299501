package solver

import (
	"time"

	"github.com/gridgames/gridgames/game2048"
)

// The default budgets. On 4x4 boards the default search is bounded by moves
// searched (DefaultMoveNodes), not by the clock: a seeded game then replays move
// for move on any machine under any load, and a measured strength is the
// setting's, not the machine's that day. The clock (DefaultMoveTime) only guards
// against a machine much slower than the one the budgets were set on.

// Node budgets of the default 4x4 search, in moves searched (see Options.Nodes).
// One core of the machine the project measures on searches about 25 million a
// second with the built-in network (22-28 million in every stage of a game to
// 16384, seed 3001, one worker), so these are about 40 ms and 160 ms a move at
// most; most moves stop well short (see DefaultMoveNodes).
const (
	// DefaultOpeningNodes bounds a move while the largest tile is below
	// DefaultLateTile.
	DefaultOpeningNodes = 1_000_000
	// DefaultLateNodes bounds a move from the first DefaultLateTile on, where
	// games are lost.
	DefaultLateNodes = 4_000_000
	// DefaultLateTile is the tile that earns a move DefaultLateNodes: 8192.
	DefaultLateTile game2048.Tile = 13
)

// DefaultMoveNodes is the budget of moves searched per move when the options fix
// none of depth, time and nodes: on 4x4 boards 1,000,000 while the largest tile
// is below 8192 and 4,000,000 from then on; on other boards 0, no node budget
// (the clock alone bounds their search, see DefaultMoveTime). The search deepens
// while the next layer, predicted from the growth of the last two, fits in what
// is left, so most moves stop well short of the budget.
func DefaultMoveNodes(b game2048.Board) uint64 {
	if b.Rows() != 4 || b.Cols() != 4 {
		return 0
	}
	if b.MaxTile() >= DefaultLateTile {
		return DefaultLateNodes
	}
	return DefaultOpeningNodes
}

// DefaultMoveTime is the time a move may take when the options fix none of depth,
// time and nodes. On 4x4 boards it is 500 ms, a guard that the node budget
// (DefaultMoveNodes) keeps far off on a machine like the one the budgets were set
// on (it binds only when a search gets less than about a third of one of its
// cores), so that a hint answers within a second on a slower one. On other
// boards it is 50 ms, a cap that only crowded positions come near (their
// adaptive depth is shallow while the board is open, so most moves answer in
// well under a millisecond).
func DefaultMoveTime(b game2048.Board) time.Duration {
	if b.Rows() == 4 && b.Cols() == 4 {
		return 500 * time.Millisecond
	}
	return 50 * time.Millisecond
}

// nextLayerFits reports whether one more layer of the iterative deepening fits
// in budget, given what is spent so far, what the last layer cost and what the
// one before it cost (0 if none): the next layer is predicted to cost this one
// times the growth from the one before (at least 2, and 8 when there is no
// earlier layer to judge by). Costs are times or node counts.
func nextLayerFits(spent, this, before, budget float64) bool {
	growth := 8.0
	if before > 0 {
		growth = max(2, this/before)
	}
	return spent+this*growth <= budget
}
