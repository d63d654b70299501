package store

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"
)

// SQLite's primary result codes that the store tells apart.
const (
	sqliteBusy     = 5
	sqliteLocked   = 6
	sqliteReadOnly = 8
	sqliteIOErr    = 10
	sqliteCorrupt  = 11
	sqliteFull     = 13
	sqliteCantOpen = 14
	sqliteNotADB   = 26
)

// sqliteCode returns the primary result code of an SQLite error, 0 for other
// errors.
func sqliteCode(err error) int {
	var se interface{ Code() int }
	if errors.As(err, &se) {
		return se.Code() & 0xff
	}
	return 0
}

// unavailableReasons say, for the result codes that mean the database cannot be
// used now, what is wrong.
var unavailableReasons = map[int]string{
	sqliteBusy:     "the database is locked by another connection or process",
	sqliteLocked:   "the database is locked by another connection or process",
	sqliteReadOnly: "the database file is read-only",
	sqliteIOErr:    "the disk answered an I/O error",
	sqliteCorrupt:  "the database is corrupt",
	sqliteFull:     "the database's volume is full",
	sqliteCantOpen: "the database file cannot be opened",
	sqliteNotADB:   "the database file is no longer a database",
}

// failure is a write that failed because the store was unavailable.
type failure struct {
	err error
	at  time.Time
}

// failureMemory is how long Check reports the last write's failure when no
// write has succeeded since (a full volume can only be seen by writing).
const failureMemory = 30 * time.Second

// healthLockWait is how long Check waits for the write lock before it reports
// the database locked.
const healthLockWait = time.Second

// wrap returns err as the store reports it: wrapping ErrUnavailable when the
// database cannot be used now (and remembering it for Check when a write
// failed), ErrConflict and ErrNotFound as they are, anything else prefixed with
// what failed.
func (s *SQLite) wrap(what string, write bool, err error) error {
	if err == nil || errors.Is(err, ErrConflict) || errors.Is(err, ErrNotFound) || errors.Is(err, ErrUnavailable) {
		return err
	}
	why, ok := unavailableReasons[sqliteCode(err)]
	if !ok {
		return fmt.Errorf("store: %s: %w", what, err)
	}
	err = fmt.Errorf("%w: %s: %s (%s): %w", ErrUnavailable, what, why, s.path, err)
	if write {
		s.failed.Store(&failure{err, time.Now()})
	}
	return err
}

// checkFile reports whether the path still names the file the store opened: a
// file deleted (or its directory) while open keeps taking writes on Linux, and
// they vanish with it, so writes are refused instead. Putting the same file
// back (renaming it back) makes the store available again.
func (s *SQLite) checkFile() error {
	fi, err := os.Stat(s.path)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return fmt.Errorf("%w: the database file %s is gone (deleted or moved while in use): writes would be lost with it; put it back or restart the server", ErrUnavailable, s.path)
	case err != nil:
		return fmt.Errorf("%w: the database file %s: %w", ErrUnavailable, s.path, err)
	case !os.SameFile(fi, s.opened):
		return fmt.Errorf("%w: the database file %s was replaced by another file while in use: restart the server to use the new one", ErrUnavailable, s.path)
	}
	return nil
}

// writeTx runs f, one write transaction on the writer, once the file is found
// to be the one opened. When the volume is full it checkpoints the write-ahead
// log (TRUNCATE, which gives its space back) and runs f once more.
func (s *SQLite) writeTx(ctx context.Context, what string, f func(ctx context.Context) error) error {
	if err := s.checkFile(); err != nil {
		return err // Check finds it too, for as long as it lasts
	}
	err := f(ctx)
	if sqliteCode(err) == sqliteFull && s.freeRoom(ctx) {
		err = f(ctx)
	}
	if err == nil || errors.Is(err, ErrConflict) || errors.Is(err, ErrNotFound) {
		s.failed.Store(nil) // the database took a write
		if err == nil {
			s.afterWrite(ctx)
		}
		return err
	}
	return s.wrap(what, true, err)
}

