package cli

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// othello train's summary, whole (the seconds aside): the fit of four samples
// is seeded, so the figures are the same each run.
func TestOthelloTrainLines(t *testing.T) {
	dir := t.TempDir()
	samples := filepath.Join(dir, "s.txt")
	data := `# four positions
---------------------------OX------XO--------------------------- X; +0
---------------------------OX------XO--------------------------- O; -2
O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X; +38
O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- O; -12.5
`
	if err := os.WriteFile(samples, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "p.gz")
	seconds := regexp.MustCompile(`in \d+\.\d s`)
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"holdout", []string{"--holdout", "1"}, "Learned from 3 samples in N s: error 18.24 discs (root mean square), 12.95 on the 1 held out.\n" +
			"Wrote " + out + "; use it with --patterns " + out + ".\n"},
		{"all", nil, "Learned from 4 samples in N s: error 16.76 discs (root mean square).\n" +
			"Wrote " + out + "; use it with --patterns " + out + ".\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			stdout, errOut, code := run(t, "", append([]string{"othello", "train", samples, "--epochs", "3", "--out", out}, tc.args...)...)
			if got := seconds.ReplaceAllString(stdout, "in N s"); code != 0 || got != tc.want {
				t.Fatalf("exit %d, stderr %q, stdout\n%s\nwant (seconds as N)\n%s", code, errOut, got, tc.want)
			}
			if _, err := readPatternsFile(out, "--patterns"); err != nil {
				t.Fatal(err)
			}
		})
	}
	stdout, errOut, code := run(t, "", "othello", "train", samples, "--epochs", "3", "--out", out, "--json")
	var sum struct {
		Samples     int     `json:"samples"`
		TrainRMSE   float64 `json:"trainRmse"`
		HoldoutRMSE float64 `json:"holdoutRmse"`
		Out         string  `json:"out"`
		Seconds     float64 `json:"seconds"`
	}
	if code != 0 || json.Unmarshal([]byte(stdout), &sum) != nil || sum.Samples != 4 || sum.Out != out ||
		math.Abs(sum.TrainRMSE-16.7605) > 1e-4 || sum.HoldoutRMSE != 0 {
		t.Fatalf("--json: exit %d, stderr %q, stdout %q", code, errOut, stdout)
	}
	keys := regexp.MustCompile(`"(\w+)":`).FindAllStringSubmatch(stdout, -1)
	want := []string{"samples", "trainRmse", "holdoutRmse", "out", "seconds"}
	if len(keys) != len(want) {
		t.Fatalf("--json keys %v, want %v", keys, want)
	}
	for i, k := range keys {
		if k[1] != want[i] {
			t.Fatalf("--json keys %v, want %v in that order", keys, want)
		}
	}
}
