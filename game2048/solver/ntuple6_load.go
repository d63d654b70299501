package solver

import (
	"context"
	"io"
	"sync/atomic"
)

// lazyTable6 is a 6-tuple table read on first use, once: the built-in network
// unpacks to 128 MiB and takes about half a second, so only a 4x4 search that
// scores by it reads it. A read that its context stopped leaves nothing behind,
// and the next caller reads again.
type lazyTable6 struct {
	open func() io.Reader       // the network file
	sem  chan struct{}          // one slot, held while reading: waiters can give up
	t    atomic.Pointer[table6] // set once read
}

func newLazyTable6(open func() io.Reader) *lazyTable6 {
	return &lazyTable6{open: open, sem: make(chan struct{}, 1)}
}

// get returns the table, reading it first if no one has. If ctx ends before the
// table is read (or while another caller reads it), get returns ctx's error within
// one read of the file (a few kilobytes), and a later call reads it again.
func (l *lazyTable6) get(ctx context.Context) (*table6, error) {
	if t := l.t.Load(); t != nil {
		return t, nil
	}
	select {
	case l.sem <- struct{}{}:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	defer func() { <-l.sem }()
	if t := l.t.Load(); t != nil { // read by the caller we waited for
		return t, nil
	}
	t, err := readTable6(ctxReader{ctx, l.open()})
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, err
	}
	l.t.Store(t)
	return t, nil
}

// ctxReader reads from r until ctx ends, then returns ctx's error.
type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

func (c ctxReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(p)
}

// builtinTable6 is the built-in network, read once and shared by every solver.
var builtinTable6 = newLazyTable6(defaultNetwork6File)

// loadDefaultTable6 returns the built-in network, reading it if no one has yet;
// if ctx ends first it returns ctx's error (see lazyTable6.get).
func loadDefaultTable6(ctx context.Context) (*table6, error) {
	t, err := builtinTable6.get(ctx)
	if err != nil && ctx.Err() == nil {
		panic("solver: the embedded 6-tuple network is broken: " + err.Error())
	}
	return t, err
}

// defaultTable6 returns the built-in network, reading it if no one has yet.
func defaultTable6() *table6 {
	t, _ := loadDefaultTable6(context.Background())
	return t
}
