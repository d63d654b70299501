package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Input that used to be taken silently (or blamed on the wrong flag) is refused
// with status 2 and one line naming the flag, file or stdin and what it wants.
func TestRefusedInput(t *testing.T) {
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty.txt")
	comments := filepath.Join(dir, "comments.txt")
	net := filepath.Join(dir, "net.gz")
	for path, text := range map[string]string{empty: "", comments: "# nothing yet\n\n", net: "not read"} {
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out := filepath.Join(dir, "out.gz")
	board3 := "2,4,0/0,2,0/0,0,0"
	board6 := "--------------OX----XO-------------- X"
	autoplay := []string{"2048", "autoplay", "--games", "1", "--depth", "1"}
	for _, tc := range []struct {
		name  string
		stdin string
		args  []string
		want  string
	}{
		{"cutoff NaN", "", append(autoplay, "--cutoff", "NaN"), "--cutoff NaN: want a probability from 0"},
		{"cutoff Inf", "", append(autoplay, "--cutoff", "Inf"), "--cutoff +Inf: want a probability from 0"},
		{"cutoff -Inf", "", append(autoplay, "--cutoff", "-Inf"), "--cutoff -Inf: want a probability from 0"},
		{"cutoff negative", "", append(autoplay, "--cutoff", "-0.5"), "--cutoff -0.5: want a probability from 0"},
		{"cutoff 1", "", append(autoplay, "--cutoff", "1"), "--cutoff 1: want a probability from 0"},
		{"blend NaN", "", []string{"2048", "hint", "--board", "2,2,0,0/0,0,0,0/0,0,0,0/0,0,0,0", "--blend", "NaN"}, "--blend NaN"},
		{"blend Inf", "", []string{"2048", "hint", "--board", "2,2,0,0/0,0,0,0/0,0,0,0/0,0,0,0", "--blend", "Inf"}, "--blend +Inf"},
		{"four NaN", "", []string{"2048", "hint", "--board", board3, "--four", "NaN"}, `--four "NaN"`},
		{"2048 train rate NaN", "", []string{"2048", "train", "--games", "1", "--rate", "NaN", "--out", out}, "--rate NaN"},
		{"othello train rate Inf", "", []string{"othello", "train", empty, "--rate", "Inf", "--out", out}, "--rate +Inf"},
		{"midgame rate NaN", "", []string{"othello", "midgame", "--games", "1", "--rate", "NaN", "--out", out}, "--rate NaN"},
		{"tempo odd depth", "", []string{"othello", "tempo", "--midgame", net, "--out", out, "--depth", "7"}, "--depth 7: want an even depth from 2 to 12"},
		{"tempo no midgame", "", []string{"othello", "tempo", "--out", out}, "--midgame is required"},
		{"tempo not a midgame file", "", []string{"othello", "tempo", "--midgame", net, "--out", out}, "--midgame " + net + ": not a gridgames Othello midgame file"},
		{"match second midgame", "", []string{"othello", "match", "--black", "5", "--white", "5", "--second-midgame", net}, "--second-midgame " + net + ": not a gridgames Othello midgame file"},
		{"solve check empty stdin", "", []string{"othello", "solve", "--check"}, "--check: no positions were read from stdin"},
		{"solve check comments only", "% FFO\n# none\n\n", []string{"othello", "solve", "--check"}, "--check: no positions were read from stdin"},
		{"train empty file", "", []string{"othello", "train", empty, "--out", out}, "samples file " + empty + ": no samples in it"},
		{"train comments only", "", []string{"othello", "train", comments, "--out", out}, "samples file " + comments + ": no samples in it"},
		{"perft size and board", "", []string{"othello", "perft", "--depth", "1", "--size", "8", "--board", board6}, "--board is a 6x6 position but --size is 8"},
		{"hint eval network 3x3", "", []string{"2048", "hint", "--board", board3, "--eval", "network"}, "--eval network: the networks are for 4x4 boards only, and this board is 3x3"},
		{"hint eval blend4 3x3", "", []string{"2048", "hint", "--board", board3, "--eval", "blend4"}, "--eval blend4: the networks are for 4x4 boards only"},
		{"hint network file 3x3", "", []string{"2048", "hint", "--board", board3, "--network", net}, "--network " + net + ": a network is for 4x4 boards only, and this board is 3x3"},
		{"hint blend 3x3", "", []string{"2048", "hint", "--board", board3, "--blend", "0.2"}, "--blend 0.2: the blend is for 4x4 boards only"},
		{"autoplay eval network 5x5", "", append(autoplay, "--rows", "5", "--cols", "5", "--eval", "network"), "--eval network: the networks are for 4x4 boards only, and this board is 5x5"},
		{"autoplay network 3x4", "", append(autoplay, "--rows", "3", "--network", net), "--network " + net + ": a network is for 4x4 boards only, and this board is 3x4"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, errOut, code := run(t, tc.stdin, tc.args...)
			if code != exitBadInput || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, tc.want) {
				t.Fatalf("exit %d, stderr %q; want 2 and one line with %q", code, errOut, tc.want)
			}
		})
	}
}

// What stays accepted: the heuristic named on any board, and a --board without
// --size counted on its own size.
func TestAcceptedInput(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"heuristic on 3x3", []string{"2048", "hint", "--board", "2,4,0/0,2,0/0,0,0", "--eval", "heuristic", "--depth", "1"}, `"best":`},
		{"perft on the board's size", []string{"othello", "perft", "--depth", "1", "--board", "--------------OX----XO-------------- X", "--json"}, `"leaves":4`},
		{"perft size that agrees", []string{"othello", "perft", "--depth", "1", "--size", "6", "--board", "--------------OX----XO-------------- X", "--json"}, `"leaves":4`},
		{"cutoff 0.001", []string{"2048", "autoplay", "--games", "1", "--depth", "1", "--rows", "3", "--cols", "3", "--cutoff", "0.001", "--json"}, `"games":1`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, code := run(t, "", tc.args...)
			if code != 0 || !strings.Contains(out, tc.want) {
				t.Fatalf("exit %d, stdout %q, stderr %q; want %q", code, out, errOut, tc.want)
			}
		})
	}
}
