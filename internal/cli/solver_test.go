package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func Test2048Hint(t *testing.T) {
	out, errOut, code := run(t, "", "2048", "hint", "--board", "1024,1024,512,256/4,8,16,32/2,4,8,16/4,2,4,2", "--depth", "1")
	var h hintOutput
	if code != 0 || json.Unmarshal([]byte(out), &h) != nil {
		t.Fatalf("code %d, out %q, err %q", code, out, errOut)
	}
	if h.Best == nil || *h.Best != "right" || h.Values["up"] != nil || h.Values["right"] == nil || h.Depth != 1 {
		t.Fatalf("hint %s", out)
	}

	out, _, code = run(t, "", "2048", "hint", "--board", "2,4/4,2")
	if code != 0 || !strings.Contains(out, `"best":null`) || !strings.Contains(out, `"over":true`) {
		t.Fatalf("finished board: code %d, %s", code, out)
	}

	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{}, "--board is required"},
		{[]string{"--board", "2,3/0,0"}, "bad tile"},
		{[]string{"--board", "2,2/0,0", "--depth", "40"}, "--depth 40"},
		{[]string{"--board", "2,2/0,0", "--depth", "2", "--time", "1s"}, "--depth and --time cannot be used together"},
	} {
		_, errOut, code := run(t, "", append([]string{"2048", "hint"}, tc.args...)...)
		if code != 2 || !strings.Contains(errOut, tc.want) {
			t.Errorf("hint %v: code %d, stderr %q, want 2 and %q", tc.args, code, errOut, tc.want)
		}
	}
}

