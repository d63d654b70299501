package solver

// This file is hot code: the last chance layer of the 4x4 search, where every move
// after a spawn leads to a leaf scored by the network. Nothing here allocates.

import (
	"math/bits"

	"github.com/gridgames/gridgames/game2048"
)

// spawnLeaves is the sum that chanceNode at depth 1 takes over the tiles spawning
// on the empty cells of b, each weighed by its chance: every (tile, move) child is
// a leaf, scored by the network. Left and right slide the rows of b, up and down
// the rows of its transpose; sideLeaves scores each pair, and each spawn is worth
// the better of the two pairs' best.
func (w *worker4) spawnLeaves(b game2048.Bitboard, empty uint64) float32 {
	bt := b.Transpose()
	var lr, ud [16][2]float32
	w.sideLeaves(uint64(b), empty, &lr)
	w.sideLeaves(uint64(bt), bt.EmptyMask(), &ud)
	var sum float32
	for ; empty != 0; empty &= empty - 1 {
		i := uint(bits.TrailingZeros64(empty)/4) & 15 // cell 4r+c of b
		j := i<<2&12 | i>>2                           // the same cell, 4c+r, in bt
		if w.p2 > 0 {
			sum += w.p2 * maxNonNeg(lr[i][0], ud[j][0])
		}
		if w.p4 > 0 {
			sum += w.p4 * maxNonNeg(lr[i][1], ud[j][1])
		}
	}
	return sum
}

// sideLeaves sets best[4r+c][k], for every empty cell (r, c) of the board x (empty
// is its EmptyMask), to the value of the better of the moves left and right after a
// 2 (k = 0) or a 4 (k = 1) spawns there: the better leaf, or 0 when neither moves.
//
// A spawn changes one row, so each slide of x is split once (slid) and a leaf
// costs the lookups on its changed row and the columns. And spawns in one gap
// between a row's tiles (a run of adjacent empty cells) put the same tiles in the
// same order, so they slide to the same row: each gap's two leaves per tile are
// scored once, whatever its length. The sums are those of netTables.valueT
// regrouped (base, columns, then row i's own terms), in the same order for every
// leaf, so a leaf's value does not depend on which spawn scored it.
func (w *worker4) sideLeaves(x, empty uint64, best *[16][2]float32) {
	t := w.eval.net
	var left, right slid
	l, r := game2048.Bitboard(x).Slides()
	left.split(t, x, uint64(l))
	right.split(t, x, uint64(r))
	first, last := uint64(1), uint64(2) // the tiles that spawn: 2 and 4, or one of them
	if w.p2 == 0 {
		first = 2
	}
	if w.p4 == 0 {
		last = 1
	}
	nodes := uint64(0)
	for i := range 4 {
		sh := uint(16*i) & 63
		e := empty >> sh & 0x1111
		if e == 0 {
			continue
		}
		row := x >> sh & 0xffff
		rowMask, colMask := uint64(0xffff)<<sh, uint64(0x000f000f000f000f)<<(sh>>2)
		// The slid boards without row i, and their transposes without column i.
		lx, ly, rx, ry := left.x&^rowMask, left.y&^colMask, right.x&^rowMask, right.y&^colMask
		lbase, rbase := left.base[i], right.base[i]
		// Whether each slide moves a row other than row i.
		otherLeft, otherRight := left.diff&^rowMask != 0, right.diff&^rowMask != 0
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
				headMoves := toLeft != head || otherLeft
				tailMoves := toRight != tail || otherRight
				// The two leaves: the slid board with row i replaced, and its
				// transpose. The same lines twice: as a function called per leaf
				// they made the whole search about 4% slower.
				var l, r float32
				if headMoves || c1 > c0 {
					x, y := lx|toLeft<<sh, ly|spreadRow(uint16(toLeft))<<(sh>>2)
					v := lbase + t.lines(y)
					switch i {
					case 0:
						v += t.outer[toLeft] + t.squares01(x)
					case 1:
						v += t.inner[toLeft] + t.squares01(x) + t.squares12(x, y)
					case 2:
						v += t.inner[toLeft] + t.squares12(x, y) + t.squares23(x)
					default:
						v += t.outer[toLeft] + t.squares23(x)
					}
					l = w.leaf(v)
				}
				if tailMoves || c1 > c0 {
					x, y := rx|toRight<<sh, ry|spreadRow(uint16(toRight))<<(sh>>2)
					v := rbase + t.lines(y)
					switch i {
					case 0:
						v += t.outer[toRight] + t.squares01(x)
					case 1:
						v += t.inner[toRight] + t.squares01(x) + t.squares12(x, y)
					case 2:
						v += t.inner[toRight] + t.squares12(x, y) + t.squares23(x)
					default:
						v += t.outer[toRight] + t.squares23(x)
					}
					r = w.leaf(v)
				}
				// Every cell of the gap is worth the better of l and r, but its
				// first cell takes r alone unless it moves left, its last l alone
				// unless it moves right (a leaf not scored is 0: then the gap is
				// that one cell, and it does not move that way).
				k := (tile - 1) & 1
				both := maxNonNeg(l, r)
				for c := c0; c <= c1; c++ {
					best[(sh>>2|c)&15][k] = both
				}
				nodes += 2 * uint64(c1-c0+1)
				if !headMoves {
					best[(sh>>2|c0)&15][k] = r
					nodes--
				}
				if !tailMoves {
					best[(sh>>2|c1)&15][k] = l
					nodes--
				}
			}
		}
	}
	w.nodes += nodes
}

// slid is a board's rows slid one way, split for the leaves after a spawn on the
// board: such a leaf is slid with one row replaced, its value base[i] for the rows
// it shares plus the terms on row i and the columns.
type slid struct {
	x, y uint64     // the slid board and its transpose
	diff uint64     // the board before the slide xor after: the rows it changes
	base [4]float32 // the value of x without row i, its squares and the columns
}

// split sets s to the slide of the board from, whose result is to: base[i] is the
// sum of the terms of to that do not read row i (its other rows, and the squares
// away from it), added in a fixed order.
func (s *slid) split(t *netTables, from, to uint64) {
	x, y := to, uint64(game2048.Bitboard(to).Transpose())
	s.x, s.y, s.diff = x, y, from^to
	r0, r1, r2, r3 := t.outer[x&0xffff], t.inner[x>>16&0xffff], t.inner[x>>32&0xffff], t.outer[x>>48]
	g01, g12, g23 := t.squares01(x), t.squares12(x, y), t.squares23(x)
	s.base[0] = r1 + r2 + r3 + g12 + g23
	s.base[1] = r0 + r2 + r3 + g23
	s.base[2] = r0 + r1 + r3 + g01
	s.base[3] = r0 + r1 + r2 + g01 + g12
}

// spreadRow spreads a row's four nibbles down column 0 (nibble c at bit 16c): the
// row as a column of the transpose.
func spreadRow(row uint16) uint64 {
	r := uint64(row)
	return (r | r<<12 | r<<24 | r<<36) & 0x000f000f000f000f
}
