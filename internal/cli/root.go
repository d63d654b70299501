// Package cli holds the gridgames subcommands. It translates between people (flags,
// text, JSON) and the libraries; no game rule lives here.
package cli

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"
)

// Exit statuses.
const (
	exitOK       = 0
	exitFailure  = 1 // something went wrong that is not the user's input
	exitBadInput = 2 // the input was wrong; stderr says what and where
)

// inputError marks an error caused by the user's input: it exits with status 2.
type inputError struct{ err error }

func (e inputError) Error() string { return e.err.Error() }
func (e inputError) Unwrap() error { return e.err }

// badInput wraps err as an input error.
func badInput(err error) error { return inputError{err} }

// badInputf formats an input error.
func badInputf(format string, args ...any) error { return inputError{fmt.Errorf(format, args...)} }

// Run executes the gridgames command line args (without the program name) and returns
// the exit status: 0 on success, 2 on bad input, 1 on any other failure. Errors are
// printed as one line on stderr.
func Run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	root := newRoot()
	root.SetArgs(args)
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	err := root.Execute()
	if err == nil {
		return exitOK
	}
	msg := strings.ReplaceAll(err.Error(), "\n", " ")
	fmt.Fprintf(stderr, "gridgames: %s\n", msg)
	var ie inputError
	if errors.As(err, &ie) || isUsageError(err) {
		return exitBadInput
	}
	return exitFailure
}

// isUsageError reports cobra's own complaints about the command line (unknown flags,
// commands or arguments), which are bad input too.
func isUsageError(err error) bool {
	s := err.Error()
	for _, p := range []string{"unknown command", "unknown flag", "unknown shorthand", "flag needs an argument",
		"invalid argument", "accepts ", "requires at least", "required flag", "if any flags in the group"} {
		if strings.Contains(s, p) {
			return true
		}
	}
	return false
}

func newRoot() *cobra.Command {
	root := &cobra.Command{
		Use:   "gridgames",
		Short: "2048 and Othello: rules, AIs, and tools to play and analyse them",
		Long: `gridgames plays and analyses 2048 (any board size) and Othello (4x4, 6x6, 8x8).
Without a subcommand it serves the web app on http://localhost:8080 (see serve).

Bad input exits with status 2 and one line on stderr naming what is wrong.`,
		SilenceErrors: true,
		SilenceUsage:  true,
		Args:          cobra.NoArgs,
	}
	// Without a subcommand, gridgames serves the web app.
	var serve serveFlags
	serve.register(root)
	root.RunE = func(cmd *cobra.Command, _ []string) error { return runServe(cmd, serve) }
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return badInput(err) })
	root.AddCommand(newServeCommand(), newPlayCommand(), new2048Command(), newOthelloCommand())
	return root
}
