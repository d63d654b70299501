//go:build race

package train

// raceEnabled tells tests that the race detector is on.
const raceEnabled = true
