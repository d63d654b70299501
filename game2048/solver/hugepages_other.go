//go:build !linux

package solver

// adviseHugePages does nothing where the kernel takes no such advice.
func adviseHugePages[T any](s []T) {}
