package exact

import (
	"errors"
	"testing"
)

// A refusal is an *Error: its kind for errors.Is, its detail apart, and the text
// the kind's words, a colon and the detail.
func TestErrorKindAndDetail(t *testing.T) {
	for _, tc := range []struct {
		name   string
		err    error
		kind   error
		detail string
	}{
		{"too small", CheckSize(1, 2), ErrConfig, "a 1x2 board; rows and columns start at 2"},
		{"too big", CheckSize(3, 4), ErrTooBig, "a 3x4 board has 12 cells, the limit is 9 (3x3)"},
		{"2x5", CheckSize(2, 5), ErrTooBig, "a 2x5 board has 10 cells, the limit is 9 (3x3): 2x5 has 1.8 billion positions, about 65 GB to solve"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var e *Error
			if !errors.As(tc.err, &e) || !errors.Is(tc.err, tc.kind) || e.Detail != tc.detail ||
				tc.err.Error() != tc.kind.Error()+": "+tc.detail {
				t.Fatalf("%v (%T): want %v with the detail %q", tc.err, tc.err, tc.kind, tc.detail)
			}
		})
	}
}
