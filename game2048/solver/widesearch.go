package solver

// This file is hot code: expectimax on the PackedBoard, for boards other than 4x4 up
// to 8x8. Each node carries the board and its transpose, so every move slides rows
// (left and right the board's, up and down the transpose's) through the line memos
// (widelines.go), and a leaf's score is a memo hit per row and per column; the last
// chance layer, most of the work, shares even more (wideleaves.go). Nothing
// allocates.

import (
	"math"
	"math/bits"
	"sync/atomic"

	"github.com/gridgames/gridgames/game2048"
)

// workerWide searches PackedBoards with its own transposition table and line memos.
type workerWide struct {
	eval *evaluator
	tt   *table
	// memos[n] holds the lines of n cells; rows and cols point at the ones for the
	// board searched (lines of Cols cells and of Rows cells, the same on a square).
	memos      [game2048.PackedMaxSize + 1]*lineMemo
	rows, cols *lineMemo
	// scoreMemos[n] holds the scores of lines of n cells; rowScores and colScores
	// point at the ones for the rows and the columns of the board searched.
	scoreMemos           [game2048.PackedMaxSize + 1]*scoreMemo
	rowScores, colScores *scoreMemo
	nr, nc               int
	size                 uint64 // the board's size, mixed into every hash
	p2, p4               float64
	cut                  float64
	lift                 float64 // added to every leaf (see evaluator.lift)
	nodes                uint64
	stop                 *atomic.Bool
	stopped              bool
}

// setSize prepares the worker for boards of rows x cols.
func (w *workerWide) setSize(rows, cols int) {
	for _, n := range [2]int{rows, cols} {
		if w.memos[n] == nil {
			w.memos[n] = newLineMemo(n, w.eval)
			w.scoreMemos[n] = newScoreMemo(n, w.eval)
		}
	}
	w.nr, w.nc = rows, cols
	w.rows, w.cols = w.memos[cols], w.memos[rows]
	w.rowScores, w.colScores = w.scoreMemos[cols], w.scoreMemos[rows]
	w.size = uint64(rows)<<8 | uint64(cols)
}

// maxNode returns the value of the best move from b (bt its transpose), with depth
// random-tile layers still to come after it; 0 when no move is possible.
func (w *workerWide) maxNode(b, bt *game2048.PackedBoard, depth int, prob float64) float64 {
	if depth == 0 || prob < w.cut {
		return w.maxLeaf(b, bt)
	}
	l, r := *b, *b            // the board after left and after right
	u, d := *bt, *bt          // the transpose after up and after down
	var dl, dr, du, dd uint64 // non-zero when the move changed something
	for i := range w.nr {
		x := b.Row(i)
		s := w.rows.slot(x)
		if s.line != x {
			w.rows.fill(s, x)
		}
		l.SetRow(i, s.left)
		r.SetRow(i, s.right)
		dl |= s.left ^ x
		dr |= s.right ^ x
	}
	for i := range w.nc {
		x := bt.Row(i)
		s := w.cols.slot(x)
		if s.line != x {
			w.cols.fill(s, x)
		}
		u.SetRow(i, s.left)
		d.SetRow(i, s.right)
		du |= s.left ^ x
		dd |= s.right ^ x
	}
	best := 0.0
	if dl != 0 {
		w.nodes++
		t := l.Transpose()
		best = maxNonNeg64(best, w.chanceNode(&l, &t, depth, prob))
	}
	if dr != 0 {
		w.nodes++
		t := r.Transpose()
		best = maxNonNeg64(best, w.chanceNode(&r, &t, depth, prob))
	}
	if du != 0 {
		w.nodes++
		t := u.Transpose()
		best = maxNonNeg64(best, w.chanceNode(&t, &u, depth, prob))
	}
	if dd != 0 {
		w.nodes++
		t := d.Transpose()
		best = maxNonNeg64(best, w.chanceNode(&t, &d, depth, prob))
	}
	return best
}

