package cli

import (
	"bytes"
	"encoding/json"
	"io"
	"strings"

	"github.com/gridgames/gridgames/game2048/solver"
	"github.com/spf13/pflag"
)

// evalFlags are the flags that choose how the 2048 solver scores boards.
type evalFlags struct {
	eval, network, weights string
	blend                  float64
}

func (e *evalFlags) register(f *pflag.FlagSet) {
	f.StringVar(&e.eval, "eval", "blend", "what scores 4x4 boards: blend (6-tuple network + heuristic), network, heuristic or blend4 (the faster, weaker 4-tuple blend)")
	f.Float64Var(&e.blend, "blend", solver.DefaultBlend, "the heuristic's share in --eval blend")
	f.StringVar(&e.network, "network", "", `n-tuple network file (4- or 6-tuple) to use instead of the built-in one (from "gridgames 2048 train")`)
	f.StringVar(&e.weights, "weights", "", `heuristic weights as JSON, e.g. {"empty":300} (others keep their defaults)`)
}

// apply sets the evaluation options, or says which flag is wrong.
func (e *evalFlags) apply(opts *solver.Options) error {
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
		data, err := io.ReadAll(f)
		f.Close()
		if err != nil {
			return badInputf("--network %s: %v", e.network, err)
		}
		if solver.IsNetwork6File(data) {
			n, err := solver.ReadNetwork6(bytes.NewReader(data))
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
