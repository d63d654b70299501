// Package cli holds the gridgames subcommands. It translates between people (flags,
// text, JSON) and the libraries; no game rule lives here.
package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/spf13/cobra"
)

// Exit statuses.
const (
	exitOK          = 0
	exitFailure     = 1   // something went wrong that is not the user's input
	exitBadInput    = 2   // the input was wrong; stderr says what and where
	exitInterrupted = 130 // stopped by Ctrl+C (128 + SIGINT), after printing what was done
)

// inputError marks an error caused by the user's input: it exits with status 2.
type inputError struct{ err error }

func (e inputError) Error() string { return e.err.Error() }
func (e inputError) Unwrap() error { return e.err }

// badInput wraps err as an input error.
func badInput(err error) error { return inputError{err} }

// badInputf formats an input error.
func badInputf(format string, args ...any) error { return inputError{fmt.Errorf(format, args...)} }

// errInterrupted is what a command returns after Ctrl+C stopped it and it printed
// what it had done.
var errInterrupted = errors.New("interrupted")

// Run executes the gridgames command line args (without the program name) and returns
// the exit status: 0 on success, 2 on bad input, 130 when Ctrl+C (or SIGTERM)
// stopped the work, 1 on any other failure. Errors are printed as one line on
// stderr. The first Ctrl+C cancels the commands' context, so long work stops and
// reports what it did; a second one ends the process at once.
func Run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	context.AfterFunc(ctx, stop) // a second signal gets the default: the process ends
	return execute(ctx, args, stdin, stdout, stderr)
}

// execute is Run with the context that Ctrl+C cancels.
func execute(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	root := newRoot()
	// cobra adds its completion command when the command runs; adding it now lets
	// typedArgs reach its Args checks too.
	root.InitDefaultCompletionCmd()
	typedArgs(root)
	root.SetArgs(args)
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	err := root.ExecuteContext(ctx)
	if err == nil {
		return exitOK
	}
	if errors.Is(err, errInterrupted) || (ctx.Err() != nil && errors.Is(err, context.Canceled)) {
		fmt.Fprintln(stderr, "gridgames: interrupted")
		return exitInterrupted
	}
	fmt.Fprintf(stderr, "gridgames: %s\n", strings.ReplaceAll(err.Error(), "\n", " "))
	return exitCode(err)
}

// exitCode is the status for an error that is not an interruption: 2 for the
// types that mean the user's input was wrong, 1 for anything else.
func exitCode(err error) int {
	var (
		ie inputError
		ue *usageError
		le *listenError
	)
	if errors.As(err, &ie) || errors.As(err, &ue) || errors.As(err, &le) {
		return exitBadInput
	}
	return exitFailure
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
	root.SetFlagErrorFunc(flagError)
	root.PersistentPreRunE = checkFlagRules
	root.AddCommand(newServeCommand(), newPlayCommand(), new2048Command(), newOthelloCommand())
	return root
}
