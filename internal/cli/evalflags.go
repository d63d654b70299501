package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"strings"

	"github.com/gridgames/gridgames/game2048/solver"
	"github.com/gridgames/gridgames/internal/weights"
	"github.com/spf13/pflag"
)

// evalFlags are the flags that choose how the 2048 solver scores boards.
type evalFlags struct {
	eval, network, weights string
	blend                  float64
	flags                  *pflag.FlagSet // to tell which were given
}

func (e *evalFlags) register(f *pflag.FlagSet) {
	e.flags = f
	f.StringVar(&e.eval, "eval", "blend", "what scores 4x4 boards: blend (6-tuple network + heuristic), network, heuristic or blend4 (the faster, weaker 4-tuple blend)")
	f.Float64Var(&e.blend, "blend", solver.DefaultBlend, "the heuristic's share in --eval blend")
	f.StringVar(&e.network, "network", "", `n-tuple network file (4- or 6-tuple) to use instead of the built-in one (from "gridgames 2048 train")`)
	f.StringVar(&e.weights, "weights", "", `heuristic weights as JSON, e.g. {"empty":300} (others keep their defaults)`)
}

// checkSize refuses the flags that only a 4x4 board uses (--eval other than
// heuristic, --network, --blend) on a rows x cols board: the solver scores every
// other board by the heuristic, and would ignore them.
func (e *evalFlags) checkSize(rows, cols int) error {
	if rows == 4 && cols == 4 {
		return nil
	}
	switch {
	case e.flags.Changed("eval") && e.eval != "heuristic":
		return badInputf("--eval %s: the networks are for 4x4 boards only, and this board is %dx%d (every other size is scored by the heuristic: leave --eval out)", e.eval, rows, cols)
	case e.flags.Changed("network"):
		return badInputf("--network %s: a network is for 4x4 boards only, and this board is %dx%d (every other size is scored by the heuristic)", e.network, rows, cols)
	case e.flags.Changed("blend"):
		return badInputf("--blend %v: the blend is for 4x4 boards only, and this board is %dx%d (every other size is scored by the heuristic)", e.blend, rows, cols)
	}
	return nil
}

// apply sets the evaluation options for a rows x cols board (0 x 0: not known
// yet; call checkSize when it is), or says which flag is wrong (see checkSize); a
// --network file is read with ctx, so Ctrl+C stops it.
func (e *evalFlags) apply(ctx context.Context, opts *solver.Options, rows, cols int) error {
	if rows != 0 || cols != 0 {
		if err := e.checkSize(rows, cols); err != nil {
			return err
		}
	}
	switch e.eval {
	case "blend":
		opts.Eval = solver.EvalBlend
	case "network":
		opts.Eval = solver.EvalNetwork
	case "heuristic":
		opts.Eval = solver.EvalHeuristic
	case "blend4":
		opts.Eval = solver.EvalBlend4
	default:
		return badInputf("--eval %q: want blend, network, heuristic or blend4", e.eval)
	}
	if !(e.blend > 0 && e.blend < 100) {
		return badInputf("--blend %v: want a share above 0 and below 100", e.blend)
	}
	opts.Blend = e.blend
	if e.network != "" {
		f, err := openInput("--network", e.network)
		if err != nil {
			return err
		}
		data, err := io.ReadAll(weights.CtxReader{Ctx: ctx, R: f})
		f.Close()
		if err := ctx.Err(); err != nil {
			return err
		}
		if err != nil {
			return badInputf("--network %s: %v", e.network, err)
		}
		if solver.IsNetwork6File(data) {
			n, err := solver.ReadNetwork6(weights.CtxReader{Ctx: ctx, R: bytes.NewReader(data)})
			if ctx.Err() != nil {
				return ctx.Err()
			}
			if err != nil {
				return badInputf("--network %s: %v", e.network, err)
			}
			opts.Network6 = n
		} else {
			n, err := solver.ReadNetwork(bytes.NewReader(data))
			if err != nil {
				return badInputf("--network %s: %v", e.network, err)
			}
			opts.Network = n
		}
	}
	if e.weights != "" {
		w := solver.DefaultWeights()
		dec := json.NewDecoder(strings.NewReader(e.weights))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&w); err != nil {
			return badInputf("--weights: %v", err)
		}
		opts.Weights = &w
	}
	return nil
}
