//go:build unix

package store

import (
	"errors"
	"fmt"
	"io/fs"
	"syscall"
)

// checkWritable refuses a database whose file, write-ahead log or shared-memory
// file exists and cannot be written: SQLite would open it read-only and every
// write would fail. It asks access(2), which opens nothing, so no lock another
// connection of this process holds on the file is disturbed (closing any
// descriptor of a file drops the process's POSIX locks on it).
func checkWritable(path string) error {
	for _, p := range []string{path, path + "-wal", path + "-shm"} {
		err := syscall.Access(p, 2) // W_OK
		switch {
		case err == nil, errors.Is(err, fs.ErrNotExist):
		case errors.Is(err, fs.ErrPermission), errors.Is(err, syscall.EROFS):
			return fmt.Errorf("%w: %s", ErrReadOnly, p)
		default:
			return fmt.Errorf("store: %s: %w", p, err)
		}
	}
	return nil
}
