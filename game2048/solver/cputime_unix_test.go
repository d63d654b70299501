//go:build unix

package solver

import (
	"syscall"
	"time"
)

// processCPU returns the CPU time (user and system) the process has used so far, or
// 0 where it cannot be read. Benchmarks report work per CPU-second beside work per
// second, since on a busy machine the wall clock also counts the time spent
// waiting for a CPU.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
