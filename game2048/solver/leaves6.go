package solver

// This file is hot code: the last chance layer of the 4x4 search with the 6-tuple
// network. Nothing here allocates.

import (
	"math/bits"

	"github.com/gridgames/gridgames/game2048"
)

// The leaves of a chance node one layer above them are scored as a batch: the
// boards are made and their 32 weight indexes computed first, and every weight a
// leaf will read is prefetched, then the sums are taken. A leaf's reads that
// miss the CPU's caches (most of its cost) then overlap with those of the other
// leaves, where one leaf at a time the CPU only saw the next one or two.

// maxLeaves6 bounds a batch: per side (left and right, up and down), 4 rows of at
// most 2 gaps, 2 tiles and 2 moves.
const maxLeaves6 = 2 * 4 * 2 * 2 * 2

// leafBatch is a worker's scratch for spawnLeaves6, kept so that it is not zeroed
// per node.
type leafBatch struct {
	n    int
	leaf [maxLeaves6]batchLeaf
	idx  [maxLeaves6][numImages6]uint32
	jobs [2][maxLeaves6 / 4]leafJob
	nj   [2]int
}

// batchLeaf is one leaf: the board and its transpose, its cache slot if it still
// has to be scored (nil once v is known), and its value (worker4.leaf applied).
type batchLeaf struct {
	b, bt uint64
	e     *leafEntry
	v     float32
}

// leafJob is one gap of a row and one tile: the cells c0..c1 of the row at bit
// sh, the leaves of its moves (-1: not scored, the move does nothing), and
// whether the gap's first cell moves left and its last right.
type leafJob struct {
	sh, c0, c1, k        uint
	l, r                 int
	headMoves, tailMoves bool
}

// batchLeaves6 is sideLeaves for the 6-tuple network on both sides at once: it
// sets lr from the board x (empty is its EmptyMask) and ud from its transpose y
// (emptyT), each best[4r+c][k] the better leaf of the side's two moves after a 2
// (k = 0) or a 4 (k = 1) spawns on cell (r, c), or 0 when neither moves. The
// values are exactly those of maxLeaf on each spawn: the same boards, scored by
// the same sums.
func (w *worker4) batchLeaves6(x, y, empty, emptyT uint64, lr, ud *[16][2]float32) {
	q := w.batch
	q.n = 0
	w.collect6(x, empty, 0)
	w.collect6(y, emptyT, 1)
	w.score6()
	w.fill6(0, lr)
	w.fill6(1, ud)
}

// collect6 adds the leaves of the moves left and right of x after each spawn on
// its empty cells to the batch, as the jobs of side (0: x is the board, 1: x is
// its transpose, whose left and right are the board's up and down). Spawns in one
// gap between a row's tiles slide to the same row, so a gap has two leaves per
// tile whatever its length; a leaf is the slide of x with the spawn's row
// replaced.
func (w *worker4) collect6(x, empty uint64, side int) {
	q := w.batch
	q.nj[side] = 0
	l, r := game2048.Bitboard(x).Slides()
	left, right := uint64(l), uint64(r)
	leftT, rightT := uint64(l.Transpose()), uint64(r.Transpose())
	leftDiff, rightDiff := x^left, x^right
	first, last := uint64(1), uint64(2) // the tiles that spawn: 2 and 4, or one of them
	if w.p2 == 0 {
		first = 2
	}
	if w.p4 == 0 {
		last = 1
	}
	for i := range 4 {
		sh := uint(16*i) & 63
		e := empty >> sh & 0x1111
		if e == 0 {
			continue
		}
		row := x >> sh & 0xffff
		rowMask, colMask := uint64(0xffff)<<sh, uint64(0x000f000f000f000f)<<(sh>>2)
		// The slid boards without row i, and their transposes without column i.
		lx, ly, rx, ry := left&^rowMask, leftT&^colMask, right&^rowMask, rightT&^colMask
		// Whether each slide moves a row other than row i.
		otherLeft, otherRight := leftDiff&^rowMask != 0, rightDiff&^rowMask != 0
		gaps := uint(e|e>>3|e>>6|e>>9) & 0xf // bit c: column c of row i is empty
		for gaps != 0 {
			run := gaps &^ (gaps + gaps&-gaps) // the lowest gap: a run of set bits
			gaps &^= run
			c0, c1 := uint(bits.TrailingZeros(run))&3, uint(bits.Len(run)-1)&3
			for tile := first; tile <= last; tile++ {
				head, tail := row|tile<<(4*c0), row|tile<<(4*c1)
				sl, sr := game2048.SlideRow(uint16(head))
				toLeft, toRight := uint64(sl), uint64(sr)
				// Left moves a tile of every spawn but the gap's first, which has
				// no empty cell on its left in the gap; right likewise the last.
				j := leafJob{sh: sh, c0: c0, c1: c1, k: uint(tile-1) & 1, l: -1, r: -1,
					headMoves: toLeft != head || otherLeft, tailMoves: toRight != tail || otherRight}
				if j.headMoves || c1 > c0 {
					j.l = w.addLeaf6(lx|toLeft<<sh, ly|spreadRow(uint16(toLeft))<<(sh>>2), side)
				}
				if j.tailMoves || c1 > c0 {
					j.r = w.addLeaf6(rx|toRight<<sh, ry|spreadRow(uint16(toRight))<<(sh>>2), side)
				}
				q.jobs[side][q.nj[side]&(maxLeaves6/4-1)] = j
				q.nj[side]++
			}
		}
	}
}

