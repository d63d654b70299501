package solver

import (
	"sync/atomic"

	"github.com/gridgames/gridgames/game2048"
)

// searchWide is search on a board of up to 8x8 other than the 4x4 fast path's,
// packed in p (b is the same board): the root's branches split over the workers
// as searchGen splits them, searched on the PackedBoard (widesearch.go). Its values
// equal searchGen's: the same heuristic added in the same order, the same nodes in
// the same order, the same table rules.
func (s *Solver) searchWide(b game2048.Board, p game2048.PackedBoard, fourChance float64, depth int, stop *atomic.Bool) (Analysis, bool) {
	for len(s.ww) < s.workers {
		s.ww = append(s.ww, &workerWide{eval: s.eval, tt: newTable(s.opt.TableBits)})
	}
	rows, cols := p.Rows(), p.Cols()
	workers := s.ww[:s.workers]
	for _, w := range workers {
		w.setSize(rows, cols)
	}
	var after [4]game2048.PackedBoard
	for _, d := range game2048.Directions {
		after[d], _ = p.Move(d)
	}
	legal := func(d game2048.Direction) bool { return after[d] != p }
	lift := s.eval.lift(s.eval.board(&b), rows+cols)
	var a Analysis
	a.Depth = depth
	if depth == 0 {
		w := workers[0]
		for _, d := range game2048.Directions {
			if legal(d) {
				t := after[d].Transpose()
				a.Values[d] = max(w.score(&after[d], &t)+lift, 1)
			}
		}
		a.Best = pick(a.Values, legal)
		return a, true
	}
	branches := rootBranches(func(d game2048.Direction) ([]int, bool) {
		if !legal(d) {
			return nil, false
		}
		var cells []int
		for r := range rows {
			for c := range cols {
				if after[d].At(r, c) == 0 {
					cells = append(cells, r*cols+c)
				}
			}
		}
		return cells, true
	}, 1-fourChance, fourChance)
	for _, w := range workers {
		w.p2, w.p4, w.cut, w.stop, w.stopped, w.nodes = 1-fourChance, fourChance, s.opt.Cutoff, stop, false, 0
		if w.lift != lift {
			// The table's values were searched with another lift (another root, on
			// a board with huge tiles): they would not compare with this search's.
			w.tt.clear()
			w.lift = lift
		}
	}
	a.Values = s.runBranches(branches, func(wi int, br branch) float64 {
		root := after[br.move].With(br.cell/cols, br.cell%cols, br.tile)
		rootT := root.Transpose()
		return workers[wi].maxNode(&root, &rootT, depth-1, br.weight)
	})
	for _, w := range workers {
		a.Nodes += w.nodes
		if w.stopped {
			return a, false
		}
	}
	a.Best = pick(a.Values, legal)
	return a, true
}

// adaptiveDepthWide is AdaptiveDepth on boards other than 4x4: deeper as the board
// fills up. A board at least half empty is searched one layer deep, then one layer
// more each time the empty cells halve (a quarter empty: 2, an eighth: 3), down to 5
// layers on a full board. Few empty cells mean danger, and few branches per chance
// node, so the deep searches are the cheap ones; the open boards that make most of
// a long game on a big board answer in microseconds.
func adaptiveDepthWide(b game2048.Board) int {
	cells, empty := b.Rows()*b.Cols(), b.EmptyCount()
	depth := 1
	for ; depth < 5 && 2*empty < cells; empty *= 2 {
		depth++
	}
	return depth
}
