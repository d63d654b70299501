package sandbox

import (
	"regexp"
	"strings"
	"testing"
)

// runPattern selects exactly the test named, at every level, whatever its
// characters.
func TestRunPattern(t *testing.T) {
	for _, tc := range []struct {
		name   string
		want   string
		others []string // names the last level must not select
	}{
		{"TestX", "^TestX$", []string{"TestXY", "ATestX"}},
		{"TestX/a?b.db", `^TestX$/^a\?b\.db$`, []string{"aab.db", "a?b.dbx", "ab.db"}},
		{"TestX/with_space/(x)", `^TestX$/^with_space$/^\(x\)$`, []string{"x", "(x)y"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := runPattern(tc.name)
			if got != tc.want {
				t.Fatalf("runPattern(%q) = %q, want %q", tc.name, got, tc.want)
			}
			levels := strings.Split(got, "/")
			parts := strings.Split(tc.name, "/")
			last := regexp.MustCompile(levels[len(levels)-1])
			if !last.MatchString(parts[len(parts)-1]) {
				t.Errorf("%s does not select %q", last, parts[len(parts)-1])
			}
			for _, o := range tc.others {
				if last.MatchString(o) {
					t.Errorf("%s selects %q too", last, o)
				}
			}
		})
	}
}
