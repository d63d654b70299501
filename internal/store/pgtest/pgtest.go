// Package pgtest starts a throwaway PostgreSQL server for the tests of a package:
// one server per test binary, started on first use, in a temporary directory,
// listening on a Unix socket there only (no TCP port to collide with), and stopped
// when the tests end. Each test gets a new empty database on it.
//
// Use it from a package's tests:
//
//	func TestMain(m *testing.M) { os.Exit(pgtest.Run(m)) }
//
//	func TestSomething(t *testing.T) {
//		url := pgtest.URL(t) // skips where PostgreSQL is not installed
//		...
//	}
//
// It needs the server binaries (Debian's postgresql package: initdb and postgres
// in /usr/lib/postgresql/VERSION/bin, or on PATH). Where they are absent URL skips
// the test with a message, or fails it when GRIDGAMES_E2E=1. PostgreSQL refuses to
// run as root, so under root the server runs as the unprivileged user "postgres"
// (which the package creates), or "nobody" where that user does not exist.
package pgtest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// ErrAbsent means the PostgreSQL server binaries are not installed.
var ErrAbsent = errors.New("pgtest: PostgreSQL is not installed (apt-get install postgresql)")

// server is a running PostgreSQL server.
type server struct {
	dir  string // temporary directory: data/, the socket, the log
	cmd  *exec.Cmd
	done chan struct{} // closed when the server process has exited
	log  string        // path of the server's log
	n    atomic.Int64  // databases made
}

var (
	once     sync.Once
	current  *server
	startErr error
)

// Run runs m's tests and stops the server if one of them started it. Call it from
// TestMain: os.Exit(pgtest.Run(m)).
func Run(m *testing.M) int {
	code := m.Run()
	if current != nil {
		current.stop()
	}
	return code
}

// URL returns a postgres:// URL of a new, empty database on the test server,
// starting the server on first use. It skips the test where PostgreSQL is not
// installed, unless GRIDGAMES_E2E=1 is set (then the test fails), and fails the
// test when the server does not start.
func URL(t testing.TB) string {
	t.Helper()
	once.Do(func() { current, startErr = start() })
	if errors.Is(startErr, ErrAbsent) {
		if os.Getenv("GRIDGAMES_E2E") == "1" {
			t.Fatalf("%v; GRIDGAMES_E2E=1 needs it", startErr)
		}
		t.Skipf("skipped: %v", startErr)
	}
	if startErr != nil {
		t.Fatal(startErr)
	}
	u, err := current.newDatabase()
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// Binaries returns the directory holding initdb and postgres: the newest
// /usr/lib/postgresql/VERSION/bin, else the one on PATH; ErrAbsent if none.
func Binaries() (string, error) {
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	version := func(dir string) int {
		n, _ := strconv.Atoi(filepath.Base(filepath.Dir(dir)))
		return n
	}
	slices.SortFunc(dirs, func(a, b string) int { return version(b) - version(a) })
	for _, d := range dirs {
		if isExecutable(filepath.Join(d, "initdb")) && isExecutable(filepath.Join(d, "postgres")) {
			return d, nil
		}
	}
	if p, err := exec.LookPath("initdb"); err == nil {
		d := filepath.Dir(p)
		if isExecutable(filepath.Join(d, "postgres")) {
			return d, nil
		}
	}
	return "", ErrAbsent
}

func isExecutable(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.Mode().IsRegular() && st.Mode()&0o111 != 0
}

// superuser is the database superuser initdb makes; trust authentication on the
// socket means no password.
const superuser = "postgres"

// start makes a cluster in a new temporary directory and starts its server.
func start() (*server, error) {
	bin, err := Binaries()
	if err != nil {
		return nil, err
	}
	// A Unix socket's path is limited to about 100 bytes: keep the directory short.
	base := os.TempDir()
	if len(base) > 60 {
		base = "/tmp"
	}
	dir, err := os.MkdirTemp(base, "gridgames-pg-")
	if err != nil {
		return nil, fmt.Errorf("pgtest: %w", err)
	}
	s := &server{dir: dir, log: filepath.Join(dir, "postgres.log"), done: make(chan struct{})}
	cred, err := runAs()
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	if cred != nil {
		if err := os.Chown(dir, int(cred.Uid), int(cred.Gid)); err != nil {
			os.RemoveAll(dir)
			return nil, fmt.Errorf("pgtest: %w", err)
		}
	}
	data := filepath.Join(dir, "data")
	initdb := s.command(cred, filepath.Join(bin, "initdb"), "-D", data, "-U", superuser, "-A", "trust",
		"-E", "UTF8", "--locale=C", "--no-sync")
	if out, err := initdb.CombinedOutput(); err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("pgtest: initdb: %v: %s", err, lastLines(out, 5))
	}
	logFile, err := os.Create(s.log)
	if err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("pgtest: %w", err)
	}
	defer logFile.Close()
	// No TCP, the socket in dir; durability off: the cluster is thrown away.
	s.cmd = s.command(cred, filepath.Join(bin, "postgres"), "-D", data, "-k", dir,
		"-c", "listen_addresses=", "-c", "fsync=off", "-c", "synchronous_commit=off",
		"-c", "full_page_writes=off", "-c", "max_connections=200")
	s.cmd.Stdout, s.cmd.Stderr = logFile, logFile
	// Should the test binary die without stopping it, the server goes too.
	s.cmd.SysProcAttr.Pdeathsig = syscall.SIGKILL
	if err := s.cmd.Start(); err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("pgtest: start postgres: %w", err)
	}
	go func() {
		s.cmd.Wait()
		close(s.done)
	}()
	if err := s.waitReady(30 * time.Second); err != nil {
		s.stop()
		return nil, err
	}
	return s, nil
}

