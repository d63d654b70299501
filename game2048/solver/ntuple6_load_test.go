package solver

import (
	"bytes"
	"context"
	"errors"
	"io"
	"testing"
	"time"

	"github.com/gridgames/gridgames/game2048"
)

// Ctrl+C while a 4x4 search waits for the built-in network: BestMove returns the
// context's error with a direction that moves, and a later search reads the
// network and plays by it.
func TestBestMoveCancelledWhileLoading(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	opened := 0
	loader := newBuiltinTable6(func() io.Reader {
		opened++
		if opened == 1 {
			cancel() // Ctrl+C as the file opens: its first read stops
		}
		return bytes.NewReader(defaultNetwork6Bytes)
	})
	b := mustBoard(t, "2,4,8,16/32,64,128,256/0,0,0,0/0,0,0,2")
	s := New(Options{Depth: 1, Workers: 1, TableBits: 12, builtin6: loader})
	a, err := s.BestMove(ctx, b, 0.1)
	if !errors.Is(err, context.Canceled) || !b.CanMove(a.Best) || a.Depth != 0 {
		t.Fatalf("BestMove cancelled while loading: %+v, %v; want a moving direction at depth 0, context.Canceled", a, err)
	}
	if loader.Loaded() {
		t.Fatal("a cancelled read left a network behind")
	}
	a, err = s.BestMove(t.Context(), b, 0.1)
	if err != nil || a.Depth != 1 || opened != 2 || s.eval == nil || s.eval.big != loader.Get() {
		t.Fatalf("BestMove after: %+v, %v, network opened %d times", a, err, opened)
	}
	x := randomBitboards(9, 1)[0]
	if got, want := s.eval.big.valueT(x, x.Transpose()), defaultTable6().valueT(x, x.Transpose()); got != want {
		t.Fatalf("the network read after a cancel values a board %v, the built-in one %v", got, want)
	}
}

// Searches on other boards than 4x4 never read a network, whatever the
// evaluation asked for.
func TestWideSearchReadsNoNetwork(t *testing.T) {
	t.Parallel()
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

// slowReader is a file whose first read takes delay, as a network unpacking on
// a busy machine does.
type slowReader struct {
	r     io.Reader
	delay time.Duration
	slept bool
}

func (s *slowReader) Read(p []byte) (int, error) {
	if !s.slept {
		time.Sleep(s.delay)
		s.slept = true
	}
	return s.r.Read(p)
}

// The first default search of a process waits for the network, and that wait
// is not taken from its time guard: it searches as deep, and to the same
// values, as a search with the network already read, even when the read
// takes longer than DefaultMoveTime.
func TestFirstSearchAfterSlowLoad(t *testing.T) {
	t.Parallel()
	b := mustBoard(t, "2,4,8,16/32,64,128,256/0,0,0,0/0,0,0,2")
	loader := newBuiltinTable6(func() io.Reader {
		return &slowReader{r: bytes.NewReader(defaultNetwork6Bytes), delay: DefaultMoveTime(b) + 100*time.Millisecond}
	})
	first, err := New(Options{Workers: 1, builtin6: loader}).BestMove(t.Context(), b, 0.1)
	if err != nil {
		t.Fatal(err)
	}
	again, err := New(Options{Workers: 1, builtin6: loader}).BestMove(t.Context(), b, 0.1)
	if err != nil {
		t.Fatal(err)
	}
	if first.Depth < 2 || first.Depth != again.Depth || first.Values != again.Values || first.Nodes != again.Nodes {
		t.Fatalf("the first search, behind a slow read: depth %d, %d nodes, values %v; with the network read: depth %d, %d nodes, values %v",
			first.Depth, first.Nodes, first.Values, again.Depth, again.Nodes, again.Values)
	}
}
