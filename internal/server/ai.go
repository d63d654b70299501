package server

import (
	"context"
	"net/http"
	"runtime"

	"github.com/gridgames/gridgames/game2048/solver"
	"github.com/gridgames/gridgames/othello/engine"
)

// aiPool lends out 2048 solvers and Othello engines, one per CPU, so that the AI
// work of many players queues instead of oversubscribing the machine; each search
// is single-threaded and their tables are reused from search to search.
type aiPool struct {
	solvers chan *solver.Solver
	engines chan *engine.Engine
}

func newAIPool() *aiPool {
	n := runtime.GOMAXPROCS(0)
	p := &aiPool{solvers: make(chan *solver.Solver, n), engines: make(chan *engine.Engine, n)}
	for range n {
		p.solvers <- nil // made on first use
		p.engines <- nil
	}
	return p
}

func (p *aiPool) solver(ctx context.Context, opt solver.Options) (*solver.Solver, func(), error) {
	select {
	case sv := <-p.solvers:
		// A solver's options are fixed at creation; a per-call one is cheap next to
		// the table, which the options' TableBits keeps small.
		sv = solver.New(opt)
		return sv, func() { p.solvers <- sv }, nil
	case <-ctx.Done():
		return nil, nil, errorf(http.StatusServiceUnavailable, "request cancelled while waiting for the solver")
	}
}

func (p *aiPool) engine(ctx context.Context) (*engine.Engine, func(), error) {
	select {
	case e := <-p.engines:
		if e == nil {
			e = engine.New(engine.Options{Workers: 1, TableBits: 20})
		}
		return e, func() { p.engines <- e }, nil
	case <-ctx.Done():
		return nil, nil, errorf(http.StatusServiceUnavailable, "request cancelled while waiting for the engine")
	}
}
