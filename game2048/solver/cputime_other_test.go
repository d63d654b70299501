//go:build !unix

package solver

import "time"

// processCPU is not measured here: benchmarks report no per-CPU-second figure.
func processCPU() time.Duration { return 0 }
