package cli

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/gridgames/gridgames/internal/server"
	"github.com/gridgames/gridgames/internal/store"
)

// serveFlags are the flags of serve, also accepted by the bare root command.
type serveFlags struct {
	addr    string
	db      string
	verbose bool
	tables  string
}

func (f *serveFlags) register(cmd *cobra.Command) {
	cmd.Flags().StringVar(&f.addr, "addr", "localhost:8080", "address to listen on")
	cmd.Flags().StringVar(&f.db, "db", "", "SQLite database file, or a postgres:// URL of a PostgreSQL database that several servers share\n(default: gridgames/gridgames.db in the user's data directory)")
	cmd.Flags().BoolVarP(&f.verbose, "verbose", "v", false, "log every request")
	cmd.Flags().StringVar(&f.tables, "tables", "", "directory of exact 2048 tables for perfect hints on 3x3 (default $"+tablesEnv+", else tables in the user's data directory)")
}

func newServeCommand() *cobra.Command {
	var f serveFlags
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Serve the web app (the default command)",
		Long: `serve runs the gridgames web app: 2048 and Othello in the browser, games saved in
an SQLite database, or in PostgreSQL with --db postgres://user:password@host/dbname
(several servers can share that database, a player moving on any of them).
Ctrl+C stops it gracefully.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return runServe(cmd, f) },
	}
	f.register(cmd)
	return cmd
}

func runServe(cmd *cobra.Command, f serveFlags) error {
	// Check the address before anything touches the disk.
	if err := checkAddr(f.addr); err != nil {
		return err
	}
	level := slog.LevelInfo
	if f.verbose {
		level = slog.LevelDebug
	}
	log := slog.New(slog.NewTextHandler(cmd.ErrOrStderr(), &slog.HandlerOptions{Level: level}))
	st, path, err := openServeStore(cmd.Context(), f.db, log)
	if err != nil {
		return err
	}
	defer st.Close()
	srv := server.New(st, server.Options{Logger: log, Tables2048: tablesDir(f.tables)})
	err = srv.ListenAndServe(cmd.Context(), f.addr, func(a net.Addr) {
		log.Info("gridgames is serving", "url", "http://"+a.String(), "db", path)
	})
	var op *net.OpError
	if errors.As(err, &op) && op.Op == "listen" {
		return &listenError{f.addr, err}
	}
	if err != nil {
		return fmt.Errorf("the server on %s: %w", f.addr, err)
	}
	log.Info("stopped")
	return nil
}

// checkAddr accepts host:port with a port from 0 to 65535 (0: any free port) and
// makes sure it can be listened on, naming --addr otherwise.
func checkAddr(addr string) error {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return badInputf("--addr %q: want host:port, such as localhost:8080 or :8080", addr)
	}
	n, err := strconv.Atoi(port)
	if err != nil || n < 0 || n > 65535 {
		return badInputf("--addr %q: port %q: want a number from 0 to 65535", addr, port)
	}
	if host != "" && net.ParseIP(host) == nil {
		if _, err := net.LookupHost(host); err != nil {
			return badInputf("--addr %q: no such host %q", addr, host)
		}
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return &listenError{addr, err}
	}
	return ln.Close()
}

// listenError is --addr that could not be listened on (in use, not this machine's,
// not allowed): bad input, exit status 2. An error of the server once it listens
// (a shutdown that timed out) is not one.
type listenError struct {
	addr string
	err  error
}

func (e *listenError) Error() string {
	return fmt.Sprintf("--addr %s: %v", e.addr, listenReason(e.err))
}
func (e *listenError) Unwrap() error { return e.err }

// listenReason is the part of a listen error a person needs ("address already in
// use"), without the syscall's name.
func listenReason(err error) error {
	var op *net.OpError
	if errors.As(err, &op) && op.Err != nil {
		var sys *os.SyscallError
		if errors.As(op.Err, &sys) {
			return sys.Err
		}
		return op.Err
	}
	return err
}

// pgOpenTimeout bounds connecting to PostgreSQL and bringing its schema up to date.
const pgOpenTimeout = 30 * time.Second

// openServeStore opens the store --db names: a postgres:// or postgresql:// URL
// is a PostgreSQL database, anything else an SQLite file (see openStore), whose
// events (a checkpoint made to free room, an integrity check cut short) go to
// log. It returns the store and how to name it in the log: the path, or the URL
// without its password. A URL that cannot be read, or a server that cannot be
// reached, is bad input naming --db.
func openServeStore(ctx context.Context, db string, log *slog.Logger) (store.Store, string, error) {
	if !store.IsPostgresURL(db) {
		st, path, err := openStore(ctx, db, store.WithLogger(log))
		if err != nil {
			return nil, path, err
		}
		return st, path, nil
	}
	name := redactURL(db)
	ctx, cancel := context.WithTimeout(ctx, pgOpenTimeout)
	defer cancel()
	st, err := store.OpenPostgres(ctx, db)
	if err != nil {
		why := err.Error()
		var se *store.Error
		if errors.As(err, &se) {
			why = se.Reason // --db names the store
		}
		return nil, name, badInputf("--db %s: %s", name, strings.Join(strings.Fields(why), " "))
	}
	return st, name, nil
}

// redactURL returns a database URL fit for logs and messages: its password, in
// the user part or as a parameter, replaced by xxxxx.
func redactURL(db string) string {
	u, err := url.Parse(db)
	if err != nil {
		scheme, rest, _ := strings.Cut(db, "://")
		if at := strings.LastIndex(rest, "@"); at >= 0 {
			rest = "xxxxx" + rest[at:]
		}
		if q := strings.Index(rest, "?"); q >= 0 {
			rest = rest[:q]
		}
		return scheme + "://" + rest
	}
	if q := u.Query(); q.Has("password") {
		q.Set("password", "xxxxx")
		u.RawQuery = q.Encode()
	}
	return u.Redacted()
}

// openStore opens the database named by --db, or the default one (creating its
// directory), naming --db when the path is wrong. It returns the path used.
// A file that cannot be written or whose integrity check fails is refused, as a
// missing directory is: the server would start, say it is healthy, and lose or
// refuse the games.
func openStore(ctx context.Context, path string, opts ...store.Option) (*store.SQLite, string, error) {
	if path == "" {
		st, p, err := store.OpenDefault(ctx, opts...)
		if err != nil {
			if why := openFault(p, err); why != "" {
				return nil, p, fmt.Errorf("the default database %s: %s", p, why)
			}
			return nil, p, fmt.Errorf("the default database %s: %w", p, err)
		}
		return st, p, nil
	}
	st, err := store.Open(ctx, path, opts...)
	switch {
	case errors.Is(err, store.ErrNoDirectory):
		return nil, path, badInputf("--db %s: the directory %s does not exist (create it first)", path, filepath.Dir(path))
	case errors.Is(err, store.ErrNotDatabase):
		return nil, path, badInputf("--db %s: not an SQLite database (choose a new file name, or a gridgames database)", path)
	case err != nil && openFault(path, err) != "":
		return nil, path, badInputf("--db %s: %s", path, openFault(path, err))
	case err != nil:
		return nil, path, badInputf("--db %s: %v", path, err)
	}
	return st, path, nil
}

// openFault says what is wrong with a database file that store.Open refused as
// read-only or corrupt, and what to do; "" for other errors.
func openFault(path string, err error) string {
	var se *store.Error
	switch {
	case !errors.As(err, &se):
	case errors.Is(err, store.ErrReadOnly):
		return se.Reason + " (make it writable, or choose another file)"
	case errors.Is(err, store.ErrCorrupt):
		return se.Reason + "; restore a backup, or save what is left with: sqlite3 " + path + " .recover"
	}
	return ""
}