// maxLeaf is maxNode when the boards after the moves are leaves, scored as they
// stand. The memo gives the score of each slid line with the slide, so a move's
// leaf needs only the lines across it: the columns after left or right, the rows
// after up or down. Scores are added rows first, in the order of score.
func (w *workerWide) maxLeaf(b, bt *game2048.PackedBoard) float64 {
	l, r := *b, *b
	u, d := *bt, *bt
	var dl, dr, du, dd uint64
	var sl, sr float64                         // the row scores of l and of r, summed
	var su, sd [game2048.PackedMaxSize]float64 // the column scores of u and of d
	for i := range w.nr {
		x := b.Row(i)
		s := w.rows.slot(x)
		if s.line != x {
			w.rows.fill(s, x)
		}
		l.SetRow(i, s.left)
		r.SetRow(i, s.right)
		dl |= s.left ^ x
		dr |= s.right ^ x
		sl += s.leftScore
		sr += s.rightScore
	}
	for i := range w.nc {
		x := bt.Row(i)
		s := w.cols.slot(x)
		if s.line != x {
			w.cols.fill(s, x)
		}
		u.SetRow(i, s.left)
		d.SetRow(i, s.right)
		du |= s.left ^ x
		dd |= s.right ^ x
		su[i&7] = s.leftScore
		sd[i&7] = s.rightScore
	}
	best := 0.0
	if dl != 0 {
		w.nodes++
		t := l.Transpose()
		best = maxNonNeg64(best, w.leaf(w.lineScores(w.colScores, &t, w.nc, sl)))
	}
	if dr != 0 {
		w.nodes++
		t := r.Transpose()
		best = maxNonNeg64(best, w.leaf(w.lineScores(w.colScores, &t, w.nc, sr)))
	}
	if du != 0 {
		w.nodes++
		t := u.Transpose()
		best = maxNonNeg64(best, w.leaf(addScores(w.lineScores(w.rowScores, &t, w.nr, 0), &su, w.nc)))
	}
	if dd != 0 {
		w.nodes++
		t := d.Transpose()
		best = maxNonNeg64(best, w.leaf(addScores(w.lineScores(w.rowScores, &t, w.nr, 0), &sd, w.nc)))
	}
	return best
}

// lineScores adds to total the scores of b's first n rows, lines of memo m.
func (w *workerWide) lineScores(m *scoreMemo, b *game2048.PackedBoard, n int, total float64) float64 {
	for i := range n {
		x := b.Row(i)
		s := m.slot(x)
		if s.line != x {
			m.fill(s, x)
		}
		total += s.score
	}
	return total
}

// addScores adds the first n of scores to total, one by one.
func addScores(total float64, scores *[game2048.PackedMaxSize]float64, n int) float64 {
	for i := range n {
		total += scores[i&7]
	}
	return total
}

// leaf is a leaf's value from its heuristic score v: v lifted, and at least 1 so
// that a board that can still move is worth more than a lost one.
func (w *workerWide) leaf(v float64) float64 { return max(v+w.lift, 1) }

// maxNonNeg64 is max(a, b) for values that are not negative (every value the search
// compares), whose float bits compare as integers do: no NaN-aware float max.
func maxNonNeg64(a, b float64) float64 {
	return math.Float64frombits(max(math.Float64bits(a), math.Float64bits(b)))
}

// chanceNode averages over the tile that spawns on b (bt its transpose): every empty
// cell in row-major order, a 2 or a 4. It places each tile in b and bt in place,
// searches on, and takes it away again. The caller has checked that b is no leaf:
// depth is at least 1 and prob at least the cutoff.
func (w *workerWide) chanceNode(b, bt *game2048.PackedBoard, depth int, prob float64) float64 {
	key := w.hash(b)
	if v, ok := w.tt.get(key, depth); ok {
		return float64(v)
	}
	if w.stop.Load() {
		w.stopped = true
		return 0
	}
	empties := 0
	for i := range w.nr {
		empties += bits.OnesCount64(game2048.EmptyBytes(b.Row(i), w.nc))
	}
	n := float64(empties)
	if depth == 1 {
		v := w.spawnLeaves(b, bt) / n
		w.tt.put(key, depth, float32(v))
		return v
	}
	prob /= n
	sum := 0.0
	for i := range w.nr {
		row := b.Row(i)
		for m := game2048.EmptyBytes(row, w.nc); m != 0; m &= m - 1 {
			c := bits.TrailingZeros64(m) / 8
			col := bt.Row(c)
			if w.p2 > 0 {
				b.SetRow(i, row|1<<(8*c))
				bt.SetRow(c, col|1<<(8*i))
				sum += w.p2 * w.maxNode(b, bt, depth-1, prob*w.p2)
			}
			if w.p4 > 0 {
				b.SetRow(i, row|2<<(8*c))
				bt.SetRow(c, col|2<<(8*i))
				sum += w.p4 * w.maxNode(b, bt, depth-1, prob*w.p4)
			}
			bt.SetRow(c, col)
		}
		b.SetRow(i, row)
	}
	v := sum / n
	w.tt.put(key, depth, float32(v))
	return v
}

// score is the heuristic of b (bt its transpose): its rows, then its columns, added
// in the order evaluator.board adds them, so the two agree to the last bit.
func (w *workerWide) score(b, bt *game2048.PackedBoard) float64 {
	return w.lineScores(w.colScores, bt, w.nc, w.lineScores(w.rowScores, b, w.nr, 0))
}

// hash mixes the board's size and rows into 64 bits (never 0), as hashBoard does.
func (w *workerWide) hash(b *game2048.PackedBoard) uint64 {
	h := w.size
	for i := range w.nr {
		h = mixRow(h, b.Row(i))
	}
	return h | 1
}
