package nbclient

import (
	"errors"
	"testing"

	"github.com/gridgames/gridgames/othello"
)

func TestParseMoveReply(t *testing.T) {
	f5, _ := othello.ParseSquare("f5", 8)
	d6, _ := othello.ParseSquare("d6", 8)
	tests := []struct {
		line    string
		move    othello.Square
		eval    float64
		hasEval bool
	}{
		{"=== f5", f5, 0, false},
		{"=== F5/0.50/1.2", f5, 0.5, true},
		{"===  d6 -1.00 0.0", d6, -1, true},
		{"=== G5/-0.42/0.00", mustSquare(t, "g5"), -0.42, true},
		{"=== pa", othello.Pass, 0, false},
		{"=== PA", othello.Pass, 0, false},
		{"=== f5//3.2", f5, 0, false},
		{"===f5", f5, 0, false},
	}
	for _, tc := range tests {
		t.Run(tc.line, func(t *testing.T) {
			r, err := ParseMoveReply(tc.line, 8)
			if err != nil {
				t.Fatalf("ParseMoveReply(%q): %v", tc.line, err)
			}
			if r.Move != tc.move || r.Eval != tc.eval || r.HasEval != tc.hasEval {
				t.Errorf("ParseMoveReply(%q) = %+v, want move %v eval %v (%v)", tc.line, r, tc.move, tc.eval, tc.hasEval)
			}
		})
	}
}

func TestParseMoveReplyErrors(t *testing.T) {
	for _, line := range []string{
		"", "===", "=== ", "f5", "== f5", "=== z9", "=== i1", "=== f5/x", "=== f5/1/2/3",
		"=== f5/1 2", "=== f5 1 2 3", "=== a9", "status thinking",
	} {
		t.Run(line, func(t *testing.T) {
			if r, err := ParseMoveReply(line, 8); !errors.Is(err, ErrReply) {
				t.Errorf("ParseMoveReply(%q) = %+v, %v; want an error wrapping ErrReply", line, r, err)
			}
		})
	}
}

func FuzzParseMoveReply(f *testing.F) {
	for _, s := range []string{"=== f5", "=== F5/0.50/1.2", "=== d6 -1.00 0.0", "=== pa", "=== z9", "===", "=== f5/x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		r, err := ParseMoveReply(line, 8)
		if err != nil {
			if !errors.Is(err, ErrReply) {
				t.Fatalf("ParseMoveReply(%q): error %v does not wrap ErrReply", line, err)
			}
			return
		}
		if r.Move != othello.Pass && (r.Move < 0 || int(r.Move) >= 64) {
			t.Fatalf("ParseMoveReply(%q) = square %d, off the board", line, r.Move)
		}
		// What it read reads back the same.
		again, err := ParseMoveReply("=== "+r.Text, 8)
		if err != nil || again.Move != r.Move || again.HasEval != r.HasEval || (r.HasEval && again.Eval != r.Eval) {
			t.Fatalf("ParseMoveReply(%q) = %+v, but its text reads back as %+v, %v", line, r, again, err)
		}
	})
}

func TestNameFrom(t *testing.T) {
	tests := []struct {
		line, name string
		ok         bool
	}{
		{"set myname Ntest14", "Ntest14", true},
		{"set myname gridgames 10", "gridgames 10", true},
		{"set myname", "", false},
		{"status thinking", "", false},
	}
	for _, tc := range tests {
		t.Run(tc.line, func(t *testing.T) {
			name, ok := nameFrom(tc.line)
			if name != tc.name || ok != tc.ok {
				t.Errorf("nameFrom(%q) = %q, %v; want %q, %v", tc.line, name, ok, tc.name, tc.ok)
			}
		})
	}
}

func mustSquare(t *testing.T, name string) othello.Square {
	t.Helper()
	sq, err := othello.ParseSquare(name, 8)
	if err != nil {
		t.Fatal(err)
	}
	return sq
}
