package solver

// prefetch6 asks the CPU to bring the 32 weights idx names (see indexes6) into its
// caches, without waiting for them: PREFETCHT0, which reads no value and so
// cannot change one.
//
//go:noescape
func prefetch6(t *table6, idx *[numImages6]uint32)
