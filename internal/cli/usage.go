package cli

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// usageError is a command line the commands refuse before any work starts: an
// unknown flag or command, a flag without its value or with a value it cannot
// take, flags that are required or exclude each other, a flag whose value a
// command's own check refuses. It exits with status 2, as inputError does; it
// differs in saying which flags are at fault.
type usageError struct {
	flags []string // the flags at fault, without dashes; none for a stray word
	msg   string   // the one line the user reads
}

func (e *usageError) Error() string { return e.msg }

// flagErrorf is a usage error about the flag name (without dashes).
func flagErrorf(name, format string, args ...any) error {
	return &usageError{flags: []string{name}, msg: fmt.Sprintf(format, args...)}
}

// flagError is the root's FlagErrorFunc: it turns pflag's typed parse errors into
// usage errors whose line names the flag and, for a value it cannot read, what the
// flag wants.
func flagError(_ *cobra.Command, err error) error {
	var (
		unknown *pflag.NotExistError
		noValue *pflag.ValueRequiredError
		invalid *pflag.InvalidValueError
	)
	switch {
	case errors.As(err, &unknown):
		name := unknown.GetSpecifiedName()
		if unknown.GetSpecifiedShortnames() != "" {
			return flagErrorf(name, "unknown flag -%s (see --help)", name)
		}
		return flagErrorf(name, "unknown flag --%s (see --help)", name)
	case errors.As(err, &noValue):
		name := noValue.GetSpecifiedName()
		if f := noValue.GetFlag(); f != nil {
			name = f.Name
		}
		return flagErrorf(name, "--%s needs a value", name)
	case errors.As(err, &invalid):
		return invalidValue(invalid)
	}
	// pflag.InvalidSyntaxError ("bad flag syntax: ---x") and whatever a later pflag
	// adds: their lines are plain already, and they are still the command line's fault.
	return &usageError{msg: err.Error()}
}

// invalidValue says which flag could not take the value and what it wants.
func invalidValue(e *pflag.InvalidValueError) error {
	f, value := e.GetFlag(), e.GetValue()
	want := ""
	switch f.Value.Type() {
	case "int", "int64", "int32":
		want = "a whole number"
	case "uint", "uint32":
		want = "a whole number from 0 up"
	case "uint64":
		want = "a whole number from 0 to 18446744073709551615"
	case "float64", "float32":
		want = "a number"
	case "duration":
		want = "a duration such as 500ms, 5s or 2m"
	case "bool":
		want = "true or false"
	default:
		// Values of our own say what they want in the error their Set returns.
		return flagErrorf(f.Name, "--%s %q: %v", f.Name, value, e.Unwrap())
	}
	return flagErrorf(f.Name, "--%s %q: want %s", f.Name, value, want)
}

// noArgs is the Args check of every command: none takes positional arguments
// unless it says so, and a stray word is most likely a misspelt subcommand.
func noArgs(cmd *cobra.Command, args []string) error {
	if len(args) > 0 {
		return &usageError{msg: fmt.Sprintf("unknown command %q for %q", args[0], cmd.CommandPath())}
	}
	return nil
}

// typedArgs makes every Args check in the tree below cmd return a usage error:
// our own checks do already, cobra's (cobra.NoArgs, those of its completion
// command) return plain errors whose text is kept as it is. This leaves no
// fallback on cobra's text: the one check cobra makes without a hook (an unknown
// word after the root, in Command.Find) runs only for a root without an Args
// check, and ours has one (TestGroupsCheckArgs keeps it so).
func typedArgs(cmd *cobra.Command) {
	if check := cmd.Args; check != nil {
		cmd.Args = func(cmd *cobra.Command, args []string) error {
			err := check(cmd, args)
			var ue *usageError
			if err == nil || errors.As(err, &ue) {
				return err
			}
			return &usageError{msg: err.Error()}
		}
	}
	for _, sub := range cmd.Commands() {
		typedArgs(sub)
	}
}

// exclusiveAnnotation marks, on each flag of a group, the groups (names joined by
// spaces) of flags that cannot be used together.
const exclusiveAnnotation = "gridgames_exclusive"

// exclusiveFlags declares that the named flags of cmd cannot be used together:
// checkFlagRules refuses them with a usage error before cobra would, and cobra's
// own mark keeps shell completion from offering the others.
func exclusiveFlags(cmd *cobra.Command, names ...string) {
	cmd.MarkFlagsMutuallyExclusive(names...)
	group := strings.Join(names, " ")
	for _, n := range names {
		f := cmd.Flags().Lookup(n)
		_ = cmd.Flags().SetAnnotation(n, exclusiveAnnotation, append(f.Annotations[exclusiveAnnotation], group))
	}
}

// checkFlagRules is the root's PersistentPreRunE: it refuses a command line that
// misses a required flag (cmd.MarkFlagRequired) or sets two flags of a group that
// exclude each other (exclusiveFlags). It runs before cobra's own checks of both,
// so theirs never fire.
func checkFlagRules(cmd *cobra.Command, _ []string) error {
	var missing, groups []string
	cmd.Flags().VisitAll(func(f *pflag.Flag) {
		if req := f.Annotations[cobra.BashCompOneRequiredFlag]; len(req) > 0 && req[0] == "true" && !f.Changed {
			missing = append(missing, f.Name)
		}
		groups = append(groups, f.Annotations[exclusiveAnnotation]...)
	})
	switch len(missing) {
	case 0:
	case 1:
		return flagErrorf(missing[0], "--%s is required", missing[0])
	default:
		return &usageError{flags: missing, msg: joinFlags(missing) + " are required"}
	}
	slices.Sort(groups)
	for _, g := range slices.Compact(groups) {
		var set []string
		for _, n := range strings.Fields(g) {
			if cmd.Flags().Changed(n) {
				set = append(set, n)
			}
		}
		if len(set) > 1 {
			slices.Sort(set)
			return &usageError{flags: set, msg: joinFlags(set) + " cannot be used together: choose one"}
		}
	}
	return nil
}

// joinFlags writes flag names as "--a and --b" or "--a, --b and --c".
func joinFlags(names []string) string {
	dashed := make([]string, len(names))
	for i, n := range names {
		dashed[i] = "--" + n
	}
	if len(dashed) == 1 {
		return dashed[0]
	}
	return strings.Join(dashed[:len(dashed)-1], ", ") + " and " + dashed[len(dashed)-1]
}
