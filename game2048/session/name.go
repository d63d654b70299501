package session

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// MaxName bounds a leaderboard name, in characters.
const MaxName = 24

// CleanName returns a leaderboard name with the spaces around it trimmed, or an
// error wrapping ErrName that names the problem: a name that is empty or longer
// than MaxName characters, that is not valid UTF-8, or that holds a character
// which could hide or disguise text in a list of names: control characters
// (newlines, NUL, tabs...), line and paragraph separators, and format
// characters (zero-width spaces and joiners, U+FEFF, the bidirectional marks,
// embeddings, overrides and isolates U+200E, U+200F, U+061C, U+202A-U+202E,
// U+2066-U+2069), and U+FFFD, the replacement character that decoding puts in
// place of bytes that were not UTF-8 (a JSON decoder does).
func CleanName(name string) (string, error) {
	if !utf8.ValidString(name) {
		return "", fmt.Errorf("%w: the name is not valid UTF-8", ErrName)
	}
	name = strings.TrimSpace(name)
	n := utf8.RuneCountInString(name)
	if n == 0 || n > MaxName {
		return "", fmt.Errorf("%w: a name is 1 to %d characters, not %d", ErrName, MaxName, n)
	}
	for i, r := range name {
		if r == utf8.RuneError {
			return "", fmt.Errorf("%w: character %d is U+FFFD, a replacement for text that was not valid UTF-8", ErrName,
				utf8.RuneCountInString(name[:i])+1)
		}
		if hidden(r) {
			return "", fmt.Errorf("%w: character %d (U+%04X) is a control or invisible formatting character", ErrName,
				utf8.RuneCountInString(name[:i])+1, r)
		}
	}
	return name, nil
}

// hidden reports whether r is a character refused in names: a control (Cc),
// format (Cf: zero-width characters, bidirectional controls, U+FEFF) or
// line/paragraph separator (Zl, Zp) character.
func hidden(r rune) bool {
	return unicode.In(r, unicode.Cc, unicode.Cf, unicode.Zl, unicode.Zp)
}
