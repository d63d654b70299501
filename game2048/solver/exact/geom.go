package exact

// This file is hot code: the packed position every layer of the solve walks. A
// position is a uint64 with a nibble per cell, row-major (cell r*cols+c at bits
// 4*(r*cols+c)), holding the tile's exponent (0 empty, 1 the 2, 11 the 2048).
// Moves are line-table lookups, symmetries are 12-bit chunk-table lookups, and
// nothing allocates.

import (
	"sync"

	"github.com/gridgames/gridgames/game2048"
)

// maxExp is the largest exponent a nibble holds. No board of MaxCells cells comes
// near it (their largest tile is 2^(cells+2) at most), and the line tables panic
// rather than wrap should one ever be made.
const maxExp = 15

// geom is what a solve needs to know about one board shape: line tables for the
// four moves and chunk tables for the symmetries. Build it with newGeom; it is
// read-only afterwards.
type geom struct {
	rows, cols, n int
	mask          uint64 // the low 4n bits
	low           uint64 // bit 4i set for every cell i
	// rowTab[d] for d = Left, Right maps a row (4*cols bits) to its slid row (low 32
	// bits) and the points (high 32); colTab[d-Up] does the same for a column read
	// as a line of rows nibbles, nibble i being row i. They are built on first
	// need (withLines), as a 5-cell line needs 2^20 entries.
	rowTab                   [2][]uint64
	colTab                   [2][]uint64
	linesOnce                sync.Once
	lineMaskRow, lineMaskCol uint64
	// syms[k][chunk][v] is the image under symmetry k+1 (identity excluded) of the
	// 12-bit chunk v at cells 3*chunk..3*chunk+2.
	syms   [][][1 << 12]uint64
	chunks int
}

// geoms caches the geometry of each board shape: tables are built once a process.
var geoms sync.Map // [2]int{rows, cols} -> *geom

// newGeom returns the tables for a rows x cols board of at most 16 cells.
func newGeom(rows, cols int) *geom {
	if g, ok := geoms.Load([2]int{rows, cols}); ok {
		return g.(*geom)
	}
	g, _ := geoms.LoadOrStore([2]int{rows, cols}, buildGeom(rows, cols))
	return g.(*geom)
}

func buildGeom(rows, cols int) *geom {
	g := &geom{rows: rows, cols: cols, n: rows * cols}
	g.mask = uint64(1)<<(4*uint(g.n)) - 1
	if g.n == 16 {
		g.mask = ^uint64(0)
	}
	g.low = 0x1111111111111111 & g.mask
	g.lineMaskRow = uint64(1)<<(4*uint(cols)) - 1
	g.lineMaskCol = uint64(1)<<(4*uint(rows)) - 1
	g.chunks = (g.n + 2) / 3
	for _, perm := range symmetries(rows, cols)[1:] {
		t := make([][1 << 12]uint64, g.chunks)
		for ch := range g.chunks {
			for v := range 1 << 12 {
				var out uint64
				for j := range 3 {
					cell := 3*ch + j
					if cell >= g.n {
						break
					}
					out |= uint64(v>>(4*j)&0xf) << (4 * uint(perm[cell]))
				}
				t[ch][v] = out
			}
		}
		g.syms = append(g.syms, t)
	}
	return g
}

// withLines builds the line tables if need be and returns g; call it before move.
func (g *geom) withLines() *geom {
	g.linesOnce.Do(func() {
		g.rowTab[0], g.rowTab[1] = lineTables(g.cols)
		g.colTab[0], g.colTab[1] = lineTables(g.rows)
	})
	return g
}

// lineTables returns, for lines of n nibbles, the slide toward nibble 0 and the
// slide toward nibble n-1, each entry the slid line in the low 32 bits and the
// points in the high 32, with the rule of game2048.Board.Move.
func lineTables(n int) (toward0, towardEnd []uint64) {
	size := 1 << (4 * uint(n))
	toward0, towardEnd = make([]uint64, size), make([]uint64, size)
	line, rev := make([]uint8, n), make([]uint8, n)
	l, r := make([]uint8, n), make([]uint8, n)
	for v := range size {
		for i := range n {
			line[i] = uint8(v >> (4 * i) & 0xf)
		}
		pl := slideLine(line, l)
		for i := range n {
			rev[i] = line[n-1-i]
		}
		pr := slideLine(rev, r)
		var left, right uint64
		for i := range n {
			left |= uint64(l[i]) << (4 * i)
			right |= uint64(r[n-1-i]) << (4 * i)
		}
		toward0[v] = left | pl<<32
		towardEnd[v] = right | pr<<32
	}
	return toward0, towardEnd
}

// slideLine slides a line of exponents toward index 0 into out, merging each pair
// once, and returns the points. A merge past maxExp cannot be stored; such lines
// never occur on the boards this package solves, and they are left unmerged.
func slideLine(line, out []uint8) uint64 {
	clear(out)
	var points uint64
	w := 0
	var held uint8
	for _, t := range line {
		if t == 0 {
			continue
		}
		if t == held && t < maxExp {
			out[w-1] = t + 1
			points += 1 << (t + 1)
			held = 0
			continue
		}
		out[w] = t
		w++
		held = t
	}
	return points
}

