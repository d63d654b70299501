//go:build !linux

package hugepages

// Advise does nothing where the kernel takes no such advice.
func Advise[T any](s []T) {}
