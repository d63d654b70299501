// Package sandbox runs a test again in a child process whose file system
// behaves as the test needs, whoever runs the tests: as a user without
// privileges (so that file modes hold even when the tests run as root), or with
// a small volume (a tmpfs of a given size) to fill. On Linux the child runs in
// new user and mount namespaces, which need no privileges where the kernel
// allows them; elsewhere, or where it does not, the test is skipped with a
// message.
//
// A test calls a function of the package first and returns when it reports
// false: the child ran the test, and its failures were reported as the test's
// own.
//
//	func TestFullDisk(t *testing.T) {
//		dir, ok := sandbox.SmallVolume(t, 1<<20)
//		if !ok {
//			return
//		}
//		... // in the child: dir is on a 1 MiB volume
//	}
package sandbox

import (
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
)

// envVar tells the child which test it runs for and in which mode.
const envVar = "GRIDGAMES_SANDBOX"

// Unprivileged makes the calling test run as a user without privileges. Where
// the tests already run as one it returns true at once; as root it runs the
// test again in a child process and returns false.
func Unprivileged(t *testing.T) bool {
	t.Helper()
	if os.Geteuid() != 0 {
		return true
	}
	if inChild(t, "user") {
		return true
	}
	runChild(t, "user", "")
	return false
}

// SmallVolume makes the calling test run in a child process where the
// directory it returns is a volume of size bytes; in the parent it returns
// false once the child is done.
func SmallVolume(t *testing.T, size int) (string, bool) {
	t.Helper()
	if inChild(t, "volume") {
		dir := os.Getenv(envVar + "_DIR")
		if err := mountTmpfs(dir, size); err != nil {
			t.Skipf("sandbox: cannot mount a %d-byte tmpfs at %s: %v", size, dir, err)
		}
		t.Cleanup(func() { unmount(dir) })
		return dir, true
	}
	runChild(t, "volume", t.TempDir())
	return "", false
}

// inChild reports whether this process is the child started for this test in
// mode.
func inChild(t *testing.T, mode string) bool {
	return os.Getenv(envVar) == mode+":"+t.Name()
}

// runPattern is the -test.run pattern that selects exactly the test named name
// (a subtest's name has a part per level).
func runPattern(name string) string {
	parts := strings.Split(name, "/")
	for i, p := range parts {
		parts[i] = "^" + regexp.QuoteMeta(p) + "$"
	}
	return strings.Join(parts, "/")
}

// runChild runs the test again in a child process in mode and reports its
// outcome as the test's own.
func runChild(t *testing.T, mode, dir string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run="+runPattern(t.Name()), "-test.v", "-test.count=1")
	cmd.Env = append(os.Environ(), envVar+"="+mode+":"+t.Name(), envVar+"_DIR="+dir)
	if err := isolate(cmd, mode); err != nil {
		t.Skipf("sandbox: %v", err)
	}
	out, err := cmd.CombinedOutput()
	text := string(out)
	switch {
	case err != nil && startFailed(err):
		t.Skipf("sandbox: cannot start the child process (%v): the kernel may not allow user namespaces", err)
	case err != nil:
		t.Fatalf("in the sandbox (%s): %v\n%s", mode, err, text)
	case strings.Contains(text, "--- SKIP"):
		t.Skipf("skipped in the sandbox (%s):\n%s", mode, text)
	case !strings.Contains(text, "--- PASS: "+t.Name()):
		t.Fatalf("in the sandbox (%s) the test did not run:\n%s", mode, text)
	}
	if testing.Verbose() {
		t.Logf("in the sandbox (%s):\n%s", mode, text)
	}
}
