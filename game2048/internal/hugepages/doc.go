// Package hugepages asks the kernel for huge pages under the big weight arrays
// of the 6-tuple network, for the solver that searches with it and for the
// trainer that learns it.
package hugepages
