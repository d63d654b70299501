package solver

// This file is hot code: the line memo the search on boards other than 4x4 reads
// for every move and every leaf. A hit is one multiply, one load and a compare.

import (
	"github.com/gridgames/gridgames/game2048"
)

// lineMemo remembers, for lines of n cells (a row or a column of a PackedBoard, a
// byte per cell), the line slid toward each end and its heuristic score: the row
// tables of the 4x4 path, filled as lines turn up instead of for every possible line
// (2^40 of them for 5 cells of 8 bits). A search meets a few thousand distinct
// lines, so a small memo stays in the CPU's cache. It is direct-mapped: a line
// evicts the one in its slot, and is computed again when it comes back.
type lineMemo struct {
	n     int
	w     *Weights
	pow   *powers
	slots [1 << lineMemoBits]lineSlot
}

type lineSlot struct {
	line  uint64 // the line this slot holds; noLine when empty
	left  uint64 // the line slid toward cell 0 (left, or up for a column)
	right uint64 // the line slid toward cell n-1 (right, or down)
	// The heuristic's score of line, of left and of right.
	score, leftScore, rightScore float64
}

// noLine is no line of any length: its bytes are above game2048.MaxTile.
const noLine = ^uint64(0)

// lineMemoBits sizes each memo: 2^14 slots of 48 bytes (768 KiB), which holds the
// lines of a search on 5x5 to 8x8 boards with few evictions.
const lineMemoBits = 14

func newLineMemo(n int, e *evaluator) *lineMemo {
	m := &lineMemo{n: n, w: &e.w, pow: e.pow}
	for i := range m.slots {
		m.slots[i].line = noLine
	}
	return m
}

// slot returns the slot where line belongs. Unless it holds line already
// (s.line == line), fill it: the hot loops write out what get does, since get
// itself is just too big to inline. The next fill may evict the line: read what
// you need of a slot (or copy it) before the next lookup.
func (m *lineMemo) slot(line uint64) *lineSlot {
	return &m.slots[(line*0x9E3779B97F4A7C15)>>(64-lineMemoBits)]
}

// get returns the slot of line, filling it first if it holds another line.
func (m *lineMemo) get(line uint64) *lineSlot {
	s := m.slot(line)
	if s.line != line {
		m.fill(s, line)
	}
	return s
}

// fill puts line in the slot s.
func (m *lineMemo) fill(s *lineSlot, line uint64) {
	s.line = line
	s.left, _ = game2048.SlideRow(line)
	right, _ := game2048.SlideRow(game2048.ReverseRow(line, m.n))
	s.right = game2048.ReverseRow(right, m.n)
	s.score, s.leftScore, s.rightScore = m.score(line), m.score(s.left), m.score(s.right)
}

// score is lineScore of a packed line.
func (m *lineMemo) score(line uint64) float64 {
	var cells [game2048.PackedMaxSize]game2048.Tile
	for i := range m.n {
		cells[i] = game2048.Tile(line >> (8 * i) & 0xff)
	}
	return lineScore(cells[:m.n], m.w, m.pow)
}
