package nbclient

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/gridgames/gridgames/othello"
)

// ErrBroken is returned by every call to a Client after a command that did not
// finish (the context ended, the engine stopped answering or died): the
// conversation is out of step, so the caller closes the Client and starts another.
var ErrBroken = errors.New("nbclient: the engine is out of step (an earlier command did not finish)")

// ErrExited is wrapped when the engine's output ends: the process has ended.
var ErrExited = errors.New("nbclient: the engine's output ended")

// maxLine bounds a reply line; NBoard engines write short lines.
const maxLine = 1 << 20

// closeGrace is how long Close waits for the engine to end after quit.
const closeGrace = 2 * time.Second

// Spec says how to start an engine.
type Spec struct {
	// Command is the command line, run by /bin/sh -c (so it may hold quotes,
	// variables and "cd DIR &&"); the CPU of the shell and of everything it starts
	// is counted.
	Command string
	// Dir is the working directory; empty means the current one.
	Dir string
	// Stderr receives the engine's error output; nil discards it.
	Stderr io.Writer
}

// Client talks to one engine. Its methods must be called from one goroutine at a
// time.
type Client struct {
	name    string
	size    int
	w       io.Writer
	lines   chan string // the engine's output, a line at a time; closed at its end
	readErr error       // why lines closed, read after it has
	cpu     func() (time.Duration, error)
	close   func() error
	ping    int
	broken  bool
}

// Start starts the engine as Spec says. The process runs until Close, or until
// ctx ends (it is then killed).
func Start(ctx context.Context, spec Spec) (*Client, error) {
	if strings.TrimSpace(spec.Command) == "" {
		return nil, errors.New("nbclient: empty engine command")
	}
	cmd := exec.CommandContext(ctx, "/bin/sh", "-c", spec.Command)
	cmd.Dir = spec.Dir
	cmd.Stderr = spec.Stderr
	// Its own process group, so Close ends the shell and its children together.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, fmt.Errorf("nbclient: %w", err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, fmt.Errorf("nbclient: %w", err)
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("nbclient: start %q: %w", spec.Command, err)
	}
	pid := cmd.Process.Pid
	var once sync.Once
	var waitErr error
	c := newClient(stdout, stdin, commandName(spec.Command))
	c.cpu = func() (time.Duration, error) { return TreeCPU(pid) }
	c.close = func() error {
		once.Do(func() {
			_, _ = io.WriteString(stdin, "quit\n")
			_ = stdin.Close()
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			select {
			case waitErr = <-done:
			case <-time.After(closeGrace):
				_ = syscall.Kill(-pid, syscall.SIGKILL)
				waitErr = <-done
			}
		})
		return waitErr
	}
	return c, nil
}

// New makes a Client that reads the engine's replies from r and writes commands
// to w, for an engine that is not a child process (a test runs one in process).
// cpu, if not nil, tells the engine's CPU time so far; Close calls closeFn, if
// not nil, after sending quit.
func New(r io.Reader, w io.Writer, name string, cpu func() (time.Duration, error), closeFn func() error) *Client {
	c := newClient(r, w, name)
	c.cpu = cpu
	c.close = func() error {
		_, _ = io.WriteString(w, "quit\n")
		if closeFn != nil {
			return closeFn()
		}
		return nil
	}
	return c
}

func newClient(r io.Reader, w io.Writer, name string) *Client {
	c := &Client{name: name, size: 8, w: w, lines: make(chan string, 64)}
	go func() {
		sc := bufio.NewScanner(r)
		sc.Buffer(make([]byte, 4096), maxLine)
		for sc.Scan() {
			c.lines <- sc.Text()
		}
		c.readErr = sc.Err()
		close(c.lines)
	}()
	return c
}

// commandName is a name for an engine until it names itself: its program's base
// name ("ntest" for "cd /tmp/ntest && ./ntest n").
func commandName(command string) string {
	f := strings.Fields(command)
	for i := len(f) - 1; i >= 0; i-- {
		if f[i] == "&&" || f[i] == ";" {
			f = f[i+1:]
			break
		}
	}
	if len(f) == 0 {
		return "engine"
	}
	name := f[0]
	if i := strings.LastIndexByte(name, '/'); i >= 0 {
		name = name[i+1:]
	}
	return name
}

