//go:build !linux && !darwin

package store

// freeSpace cannot tell the room left on a volume here: the write-ahead log is
// checkpointed every 1000 pages whatever the volume.
func freeSpace(string) (int64, bool) { return 0, false }
