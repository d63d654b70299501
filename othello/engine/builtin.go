package engine

import (
	"bytes"
	"io"
	"sync"
)

// builtin returns a function that reads one of the engine's built-in files
// (embedded, pinned by their SHA-256 in the tests) with read on its first call
// and returns the same value on every call after. The files are fixed when the
// program is built, so one that does not read is a broken build: it panics,
// naming what.
func builtin[T any](what string, data []byte, read func(io.Reader) (T, error)) func() T {
	return sync.OnceValue(func() T {
		v, err := read(bytes.NewReader(data))
		if err != nil {
			panic("engine: the built-in " + what + " does not load: " + err.Error())
		}
		return v
	})
}
