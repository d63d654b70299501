package cli

import (
	"context"
	"sync"
)

// runJobs runs job(w, i) for every i in [0, n) on min(workers, n) goroutines. Each
// goroutine makes its own state with newWorker first (a solver, a pair of players).
// After job i, finished is called with i and the number of jobs done so far; the
// calls never overlap, and whatever job i wrote is visible to them. Once ctx ends
// no further job starts (the jobs under way are expected to stop by themselves).
func runJobs[W any](ctx context.Context, n, workers int, newWorker func() W, job func(w W, i int), finished func(i, done int)) {
	var mu sync.Mutex
	next, done := 0, 0
	var wg sync.WaitGroup
	for range max(1, min(workers, n)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := newWorker()
			for {
				mu.Lock()
				i := next
				next++
				mu.Unlock()
				if i >= n || ctx.Err() != nil {
					return
				}
				job(w, i)
				mu.Lock()
				done++
				if finished != nil {
					finished(i, done)
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
}
