//go:build race

package server_test

// raceEnabled tells tests that the race detector is on.
const raceEnabled = true
