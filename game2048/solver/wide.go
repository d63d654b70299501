package solver

import (
	"math/bits"
	"sync/atomic"

	"github.com/gridgames/gridgames/game2048"
)

// searchWide is search on a board of up to 8x8 other than the 4x4 fast path's,
// packed in p (b is the same board): the root's branches split over the workers
// as searchGen splits them, searched on the PackedBoard (widesearch.go). From empty
// tables its values equal searchGen's: the same heuristic added in the same order,
// the same nodes in the same order, the same table rules. Unlike searchGen it
// clears its tables when the leaf lift changes from one search to the next.
func (s *Solver) searchWide(b game2048.Board, p game2048.PackedBoard, fourChance float64, depth int, stop *atomic.Bool) (Analysis, bool) {
	h := s.heuristic()
	for len(s.ww) < s.workers {
		s.ww = append(s.ww, &workerWide{eval: h, tt: newTable(s.opt.TableBits)})
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
	lift := h.lift(h.board(&b), rows+cols)
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
	if depth == 1 {
		a.Values = workers[0].rootLeaves(&after, branches)
	} else {
		a.Values = s.runBranches(branches, func(wi int, br branch) float64 {
			root := after[br.move].With(br.cell/cols, br.cell%cols, br.tile)
			rootT := root.Transpose()
			return workers[wi].maxNode(&root, &rootT, depth-1, br.weight)
		})
	}
	for _, w := range workers {
		a.Nodes += w.nodes
		if w.stopped {
			return a, false
		}
	}
	a.Best = pick(a.Values, legal)
	return a, true
}

// adaptiveDepthWide is AdaptiveDepth on boards other than 4x4: deeper as the
// empty cells run out. With 8 or more empty cells it is 1, then one layer more each
// time they halve: 2 from 4 to 7, 3 with 2 or 3, 4 with one, 5 with none. Few
// empty cells mean danger, and few branches per chance node, so the deep searches
// are the cheap ones. Small boards have a floor: at least 2 layers on boards of 25
// cells or fewer, 6 on boards of 12 or fewer.
//
// The floor is what makes a game finish. A stronger search plays longer games, and
// a game to a tile twice as big takes twice the moves. On 3x3 games are short: 6
// layers or more reach 512 in 8 games of 10 (3 of 10 for AdaptiveDepth's 4x4 rule,
// 1 of 10 for 2 layers). On 5x5 one layer in open positions reaches 32768 or 65536,
// two reach 131072 or 262144 in a few minutes (321,000 moves for three games). On
// 6x6 one layer already reaches 131072 to 524288 (1,030,000 moves for four games),
// while two layers everywhere passed 1,048,576 after 635,000 moves with the board
// still open: a game that may not end in hours.
func adaptiveDepthWide(b game2048.Board) int {
	least := 1
	switch cells := b.Rows() * b.Cols(); {
	case cells <= 12:
		least = 6
	case cells <= 25:
		least = 2
	}
	depth := 5
	if empty := b.EmptyCount(); empty > 0 {
		depth = 4 - (bits.Len(uint(empty)) - 1)
	}
	return max(least, depth)
}
