package engine

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
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

// openFile opens one of the engine's gzip files, which start with the line
// magic: it returns a reader placed after that line, or an error saying the
// data is not a gridgames Othello file of that kind (kind names it, "book").
func openFile(r io.Reader, magic, kind string) (*bufio.Reader, error) {
	z, err := gzip.NewReader(r)
	if err != nil {
		return nil, errors.New("not a gridgames Othello " + kind + " (not gzip)")
	}
	b := bufio.NewReader(z)
	head := make([]byte, len(magic))
	if _, err := io.ReadFull(b, head); err != nil || string(head) != magic {
		return nil, errors.New("not a gridgames Othello " + kind)
	}
	return b, nil
}
