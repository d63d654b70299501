package solver

// This file is hot code: the line memo the search on boards other than 4x4 reads
// for every move and every leaf. A hit is one multiply, one load and a compare.

import (
	"github.com/gridgames/gridgames/game2048"
)

// lineMemo remembers, for lines of n cells (a row or a column of a PackedBoard, a
// byte per cell), the line slid toward each end and the heuristic's score of each
// slid line: the row tables of the 4x4 path, filled as lines turn up instead of
// for every possible line (2^40 of them for 5 cells of 8 bits). A search meets a
// few thousand distinct lines, so a small memo stays in the CPU's cache. It is
// direct-mapped: a line evicts the one in its slot, and is computed again when it
// comes back. scoreMemo holds the score of the line itself.
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
	// The heuristic's score of left and of right.
	leftScore, rightScore float64
}

// noLine is no line of any length: its bytes are above game2048.MaxTile.
const noLine = ^uint64(0)

// lineMemoBits sizes each lineMemo: 2^14 slots of 40 bytes (640 KiB).
const lineMemoBits = 14

func newLineMemo(n int, e *evaluator) *lineMemo {
	m := &lineMemo{n: n, w: &e.w, pow: e.pow}
	for i := range m.slots {
		m.slots[i].line = noLine
	}
	return m
}

// slot returns the slot where line belongs. Unless it holds line already
// (s.line == line), fill it first. (Callers write out the check: a method that did
// both would be just too big to inline.) The next fill may evict the line: read
// what you need of a slot, or copy it, before the next lookup.
func (m *lineMemo) slot(line uint64) *lineSlot {
	return &m.slots[(line*0x9E3779B97F4A7C15)>>(64-lineMemoBits)]
}

// fill puts line in the slot s.
func (m *lineMemo) fill(s *lineSlot, line uint64) {
	s.line = line
	s.left, _ = game2048.SlidePackedRow(line)
	right, _ := game2048.SlidePackedRow(game2048.ReverseRow(line, m.n))
	s.right = game2048.ReverseRow(right, m.n)
	s.leftScore, s.rightScore = packedLineScore(s.left, m.n, m.w, m.pow), packedLineScore(s.right, m.n, m.w, m.pow)
}

// packedLineScore is lineScore of a packed line of n cells.
func packedLineScore(line uint64, n int, w *Weights, pow *powers) float64 {
	var cells [game2048.PackedMaxSize]game2048.Tile
	for i := range n {
		cells[i] = game2048.Tile(line >> (8 * i) & 0xff)
	}
	return lineScore(cells[:n], w, pow)
}

// scoreMemo remembers the heuristic's score of lines of n cells, as lineMemo does
// its slides: the leaves read it for every line across a move, so it keeps only
// the line and its score (16 bytes) to hold many lines in little cache.
type scoreMemo struct {
	n     int
	w     *Weights
	pow   *powers
	slots [1 << scoreMemoBits]scoreSlot
}

type scoreSlot struct {
	line  uint64 // the line this slot holds; noLine when empty
	score float64
}

// scoreMemoBits sizes each scoreMemo: 2^15 slots of 16 bytes (512 KiB).
const scoreMemoBits = 15

func newScoreMemo(n int, e *evaluator) *scoreMemo {
	m := &scoreMemo{n: n, w: &e.w, pow: e.pow}
	for i := range m.slots {
		m.slots[i].line = noLine
	}
	return m
}

// slot returns the slot where line belongs; fill it unless it holds line already
// (see lineMemo.slot).
func (m *scoreMemo) slot(line uint64) *scoreSlot {
	return &m.slots[(line*0x9E3779B97F4A7C15)>>(64-scoreMemoBits)]
}

// fill puts line in the slot s.
func (m *scoreMemo) fill(s *scoreSlot, line uint64) {
	s.line, s.score = line, packedLineScore(line, m.n, m.w, m.pow)
}
