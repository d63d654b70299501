package solver

import (
	"context"
	"errors"
	"io"
	"testing"

	"github.com/gridgames/gridgames/game2048"
)

// cancellingReader cancels its context once n reads have gone through, standing
// in for a Ctrl+C that lands while the network is read.
type cancellingReader struct {
	r      io.Reader
	n      int
	cancel context.CancelFunc
}

func (c *cancellingReader) Read(p []byte) (int, error) {
	if c.n--; c.n == 0 {
		c.cancel()
	}
	return c.r.Read(p)
}

// A read of the network stops when its context ends, returns the context's error,
// leaves nothing behind, and the next call reads it in full, once.
func TestLazyTable6Cancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	opened := 0
	l := newLazyTable6(func() io.Reader {
		opened++
		if opened == 1 {
			return &cancellingReader{r: defaultNetwork6File(), n: 3, cancel: cancel}
		}
		return defaultNetwork6File()
	})
	if tab, err := l.get(ctx); !errors.Is(err, context.Canceled) || tab != nil {
		t.Fatalf("cancelled read: %p, %v; want nil, context.Canceled", tab, err)
	}
	if l.t.Load() != nil {
		t.Fatal("a cancelled read left a table behind")
	}
	first, err := l.get(t.Context())
	if err != nil || first == nil {
		t.Fatalf("read after a cancelled one: %p, %v", first, err)
	}
	again, err := l.get(t.Context())
	if err != nil || again != first || opened != 2 {
		t.Fatalf("third call: %p (first %p), %v, file opened %d times; want the same table, 2 opens", again, first, err, opened)
	}
	b := randomBitboards(9, 1)[0]
	if got, want := first.valueT(b, b.Transpose()), defaultTable6().valueT(b, b.Transpose()); got != want {
		t.Fatalf("the table read after a cancel values a board %v, the built-in one %v", got, want)
	}
}

// A caller waiting for another's read gives up when its own context ends.
func TestLazyTable6WaiterCancelled(t *testing.T) {
	l := newLazyTable6(defaultNetwork6File)
	l.sem <- struct{}{} // another caller is reading
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if tab, err := l.get(ctx); !errors.Is(err, context.Canceled) || tab != nil {
		t.Fatalf("waiter: %p, %v; want nil, context.Canceled", tab, err)
	}
}

// Ctrl+C while a 4x4 search waits for the built-in network: BestMove returns the
// context's error with a direction that moves, and a later search reads the
// network and plays by it.
func TestBestMoveCancelledWhileLoading(t *testing.T) {
	saved := builtinTable6
	defer func() { builtinTable6 = saved }()
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	opened := 0
	builtinTable6 = newLazyTable6(func() io.Reader {
		opened++
		if opened == 1 {
			return &cancellingReader{r: defaultNetwork6File(), n: 3, cancel: cancel}
		}
		return defaultNetwork6File()
	})
	b := mustBoard(t, "2,4,8,16/32,64,128,256/0,0,0,0/0,0,0,2")
	s := New(Options{Depth: 1, Workers: 1, TableBits: 12})
	a, err := s.BestMove(ctx, b, 0.1)
	if !errors.Is(err, context.Canceled) || !b.CanMove(a.Best) || a.Depth != 0 {
		t.Fatalf("BestMove cancelled while loading: %+v, %v; want a moving direction at depth 0, context.Canceled", a, err)
	}
	a, err = s.BestMove(t.Context(), b, 0.1)
	if err != nil || a.Depth != 1 || opened != 2 || s.eval == nil || s.eval.big != builtinTable6.t.Load() {
		t.Fatalf("BestMove after: %+v, %v, network opened %d times", a, err, opened)
	}
}

// Searches on other boards than 4x4 never read a network, whatever the
// evaluation asked for.
func TestWideSearchReadsNoNetwork(t *testing.T) {
	for _, tc := range []struct {
		name       string
		rows, cols int
		eval       Eval
	}{
		{"3x3 blend", 3, 3, EvalBlend},
		{"3x3 network", 3, 3, EvalNetwork},
		{"5x5 blend4", 5, 5, EvalBlend4},
		{"9x9 general board", 9, 9, EvalBlend},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, err := game2048.NewBoard(tc.rows, tc.cols)
			if err != nil {
				t.Fatal(err)
			}
			b.Set(0, 0, 1)
			b.Set(0, 1, 2)
			b.Set(1, 1, 1)
			s := New(Options{Eval: tc.eval, Depth: 1, Workers: 1, TableBits: 10})
			if _, err := s.BestMove(t.Context(), b, 0.1); err != nil {
				t.Fatal(err)
			}
			if s.eval != nil && (s.eval.big != nil || s.eval.net != nil) {
				t.Fatalf("a %dx%d search made the network evaluation", tc.rows, tc.cols)
			}
		})
	}
}
