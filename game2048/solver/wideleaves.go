package solver

// This file is hot code: the last chance layer of the search on the PackedBoard,
// where every (spawn, move) child is a leaf. It is most of the search's work.

import (
	"math/bits"

	"github.com/gridgames/gridgames/game2048"
)

// spawnBase is what the children of one chance node share before the spawn: the
// board after each move, split into lines. A spawn changes one row (and one column)
// of the board, so after left or right only that row's slide differs from the
// base's, and after up or down only that column's.
type spawnBase struct {
	// tl and tr are the transposes of the board after left and after right (their
	// rows are its columns); bu and bd the board after up and after down.
	tl, tr, bu, bd game2048.PackedBoard
	// The scores of the slid lines: ls and rs of the rows after left and right, us
	// and ds of the columns after up and down.
	ls, rs, us, ds [game2048.PackedMaxSize]float64
	// Bit j is set when the move changes line j (a row for left and right, a column
	// for up and down).
	lm, rm, um, dm uint
}

// spawnLeaves is the sum chanceNode takes at depth 1 over the tiles that spawn on b
// (bt its transpose), each weighed by its chance: the best leaf after a move from
// each child, found from the base each move leaves (spawnBase) and the one line the
// spawn changed. It visits the children and adds their values in the order
// chanceNode does, so the sum is the same to the last bit.
func (w *workerWide) spawnLeaves(b, bt *game2048.PackedBoard) float64 {
	var base spawnBase
	lb, rb := *b, *b
	ub, db := *bt, *bt
	for i := range w.nr {
		x := b.Row(i)
		s := w.rows.slot(x)
		if s.line != x {
			w.rows.fill(s, x)
		}
		lb.SetRow(i, s.left)
		rb.SetRow(i, s.right)
		base.ls[i&7], base.rs[i&7] = s.leftScore, s.rightScore
		base.lm |= changed(s.left, x) << i
		base.rm |= changed(s.right, x) << i
	}
	for i := range w.nc {
		x := bt.Row(i)
		s := w.cols.slot(x)
		if s.line != x {
			w.cols.fill(s, x)
		}
		ub.SetRow(i, s.left)
		db.SetRow(i, s.right)
		base.us[i&7], base.ds[i&7] = s.leftScore, s.rightScore
		base.um |= changed(s.left, x) << i
		base.dm |= changed(s.right, x) << i
	}
	base.tl, base.tr = lb.Transpose(), rb.Transpose()
	base.bu, base.bd = ub.Transpose(), db.Transpose()
	sum := 0.0
	for i := range w.nr {
		row := b.Row(i)
		for m := game2048.EmptyBytes(row, w.nc); m != 0; m &= m - 1 {
			c := bits.TrailingZeros64(m) / 8
			col := bt.Row(c)
			if w.p2 > 0 {
				sum += w.p2 * w.bestLeaf(row|1<<(8*c), col|1<<(8*i), i, c, &base)
			}
			if w.p4 > 0 {
				sum += w.p4 * w.bestLeaf(row|2<<(8*c), col|2<<(8*i), i, c, &base)
			}
		}
	}
	return sum
}

// changed is 1 when a slide turned line x into y, else 0.
func changed(y, x uint64) uint {
	if y != x {
		return 1
	}
	return 0
}

// bestLeaf is maxLeaf for the child of base's board whose row i became x and whose
// column c became y (the spawned tile at their crossing).
func (w *workerWide) bestLeaf(x, y uint64, i, c int, base *spawnBase) float64 {
	// Copies: filling a slot below may evict a line from the memo.
	sp := w.rows.slot(x)
	if sp.line != x {
		w.rows.fill(sp, x)
	}
	s := *sp
	qp := w.cols.slot(y)
	if qp.line != y {
		w.cols.fill(qp, y)
	}
	q := *qp
	best := 0.0
	if base.lm&^(1<<i) != 0 || s.left != x {
		w.nodes++
		v := addScoresWith(0, &base.ls, w.nr, i, s.leftScore)
		v = w.crossScores(w.cols, &base.tl, w.nc, i, s.left, v)
		best = maxNonNeg64(best, w.leaf(v))
	}
	if base.rm&^(1<<i) != 0 || s.right != x {
		w.nodes++
		v := addScoresWith(0, &base.rs, w.nr, i, s.rightScore)
		v = w.crossScores(w.cols, &base.tr, w.nc, i, s.right, v)
		best = maxNonNeg64(best, w.leaf(v))
	}
	if base.um&^(1<<c) != 0 || q.left != y {
		w.nodes++
		v := w.crossScores(w.rows, &base.bu, w.nr, c, q.left, 0)
		v = addScoresWith(v, &base.us, w.nc, c, q.leftScore)
		best = maxNonNeg64(best, w.leaf(v))
	}
	if base.dm&^(1<<c) != 0 || q.right != y {
		w.nodes++
		v := w.crossScores(w.rows, &base.bd, w.nr, c, q.right, 0)
		v = addScoresWith(v, &base.ds, w.nc, c, q.rightScore)
		best = maxNonNeg64(best, w.leaf(v))
	}
	return best
}

// addScoresWith adds to total the first n of scores, one by one, with score k
// replaced by sk.
func addScoresWith(total float64, scores *[game2048.PackedMaxSize]float64, n, k int, sk float64) float64 {
	for j := range n {
		if j == k {
			total += sk
		} else {
			total += scores[j&7]
		}
	}
	return total
}

// crossScores adds to total the scores of the first n rows of t, lines of memo m,
// with byte k of row j replaced by byte j of line: the lines across a line that
// changed (the columns of a board whose row k became line, read from its transpose t).
func (w *workerWide) crossScores(m *lineMemo, t *game2048.PackedBoard, n, k int, line uint64, total float64) float64 {
	shift := 8 * uint(k)
	for j := range n {
		x := t.Row(j)&^(0xff<<shift) | (line>>(8*uint(j))&0xff)<<shift
		s := m.slot(x)
		if s.line != x {
			m.fill(s, x)
		}
		total += s.score
	}
	return total
}
