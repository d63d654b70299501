package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gridgames/gridgames/internal/nbmatch"
)

const ffo1 = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12; H7:+6; A2:+6; A3:+4; B1:-4; A4:-22; G2:-24;"

func TestOthelloSolve(t *testing.T) {
	out, errOut, code := run(t, "", "othello", "solve", "--board", strings.Split(ffo1, ";")[0])
	if code != 0 || !strings.HasPrefix(out, "g8   +18") || !strings.Contains(out, "nodes/s") {
		t.Fatalf("code %d, out %q, err %q", code, out, errOut)
	}

	out, errOut, code = run(t, ffo1+"\n", "othello", "solve", "--check", "--json")
	var line solveLine
	if code != 0 || json.Unmarshal([]byte(out), &line) != nil || line.Move != "g8" || line.Score != 18 || line.Check != "ok" || line.Nodes == 0 {
		t.Fatalf("check: code %d, %q, %q", code, out, errOut)
	}

	wrong := strings.Replace(ffo1, "G8:+18", "G8:+20", 1)
	out, errOut, code = run(t, wrong+"\n", "othello", "solve", "--check")
	if code != 1 || !strings.Contains(out, "MISMATCH") || !strings.Contains(errOut, "1 of 1 positions disagree") {
		t.Fatalf("mismatch not reported: code %d, %q, %q", code, out, errOut)
	}

	out, _, code = run(t, "", "othello", "solve", "--board", "XO-- ---- ---- ---- O")
	if code != 0 || !strings.HasPrefix(out, "pass") {
		t.Fatalf("forced pass: code %d, %q", code, out)
	}

	_, errOut, code = run(t, "XO--\n", "othello", "solve")
	if code != 2 || !strings.Contains(errOut, "line 1") {
		t.Fatalf("bad line: code %d, %q", code, errOut)
	}
}

