//go:build !linux

package engine

// hugePages does nothing outside Linux.
func hugePages([]slot) {}
