package session

import (
	"errors"
	"strings"
	"testing"
)

func TestCleanName(t *testing.T) {
	for _, tc := range []struct {
		name, in, want string // want "": refused
		says           string
	}{
		{"plain", "ann", "ann", ""},
		{"trimmed", "  ann lee \t", "ann lee", ""},
		{"accents and scripts", "Zoë 李 Анна", "Zoë 李 Анна", ""},
		{"an emoji", "ann 🎉", "ann 🎉", ""},
		{"24 characters", strings.Repeat("é", 24), strings.Repeat("é", 24), ""},
		{"25 characters", strings.Repeat("é", 25), "", "1 to 24"},
		{"empty", "", "", "1 to 24"},
		{"only spaces", "   ", "", "1 to 24"},
		{"a newline", "ann\nbob", "", "U+000A"},
		{"a NUL", "ann\x00", "", "U+0000"},
		{"a tab inside", "ann\tbob", "", "U+0009"},
		{"invalid UTF-8", "ann\xff", "", "UTF-8"},
		{"a zero-width space", "an\u200bn", "", "U+200B"},
		{"a zero-width joiner", "an\u200dn", "", "U+200D"},
		{"a byte order mark", "\ufeffann", "", "U+FEFF"},
		{"a right-to-left override", "ann\u202egnp.exe", "", "U+202E"},
		{"a left-to-right embedding", "\u202aann", "", "U+202A"},
		{"a right-to-left isolate", "ann\u2067x", "", "U+2067"},
		{"a right-to-left mark", "ann\u200f", "", "U+200F"},
		{"an Arabic letter mark", "ann\u061c", "", "U+061C"},
		{"a line separator", "ann\u2028bob", "", "U+2028"},
		{"a replacement character", "ann\ufffd", "", "U+FFFD"},
		{"DEL", "ann\x7f", "", "U+007F"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := CleanName(tc.in)
			if tc.want != "" {
				if err != nil || got != tc.want {
					t.Fatalf("CleanName(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
				}
				return
			}
			if !errors.Is(err, ErrName) || !strings.Contains(err.Error(), tc.says) {
				t.Fatalf("CleanName(%q) = %q, %v; want ErrName saying %q", tc.in, got, err, tc.says)
			}
		})
	}
}
