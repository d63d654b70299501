package solver

// This file is hot code: the last chance layer of the search on the PackedBoard,
// where every (spawn, move) child is a leaf. It is most of the search's work.

import (
	"math/bits"

	"github.com/gridgames/gridgames/game2048"
)

// moveBase is what the children of one chance node share after one move, before
// the spawn. A spawn changes one row and one column of the board; after left or
// right only that row's slide differs from the base's (after up or down, that
// column's), and only in a cell or two: the lines across the move (the columns
// after left or right, the rows after up or down) differ from the base's only
// where those cells lie. So a leaf costs a lookup or two, not one per line.
type moveBase struct {
	// cross holds the lines across the move as rows: the transpose of the board
	// after left or right, the board after up or down.
	cross game2048.PackedBoard
	// slid holds each line along the move after it (rows for left and right,
	// columns for up and down), with its score.
	slid   [game2048.PackedMaxSize]uint64
	scores [game2048.PackedMaxSize]float64
	// crossScores holds the score of each row of cross.
	crossScores [game2048.PackedMaxSize]float64
	// Bit j of moved is set when the move changes line j.
	moved uint
}

// spawnLeaves is the sum chanceNode takes at depth 1 over the tiles that spawn on b
// (bt its transpose), each weighed by its chance: the best leaf after a move from
// each child, found from each move's base (moveBase) and the lines the spawn
// changed. It visits the children and adds their values in the order chanceNode
// does, and each leaf's line scores in the order score does, so the sum is the
// same to the last bit.
func (w *workerWide) spawnLeaves(b, bt *game2048.PackedBoard) float64 {
	var base [4]moveBase // left, right, up, down
	w.moveBases(&base[game2048.Left], &base[game2048.Right], b, w.nr, w.rows, w.colScores)
	w.moveBases(&base[game2048.Up], &base[game2048.Down], bt, w.nc, w.cols, w.rowScores)
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

// rootLeaves is runBranches for a search one layer deep, whose root branches are
// chance nodes over leaves: each move's board is split into bases once, as
// spawnLeaves splits a chance node's, and each branch's value is bestLeaf's. It
// adds the values per move in branch order, as runBranches does, on this worker
// alone (such a search takes microseconds).
func (w *workerWide) rootLeaves(after *[4]game2048.PackedBoard, branches []branch) [4]float64 {
	var bases [4][4]moveBase
	var transposes [4]game2048.PackedBoard
	var done [4]bool
	var sums [4]float64
	for _, br := range branches {
		b, bt := &after[br.move], &transposes[br.move]
		base := &bases[br.move]
		if !done[br.move] {
			*bt = b.Transpose()
			w.moveBases(&base[game2048.Left], &base[game2048.Right], b, w.nr, w.rows, w.colScores)
			w.moveBases(&base[game2048.Up], &base[game2048.Down], bt, w.nc, w.cols, w.rowScores)
			done[br.move] = true
		}
		i, c := br.cell/w.nc, br.cell%w.nc
		x := b.Row(i) | uint64(br.tile)<<(8*c)
		y := bt.Row(c) | uint64(br.tile)<<(8*i)
		sums[br.move] += br.weight * w.bestLeaf(x, y, i, c, base)
	}
	return sums
}

// moveBases fills the bases of the two moves along the n rows of b (left and right
// on the board, up and down on its transpose): along is the memo of those rows,
// across the score memo of the lines across them.
func (w *workerWide) moveBases(lo, hi *moveBase, b *game2048.PackedBoard, n int, along *lineMemo, across *scoreMemo) {
	l, r := *b, *b
	for i := range n {
		x := b.Row(i)
		s := along.slot(x)
		if s.line != x {
			along.fill(s, x)
		}
		l.SetRow(i, s.left)
		r.SetRow(i, s.right)
		lo.slid[i&7], lo.scores[i&7] = s.left, s.leftScore
		hi.slid[i&7], hi.scores[i&7] = s.right, s.rightScore
		lo.moved |= changed(s.left, x) << i
		hi.moved |= changed(s.right, x) << i
	}
	lo.cross, hi.cross = l.Transpose(), r.Transpose()
	for _, mb := range [2]*moveBase{lo, hi} {
		for j := range lo.cross.Rows() {
			x := mb.cross.Row(j)
			s := across.slot(x)
			if s.line != x {
				across.fill(s, x)
			}
			mb.crossScores[j&7] = s.score
		}
	}
}

// changed is 1 when a slide turned line x into y, else 0.
func changed(y, x uint64) uint {
	if y != x {
		return 1
	}
	return 0
}

// bestLeaf is maxLeaf for the child of the bases' board whose row i became x and
// whose column c became y (the spawned tile at their crossing).
func (w *workerWide) bestLeaf(x, y uint64, i, c int, base *[4]moveBase) float64 {
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
	if mb := &base[game2048.Left]; mb.moved&^(1<<i) != 0 || s.left != x {
		w.nodes++
		v := addScoresWith(0, &mb.scores, w.nr, i, s.leftScore)
		best = maxNonNeg64(best, w.leaf(w.crossSum(mb, i, s.left, w.colScores, w.nc, v)))
	}
	if mb := &base[game2048.Right]; mb.moved&^(1<<i) != 0 || s.right != x {
		w.nodes++
		v := addScoresWith(0, &mb.scores, w.nr, i, s.rightScore)
		best = maxNonNeg64(best, w.leaf(w.crossSum(mb, i, s.right, w.colScores, w.nc, v)))
	}
	if mb := &base[game2048.Up]; mb.moved&^(1<<c) != 0 || q.left != y {
		w.nodes++
		v := w.crossSum(mb, c, q.left, w.rowScores, w.nr, 0)
		best = maxNonNeg64(best, w.leaf(addScoresWith(v, &mb.scores, w.nc, c, q.leftScore)))
	}
	if mb := &base[game2048.Down]; mb.moved&^(1<<c) != 0 || q.right != y {
		w.nodes++
		v := w.crossSum(mb, c, q.right, w.rowScores, w.nr, 0)
		best = maxNonNeg64(best, w.leaf(addScoresWith(v, &mb.scores, w.nc, c, q.rightScore)))
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

// crossSum adds to total, one by one, the scores of the n lines across the move
// of mb once its line k slides to slid instead of mb.slid[k]: line j of mb.cross
// with its cell k replaced by cell j of slid. Lines whose cell did not change keep
// their score from mb; the others are looked up in memo m.
func (w *workerWide) crossSum(mb *moveBase, k int, slid uint64, m *scoreMemo, n int, total float64) float64 {
	diff := slid ^ mb.slid[k&7]
	shift := 8 * uint(k)
	for j := range n {
		if diff>>(8*uint(j))&0xff == 0 {
			total += mb.crossScores[j&7]
			continue
		}
		x := mb.cross.Row(j)&^(0xff<<shift) | (slid>>(8*uint(j))&0xff)<<shift
		s := m.slot(x)
		if s.line != x {
			m.fill(s, x)
		}
		total += s.score
	}
	return total
}