func TestOthelloAnalyze(t *testing.T) {
	board := strings.Split(ffo1, ";")[0]
	out, errOut, code := run(t, "", "othello", "analyze", "--board", board, "--depth", "4", "--endgame", "20")
	if code != 0 {
		t.Fatalf("code %d: %s", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if f := strings.Fields(lines[0]); len(lines) != 8 || len(f) < 4 || f[0] != "g8" || f[1] != "+18.0" || f[2] != "exact" || f[3] != "g8" {
		t.Fatalf("analysis %q", out)
	}
	_, errOut, code = run(t, "", "othello", "analyze", "--board", "XXXX XXXX OOOO OOOO X")
	if code != 2 || !strings.Contains(errOut, "game is over") {
		t.Fatalf("finished position: code %d, %q", code, errOut)
	}
}

func TestOthelloMatch(t *testing.T) {
	out, errOut, code := run(t, "", "othello", "match", "--black", "level2", "--white", "random", "--games", "4",
		"--size", "6", "--json", "--transcripts")
	var sum nbmatch.LevelsSummary
	if code != 0 || json.Unmarshal([]byte(out), &sum) != nil {
		t.Fatalf("code %d, %q, %q", code, out, errOut)
	}
	if sum.Games != 4 || sum.Wins+sum.Draws+sum.Losses != 4 || len(sum.Transcripts) != 4 ||
		sum.AsBlack[0]+sum.AsBlack[1]+sum.AsBlack[2] != 2 || sum.First != "level 2" || sum.Second != "random" {
		t.Fatalf("summary %+v", sum)
	}
	// The two games of a pair share their opening.
	if sum.Transcripts[0][:8] != sum.Transcripts[1][:8] {
		t.Fatalf("openings differ: %s / %s", sum.Transcripts[0], sum.Transcripts[1])
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--black", "11", "--white", "1"}, "--black"},
		{[]string{"--black", "1", "--white", "genius"}, "--white"},
		{[]string{"--black", "1"}, "--white is required"},
		{[]string{"--black", "1", "--white", "2", "--size", "5"}, "--size 5: Othello boards are 4, 6 or 8"},
	} {
		_, errOut, code := run(t, "", append([]string{"othello", "match"}, tc.args...)...)
		if code != 2 || !strings.Contains(errOut, tc.want) {
			t.Errorf("match %v: code %d, %q, want %q", tc.args, code, errOut, tc.want)
		}
	}
}

func TestOthelloSamplesAndTrain(t *testing.T) {
	dir := t.TempDir()
	samples := filepath.Join(dir, "s.txt")
	out, errOut, code := run(t, "", "othello", "samples", "--games", "12", "--seed", "4", "--empties", "8-10", "--out", samples, "--json")
	if code != 0 || !strings.Contains(out, `"samples"`) {
		t.Fatalf("samples: code %d, %q %s", code, out, errOut)
	}
	data, err := os.ReadFile(samples)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(lines) < 30 {
		t.Fatalf("%d sample lines from 12 games", len(lines))
	}
	// Each line is a position and its exact score: solve agrees.
	board, score, _ := strings.Cut(lines[0], ";")
	out, errOut, code = run(t, "", "othello", "solve", "--board", board, "--json")
	var solved struct{ Score int }
	if code != 0 || json.Unmarshal([]byte(out), &solved) != nil {
		t.Fatalf("solve %q: code %d, %q %s", board, code, out, errOut)
	}
	if want := strings.TrimSpace(score); fmt.Sprintf("%+d", solved.Score) != want {
		t.Fatalf("%s: sample says %s, solve %+d", board, want, solved.Score)
	}
	weights := filepath.Join(dir, "p.gz")
	out, errOut, code = run(t, "", "othello", "train", samples, "--holdout", "10", "--out", weights)
	if code != 0 || !strings.Contains(out, "Learned from") || !strings.Contains(out, "on the 10 held out") {
		t.Fatalf("train: code %d, %q %s", code, out, errOut)
	}
	out, errOut, code = run(t, "", "othello", "solve", "--patterns", weights, "--check",
		"--board", "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X; A2:+38; C7:+36;")
	if code != 0 || !strings.Contains(out, "a2   +38") || !strings.Contains(out, "ok") {
		t.Fatalf("solve --patterns: code %d, %q %s", code, out, errOut)
	}
	bad := filepath.Join(dir, "bad.txt")
	os.WriteFile(bad, []byte("# comment\n"+lines[0]+"\n"+"-------- X; +1\n"), 0o644)
	badScore := filepath.Join(dir, "badscore.txt")
	os.WriteFile(badScore, []byte(board+"; +99\n"), 0o644)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"samples", "--games", "0", "--out", samples}, "--games 0"},
		{[]string{"samples", "--empties", "9-3", "--out", samples}, `--empties "9-3"`},
		{[]string{"samples", "--games", "1"}, "--out is required"},
		{[]string{"samples", "--games", "1", "--out", filepath.Join(dir, "no", "s.txt")}, "does not exist"},
		{[]string{"train", samples}, "--out is required"},
		{[]string{"train", filepath.Join(dir, "nope.txt"), "--out", weights}, "no such file"},
		{[]string{"train", bad, "--out", weights}, "bad.txt:3"},
		{[]string{"train", badScore, "--out", weights}, `score "+99"`},
		{[]string{"train", samples, "--rate", "0", "--out", weights}, "--rate 0"},
		{[]string{"train", samples, "--holdout", "100000", "--out", weights}, "--holdout 100000"},
		{[]string{"train", samples, "--from", samples, "--out", weights}, "not a gridgames Othello pattern file"},
		{[]string{"solve", "--patterns", samples, "--board", board}, "--patterns"},
	} {
		_, errOut, code := run(t, "", append([]string{"othello"}, tc.args...)...)
		if code != 2 || !strings.Contains(errOut, tc.want) {
			t.Errorf("othello %v: code %d, stderr %q, want 2 and %q", tc.args, code, errOut, tc.want)
		}
	}
}
