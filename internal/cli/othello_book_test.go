package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestBookQuery(t *testing.T) {
	out, errOut, code := run(t, "", "othello", "book", "query")
	if code != 0 || !strings.Contains(out, "built-in book:") || !strings.Contains(out, "f5 ") || !strings.Contains(out, "book") {
		t.Fatalf("code %d, stdout %q, stderr %q", code, out, errOut)
	}
	out, _, code = run(t, "", "othello", "book", "query", "--line", "f5", "--json")
	var q struct {
		Board  string `json:"board"`
		InBook bool   `json:"inBook"`
		Moves  []struct {
			Move  string  `json:"move"`
			Score float64 `json:"score"`
			Depth int     `json:"depth"`
			Line  string  `json:"line"`
		} `json:"moves"`
	}
	if err := json.Unmarshal([]byte(out), &q); code != 0 || err != nil {
		t.Fatalf("code %d, %v: %q", code, err, out)
	}
	if !q.InBook || len(q.Moves) != 3 || q.Moves[0].Depth < 1 {
		t.Fatalf("after f5: %+v", q)
	}
	out, _, code = run(t, "", "othello", "book", "query", "--line", "f5f4e3f6d3")
	if code != 0 || !strings.Contains(out, "not in the book") {
		t.Fatalf("a line out of the book: code %d, %q", code, out)
	}
}

// A build makes a file that query reads; stopped, --resume finishes it with the
// bytes of a build in one go; extend adds a line.
func TestBookBuildResumeExtend(t *testing.T) {
	dir := t.TempDir()
	one := filepath.Join(dir, "one.gz")
	args := []string{"othello", "book", "build", "--depth", "2", "--plies", "4", "--margin", "2"}
	if out, errOut, code := run(t, "", append(args, "--out", one)...); code != 0 || !strings.Contains(out, "positions") {
		t.Fatalf("build: code %d, %q %q", code, out, errOut)
	}
	if out, _, code := run(t, "", "othello", "book", "query", "--book", one, "--line", "f5d6"); code != 0 || !strings.Contains(out, "one.gz:") {
		t.Fatalf("query --book: code %d, %q", code, out)
	}
	// A build stopped at once, then resumed.
	two := filepath.Join(dir, "two.gz")
	_, _, code := runStopped(t, 0, append(args, "--out", two)...)
	if code != exitInterrupted && code != 0 {
		t.Fatalf("stopped build: code %d", code)
	}
	if _, errOut, code := run(t, "", "othello", "book", "build", "--out", two, "--resume"); code != 0 {
		t.Fatalf("resume: code %d, %q", code, errOut)
	}
	a, _ := os.ReadFile(one)
	b, _ := os.ReadFile(two)
	if string(a) != string(b) {
		t.Fatalf("stopped and resumed: %d bytes, in one go %d", len(b), len(a))
	}
	out, errOut, code := run(t, "", "othello", "book", "extend", "--book", one, "--line", "f5f4e3f6d3", "--json") // past its 4 plies
	var line struct{ Added, Positions int }
	if err := json.Unmarshal([]byte(out), &line); code != 0 || err != nil || line.Added == 0 {
		t.Fatalf("extend: code %d, %v, %q %q", code, err, out, errOut)
	}
}

func TestBookBadInput(t *testing.T) {
	dir := t.TempDir()
	garbage := filepath.Join(dir, "garbage.gz")
	os.WriteFile(garbage, []byte("nope"), 0o644)
	exists := filepath.Join(dir, "exists.gz")
	if _, _, code := run(t, "", "othello", "book", "build", "--depth", "1", "--plies", "1", "--out", exists); code != 0 {
		t.Fatal("tiny build failed")
	}
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"bad line", []string{"query", "--line", "f5z9"}, "--line"},
		{"both", []string{"query", "--line", "f5", "--board", "x"}, "give one position"},
		{"6x6", []string{"query", "--board", "--------------OX----XO-------------- X"}, "the book is for 8x8"},
		{"garbage book", []string{"query", "--book", garbage}, "--book " + garbage + ": not a gridgames Othello book"},
		{"missing book", []string{"query", "--book", filepath.Join(dir, "no.gz")}, "--book"},
		{"no out", []string{"build"}, "--out is required"},
		{"depth", []string{"build", "--out", filepath.Join(dir, "x.gz"), "--depth", "0"}, "--depth 0"},
		{"margin", []string{"build", "--out", filepath.Join(dir, "x.gz"), "--margin", "-1"}, "--margin -1"},
		{"exists", []string{"build", "--out", exists}, "the file exists"},
		{"resume other depth", []string{"build", "--out", exists, "--resume", "--depth", "5"}, "--depth 5: the book being resumed was built with --depth 1"},
		{"resume garbage", []string{"build", "--out", garbage, "--resume"}, "not a gridgames Othello book"},
		{"extend nothing", []string{"extend", "--book", exists}, "--line or --board is required"},
		{"extend not in book", []string{"extend", "--book", exists, "--line", "f5f4e3f6d3", "--deepen", "3"}, "is not in the book"},
		{"deepen range", []string{"extend", "--book", exists, "--line", "f5", "--deepen", "99"}, "--deepen 99"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, errOut, code := run(t, "", append([]string{"othello", "book"}, tc.args...)...)
			if code != exitBadInput || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, tc.want) {
				t.Fatalf("code %d, stderr %q, want exit 2 naming %q", code, errOut, tc.want)
			}
		})
	}
}

// analyze shows a book position's values from the book, marked, unless
// --no-book.
func TestAnalyzeBookMark(t *testing.T) {
	start := "---------------------------OX------XO--------------------------- X"
	out, _, code := run(t, "", "othello", "analyze", "--board", start, "--depth", "2")
	if code != 0 || strings.Count(out, " book ") != 4 {
		t.Fatalf("code %d, %q", code, out)
	}
	out, _, code = run(t, "", "othello", "analyze", "--board", start, "--depth", "2", "--json")
	if code != 0 || strings.Count(out, `"book":true`) != 4 {
		t.Fatalf("json: code %d, %q", code, out)
	}
	out, _, code = run(t, "", "othello", "analyze", "--board", start, "--depth", "2", "--no-book")
	if code != 0 || strings.Contains(out, "book") {
		t.Fatalf("--no-book: code %d, %q", code, out)
	}
}