// runAs returns the credentials to run the server with: nil when not root, else
// those of the user "postgres" (or "nobody").
func runAs() (*syscall.Credential, error) {
	if os.Geteuid() != 0 {
		return nil, nil
	}
	for _, name := range []string{"postgres", "nobody"} {
		u, err := user.Lookup(name)
		if err != nil {
			continue
		}
		uid, err1 := strconv.ParseUint(u.Uid, 10, 32)
		gid, err2 := strconv.ParseUint(u.Gid, 10, 32)
		if err1 != nil || err2 != nil || uid == 0 {
			continue
		}
		return &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}, nil // and no supplementary groups
	}
	return nil, errors.New("pgtest: running as root and no unprivileged user (postgres, nobody) to run PostgreSQL as")
}

func (s *server) command(cred *syscall.Credential, name string, args ...string) *exec.Cmd {
	cmd := exec.Command(name, args...)
	cmd.Dir = s.dir
	cmd.Env = []string{"LC_ALL=C", "LANG=C", "TZ=UTC", "HOME=" + s.dir, "PATH=/usr/bin:/bin"}
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: cred}
	return cmd
}

// url is the URL of the database name on the server.
func (s *server) url(name string) string {
	q := url.Values{"host": {s.dir}}
	return (&url.URL{Scheme: "postgres", User: url.User(superuser), Path: "/" + name, RawQuery: q.Encode()}).String()
}

// waitReady waits until the server accepts connections.
func (s *server) waitReady(limit time.Duration) error {
	deadline := time.Now().Add(limit)
	for {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		conn, err := pgx.Connect(ctx, s.url("postgres"))
		if err == nil {
			conn.Close(ctx)
			cancel()
			return nil
		}
		cancel()
		select {
		case <-s.done:
			return fmt.Errorf("pgtest: postgres exited: %s", s.logTail())
		case <-time.After(50 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("pgtest: postgres not ready after %v: %v: %s", limit, err, s.logTail())
		}
	}
}

// newDatabase creates an empty database and returns its URL.
func (s *server) newDatabase() (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, s.url("postgres"))
	if err != nil {
		return "", fmt.Errorf("pgtest: %w", err)
	}
	defer conn.Close(ctx)
	name := fmt.Sprintf("test_%d", s.n.Add(1))
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+name); err != nil {
		return "", fmt.Errorf("pgtest: create database %s: %w", name, err)
	}
	return s.url(name), nil
}

// stop shuts the server down (fast shutdown: clients are disconnected) and
// removes its directory.
func (s *server) stop() {
	if s.cmd != nil && s.cmd.Process != nil {
		s.cmd.Process.Signal(syscall.SIGINT)
		select {
		case <-s.done:
		case <-time.After(10 * time.Second):
			s.cmd.Process.Kill()
			<-s.done
		}
	}
	os.RemoveAll(s.dir)
}

func (s *server) logTail() string {
	out, _ := os.ReadFile(s.log)
	return lastLines(out, 5)
}

// lastLines returns the last n lines of out on one line.
func lastLines(out []byte, n int) string {
	lines := strings.Split(strings.TrimSpace(string(bytes.ToValidUTF8(out, nil))), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, " | ")
}
