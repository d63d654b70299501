package solver

// This file is hot code: expectimax on the 4x4 Bitboard. Nothing here allocates.

import (
	"math"
	"math/bits"
	"sync/atomic"

	"github.com/gridgames/gridgames/game2048"
)

// worker4 searches 4x4 boards with its own transposition tables.
type worker4 struct {
	eval    *evaluator
	tt      *table  // chance nodes two or more layers from the leaves
	tt1     *table  // chance nodes whose children are leaves: small, so it stays in cache
	p2, p4  float32 // chance of a 2 and of a 4
	cut     float32 // branches less likely than this are scored as they stand
	lift    float32 // added to every leaf (see leafLift)
	nodes   uint64
	stop    *atomic.Bool
	stopped bool
	// leaves caches leaf values with the 6-tuple network (see leafValue); entries
	// of another generation are empty.
	leaves  []leafEntry
	leafGen uint32
}

// maxNode returns the value of the best move from b, with depth random-tile layers
// still to come after it (0 when no move is possible: the game is lost). Up and down
// are left and right on the transpose, so the moves read only the row table, four
// lookups for left and right and four for up and down.
func (w *worker4) maxNode(b game2048.Bitboard, depth int, prob float32) float32 {
	if depth == 0 || prob < w.cut {
		return w.maxLeaf(b)
	}
	best := float32(0)
	t := b.Transpose()
	left, right := b.Slides()
	up, down := t.Slides()
	if left != b {
		w.nodes++
		best = maxNonNeg(best, w.chanceNode(left, depth, prob))
	}
	if right != b {
		w.nodes++
		best = maxNonNeg(best, w.chanceNode(right, depth, prob))
	}
	if up != t {
		w.nodes++
		best = maxNonNeg(best, w.chanceNode(up.Transpose(), depth, prob))
	}
	if down != t {
		w.nodes++
		best = maxNonNeg(best, w.chanceNode(down.Transpose(), depth, prob))
	}
	return best
}

// maxNonNeg is max(a, b) for values that are not negative (every value the search
// compares: leaves are at least 1, averages of them at least 0), whose float bits
// compare as integers do: a conditional move instead of the NaN-aware float max.
func maxNonNeg(a, b float32) float32 {
	return math.Float32frombits(max(math.Float32bits(a), math.Float32bits(b)))
}

// maxLeaf is maxNode when the boards after the moves are leaves: each is scored by
// the evaluation as it stands (what chanceNode returns at depth 0), which reads the
// board and its transpose, one of them at hand from the move.
func (w *worker4) maxLeaf(b game2048.Bitboard) float32 {
	best := float32(0)
	t := b.Transpose()
	left, right := b.Slides()
	up, down := t.Slides()
	if left != b {
		w.nodes++
		best = maxNonNeg(best, w.leaf(w.leafValue(left, left.Transpose())))
	}
	if right != b {
		w.nodes++
		best = maxNonNeg(best, w.leaf(w.leafValue(right, right.Transpose())))
	}
	if up != t {
		w.nodes++
		best = maxNonNeg(best, w.leaf(w.leafValue(up.Transpose(), up)))
	}
	if down != t {
		w.nodes++
		best = maxNonNeg(best, w.leaf(w.leafValue(down.Transpose(), down)))
	}
	return best
}

// leafValue scores a leaf given with its transpose. The 6-tuple network's value
// costs 32 lookups spread over 128 MiB, most of them misses in the CPU's caches, and
// the same boards come back as leaves often (other spawns and moves reach them), so
// its values are kept in a small table of the worker's that stays in the cache.
func (w *worker4) leafValue(b, bt game2048.Bitboard) float32 {
	if w.eval.big == nil {
		return w.eval.bitboardT(b, bt)
	}
	e := &w.leaves[(uint64(b)*0x9E3779B97F4A7C15)>>(64-leafCacheBits)]
	if e.key == uint64(b) && e.gen == w.leafGen {
		return e.value
	}
	v := w.eval.bitboardT(b, bt)
	*e = leafEntry{key: uint64(b), value: v, gen: w.leafGen}
	return v
}

// leafCacheBits sizes each worker's cache of leaf values (2^leafCacheBits entries
// of 16 bytes: 256 KiB, which stays in the cache; larger ones measured slower).
const leafCacheBits = 14

type leafEntry struct {
	key   uint64
	value float32
	gen   uint32
}

// leaf is a leaf's value from its evaluation v: v lifted (see leafLift), and at
// least 1 so that a board that can still move is worth more than a lost one.
func (w *worker4) leaf(v float32) float32 {
	return math.Float32frombits(uint32(max(int32(math.Float32bits(v+w.lift)), int32(math.Float32bits(1)))))
}

// chanceNode averages over the tile that spawns on b (every empty cell, a 2 or a 4),
// then searches on with one layer fewer; at depth 0, or when the branch has become
// too unlikely to matter, it returns the evaluation.
func (w *worker4) chanceNode(b game2048.Bitboard, depth int, prob float32) float32 {
	if depth == 0 || prob < w.cut {
		return w.leaf(w.leafValue(b, b.Transpose()))
	}
	tt := w.tt
	if depth == 1 {
		tt = w.tt1
	}
	if v, ok := tt.get(uint64(b), depth); ok {
		return v
	}
	if w.stop.Load() {
		w.stopped = true
		return 0
	}
	empty := b.EmptyMask()
	n := float32(bits.OnesCount64(empty))
	if depth == 1 && w.eval.net != nil {
		v := w.spawnLeaves(b, empty) / n
		tt.put(uint64(b), depth, v)
		return v
	}
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
	tt.put(uint64(b), depth, v)
	return v
}
