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
	"regexp"
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
	msg := strings.ReplaceAll(readableError(err), "\n", " ")
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

var (
	groupExclusive = regexp.MustCompile(`^if any flags in the group \[[^\]]*\] are set none of the others can be; \[([^\]]*)\] were all set$`)
	requiredFlags  = regexp.MustCompile(`^required flag\(s\) (.*) not set$`)
	needsArgument  = regexp.MustCompile(`^flag needs an argument: '?-*([^' ]+)'?`)
	unknownFlag    = regexp.MustCompile(`^unknown flag: (\S+)$`)
	unknownShort   = regexp.MustCompile(`^unknown shorthand flag: '(.)' in \S+$`)
)

// readableError rewrites cobra's sentences about flags as one plain line that names
// the flags; other errors pass unchanged.
func readableError(err error) string {
	s := err.Error()
	if m := groupExclusive.FindStringSubmatch(s); m != nil {
		return joinFlags(strings.Fields(m[1])) + " cannot be used together: choose one"
	}
	if m := requiredFlags.FindStringSubmatch(s); m != nil {
		names := strings.Split(strings.ReplaceAll(m[1], `"`, ""), ", ")
		if len(names) == 1 {
			return "--" + names[0] + " is required"
		}
		return joinFlags(names) + " are required"
	}
	if m := needsArgument.FindStringSubmatch(s); m != nil {
		return "--" + m[1] + " needs a value"
	}
	if m := unknownFlag.FindStringSubmatch(s); m != nil {
		return "unknown flag " + m[1] + " (see --help)"
	}
	if m := unknownShort.FindStringSubmatch(s); m != nil {
		return "unknown flag -" + m[1] + " (see --help)"
	}
	return s
}

// joinFlags writes flag names as "--a and --b" or "--a, --b and --c".
func joinFlags(names []string) string {
	for i, n := range names {
		names[i] = "--" + n
	}
	if len(names) == 1 {
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// flagError rewrites pflag's complaint about a flag's value ("invalid argument
// "-1" for "--seed" flag: strconv.ParseUint: ...") as a line that names the flag
// and what it wants.
func flagError(cmd *cobra.Command, err error) error {
	var name, value string
	if _, e := fmt.Sscanf(err.Error(), "invalid argument %q for %q flag:", &value, &name); e != nil {
		return badInput(err)
	}
	name = name[strings.LastIndex(name, "-")+1:]
	f := cmd.Flags().Lookup(name)
	if f == nil {
		return badInput(err)
	}
	want := ""
	switch f.Value.Type() {
	case "int", "int64", "int32":
		want = "a whole number"
	case "uint", "uint64", "uint32":
		want = "a whole number from 0 up"
		if f.Value.Type() == "uint64" {
			want = "a whole number from 0 to 18446744073709551615"
		}
	case "float64", "float32":
		want = "a number"
	case "duration":
		want = "a duration such as 500ms, 5s or 2m"
	case "bool":
		want = "true or false"
	default:
		// Values of our own say what they want after the colon.
		_, detail, _ := strings.Cut(err.Error(), " flag: ")
		return badInputf("--%s %q: %s", name, value, detail)
	}
	return badInputf("--%s %q: want %s", name, value, want)
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
	root.AddCommand(newServeCommand(), newPlayCommand(), new2048Command(), newOthelloCommand())
	return root
}
