package othello

// This file is hot code: perft walks hundreds of millions of positions a second.

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"
)

// Perft counts the leaves of the legal-move tree of the given depth below pos: a leaf
// is a position reached after depth plies; a forced pass uses one ply; a game that
// ends before depth counts as one leaf. The last ply is counted, not played. It runs
// on one goroutine; see PerftParallel.
func Perft(pos Position, depth int) uint64 {
	return perft(pos.p, pos.o, pos.Mask(), depth)
}

func perft(p, o, mask uint64, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	moves := legalMoves(p, o, mask)
	if depth == 1 {
		if moves == 0 {
			return 1 // a pass or the end: one leaf either way
		}
		return uint64(popcount(moves))
	}
	if moves == 0 {
		if legalMoves(o, p, mask) == 0 {
			return 1 // the game is over
		}
		return perft(o, p, mask, depth-1)
	}
	var n uint64
	if depth == 2 { // count the children's moves here: no call per leaf parent
		if useAVX2 {
			return perftCount2AVX2(p, o, mask)
		}
		for ; moves != 0; moves &= moves - 1 {
			sq := trailingZeros(moves)
			f := flips(p, o, sq)
			c := popcount(legalMoves(o&^f, p|f|1<<uint(sq), mask))
			n += uint64(c + b2i(c == 0)) // a child with no move is one leaf (pass or end)
		}
		return n
	}
	for ; moves != 0; moves &= moves - 1 {
		sq := trailingZeros(moves)
		f := flips(p, o, sq)
		n += perft(o&^f, p|f|1<<uint(sq), mask, depth-1)
	}
	return n
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// PerftParallel is Perft spread over workers goroutines (0 means one per CPU). The
// tree is split a few plies down into tasks; progress, if not nil, is called after
// each task with the tasks done and the total, from any goroutine but never
// concurrently. If ctx ends first, no further task starts and PerftParallel
// returns ctx's error (and a partial count).
func PerftParallel(ctx context.Context, pos Position, depth, workers int, progress func(done, total int)) (uint64, error) {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	type task struct {
		p, o  uint64
		depth int
	}
	mask := pos.Mask()
	var tasks []task
	var direct uint64 // leaves found while splitting (games ended early)
	// Split until there are plenty of tasks per worker, keeping a few plies each.
	frontier := []task{{pos.p, pos.o, depth}}
	for len(frontier) < 64*workers && frontier[0].depth > 4 {
		var next []task
		for _, t := range frontier {
			moves := legalMoves(t.p, t.o, mask)
			switch {
			case moves != 0:
				for ; moves != 0; moves &= moves - 1 {
					sq := trailingZeros(moves)
					f := flips(t.p, t.o, sq)
					next = append(next, task{t.o &^ f, t.p | f | 1<<uint(sq), t.depth - 1})
				}
			case legalMoves(t.o, t.p, mask) != 0:
				next = append(next, task{t.o, t.p, t.depth - 1})
			default:
				direct++
			}
		}
		frontier = next
		if len(frontier) == 0 {
			break
		}
	}
	tasks = frontier

	var total atomic.Uint64
	total.Add(direct)
	var next atomic.Int64
	var mu sync.Mutex
	done := 0
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= len(tasks) || ctx.Err() != nil {
					return
				}
				t := tasks[i]
				total.Add(perft(t.p, t.o, mask, t.depth))
				if progress != nil {
					mu.Lock()
					done++
					progress(done, len(tasks))
					mu.Unlock()
				}
			}
		}()
	}
	wg.Wait()
	return total.Load(), ctx.Err()
}