// symmetries returns the cell permutations (perm[i] is where cell i goes) that map
// a rows x cols board onto itself, the identity first: four for a rectangle
// (mirrors and the half turn), eight for a square.
func symmetries(rows, cols int) [][]int {
	type f func(r, c int) (int, int)
	maps := []f{
		func(r, c int) (int, int) { return r, c },
		func(r, c int) (int, int) { return r, cols - 1 - c },
		func(r, c int) (int, int) { return rows - 1 - r, c },
		func(r, c int) (int, int) { return rows - 1 - r, cols - 1 - c },
	}
	if rows == cols {
		maps = append(maps,
			func(r, c int) (int, int) { return c, r },
			func(r, c int) (int, int) { return cols - 1 - c, r },
			func(r, c int) (int, int) { return c, rows - 1 - r },
			func(r, c int) (int, int) { return cols - 1 - c, rows - 1 - r },
		)
	}
	var out [][]int
	for _, m := range maps {
		perm := make([]int, rows*cols)
		for i := range perm {
			r, c := m(i/cols, i%cols)
			perm[i] = r*cols + c
		}
		out = append(out, perm)
	}
	return out
}

// move returns the position after sliding toward d and the points earned; the
// position is unchanged when d moves nothing. The line tables must be built
// (withLines).
func (g *geom) move(s uint64, d game2048.Direction) (uint64, uint64) {
	var out, pts uint64
	if d <= game2048.Right {
		tab := g.rowTab[d]
		w := 4 * uint(g.cols)
		for r := range g.rows {
			sh := w * uint(r)
			e := tab[s>>sh&g.lineMaskRow]
			out |= (e & 0xffffffff) << sh
			pts += e >> 32
		}
		return out, pts
	}
	tab := g.colTab[d-game2048.Up]
	cw := 4 * uint(g.cols)
	for c := range g.cols {
		var line uint64
		for r := range g.rows {
			line |= (s >> (cw*uint(r) + 4*uint(c)) & 0xf) << (4 * uint(r))
		}
		e := tab[line]
		pts += e >> 32
		for r := range g.rows {
			out |= (e >> (4 * uint(r)) & 0xf) << (cw*uint(r) + 4*uint(c))
		}
	}
	return out, pts
}

// canon returns the smallest image of s under the board's symmetries: positions
// that are mirrors or turns of each other share it, and their values are equal.
func (g *geom) canon(s uint64) uint64 {
	best := s
	for _, t := range g.syms {
		var img uint64
		x := s
		for ch := range g.chunks {
			img |= t[ch][x&0xfff]
			x >>= 12
		}
		best = min(best, img)
	}
	return best
}

// empties returns a word with bit 4i set for each empty cell i.
func (g *geom) empties(s uint64) uint64 {
	occupied := (s | s>>1 | s>>2 | s>>3) & g.low
	return ^occupied & g.low
}

// maxTile returns the largest exponent in s.
func maxTile(s uint64) uint8 {
	var m uint8
	for ; s != 0; s >>= 4 {
		m = max(m, uint8(s&0xf))
	}
	return m
}

// tileSum returns the sum of the tile values of s.
func tileSum(s uint64) uint64 {
	var sum uint64
	for ; s != 0; s >>= 4 {
		if t := s & 0xf; t != 0 {
			sum += 1 << t
		}
	}
	return sum
}

// canonSym returns canon(s) and which symmetry makes it (0 the identity, k the
// permutation symmetries(rows, cols)[k]).
func (g *geom) canonSym(s uint64) (uint64, int) {
	best, which := s, 0
	for i, t := range g.syms {
		var img uint64
		x := s
		for ch := range g.chunks {
			img |= t[ch][x&0xfff]
			x >>= 12
		}
		if img < best {
			best, which = img, i+1
		}
	}
	return best, which
}

// unmapDir returns the direction on the original board of direction dc on its
// image under symmetry sym: the move whose image slides the same way.
func (g *geom) unmapDir(sym int, dc game2048.Direction) game2048.Direction {
	perm := symmetries(g.rows, g.cols)[sym]
	// A pair of neighbouring cells a -> b pointing toward each direction.
	vec := func(d game2048.Direction) (int, int) {
		switch d {
		case game2048.Left:
			return 1, 0
		case game2048.Right:
			return 0, 1
		case game2048.Up:
			return g.cols, 0
		default:
			return 0, g.cols
		}
	}
	wa, wb := vec(dc)
	for _, d := range game2048.Directions {
		a, b := vec(d)
		// The image pair may sit elsewhere on the board: compare the steps.
		if g.step(perm[a], perm[b]) == g.step(wa, wb) {
			return d
		}
	}
	panic("exact: no direction maps")
}

// step returns the (row, column) step from cell a to cell b.
func (g *geom) step(a, b int) [2]int {
	return [2]int{b/g.cols - a/g.cols, b%g.cols - a%g.cols}
}
