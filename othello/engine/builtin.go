package engine

import (
	"bufio"
	"compress/gzip"
	"errors"
	"io"

	loader "github.com/gridgames/gridgames/internal/weights"
)

// builtin returns the loader of one of the engine's built-in files (embedded,
// its SHA-256 sum checked when read, pinned in the tests too): it is read on the
// first Get and shared after. The files are fixed when the program is built, so
// one that does not read is a broken build: Get panics, naming what.
func builtin[T any](what string, data []byte, sum string, read func(io.Reader) (T, error)) *loader.File[T] {
	return loader.New("engine: the built-in "+what+" does not load", sum, loader.Bytes(data), read)
}

// The SHA-256 sums of the built-in files, as their recipes in generate.go make them.
const (
	patternsSum = "86678f79e8a01846042137f663134cb9741f044f7adf751519e32d0820d80380"
	midgameSum  = "2d2faea4a7c60965e90b596425ae4d2c89fb119a08fdad96e446546d6f4d3a3d"
	bookSum     = "6cc99848955ce7bdf919974c5dcea4352804dfe3a746f5a41b41a99af385f201"
	smallSum    = "c0e02a4f84822faab723efc841aef7d7bafb664f4d51966564e9da0423a91057"
	opening6Sum = "43ebf335285460aa7cb895936396fb631ab74046dfff3aec9a62ca8623212f15"
)

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
