package cli

import (
	"fmt"
	"strings"

	"github.com/gridgames/gridgames/othello/engine"
	"github.com/spf13/cobra"
)

// checkWorkers refuses a negative --workers.
func checkWorkers(workers int) error {
	if workers < 0 {
		return badInputf("--workers %d: want 0 (all CPUs) or more", workers)
	}
	return nil
}

// noteStdin tells a person at a terminal that the command waits for lines on stdin.
func noteStdin(cmd *cobra.Command, what string) {
	if isTerminal(cmd.InOrStdin()) && isTerminal(cmd.ErrOrStderr()) {
		fmt.Fprintf(cmd.ErrOrStderr(), "Reading %s from stdin; Ctrl+D ends.\n", what)
	}
}

// describeProgress is the status line of a search under way.
func describeProgress(p engine.Progress) string {
	var b strings.Builder
	if p.Total > 0 {
		fmt.Fprintf(&b, "%v (%d of %d): ", p.Analyzing, p.Done+1, p.Total)
	}
	if p.Depth > 0 {
		fmt.Fprintf(&b, "depth %d, best %v %+.1f", p.Depth, p.Move, p.Score)
	} else {
		b.WriteString("starting")
	}
	if p.Solving {
		if p.Lower == p.Upper {
			fmt.Fprintf(&b, "; exact %+d", p.Lower)
		} else {
			fmt.Fprintf(&b, "; solving %d empties, score in [%+d, %+d]", p.Empties, p.Lower, p.Upper)
		}
	}
	fmt.Fprintf(&b, "; %s nodes", groupDigits(p.Nodes))
	return b.String()
}

// groupDigits writes n with thousands separators.
func groupDigits(n uint64) string {
	s := fmt.Sprint(n)
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}