// On a volume with less than lowSpace bytes free the writer checkpoints the
// write-ahead log every lowSpaceEvery writes (about 64 pages of a 2048 game's
// moves) rather than every 1000 pages: the log gives its room back to the
// games before it fills the volume. Checkpointing that often costs about a
// quarter of the moves a second, so a roomy volume is left to SQLite's own.
const (
	lowSpace      = 64 << 20
	lowSpaceEvery = 16
)

// afterWrite runs after each write that succeeded: every lowSpaceEvery writes it
// looks at the room left on the volume, and checkpoints the log when it is low,
// saying so in the log when the volume becomes (or stops being) low.
func (s *SQLite) afterWrite(ctx context.Context) {
	if s.writes.Add(1)%lowSpaceEvery != 0 {
		return
	}
	free, ok := freeSpace(filepath.Dir(s.path))
	if !ok || free >= lowSpace {
		if s.lowSpace.Swap(false) {
			s.log.Info("database volume has room again: the write-ahead log is checkpointed every 1000 pages", "db", s.path, "freeBytes", free)
		}
		return
	}
	if !s.lowSpace.Swap(true) {
		s.log.Warn(fmt.Sprintf("database volume nearly full: checkpointing the write-ahead log every %d writes", lowSpaceEvery),
			"db", s.path, "freeBytes", free)
	}
	var busy int
	if err := s.write.QueryRowContext(ctx, "PRAGMA wal_checkpoint(PASSIVE)").Scan(&busy, new(int), new(int)); err != nil {
		s.log.Debug("write-ahead log checkpoint failed", "db", s.path, "err", err)
	}
}

// freeRoom checkpoints the write-ahead log into the database and truncates it,
// logging what it did; it reports whether the log was emptied.
func (s *SQLite) freeRoom(ctx context.Context) bool {
	before := fileSize(s.path + "-wal")
	// The pragma answers busy, then the log's frames and those checkpointed (both
	// 0 once TRUNCATE emptied it: the file sizes say what was freed).
	var busy int
	err := s.write.QueryRowContext(ctx, "PRAGMA wal_checkpoint(TRUNCATE)").Scan(&busy, new(int), new(int))
	switch {
	case err != nil:
	case busy != 0:
		err = errors.New("readers or another writer kept it from finishing")
	case before == 0:
		err = errors.New("the log was empty")
	}
	if err != nil {
		s.log.Error("database volume full: checkpointing the write-ahead log freed no room", "db", s.path,
			"walBytes", before, "err", err)
		return false
	}
	s.log.Warn("database volume full: checkpointed the write-ahead log to free room; retrying the write", "db", s.path,
		"walBytesBefore", before, "walBytesAfter", fileSize(s.path+"-wal"))
	return true
}

func fileSize(path string) int64 {
	fi, err := os.Stat(path)
	if err != nil {
		return 0
	}
	return fi.Size()
}

// Check implements Store: the file is the one opened, no write failed for want
// of the database in the last failureMemory (unless one succeeded since), and
// the write lock can be taken within healthLockWait.
func (s *SQLite) Check(ctx context.Context) error {
	if err := s.checkFile(); err != nil {
		return err
	}
	if f := s.failed.Load(); f != nil && time.Since(f.at) < failureMemory {
		return fmt.Errorf("the last write failed %s ago: %w", time.Since(f.at).Round(time.Second), f.err)
	}
	pctx, cancel := context.WithTimeout(ctx, healthLockWait)
	defer cancel()
	tx, err := s.probe.BeginTx(pctx, nil) // BEGIN IMMEDIATE: takes the write lock
	if err == nil {
		err = tx.Rollback()
	}
	switch {
	case err == nil:
		return nil
	case ctx.Err() != nil:
		return ctx.Err()
	case pctx.Err() != nil || sqliteCode(err) == sqliteBusy || sqliteCode(err) == sqliteLocked:
		return fmt.Errorf("%w: the database %s is locked: another connection or process has held its write lock for over %v, so writes wait and fail",
			ErrUnavailable, s.path, healthLockWait)
	}
	return s.wrap("health check", false, err)
}
