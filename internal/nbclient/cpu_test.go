package nbclient

import (
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"testing"
	"time"
)

// statLine is a /proc/PID/stat line with the given name, parent and times.
func statLine(pid int, name string, ppid int, utime, stime, cutime, cstime int) string {
	return strconv.Itoa(pid) + " (" + name + ") S " + strconv.Itoa(ppid) +
		" 1 1 0 -1 4194304 100 0 0 0 " +
		strconv.Itoa(utime) + " " + strconv.Itoa(stime) + " " + strconv.Itoa(cutime) + " " + strconv.Itoa(cstime) +
		" 20 0 1 0 100 1000 100 18446744073709551615\n"
}

func TestParseStat(t *testing.T) {
	tests := []struct {
		name, text string
		ppid       int
		ticks      int64
	}{
		{"plain", statLine(10, "ntest", 9, 120, 30, 5, 1), 9, 156},
		{"name with spaces and parens", statLine(11, "a (b) c", 1, 1, 2, 3, 4), 1, 10},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, err := parseStat(tc.text)
			if err != nil {
				t.Fatal(err)
			}
			if s.ppid != tc.ppid || s.ticks != tc.ticks {
				t.Errorf("parseStat = %+v, want ppid %d ticks %d", s, tc.ppid, tc.ticks)
			}
		})
	}
	for _, bad := range []string{"", "12 ntest S 1", "12 (ntest) S 1 2 3", "12 (ntest) S x 1 1 0 -1 4194304 100 0 0 0 1 2 3 4"} {
		t.Run("bad "+bad, func(t *testing.T) {
			if s, err := parseStat(bad); err == nil {
				t.Errorf("parseStat(%q) = %+v, want an error", bad, s)
			}
		})
	}
}

// TestTreeCPU sums a process and its descendants, not its parent or others.
func TestTreeCPU(t *testing.T) {
	proc := t.TempDir()
	file := func(text string, path ...string) {
		name := filepath.Join(append([]string{proc}, path...)...)
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// write makes process pid with its stat line and, by thread, its children.
	write := func(pid int, line string, children ...string) {
		file(line, strconv.Itoa(pid), "stat")
		file("", strconv.Itoa(pid), "task", strconv.Itoa(pid), "children")
		for i, c := range children {
			file(c, strconv.Itoa(pid), "task", strconv.Itoa(pid+1000+i), "children")
		}
	}
	write(1, statLine(1, "init", 0, 1000, 1000, 0, 0), "10 13 ")
	write(10, statLine(10, "sh", 1, 1, 1, 50, 10), "11 14")       // the engine's shell: 62 ticks; 14 has ended
	write(11, statLine(11, "ntest", 10, 300, 20, 0, 0), "", "12") // its child: 320, a thread's child
	write(12, statLine(12, "helper", 11, 7, 1, 0, 0))             // a grandchild: 8
	write(13, statLine(13, "other", 1, 500, 0, 0, 0))             // not in the tree
	tests := []struct {
		pid  int
		want time.Duration
	}{
		{10, 3900 * time.Millisecond},
		{11, 3280 * time.Millisecond},
		{12, 80 * time.Millisecond},
	}
	for _, tc := range tests {
		t.Run(strconv.Itoa(tc.pid), func(t *testing.T) {
			got, err := treeCPU(proc, tc.pid)
			if err != nil {
				t.Fatal(err)
			}
			if got != tc.want {
				t.Errorf("treeCPU(%d) = %v, want %v", tc.pid, got, tc.want)
			}
		})
	}
	if _, err := treeCPU(proc, 99); err == nil {
		t.Error("treeCPU of a process that does not exist: no error")
	}
}

// TestTreeCPUSelf reads this test's own process, which has used some CPU.
func TestTreeCPUSelf(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("/proc is Linux's")
	}
	x := 0
	for i := range 20_000_000 {
		x ^= i * i
	}
	_ = x
	got, err := TreeCPU(os.Getpid())
	if err != nil {
		t.Fatal(err)
	}
	if got <= 0 {
		t.Errorf("TreeCPU(self) = %v after a busy loop, want more than 0", got)
	}
}
