package cli

import (
	"context"
	"time"

	"github.com/gridgames/gridgames/game2048/solver"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// solverFlags are the flags that build the 2048 solver of a command that plays
// many games: --depth, --time, --cutoff, --workers and the evaluation flags
// (--eval, --network, --blend, --weights). "2048 autoplay" and "2048 playon"
// share them.
type solverFlags struct {
	depth, workers int
	perMove        time.Duration
	nodes          uint64
	cutoff         float64
	ev             evalFlags
	flags          *pflag.FlagSet // to tell whether --time was given
}

// register adds the flags to cmd; --depth, --time and --nodes exclude each other.
func (s *solverFlags) register(cmd *cobra.Command) {
	f := cmd.Flags()
	s.flags = f
	f.IntVar(&s.depth, "depth", 0, "fixed search depth in random-tile layers (0: adaptive)")
	f.DurationVar(&s.perMove, "time", 0, "time budget per move, e.g. 50ms (deepens until it runs out)")
	f.Uint64Var(&s.nodes, "nodes", 0, "budget of moves searched per move, e.g. 2500000 (deepens while the next layer fits; a seeded game replays move for move)")
	f.IntVar(&s.workers, "workers", 0, "CPUs to use (0: all)")
	s.ev.register(f)
	f.Float64Var(&s.cutoff, "cutoff", 0, "branch probability below which the search stops (0: the solver's default, 0.0001)")
	exclusiveFlags(cmd, "depth", "time", "nodes")
}

// validate refuses values out of range with a usage error naming the flag, before
// any file is read. (The evaluation flags are checked by options.)
func (s *solverFlags) validate() error {
	if s.depth < 0 || s.depth > 12 {
		return flagErrorf("depth", "--depth %d: want 0 (adaptive) to 12", s.depth)
	}
	if s.flags != nil && s.flags.Changed("time") && s.perMove <= 0 {
		return flagErrorf("time", "--time %v: want a positive duration such as 50ms", s.perMove)
	}
	if s.flags != nil && s.flags.Changed("nodes") && s.nodes == 0 {
		return flagErrorf("nodes", "--nodes 0: want a positive budget such as 2500000")
	}
	if err := checkWorkers(s.workers); err != nil {
		return err
	}
	if !(s.cutoff >= 0 && s.cutoff < 1) { // NaN too
		return flagErrorf("cutoff", "--cutoff %v: want a probability from 0 (the default) to below 1", s.cutoff)
	}
	return nil
}

// options are the solver's options for a rows x cols board (0 x 0: not known
// yet), a --network file read with ctx; an evaluation flag that does not fit is
// bad input naming it (see evalFlags.apply). Workers is left for the caller.
func (s *solverFlags) options(ctx context.Context, rows, cols int) (solver.Options, error) {
	opts := solver.Options{Depth: s.depth, Time: s.perMove, Nodes: s.nodes, Cutoff: s.cutoff}
	if err := s.ev.apply(ctx, &opts, rows, cols); err != nil {
		return solver.Options{}, err
	}
	return opts, nil
}

// workerCount is --workers, or the CPUs Go may use when it is 0.
func (s *solverFlags) workerCount() int {
	if s.workers == 0 {
		return defaultWorkers()
	}
	return s.workers
}
