package solver

// This file is hot code: expectimax on the 4x4 Bitboard. Nothing here allocates.

import (
	"math/bits"
	"sync/atomic"

	"github.com/gridgames/gridgames/game2048"
)

// worker4 searches 4x4 boards with its own transposition table.
type worker4 struct {
	eval    *evaluator
	tt      *table
	p2, p4  float32 // chance of a 2 and of a 4
	cut     float32 // branches less likely than this are scored as they stand
	lift    float32 // added to every leaf (see leafLift)
	nodes   uint64
	stop    *atomic.Bool
	stopped bool
}

// maxNode returns the value of the best move from b, with depth random-tile layers
// still to come after it (0 when no move is possible: the game is lost).
func (w *worker4) maxNode(b game2048.Bitboard, depth int, prob float32) float32 {
	best := float32(0)
	for d := game2048.Left; d <= game2048.Down; d++ {
		nb := b.Move(d)
		if nb == b {
			continue
		}
		w.nodes++
		if v := w.chanceNode(nb, depth, prob); v > best {
			best = v
		}
	}
	return best
}

// chanceNode averages over the tile that spawns on b (every empty cell, a 2 or a 4),
// then searches on with one layer fewer; at depth 0, or when the branch has become
// too unlikely to matter, it returns the evaluation.
func (w *worker4) chanceNode(b game2048.Bitboard, depth int, prob float32) float32 {
	if depth == 0 || prob < w.cut {
		return max(w.eval.bitboard(b)+w.lift, 1)
	}
	if v, ok := w.tt.get(uint64(b), depth); ok {
		return v
	}
	if w.stop.Load() {
		w.stopped = true
		return 0
	}
	empty := b.EmptyMask()
	n := float32(bits.OnesCount64(empty))
	prob /= n
	var sum float32
	for ; empty != 0; empty &= empty - 1 {
		shift := uint(bits.TrailingZeros64(empty))
		if w.p2 > 0 {
			sum += w.p2 * w.maxNode(b|game2048.Bitboard(1)<<shift, depth-1, prob*w.p2)
		}
		if w.p4 > 0 {
			sum += w.p4 * w.maxNode(b|game2048.Bitboard(2)<<shift, depth-1, prob*w.p4)
		}
	}
	v := sum / n
	w.tt.put(uint64(b), depth, v)
	return v
}
