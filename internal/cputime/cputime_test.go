package cputime

import "testing"

// Process grows while the process computes (on systems where it is measured).
func TestProcessGrows(t *testing.T) {
	t0 := Process()
	if t0 == 0 {
		t.Skip("CPU time is not measured on this system")
	}
	x := 0
	for i := range 50_000_000 {
		x ^= i * i
	}
	if t1 := Process(); t1 <= t0 {
		t.Fatalf("CPU time %v then %v after work (%d)", t0, t1, x)
	}
}
