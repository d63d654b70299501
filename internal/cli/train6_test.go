package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gridgames/gridgames/game2048/solver"
)

// A training run stopped by Ctrl+C writes its checkpoint, and resumed from it
// writes the very network of a run straight through.
func TestTrainStoppedAndResumedIsExact(t *testing.T) {
	dir := t.TempDir()
	straight, resumed, ckpt := filepath.Join(dir, "a.gz"), filepath.Join(dir, "b.gz"), filepath.Join(dir, "run.ckpt.gz")
	learner := []string{"--seed", "4", "--tc", "--rate", "1", "--restarts", "0.2"}
	args := append([]string{"2048", "train", "--games", "60", "--out", straight}, learner...)
	if _, errOut, code := run(t, "", args...); code != 0 {
		t.Fatalf("straight run: exit %d: %s", code, errOut)
	}
	args = append([]string{"2048", "train", "--games", "60", "--checkpoint", ckpt, "--checkpoint-games", "10"}, learner...)
	_, errOut, code := runCancelledWhen(t, func(stderr string) bool { return strings.Contains(stderr, ": 20 games,") },
		2*time.Minute, args...)
	if code != exitInterrupted || !strings.Contains(errOut, "Stopped after 20 games: wrote the checkpoint "+ckpt) {
		t.Fatalf("stopped run: exit %d, stderr %q", code, errOut)
	}
	out, errOut, code := run(t, "", "2048", "train", "--games", "60", "--resume", ckpt, "--checkpoint", ckpt, "--out", resumed)
	if code != 0 {
		t.Fatalf("resumed run: exit %d: %s", code, errOut)
	}
	if !strings.Contains(out, "Trained a 6-tuple network on 60 games") {
		t.Fatalf("resumed run says %q", out)
	}
	a, err := os.ReadFile(straight)
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(resumed)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a, b) {
		t.Fatal("the resumed run's network differs from the straight run's")
	}
	// Resumed at the games it has, the checkpoint gives its network as it is.
	again := filepath.Join(dir, "c.gz")
	out, errOut, code = run(t, "", "2048", "train", "--games", "60", "--resume", ckpt, "--out", again)
	if code != 0 || !strings.Contains(out, "No game played: the checkpoint's 6-tuple network had its 60 games") {
		t.Fatalf("network of the checkpoint: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	if c, err := os.ReadFile(again); err != nil || !bytes.Equal(a, c) {
		t.Fatalf("the checkpoint's network differs from the run's (%v)", err)
	}
}

// Flags that do not go together are refused before any work.
func TestTrainRefusesCheckpointFlags(t *testing.T) {
	dir := t.TempDir()
	ckpt, out := filepath.Join(dir, "c.gz"), filepath.Join(dir, "n.gz")
	if _, errOut, code := run(t, "", "2048", "train", "--games", "3", "--checkpoint", ckpt); code != 0 {
		t.Fatalf("making a checkpoint: exit %d: %s", code, errOut)
	}
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"tc on two workers", []string{"--games", "5", "--tc", "--workers", "2", "--out", out}, "--tc: for the 6-tuple network on one worker"},
		{"checkpoint of the 4-tuple", []string{"--games", "5", "--tuples", "4", "--checkpoint", ckpt}, "--checkpoint: for the 6-tuple network on one worker"},
		{"restarts out of range", []string{"--games", "5", "--restarts", "1.5", "--out", out}, "--restarts 1.5"},
		{"resume with a seed", []string{"--games", "5", "--resume", ckpt, "--seed", "3", "--out", out}, "--seed: --resume goes on with the checkpoint's options"},
		{"resume with tc", []string{"--games", "5", "--resume", ckpt, "--tc", "--out", out}, "--tc: --resume goes on"},
		{"resume with a rate", []string{"--games", "5", "--resume", ckpt, "--rate", "0.5", "--out", out}, "--rate: --resume goes on"},
		{"stages 3", []string{"--games", "5", "--stages", "3", "--out", out}, "--stages 3: want 1 or 2"},
		{"stages on two workers", []string{"--games", "5", "--stages", "2", "--workers", "2", "--out", out}, "--stages: for the 6-tuple network on one worker"},
		{"resume to fewer games", []string{"--games", "2", "--resume", ckpt, "--out", out}, "--games 2: the checkpoint " + ckpt + " has 3 games done"},
		{"resume a network file", []string{"--games", "5", "--resume", filepath.Join("..", "..", "game2048", "solver", "ntuple6_default.bin.gz"), "--out", out}, "not a gridgames 2048 training checkpoint"},
		{"nothing to write", []string{"--games", "5"}, "--out is required"},
		{"light without a checkpoint", []string{"--games", "5", "--checkpoint-light", "--out", out}, "--checkpoint-light: name the checkpoint file"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, errOut, code := run(t, "", append([]string{"2048", "train"}, tc.args...)...)
			if code != exitBadInput || !strings.Contains(errOut, tc.want) {
				t.Fatalf("exit %d, stderr %q; want %d and %q", code, errOut, exitBadInput, tc.want)
			}
		})
	}
}

// A run resumed with --stages 2 and --restarts goes on as a two-stage run: its
// checkpoint and network file have the late stage.
func TestTrainResumePromotes(t *testing.T) {
	dir := t.TempDir()
	first, second, out := filepath.Join(dir, "s1.gz"), filepath.Join(dir, "s2.gz"), filepath.Join(dir, "n.gz")
	if _, errOut, code := run(t, "", "2048", "train", "--games", "4", "--seed", "2", "--checkpoint", first); code != 0 {
		t.Fatalf("first stage: exit %d: %s", code, errOut)
	}
	stdout, errOut, code := run(t, "", "2048", "train", "--games", "8", "--resume", first, "--stages", "2", "--restarts", "0.5",
		"--checkpoint", second, "--out", out, "--json")
	if code != 0 {
		t.Fatalf("second stage: exit %d: %s", code, errOut)
	}
	var sum trainSummary
	if err := json.Unmarshal([]byte(stdout), &sum); err != nil {
		t.Fatalf("summary %q: %v", stdout, err)
	}
	if sum.Stages != 2 || sum.Restarts != 0.5 || sum.Games != 8 {
		t.Fatalf("summary %+v: want 2 stages, restarts 0.5, 8 games", sum)
	}
	stdout, errOut, code = run(t, "", "2048", "train", "--games", "8", "--resume", second, "--out", filepath.Join(dir, "again.gz"), "--json")
	if code != 0 || !strings.Contains(stdout, `"stages":2`) {
		t.Fatalf("resuming the two-stage checkpoint: exit %d, stdout %q, stderr %q", code, stdout, errOut)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	n, err := solver.ReadNetwork6(bytes.NewReader(data))
	if err != nil || n.Stages() != 2 {
		t.Fatalf("the network written: %v, %d stages; want 2", err, n.Stages())
	}
}