// Name is the engine's name: the last "set myname" it sent, else its program's name.
func (c *Client) Name() string { return c.name }

// CPU returns the CPU time the engine has used since it started (its whole
// process tree), or an error if it cannot be read (New without cpu).
func (c *Client) CPU() (time.Duration, error) {
	if c.cpu == nil {
		return 0, errors.New("nbclient: this engine's CPU cannot be read")
	}
	return c.cpu()
}

// Close ends the engine: quit, then a kill if it has not ended within two seconds.
// It returns the process's exit error, if any.
func (c *Client) Close() error {
	c.broken = true
	if c.close == nil {
		return nil
	}
	return c.close()
}

// send writes one command line.
func (c *Client) send(cmd string) error {
	if c.broken {
		return ErrBroken
	}
	if _, err := io.WriteString(c.w, cmd+"\n"); err != nil {
		c.broken = true
		return fmt.Errorf("nbclient: %s: send %q: %w", c.name, cmd, err)
	}
	return nil
}

// next returns the engine's next line other than "set myname" (which it keeps as
// the name), or an error if ctx ends first or the output ends; either breaks
// the Client.
func (c *Client) next(ctx context.Context) (string, error) {
	for {
		select {
		case <-ctx.Done():
			c.broken = true
			return "", fmt.Errorf("nbclient: %s: no answer: %w", c.name, ctx.Err())
		case l, ok := <-c.lines:
			if !ok {
				c.broken = true
				if c.readErr != nil {
					return "", fmt.Errorf("%w: %s: %w", ErrExited, c.name, c.readErr)
				}
				return "", fmt.Errorf("%w: %s", ErrExited, c.name)
			}
			if n, ok := nameFrom(l); ok {
				c.name = n
				continue
			}
			return l, nil
		}
	}
}

// sync sends ping N and waits for pong N, skipping the lines before it.
func (c *Client) sync(ctx context.Context) error {
	c.ping++
	want := fmt.Sprintf("pong %d", c.ping)
	if err := c.send(fmt.Sprintf("ping %d", c.ping)); err != nil {
		return err
	}
	for {
		l, err := c.next(ctx)
		if err != nil {
			return err
		}
		if strings.TrimSpace(l) == want {
			return nil
		}
	}
}

// Hello greets the engine ("nboard 2"), sets its search depth when depth > 0
// ("set depth N"), and waits until it has answered both.
func (c *Client) Hello(ctx context.Context, depth int) error {
	if err := c.send("nboard 2"); err != nil {
		return err
	}
	if depth > 0 {
		if err := c.send(fmt.Sprintf("set depth %d", depth)); err != nil {
			return err
		}
	}
	return c.sync(ctx)
}

// NewGame tells the engine the game ("set game GGF"): later moves and go
// apply to its end. It waits until the engine has read it.
func (c *Client) NewGame(ctx context.Context, g othello.GGF) error {
	c.size = g.Start.Size()
	if err := c.send("set game " + g.String()); err != nil {
		return err
	}
	return c.sync(ctx)
}

// Play tells the engine a move played at the end of its game ("move f5", "move
// pa"); no answer is awaited.
func (c *Client) Play(sq othello.Square) error {
	name := "pa"
	if sq != othello.Pass {
		name = sq.String()
	}
	return c.send("move " + name)
}

// Go asks the engine for its move at the end of its game and waits for the
// "===" reply. A reply that cannot be read is an error wrapping ErrReply (the
// Client stays usable); ctx ending first, or the engine's output ending, breaks
// the Client.
func (c *Client) Go(ctx context.Context) (Reply, error) {
	if err := c.send("go"); err != nil {
		return Reply{}, err
	}
	for {
		l, err := c.next(ctx)
		if err != nil {
			return Reply{}, err
		}
		if strings.HasPrefix(strings.TrimSpace(l), "===") {
			return ParseMoveReply(l, c.size)
		}
	}
}
