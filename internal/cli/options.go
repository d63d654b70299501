package cli

import "github.com/spf13/cobra"

// commandOptions are a command's options, filled by its flags: validate
// refuses values out of range before any work, run does the work.
type commandOptions interface {
	validate() error
	run(cmd *cobra.Command) error
}

// runOptions is the RunE of a command without arguments whose flags fill o
// and nothing else: validate, then run.
func runOptions(o commandOptions) func(*cobra.Command, []string) error {
	return func(cmd *cobra.Command, _ []string) error {
		if err := o.validate(); err != nil {
			return err
		}
		return o.run(cmd)
	}
}
