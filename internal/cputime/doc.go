// Package cputime reads the CPU time the process has used, for benchmarks that
// report work per CPU-second beside work per second: on a busy machine the wall
// clock also counts the time spent waiting for a CPU, the process's CPU time
// does not.
package cputime
