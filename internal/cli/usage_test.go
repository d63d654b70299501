package cli

import (
	"context"
	"errors"
	"fmt"
	"net"
	"testing"

	"github.com/spf13/cobra"
)

// Command lines cobra or pflag refuse before a command runs: each exits with
// status 2 and exactly this line on stderr, naming the flag or the word at fault.
func TestUsageErrorLines(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--foo"}, "unknown flag --foo (see --help)"},
		{[]string{"--foo=bar"}, "unknown flag --foo (see --help)"},
		{[]string{"othello", "solve", "-xy"}, "unknown flag -x (see --help)"},
		{[]string{"2048", "--foo"}, "unknown flag --foo (see --help)"},
		{[]string{"---x"}, "bad flag syntax: ---x"},
		{[]string{"--addr"}, "--addr needs a value"},
		{[]string{"othello", "perft", "--depth"}, "--depth needs a value"},
		{[]string{"othello", "match"}, "--black and --white are required"},
		{[]string{"othello", "match", "--white", "2"}, "--black is required"},
		{[]string{"othello", "perft"}, "--depth is required"},
		{[]string{"2048", "autoplay", "--depth", "2", "--time", "1s"}, "--depth and --time cannot be used together: choose one"},
		{[]string{"2048", "drive", "--depth", "2", "--time", "1s"}, "--depth and --time cannot be used together: choose one"},
		{[]string{"2048", "hint", "--time", "1s", "--depth", "2"}, "--depth and --time cannot be used together: choose one"},
		{[]string{"othello", "analyze", "--depth", "2", "--time", "1s"}, "--depth and --time cannot be used together: choose one"},
		{[]string{"serve", "-v=maybe"}, `--verbose "maybe": want true or false`},
		{[]string{"2048", "autoplay", "--games", "1.5"}, `--games "1.5": want a whole number`},
		{[]string{"2048", "autoplay", "--four", "0.5x"}, `--four "0.5x": want a percent such as 10% or a fraction such as 0.1`},
		{[]string{"2048", "hint", "--time", "x"}, `--time "x": want a duration such as 500ms, 5s or 2m`},
		{[]string{"othello", "solve", "--max-empties", "x"}, `--max-empties "x": want a whole number`},
		{[]string{"tetris"}, `unknown command "tetris" for "gridgames"`},
		{[]string{"othello", "--", "x"}, `unknown command "x" for "gridgames othello"`},
		{[]string{"play", "tetris"}, `unknown command "tetris" for "gridgames play": want 2048 or othello`},
		{[]string{"play", "2048", "x"}, `unknown command "x" for "gridgames play 2048"`},
		{[]string{"othello", "perft", "--depth", "2", "x"}, `unknown command "x" for "gridgames othello perft"`},
		{[]string{"completion", "bash", "x"}, `unknown command "x" for "gridgames completion bash"`},
	} {
		t.Run(tc.want, func(t *testing.T) {
			_, errOut, code := run(t, "", tc.args...)
			if code != exitBadInput || errOut != "gridgames: "+tc.want+"\n" {
				t.Fatalf("%q: exit %d, stderr %q; want 2, %q", tc.args, code, errOut, tc.want)
			}
		})
	}
}

// The exit status comes from the error's type, whatever its text says.
func TestExitCodeByType(t *testing.T) {
	listen := &net.OpError{Op: "listen", Net: "tcp", Err: errors.New("address already in use")}
	for _, tc := range []struct {
		name string
		err  error
		want int
	}{
		{"usage", &usageError{msg: "anything"}, exitBadInput},
		{"wrapped usage", fmt.Errorf("x: %w", flagErrorf("depth", "--depth 0")), exitBadInput},
		{"input", badInputf("line 3: not a board"), exitBadInput},
		{"listen", &listenError{"localhost:80", listen}, exitBadInput},
		{"server stopped", fmt.Errorf("the server on :80: %w", context.DeadlineExceeded), exitFailure},
		{"text that looks like usage", errors.New("unknown flag --x (see --help)"), exitFailure},
		{"plain", errors.New("disk full"), exitFailure},
		{"solve --check disagreed", &checkFailure{bad: 1, of: 2}, exitFailure},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := exitCode(tc.err); got != tc.want {
				t.Fatalf("exitCode(%v) = %d, want %d", tc.err, got, tc.want)
			}
		})
	}
}

// An --addr already in use is bad input naming it, with the reason and no syscall.
func TestServeAddrInUse(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	addr := ln.Addr().String()
	_, errOut, code := run(t, "", "serve", "--addr", addr, "--db", t.TempDir()+"/g.db")
	if want := "gridgames: --addr " + addr + ": address already in use\n"; code != exitBadInput || errOut != want {
		t.Fatalf("exit %d, stderr %q; want 2, %q", code, errOut, want)
	}
}

// Every command with subcommands checks its positional arguments itself (and
// typedArgs makes the error a usage error): without that check cobra's own (no
// hook) would say "unknown command" for the root as a plain error. A leaf with
// no check (othello train takes file names) takes any words.
func TestGroupsCheckArgs(t *testing.T) {
	root := newRoot()
	root.InitDefaultCompletionCmd()
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		if c.HasSubCommands() && c.Args == nil {
			t.Errorf("%s: no Args check", c.CommandPath())
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
}
