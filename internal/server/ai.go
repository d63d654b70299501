package server

import (
	"context"

	"github.com/gridgames/gridgames/game2048/solver"
	"github.com/gridgames/gridgames/othello/engine"
)

// aiPool bounds the AI work to n single-threaded searches per game (one per CPU
// unless Options.AIWorkers says otherwise), so that the hints and computer moves
// of many players queue instead of oversubscribing the machine. Othello engines are kept and reused (a 16 MiB table for each evaluation, classic and learned, they have searched with); a 2048
// solver is made per search, with the default setting's tables (16 MiB).
type aiPool struct {
	solvers chan struct{}
	engines chan *engine.Engine
}

func newAIPool(n int) *aiPool {
	p := &aiPool{solvers: make(chan struct{}, n), engines: make(chan *engine.Engine, n)}
	for range n {
		p.solvers <- struct{}{}
		p.engines <- nil // made on first use
	}
	return p
}

func (p *aiPool) solver(ctx context.Context, opt solver.Options) (*solver.Solver, func(), error) {
	select {
	case <-p.solvers:
		return solver.New(opt), func() { p.solvers <- struct{}{} }, nil
	case <-ctx.Done():
		return nil, nil, errorf(CodeUnavailable, "request cancelled while waiting for the solver")
	}
}

func (p *aiPool) engine(ctx context.Context) (*engine.Engine, func(), error) {
	select {
	case e := <-p.engines:
		if e == nil {
			e = engine.New(engine.Options{Workers: 1, TableBits: 20, Book: engine.DefaultBook()})
		}
		return e, func() { p.engines <- e }, nil
	case <-ctx.Done():
		return nil, nil, errorf(CodeUnavailable, "request cancelled while waiting for the engine")
	}
}
