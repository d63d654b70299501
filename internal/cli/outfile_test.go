package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// An output that cannot be written is refused before any game is played: the
// exit status is 2, the one line names the flag, and the --out file given beside
// a bad --plot holds no game.
func TestOutputsCheckedBeforeWork(t *testing.T) {
	dir := t.TempDir()
	records := filepath.Join(dir, "games.jsonl")
	charts := filepath.Join(dir, "charts.svg")
	if err := os.Mkdir(charts, 0o755); err != nil {
		t.Fatal(err)
	}
	autoplay := []string{"2048", "autoplay", "--games", "2", "--depth", "1", "--rows", "3", "--cols", "3"}
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"plot in a missing directory", []string{"--out", records, "--plot", "/nodir/x.svg"}, "--plot /nodir/x.svg: the directory /nodir does not exist"},
		{"plot where no file can be made", []string{"--out", records, "--plot", "/proc/gridgames-test.svg"}, "--plot /proc/gridgames-test.svg: cannot write in /proc"},
		{"plot a directory", []string{"--out", records, "--plot", charts}, "--plot " + charts + ": is a directory"},
		{"out that refuses writes", []string{"--out", "/proc/version"}, "--out /proc/version: cannot write it"},
		{"out where no file can be made", []string{"--out", "/proc/gridgames-test.jsonl"}, "--out /proc/gridgames-test.jsonl: cannot write in /proc"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			skipWithoutProc(t, tc.args)
			os.Remove(records)
			out, errOut, code := run(t, "", append(autoplay, tc.args...)...)
			if code != exitBadInput || out != "" || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, tc.want) {
				t.Fatalf("exit %d, stdout %q, stderr %q; want 2, nothing, %q", code, out, errOut, tc.want)
			}
			if data, err := os.ReadFile(records); err == nil && len(data) > 0 {
				t.Fatalf("games were played before the refusal: %q", data)
			}
		})
	}
}

// Every command that writes a file checks it before its work, with the same words.
func TestOutFlagsRefuseUnwritable(t *testing.T) {
	dir := t.TempDir()
	samples := filepath.Join(dir, "s.txt")
	if err := os.WriteFile(samples, []byte("---------------------------OX------XO--------------------------- X; +0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"2048 train", []string{"2048", "train", "--games", "1", "--out", "/proc/version"}, "--out /proc/version: cannot write it"},
		{"othello samples", []string{"othello", "samples", "--games", "1", "--out", "/proc/version"}, "--out /proc/version: cannot write it"},
		{"othello train", []string{"othello", "train", samples, "--out", "/proc/version"}, "--out /proc/version: cannot write it"},
		{"othello midgame out", []string{"othello", "midgame", "--games", "1", "--out", "/proc/version"}, "--out /proc/version: cannot write it"},
		{"othello midgame dir", []string{"othello", "midgame", "--games", "1", "--out", filepath.Join(dir, "m.gz"), "--dir", "/proc"}, "--dir /proc: cannot write in it"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			skipWithoutProc(t, tc.args)
			_, errOut, code := run(t, "", tc.args...)
			if code != exitBadInput || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, tc.want) {
				t.Fatalf("exit %d, stderr %q; want 2 and %q", code, errOut, tc.want)
			}
		})
	}
}

// createBeside writes through a symbolic link (the link stays a link) and writes a
// device directly (renaming over /dev/null would replace it).
func TestCreateBesideKeepsLinksAndDevices(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "real.txt")
	if err := os.WriteFile(file, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, target string
		want         string // the target's content afterwards, for a regular file
	}{
		{"link to a file", file, "new"},
		{"link to a device", os.DevNull, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			link := filepath.Join(dir, strings.ReplaceAll(tc.name, " ", "-"))
			if err := os.Symlink(tc.target, link); err != nil {
				t.Fatal(err)
			}
			f, err := createBeside("--out", link)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := f.WriteString("new"); err != nil {
				t.Fatal(err)
			}
			if err := f.commit(); err != nil {
				t.Fatal(err)
			}
			f.discard()
			if st, err := os.Lstat(link); err != nil || st.Mode()&os.ModeSymlink == 0 {
				t.Fatalf("the link was replaced: %v, %v", st.Mode(), err)
			}
			st, err := os.Stat(tc.target)
			if err != nil {
				t.Fatal(err)
			}
			if tc.want != "" {
				if data, _ := os.ReadFile(tc.target); string(data) != tc.want {
					t.Fatalf("target holds %q, want %q", data, tc.want)
				}
			} else if st.Mode().IsRegular() {
				t.Fatalf("%s became a regular file", tc.target)
			}
			if left, _ := filepath.Glob(filepath.Join(dir, ".*.tmp")); len(left) > 0 {
				t.Fatalf("temporary files left: %v", left)
			}
		})
	}
}

// skipWithoutProc skips a case that writes into /proc on a system without it.
func skipWithoutProc(t *testing.T, args []string) {
	t.Helper()
	if _, err := os.Stat("/proc/version"); err != nil && strings.Contains(strings.Join(args, " "), "/proc") {
		t.Skip("no /proc/version here")
	}
}
