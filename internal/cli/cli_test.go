package cli

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// run executes the command line and returns stdout, stderr and the exit status.
func run(t *testing.T, stdin string, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := Run(args, strings.NewReader(stdin), &out, &errb)
	return out.String(), errb.String(), code
}

// runStopped executes the command line and presses Ctrl+C (cancels its context)
// after d.
func runStopped(t *testing.T, d time.Duration, args ...string) (string, string, int) {
	t.Helper()
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	time.AfterFunc(d, cancel)
	var out, errb bytes.Buffer
	code := execute(ctx, args, strings.NewReader(""), &out, &errb)
	return out.String(), errb.String(), code
}

func TestHelp(t *testing.T) {
	out, _, code := run(t, "", "--help")
	if code != 0 || !strings.Contains(out, "2048") || !strings.Contains(out, "Available Commands") || !strings.Contains(out, "serve") {
		t.Fatalf("help: code %d, output %q", code, out)
	}
}

// The bare root command serves the web app: with an address it cannot listen on
// it fails at once (bad input), naming the address.
func TestRootServes(t *testing.T) {
	db := filepath.Join(t.TempDir(), "g.db")
	for _, args := range [][]string{{"--addr", "256.0.0.1:1", "--db", db}, {"serve", "--addr", "256.0.0.1:1", "--db", db}} {
		_, errOut, code := run(t, "", args...)
		if code != exitBadInput || !strings.Contains(errOut, `--addr "256.0.0.1:1"`) {
			t.Fatalf("%v: code %d, stderr %q", args, code, errOut)
		}
	}
}

func TestUnknownFlagIsBadInput(t *testing.T) {
	_, errOut, code := run(t, "", "2048", "move", "--bord", "2,2/0,0")
	if code != exitBadInput || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, "--bord") {
		t.Fatalf("code %d, stderr %q", code, errOut)
	}
}
