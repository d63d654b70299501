package solver

import (
	"sync/atomic"

	"github.com/gridgames/gridgames/game2048"
)

// workerGen searches boards of any size (and 4x4 boards with tiles beyond 32768) on
// the general game2048.Board. scratch[d] holds the boards after each move at depth
// d, so the search copies without allocating once warmed up.
type workerGen struct {
	eval    *evaluator
	tt      *table
	p2, p4  float64
	cut     float64
	lift    float64 // added to every leaf (see leafLift)
	nodes   uint64
	stop    *atomic.Bool
	stopped bool
	scratch []game2048.Board
}

func (w *workerGen) scratchAt(depth int) *game2048.Board {
	for len(w.scratch) <= depth {
		w.scratch = append(w.scratch, game2048.Board{})
	}
	return &w.scratch[depth]
}

func (w *workerGen) maxNode(b *game2048.Board, depth int, prob float64) float64 {
	best := 0.0
	nb := w.scratchAt(depth)
	for _, d := range game2048.Directions {
		if !b.CanMove(d) {
			continue
		}
		nb.CopyFrom(*b)
		nb.Move(d)
		w.nodes++
		if v := w.chanceNode(nb, depth, prob); v > best {
			best = v
		}
	}
	return best
}

// chanceNode places each possible tile on b in place, searches, and takes it away.
func (w *workerGen) chanceNode(b *game2048.Board, depth int, prob float64) float64 {
	if depth == 0 || prob < w.cut {
		return max(w.eval.board(b)+w.lift, 1)
	}
	key := hashBoard(b)
	if v, ok := w.tt.get(key, depth); ok {
		return float64(v)
	}
	if w.stop.Load() {
		w.stopped = true
		return 0
	}
	n := float64(b.EmptyCount())
	prob /= n
	sum := 0.0
	for r := range b.Rows() {
		for c := range b.Cols() {
			if b.At(r, c) != 0 {
				continue
			}
			if w.p2 > 0 {
				b.Set(r, c, 1)
				sum += w.p2 * w.maxNode(b, depth-1, prob*w.p2)
			}
			if w.p4 > 0 {
				b.Set(r, c, 2)
				sum += w.p4 * w.maxNode(b, depth-1, prob*w.p4)
			}
			b.Set(r, c, 0)
		}
	}
	v := sum / n
	w.tt.put(key, depth, float32(v))
	return v
}

// hashBoard mixes the board's size and tiles into 64 bits (never 0). Each row is
// packed a byte per cell, eight cells to a word, and mixed by mixRow: on boards up to
// 8x8 that is workerWide.hash of the same board, so the two searches meet the same
// table slots and their values can be compared exactly.
func hashBoard(b *game2048.Board) uint64 {
	h := uint64(b.Rows())<<8 | uint64(b.Cols())
	for r := range b.Rows() {
		for c0 := 0; c0 < b.Cols(); c0 += 8 {
			var word uint64
			for c := c0; c < min(c0+8, b.Cols()); c++ {
				word |= uint64(b.At(r, c)) << (8 * (c - c0))
			}
			h = mixRow(h, word)
		}
	}
	return h | 1
}

// mixRow mixes one packed row into the hash h.
func mixRow(h, row uint64) uint64 {
	h = (h ^ row) * 0x9E3779B97F4A7C15
	return h ^ h>>31
}