func Test2048Autoplay(t *testing.T) {
	dir := t.TempDir()
	games, plot := filepath.Join(dir, "games.jsonl"), filepath.Join(dir, "report.svg")
	out, errOut, code := run(t, "", "2048", "autoplay", "--games", "3", "--seed", "4", "--depth", "1",
		"--rows", "3", "--cols", "3", "--out", games, "--plot", plot, "--json")
	if code != 0 {
		t.Fatalf("code %d: %s", code, errOut)
	}
	var sum autoplaySummary
	if err := json.Unmarshal([]byte(out), &sum); err != nil {
		t.Fatal(err)
	}
	if sum.Games != 3 || len(sum.Scores) != 3 || sum.Moves == 0 || sum.Score.Min > sum.Score.Max {
		t.Fatalf("summary %+v", sum)
	}
	if svg, err := os.ReadFile(plot); err != nil || !strings.Contains(string(svg), "<svg") {
		t.Fatalf("plot not written: %v", err)
	}

	// The records replay to the scores the summary reports (written as each game
	// ends, so in any order).
	out, errOut, code = run(t, "", "2048", "replay", "--record", games, "--json")
	if code != 0 {
		t.Fatalf("replay: %s", errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 3 {
		t.Fatalf("replayed %d records, want 3", len(lines))
	}
	var replayed []int64
	for i, l := range lines {
		var r replayOutput
		if err := json.Unmarshal([]byte(l), &r); err != nil || !r.Over {
			t.Fatalf("record %d replays to %+v (%v)", i+1, r, err)
		}
		replayed = append(replayed, r.Score)
	}
	slices.Sort(replayed)
	want := slices.Clone(sum.Scores)
	slices.Sort(want)
	if !slices.Equal(replayed, want) {
		t.Fatalf("records replay to scores %v, the summary says %v", replayed, want)
	}

	out, _, code = run(t, "", "2048", "autoplay", "--games", "2", "--seed", "4", "--depth", "1", "--rows", "2", "--cols", "3")
	if code != 0 || !strings.Contains(out, "2 games on 2x3, depth 1") || !strings.Contains(out, "moves/s") {
		t.Fatalf("text summary: %q", out)
	}

	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--games", "0"}, "--games 0"},
		{[]string{"--rows", "20"}, "size out of range"},
		{[]string{"--depth", "2", "--time", "1s"}, "--depth and --time cannot be used together"},
		{[]string{"--games", "1", "--depth", "1", "--rows", "2", "--plot", filepath.Join(dir, "x.gif")}, "want a .svg or .png"},
		{[]string{"--weights", `{"empy":1}`}, "--weights"},
		{[]string{"--eval", "magic"}, `--eval "magic"`},
		{[]string{"--blend", "-1"}, "--blend -1"},
		{[]string{"--network", filepath.Join(dir, "missing.gz")}, "no such file"},
		{[]string{"--network", games}, "not a gridgames 2048 network"},
	} {
		_, errOut, code := run(t, "", append([]string{"2048", "autoplay"}, tc.args...)...)
		if code != 2 || !strings.Contains(errOut, tc.want) {
			t.Errorf("autoplay %v: code %d, stderr %q, want 2 and %q", tc.args, code, errOut, tc.want)
		}
	}
}

func Test2048Train(t *testing.T) {
	dir := t.TempDir()
	net := filepath.Join(dir, "net.gz")
	out, errOut, code := run(t, "", "2048", "train", "--games", "300", "--seed", "3", "--out", net, "--json")
	if code != 0 {
		t.Fatalf("train: code %d: %s", code, errOut)
	}
	var sum trainSummary
	if err := json.Unmarshal([]byte(out), &sum); err != nil || sum.Games != 300 || sum.LastMean <= 0 {
		t.Fatalf("summary %q (%v)", out, err)
	}
	// Training on from the file, then playing with it.
	more := filepath.Join(dir, "more.gz")
	out, errOut, code = run(t, "", "2048", "train", "--games", "100", "--from", net, "--out", more)
	if code != 0 || !strings.Contains(out, "Trained a 6-tuple network on 100 games") || !strings.Contains(out, "--network "+more) {
		t.Fatalf("train --from: code %d, %q %s", code, out, errOut)
	}
	// The new file replaced the old one whole, with no temporary file left beside it.
	if entries, _ := os.ReadDir(dir); len(entries) != 2 {
		t.Fatalf("%d files in the output directory, want net.gz and more.gz", len(entries))
	}
	// And a 4-tuple network, which every --eval reads too.
	small := filepath.Join(dir, "small.gz")
	out, errOut, code = run(t, "", "2048", "train", "--tuples", "4", "--games", "200", "--out", small, "--json")
	if code != 0 || !strings.Contains(out, `"tuples":4`) {
		t.Fatalf("train --tuples 4: code %d, %q %s", code, out, errOut)
	}
	for _, network := range []string{more, small} {
		for _, eval := range []string{"blend", "network", "heuristic", "blend4"} {
			out, errOut, code = run(t, "", "2048", "autoplay", "--games", "1", "--seed", "2", "--depth", "1",
				"--network", network, "--eval", eval, "--json")
			if code != 0 || !strings.Contains(out, `"mean"`) {
				t.Fatalf("autoplay --network %s --eval %s: code %d, %q %s", network, eval, code, out, errOut)
			}
		}
	}
	out, errOut, code = run(t, "", "2048", "hint", "--board", "2,2,0,4/0,0,0,0/0,4,0,0/0,0,0,2", "--depth", "1", "--eval", "network")
	if code != 0 || !strings.Contains(out, `"best"`) {
		t.Fatalf("hint --eval network: code %d, %q %s", code, out, errOut)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--games", "0", "--out", net}, "--games 0"},
		{[]string{"--rate", "2", "--out", net}, "--rate 2"},
		{[]string{"--games", "1"}, "--out is required"},
		{[]string{"--games", "1", "--from", filepath.Join(dir, "nope.gz"), "--out", net}, "no such file"},
		{[]string{"--games", "1", "--out", filepath.Join(dir, "no", "dir.gz")}, "does not exist"},
		{[]string{"--games", "1", "--out", dir}, "is a directory"},
		{[]string{"--games", "1", "--tuples", "5", "--out", net}, "--tuples 5"},
		{[]string{"--games", "1", "--workers", "0", "--out", net}, "--workers 0"},
		{[]string{"--games", "1", "--tuples", "4", "--workers", "2", "--out", net}, "trains on one CPU"},
		{[]string{"--games", "1", "--tuples", "4", "--from", net, "--out", more}, "not a 4-tuple network"},
	} {
		_, errOut, code := run(t, "", append([]string{"2048", "train"}, tc.args...)...)
		if code != 2 || !strings.Contains(errOut, tc.want) {
			t.Errorf("train %v: code %d, stderr %q, want 2 and %q", tc.args, code, errOut, tc.want)
		}
	}
}
