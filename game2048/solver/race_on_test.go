//go:build race

package solver

// raceEnabled tells tests that the race detector is on.
const raceEnabled = true
