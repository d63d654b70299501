package nbclient

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// clockTicks is the unit of the CPU times in /proc/PID/stat (USER_HZ), 100 a
// second on every Linux this runs on.
const clockTicks = 100

// procStat is what TreeCPU needs of one /proc/PID/stat.
type procStat struct {
	ppid  int   // the parent
	ticks int64 // utime + stime + cutime + cstime
}

// parseStat reads a /proc/PID/stat line. The command name (field 2) is in
// parentheses and may hold spaces and parentheses, so the fields are counted from
// the last ')'.
func parseStat(text string) (procStat, error) {
	i := strings.LastIndexByte(text, ')')
	if i < 0 {
		return procStat{}, fmt.Errorf("stat %q: no command name", text)
	}
	// After ")": state(3) ppid(4) ... utime(14) stime(15) cutime(16) cstime(17).
	f := strings.Fields(text[i+1:])
	if len(f) < 15 {
		return procStat{}, fmt.Errorf("stat %q: %d fields after the name, want at least 15", text, len(f))
	}
	ppid, err := strconv.Atoi(f[1])
	if err != nil {
		return procStat{}, fmt.Errorf("stat: ppid %q: %w", f[1], err)
	}
	var s procStat
	s.ppid = ppid
	for _, k := range []int{11, 12, 13, 14} {
		v, err := strconv.ParseInt(f[k], 10, 64)
		if err != nil {
			return procStat{}, fmt.Errorf("stat: field %d %q: %w", k+3, f[k], err)
		}
		s.ticks += v
	}
	return s, nil
}

// TreeCPU returns the CPU time (user plus system) used so far by process pid
// and all its descendants, live ones and those that have ended and were waited
// for, as /proc/PID/stat counts them (all threads included), to 10 ms. It reads
// Linux's /proc (the descendants from /proc/PID/task/TID/children); elsewhere it
// returns an error.
func TreeCPU(pid int) (time.Duration, error) {
	return treeCPU("/proc", pid)
}

func treeCPU(proc string, pid int) (time.Duration, error) {
	if _, err := os.Stat(filepath.Join(proc, strconv.Itoa(pid), "stat")); err != nil {
		return 0, fmt.Errorf("cpu of process %d: %w", pid, err)
	}
	var ticks int64
	queue := []int{pid}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		b, err := os.ReadFile(filepath.Join(proc, strconv.Itoa(p), "stat"))
		if err != nil {
			if p == pid {
				return 0, fmt.Errorf("cpu of process %d: %w", pid, err)
			}
			continue // a descendant that ended meanwhile (its parent's cutime has it once waited for)
		}
		s, err := parseStat(string(b))
		if err != nil {
			return 0, fmt.Errorf("cpu of process %d: %w", p, err)
		}
		ticks += s.ticks
		queue = append(queue, children(proc, p)...)
	}
	return time.Duration(ticks) * time.Second / clockTicks, nil
}

// children lists the live children of process pid, from each of its threads'
// /proc/PID/task/TID/children (a file Linux has had since 3.5).
func children(proc string, pid int) []int {
	tasks, err := os.ReadDir(filepath.Join(proc, strconv.Itoa(pid), "task"))
	if err != nil {
		return nil
	}
	var out []int
	for _, t := range tasks {
		b, err := os.ReadFile(filepath.Join(proc, strconv.Itoa(pid), "task", t.Name(), "children"))
		if err != nil {
			continue
		}
		for _, f := range strings.Fields(string(b)) {
			if c, err := strconv.Atoi(f); err == nil {
				out = append(out, c)
			}
		}
	}
	return out
}
