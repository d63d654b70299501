//go:build unix

package engine

import (
	"syscall"
	"time"
)

// processCPU returns the CPU time (user and system) the process has used, for
// benchmarks that share their CPU with other work: it counts only this
// process's time, where the wall clock counts the others' too.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
