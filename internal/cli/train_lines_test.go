package cli

import (
	"path/filepath"
	"regexp"
	"testing"
)

// 2048 train's lines, whole but for the times: a 6-tuple run on one worker
// with checkpoints (its notes on stderr), the same checkpoint resumed at the
// games asked for, and a 4-tuple run. One worker: the figures are the seed's.
func TestTrainLines(t *testing.T) {
	dir := t.TempDir()
	ckpt, n6, n6b, n4 := filepath.Join(dir, "c.ckpt.gz"), filepath.Join(dir, "n6.gz"), filepath.Join(dir, "n6b.gz"), filepath.Join(dir, "n4.gz")
	times := regexp.MustCompile(`in \d+\.\d s, \d+ games/s|\d+ games/s;`)
	for _, tc := range []struct {
		name         string
		args         []string
		stdout, errs string
	}{
		{"6-tuple checkpoints", []string{"--games", "20", "--checkpoint", ckpt, "--checkpoint-games", "10", "--out", n6},
			"Trained a 6-tuple network on 20 games (seed 1, rate 0.1, 1 workers) TIMES.\n" +
				"Mean score of the last 20 games (one move ahead, learning): 2446\n" +
				"Of those, 0.0% reached 16384 and 0.0% 32768.\n" +
				"Wrote the checkpoint " + ckpt + "; go on with --resume " + ckpt + ".\n" +
				"Wrote " + n6 + "; use it with --network " + n6 + ".\n",
			"checkpoint " + ckpt + ": 10 games, TIMES last 10 from the start: mean 2241, 16384 in 0.0%, 32768 in 0.0%\n"},
		{"resumed, nothing to play", []string{"--games", "20", "--resume", ckpt, "--out", n6b},
			"No game played: the checkpoint's 6-tuple network had its 20 games (seed 1, rate 0.1).\n" +
				"Wrote " + n6b + "; use it with --network " + n6b + ".\n", ""},
		{"4-tuple", []string{"--games", "30", "--tuples", "4", "--out", n4},
			"Trained a 4-tuple network on 30 games (seed 1, rate 0.1, 1 workers) TIMES.\n" +
				"Mean score of the last 30 games (one move ahead, learning): 3984\n" +
				"Wrote " + n4 + "; use it with --network " + n4 + ".\n", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			stdout, errOut, code := run(t, "", append([]string{"2048", "train"}, tc.args...)...)
			stdout, errOut = times.ReplaceAllString(stdout, "TIMES"), times.ReplaceAllString(errOut, "TIMES")
			if code != 0 || stdout != tc.stdout || errOut != tc.errs {
				t.Fatalf("exit %d\nstdout\n%s\nwant\n%s\nstderr\n%s\nwant\n%s", code, stdout, tc.stdout, errOut, tc.errs)
			}
		})
	}
}
