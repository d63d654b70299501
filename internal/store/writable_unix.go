//go:build unix

package store

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"syscall"
)

// checkWritable refuses a database whose directory, file, write-ahead log or
// shared-memory file cannot be written: SQLite would open it read-only, or not
// at all, and every write would fail. It asks access(2), which opens nothing, so
// no lock another connection of this process holds on the file is disturbed
// (closing any descriptor of a file drops the process's POSIX locks on it).
func checkWritable(path string) error {
	const wOK = 2
	if err := syscall.Access(filepath.Dir(path), wOK); errors.Is(err, fs.ErrPermission) || errors.Is(err, syscall.EROFS) {
		return refused(ErrReadOnly, reasonReadOnly, nil, "its directory %s cannot be written, and SQLite makes the -wal and -shm files there", filepath.Dir(path))
	}
	for _, p := range []string{path, path + "-wal", path + "-shm"} {
		err := syscall.Access(p, wOK)
		switch {
		case err == nil, errors.Is(err, fs.ErrNotExist):
		case errors.Is(err, fs.ErrPermission), errors.Is(err, syscall.EROFS):
			return refused(ErrReadOnly, reasonReadOnly, nil, "%s cannot be written", p)
		default:
			return fmt.Errorf("store: %s: %w", p, err)
		}
	}
	return nil
}