// addLeaf6 adds the leaf x (with its transpose y; on side 1 the board is y) to the
// batch and returns its place: its value if the leaf cache has it, else its
// indexes, whose weights it prefetches.
func (w *worker4) addLeaf6(x, y uint64, side int) int {
	if side == 1 {
		x, y = y, x
	}
	q := w.batch
	i := q.n & (maxLeaves6 - 1)
	q.n++
	l := &q.leaf[i]
	e := &w.leaves[(x*0x9E3779B97F4A7C15)>>(64-leafCacheBits)]
	if e.key == x && e.gen == w.leafGen {
		l.e, l.v = nil, w.leaf(e.value)
		return i
	}
	l.b, l.bt, l.e = x, y, e
	idx := &q.idx[i]
	indexes6(x, y, idx)
	prefetch6(w.eval.big, idx)
	return i
}

// score6 scores the batch's leaves the leaf cache did not have, and keeps their
// values in it: the 6-tuple sum, plus the heuristic's share, as bitboardT.
func (w *worker4) score6() {
	q := w.batch
	t, e := w.eval.big, w.eval
	for i := range q.leaf[:q.n] {
		l := &q.leaf[i]
		if l.e == nil {
			continue
		}
		v := float32(t.sum(&q.idx[i]))
		if e.share > 0 {
			v += float32(e.share) * e.heuristicT(game2048.Bitboard(l.b), game2048.Bitboard(l.bt))
		}
		*l.e = leafEntry{key: l.b, value: v, gen: w.leafGen}
		l.v = w.leaf(v)
	}
}

// fill6 sets best from the jobs of side and counts their leaves, as sideLeaves does.
func (w *worker4) fill6(side int, best *[16][2]float32) {
	q := w.batch
	nodes := uint64(0)
	for _, j := range q.jobs[side][:q.nj[side]] {
		var lv, rv float32
		if j.l >= 0 {
			lv = q.leaf[j.l&(maxLeaves6-1)].v
		}
		if j.r >= 0 {
			rv = q.leaf[j.r&(maxLeaves6-1)].v
		}
		// Every cell of the gap is worth the better of lv and rv, but its first
		// cell takes rv alone unless it moves left, its last lv alone unless it
		// moves right (a leaf not scored is 0: then the gap is that one cell, and
		// it does not move that way).
		both := maxNonNeg(lv, rv)
		for c := j.c0; c <= j.c1; c++ {
			best[(j.sh>>2|c)&15][j.k] = both
		}
		nodes += 2 * uint64(j.c1-j.c0+1)
		if !j.headMoves {
			best[(j.sh>>2|j.c0)&15][j.k] = rv
			nodes--
		}
		if !j.tailMoves {
			best[(j.sh>>2|j.c1)&15][j.k] = lv
			nodes--
		}
	}
	w.nodes += nodes
}
