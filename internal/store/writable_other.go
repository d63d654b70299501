//go:build !unix

package store

import "os"

// checkWritable refuses a database whose file, write-ahead log or shared-memory
// file exists without write permission: SQLite would open it read-only and
// every write would fail.
func checkWritable(path string) error {
	for _, p := range []string{path, path + "-wal", path + "-shm"} {
		if fi, err := os.Stat(p); err == nil && fi.Mode().Perm()&0o200 == 0 {
			return refused(ErrReadOnly, reasonReadOnly, nil, "%s cannot be written", p)
		}
	}
	return nil
}
