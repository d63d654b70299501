package cli

import (
	"testing"
)

// A library's rules error reaches the user as the flags behind it and the
// library's reason, without the library's package prefix: the whole line.
func TestRulesErrorLines(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"play win", []string{"play", "2048", "--win", "3"},
			"gridgames: --win/--four: invalid rules: win tile 3 is not a power of two from 4 to 2^62\n"},
		{"play cols", []string{"play", "2048", "--cols", "1"},
			"gridgames: --rows/--cols: size out of range: 4x1, want rows and columns from 2 to 16\n"},
		{"autoplay rows", []string{"2048", "autoplay", "--rows", "20"},
			"gridgames: --rows/--cols: size out of range: 20x4, want rows and columns from 2 to 16\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, code := run(t, "", tc.args...)
			if code != exitBadInput || out != "" || errOut != tc.want {
				t.Fatalf("exit %d, stdout %q, stderr %q; want %d and %q", code, out, errOut, exitBadInput, tc.want)
			}
		})
	}
}
