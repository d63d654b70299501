package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gridgames/gridgames/othello/engine"
)

func readOpeningFile(t *testing.T, path string) *engine.Opening {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	tab, err := engine.ReadOpening(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return tab
}

// writeDefaultOpening6 writes the built-in 6x6 opening table to path and returns
// path.
func writeDefaultOpening6(t *testing.T, path string) string {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := engine.DefaultOpening(6).WriteTo(f); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestOthelloOpeningBadInput(t *testing.T) {
	dir := t.TempDir()
	six := writeDefaultOpening6(t, filepath.Join(dir, "six.txt.gz"))
	out := filepath.Join(dir, "t.gz")
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"size", []string{"--size", "8", "--out", out}, "--size 8: want 4 or 6"},
		{"plies", []string{"--size", "4", "--plies", "13", "--out", out}, "--plies 13: want 0 to 12"},
		{"no out", []string{"--size", "4"}, "--out is required"},
		{"checkpoint", []string{"--size", "4", "--out", out, "--checkpoint", "0s"}, "--checkpoint 0s: want a positive duration"},
		{"missing from", []string{"--size", "4", "--out", out, "--from", filepath.Join(dir, "none")}, "--from " + filepath.Join(dir, "none")},
		{"from other size", []string{"--size", "4", "--out", out, "--from", six}, "a 6x6 table, but --size is 4"},
		{"from not a table", []string{"--size", "4", "--out", out, "--from", dir}, "is a directory"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, errOut, code := run(t, "", append([]string{"othello", "opening"}, tc.args...)...)
			if code != 2 || !strings.Contains(errOut, tc.want) {
				t.Fatalf("exit %d, stderr %q; want 2 and %q", code, errOut, tc.want)
			}
		})
	}
}

// TestOthelloOpeningFrom builds the 4x4 table in two steps, the second from the
// first's file, and checks it is the table built at once.
func TestOthelloOpeningFrom(t *testing.T) {
	dir := t.TempDir()
	whole, part, more := filepath.Join(dir, "whole.gz"), filepath.Join(dir, "part.gz"), filepath.Join(dir, "more.gz")
	if _, errOut, code := run(t, "", "othello", "opening", "--size", "4", "--plies", "12", "--out", whole); code != 0 {
		t.Fatalf("whole: exit %d: %s", code, errOut)
	}
	if _, errOut, code := run(t, "", "othello", "opening", "--size", "4", "--plies", "4", "--out", part); code != 0 {
		t.Fatalf("part: exit %d: %s", code, errOut)
	}
	out, errOut, code := run(t, "", "othello", "opening", "--size", "4", "--plies", "12", "--from", part, "--out", more)
	if code != 0 {
		t.Fatalf("more: exit %d: %s", code, errOut)
	}
	had := readOpeningFile(t, part).Len()
	if !strings.Contains(out, "Starting from "+itoa(had)+" positions.") {
		t.Fatalf("the run from %d positions printed %q", had, out)
	}
	a, _ := os.ReadFile(whole)
	b, _ := os.ReadFile(more)
	if string(a) != string(b) {
		t.Fatalf("the table extended from 4 plies differs from the one built at once")
	}
	if _, err := os.Stat(more + ".partial"); !os.IsNotExist(err) {
		t.Fatalf("a finished run left %s.partial (%v)", more, err)
	}
}

// TestOthelloOpeningStopped stops a 6x6 run started from the built-in table and
// checks the table so far is saved where the message says, and can be read.
func TestOthelloOpeningStopped(t *testing.T) {
	dir := t.TempDir()
	from := writeDefaultOpening6(t, filepath.Join(dir, "from.gz"))
	out := filepath.Join(dir, "t.gz")
	_, errOut, code := runStopped(t, 300*time.Millisecond, "othello", "opening", "--size", "6", "--plies", "20", "--from", from, "--out", out)
	if code != 130 || !strings.Contains(errOut, "go on with --from "+out+".partial") {
		t.Fatalf("exit %d, stderr %q; want 130 and where the table so far is", code, errOut)
	}
	if got, want := readOpeningFile(t, out+".partial").Len(), engine.DefaultOpening(6).Len(); got < want {
		t.Fatalf("saved %d positions, started from %d", got, want)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Fatalf("a stopped run wrote %s (%v)", out, err)
	}
}
