package engine

import (
	"bytes"
	"context"
	"errors"
	"testing"

	"github.com/gridgames/gridgames/othello"
)

// TestOpeningExtend checks that a table made for fewer plies and then extended
// holds what one built at once holds, and that extending solves only what is
// missing.
func TestOpeningExtend(t *testing.T) {
	t.Parallel()
	whole, err := BuildOpening(t.Context(), New(Options{Workers: 1, TableBits: 16}), 4, 12, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, first := range []int{0, 3, 6} {
		t.Run(string(rune('0'+first)), func(t *testing.T) {
			part, err := BuildOpening(t.Context(), New(Options{Workers: 1, TableBits: 16}), 4, first, nil)
			if err != nil {
				t.Fatal(err)
			}
			had, solved := part.Len(), 0
			err = part.Extend(t.Context(), New(Options{Workers: 1, TableBits: 16}), 12, func(othello.Position, int, othello.Square) { solved++ })
			if err != nil {
				t.Fatal(err)
			}
			if had+solved != part.Len() {
				t.Fatalf("from %d entries, %d solved, but %d in the table: some were solved again", had, solved, part.Len())
			}
			var a, b bytes.Buffer
			whole.WriteTo(&a)
			part.WriteTo(&b)
			if !bytes.Equal(a.Bytes(), b.Bytes()) {
				t.Fatalf("extended from %d plies: %d entries, built at once: %d, and their files differ", first, part.Len(), whole.Len())
			}
		})
	}
}

// TestOpeningExtendStopped checks that a stopped Extend keeps what it solved and
// says why it stopped.
func TestOpeningExtendStopped(t *testing.T) {
	t.Parallel()
	tab, err := NewOpening(4)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	solved := 0
	err = tab.Extend(ctx, New(Options{Workers: 1, TableBits: 16}), 12, func(othello.Position, int, othello.Square) {
		if solved++; solved == 5 {
			cancel()
		}
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("stopped after 5 positions: %v, want context.Canceled", err)
	}
	if tab.Len() != 5 {
		t.Fatalf("stopped after 5 positions: %d in the table", tab.Len())
	}
	if _, err := NewOpening(8); !errors.Is(err, ErrPerfectSize) {
		t.Fatalf("NewOpening(8): %v, want ErrPerfectSize", err)
	}
}
