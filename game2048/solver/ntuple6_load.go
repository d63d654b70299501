package solver

import (
	"context"
	"io"

	"github.com/gridgames/gridgames/internal/weights"
)

// builtInNetwork6Sum is the SHA-256 of ntuple6_default.bin.gz (see generate.go).
const builtInNetwork6Sum = "0cde8ad11bed9fc82a893047f823f5b976a0532e69916a8f7ceca2cefb7ed4bb"

// builtinTable6 is the built-in 6-tuple network, read on first use, once, and
// shared by every solver: it unpacks to 128 MiB and takes about half a second,
// so only a 4x4 search that scores by it reads it. A read that its context
// stopped leaves nothing behind, and the next caller reads again.
var builtinTable6 = newBuiltinTable6(weights.Bytes(defaultNetwork6Bytes))

// newBuiltinTable6 is the loader of the built-in 6-tuple network over the file
// open gives (tests give it a reader that cancels, through Options.builtin6).
func newBuiltinTable6(open func() io.Reader) *weights.File[*table6] {
	return weights.New("solver: the embedded 6-tuple network is broken", builtInNetwork6Sum, open, readTable6)
}

// loadTable6 returns the built-in network of the loader f (nil: builtinTable6),
// reading it if no one has yet; if ctx ends first it returns ctx's error.
func loadTable6(ctx context.Context, f *weights.File[*table6]) (*table6, error) {
	if f == nil {
		f = builtinTable6
	}
	return f.Load(ctx)
}

// defaultTable6 returns the built-in network, reading it if no one has yet.
func defaultTable6() *table6 { return builtinTable6.Get() }

// DefaultNetwork6 returns the network the solver ships with (see the recipe in
// "gridgames 2048 train --help"), the one every solver shares. The first call
// reads it (about half a second; see Warm).
func DefaultNetwork6() *Network6 {
	return &Network6{t: defaultTable6()}
}
