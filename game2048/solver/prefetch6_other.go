//go:build !amd64

package solver

// prefetch6 does nothing here: the weights are read when they are summed.
func prefetch6(t *table6, idx *[numImages6]uint32) {}
