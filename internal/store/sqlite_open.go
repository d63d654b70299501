package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"path/filepath"
	"strings"
	"time"
)

// Option configures Open and OpenDefault.
type Option func(*options)

type options struct {
	log          *slog.Logger
	busyTimeout  time.Duration
	checkTimeout time.Duration
}

// Defaults of the options.
const (
	// DefaultBusyTimeout is how long a write waits for a lock that another
	// connection or process holds.
	DefaultBusyTimeout = 5 * time.Second
	// DefaultCheckTimeout bounds Open's integrity check. PRAGMA quick_check reads
	// every page: 0.35 s for 100 MB in the page cache, 2 to 3 s on a busy
	// two-core machine.
	DefaultCheckTimeout = 10 * time.Second
)

// WithLogger sends the store's events to l: a checkpoint made to free room on a
// full volume, an integrity check cut short. By default they are discarded.
func WithLogger(l *slog.Logger) Option { return func(o *options) { o.log = l } }

// WithBusyTimeout sets how long a write waits for a lock another connection or
// process holds before it fails with ErrUnavailable (DefaultBusyTimeout when d
// is not positive).
func WithBusyTimeout(d time.Duration) Option {
	return func(o *options) {
		if d > 0 {
			o.busyTimeout = d
		}
	}
}

// WithCheckTimeout bounds the integrity check Open runs (PRAGMA quick_check):
// a check that does not finish in d is logged as cut short and the database
// opens anyway. A negative d skips the check; 0 keeps DefaultCheckTimeout.
func WithCheckTimeout(d time.Duration) Option {
	return func(o *options) {
		if d != 0 {
			o.checkTimeout = d
		}
	}
}

func newOptions(opts []Option) options {
	o := options{log: slog.New(slog.DiscardHandler), busyTimeout: DefaultBusyTimeout, checkTimeout: DefaultCheckTimeout}
	for _, f := range opts {
		f(&o)
	}
	if o.log == nil {
		o.log = slog.New(slog.DiscardHandler)
	}
	return o
}

// How the connections are set up. The writer lets SQLite checkpoint the
// write-ahead log every walCheckpointPages pages (its default, about 4 MB), and
// more often on a volume with little room (see afterWrite): a log of 4 MB would
// fill a small volume before any checkpoint, and stay full. After a checkpoint
// the log is cut back to walSizeLimit bytes if it grew past that (while readers
// kept it from being checkpointed).
const (
	walCheckpointPages = 1000
	walSizeLimit       = 8 << 20
	readConns          = 4
)

// sqliteDSN is the modernc.org/sqlite data source name for the file at path (an
// absolute path) with the given pragmas and driver parameters: a file: URI built
// with net/url, so that ?, #, % and spaces in the path name that very file.
func sqliteDSN(path string, params url.Values, pragmas ...string) string {
	p := filepath.ToSlash(path)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p // a Windows drive: file:///C:/...
	}
	q := url.Values{}
	for k, v := range params {
		q[k] = v
	}
	for _, pr := range pragmas {
		q.Add("_pragma", pr)
	}
	return (&url.URL{Scheme: "file", Path: p, RawQuery: q.Encode()}).String()
}

// openDB opens a handle of at most conns connections on the file at path.
func openDB(path string, conns int, params url.Values, pragmas ...string) (*sql.DB, error) {
	db, err := sql.Open("sqlite", sqliteDSN(path, params, pragmas...))
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(conns)
	db.SetMaxIdleConns(conns)
	return db, nil
}

// quickCheck runs PRAGMA quick_check within o.checkTimeout: a damaged database
// wraps ErrCorrupt naming the first problem; a check cut short is logged and
// passes.
func (s *SQLite) quickCheck(parent context.Context, o options) error {
	if o.checkTimeout < 0 {
		return parent.Err()
	}
	ctx, cancel := context.WithTimeout(parent, o.checkTimeout)
	defer cancel()
	start := time.Now()
	rows, err := s.write.QueryContext(ctx, "PRAGMA quick_check(10)")
	var problems []string
	if err == nil {
		for rows.Next() {
			var line string
			if err = rows.Scan(&line); err != nil {
				break
			}
			problems = append(problems, line)
		}
		if err == nil {
			err = rows.Err()
		}
		rows.Close()
	}
	switch {
	case err != nil && parent.Err() != nil:
		return parent.Err() // the caller gave up: the store does not open
	case err != nil && ctx.Err() != nil:
		o.log.Warn("database integrity check cut short: the database opens unchecked", "db", s.path,
			"after", time.Since(start).Round(time.Millisecond), "limit", o.checkTimeout)
		return nil
	case err != nil:
		return err
	case len(problems) == 1 && problems[0] == "ok":
		o.log.Debug("database integrity check passed", "db", s.path, "duration", time.Since(start).Round(time.Millisecond))
		return nil
	case len(problems) == 0:
		return refused(ErrCorrupt, reasonCorrupt, nil, "%s: PRAGMA quick_check answered nothing", s.path)
	}
	more := ""
	if len(problems) > 1 {
		more = fmt.Sprintf(" (and %d more problems)", len(problems)-1)
		if len(problems) == 10 {
			more = " (and more problems)"
		}
	}
	return refused(ErrCorrupt, reasonCorrupt, nil, "%s: %s%s", s.path, strings.Join(strings.Fields(problems[0]), " "), more)
}

// openError names what Open found wrong with the file from SQLite's error.
func openError(path string, err error) error {
	switch sqliteCode(err) {
	case sqliteNotADB:
		return fmt.Errorf("%w: %s", ErrNotDatabase, path)
	case sqliteCorrupt:
		return refused(ErrCorrupt, reasonCorrupt, err, "%s: %v", path, err)
	case sqliteReadOnly:
		return refused(ErrReadOnly, reasonReadOnly, nil, "%s cannot be written", path)
	}
	if errors.Is(err, ErrCorrupt) || errors.Is(err, ErrReadOnly) {
		return err
	}
	return fmt.Errorf("store: %s: %w", path, err)
}
