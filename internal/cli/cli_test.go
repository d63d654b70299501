package cli

import (
	"bytes"
	"strings"
	"testing"
)

// run executes the command line and returns stdout, stderr and the exit status.
func run(t *testing.T, stdin string, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := Run(args, strings.NewReader(stdin), &out, &errb)
	return out.String(), errb.String(), code
}

func TestRootPrintsHelp(t *testing.T) {
	out, _, code := run(t, "")
	if code != 0 || !strings.Contains(out, "2048") || !strings.Contains(out, "Available Commands") {
		t.Fatalf("root: code %d, output %q", code, out)
	}
}

func TestUnknownFlagIsBadInput(t *testing.T) {
	_, errOut, code := run(t, "", "2048", "move", "--bord", "2,2/0,0")
	if code != exitBadInput || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, "--bord") {
		t.Fatalf("code %d, stderr %q", code, errOut)
	}
}
