package store

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"

	"github.com/jackc/pgx/v5/pgconn"
)

// pgUnavailable reports whether err means the PostgreSQL database cannot be used
// now, rather than that the request was wrong: no connection (refused, lost,
// timed out, or the server refusing it for any reason), or the server answering with a connection exception (SQLSTATE
// class 08), insufficient resources (53: disk full, out of memory, too many
// connections), an operator intervention (57P: shutting down, cannot connect
// now), a database that does not exist (3D000, dropped while in use) or a
// read-only transaction (25006: a standby).
func pgUnavailable(err error) bool {
	if err == nil || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return false
	}
	var ce *pgconn.ConnectError
	if errors.As(err, &ce) {
		return true // whatever the server said, no connection
	}
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		c := pe.Code
		return strings.HasPrefix(c, "08") || strings.HasPrefix(c, "53") || strings.HasPrefix(c, "57P") ||
			c == "3D000" || c == "25006"
	}
	var ne net.Error
	return errors.As(err, &ne) || errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) ||
		errors.Is(err, pgconn.ErrConnClosed) || pgconn.SafeToRetry(err)
}

// pgWrap returns err as the store reports it: wrapping ErrUnavailable when the
// database cannot be used now, else prefixed with what failed.
func pgWrap(what string, err error) error {
	if pgUnavailable(err) {
		return fmt.Errorf("%w: %s: the PostgreSQL database does not answer: %w", ErrUnavailable, what, err)
	}
	return fmt.Errorf("store: %s: %w", what, err)
}

// Check implements Store: a connection from the pool answers a ping.
func (s *Postgres) Check(ctx context.Context) error {
	if err := s.pool.Ping(ctx); err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return fmt.Errorf("%w: the PostgreSQL database does not answer: %w", ErrUnavailable, err)
	}
	return nil
}
