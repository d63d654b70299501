package solver

import (
	"bytes"
	_ "embed"
	"sync"
)

// Eval names what scores the leaves of a search on a 4x4 board.
type Eval int

const (
	// EvalBlend, the default, adds the n-tuple network's estimate of the points to
	// come and Blend times the heuristic. The network knows which patterns of tiles
	// lead to long games; the heuristic keeps the board in the shape strong players
	// keep it. Together they play much better than either alone (at depth 3 on the
	// same 30 seeds: mean score 180,000, against about 120,000 for each alone).
	EvalBlend Eval = iota
	// EvalNetwork scores by the network alone.
	EvalNetwork
	// EvalHeuristic scores by the heuristic alone, as on every other board size.
	EvalHeuristic
)

// String returns the name the CLI uses: blend, network or heuristic.
func (e Eval) String() string {
	switch e {
	case EvalBlend:
		return "blend"
	case EvalNetwork:
		return "network"
	case EvalHeuristic:
		return "heuristic"
	}
	return "unknown"
}

// DefaultBlend is the heuristic's share in EvalBlend.
const DefaultBlend = 0.05

//go:embed ntuple_default.bin.gz
var defaultNetworkFile []byte

// DefaultNetwork returns the network the solver ships with, trained by Train: 125,000
// games at rate 0.1 (seed 1), then 100,000 at rate 0.02 (seed 2), as "gridgames 2048
// train --help" shows. It is shared: do not change it.
var DefaultNetwork = sync.OnceValue(func() *Network {
	n, err := ReadNetwork(bytes.NewReader(defaultNetworkFile))
	if err != nil {
		panic("solver: the embedded network is broken: " + err.Error())
	}
	return n
})

// defaultBlendTables are the tables of the default evaluation, built once and shared
// by every solver that uses it.
var defaultBlendTables = sync.OnceValue(func() *netTables {
	return blendTables(DefaultNetwork(), newEvaluator(DefaultWeights()), DefaultBlend)
})

// blendTables folds share times the heuristic's line scores into the network's row
// tables: every row and column is read from exactly one of them, so the tables'
// value becomes network + share*heuristic.
func blendTables(n *Network, h *evaluator, share float64) *netTables {
	t := *n.tables()
	for i := range t.outer {
		t.outer[i] += float32(share) * h.rows[i]
		t.inner[i] += float32(share) * h.rows[i]
	}
	return &t
}

// newEvaluatorFor returns the evaluator for the options: the heuristic with weights
// w, and on 4x4 boards the tables kind asks for.
func newEvaluatorFor(kind Eval, w Weights, n *Network, share float64) *evaluator {
	e := newEvaluator(w)
	switch kind {
	case EvalNetwork:
		if n == nil {
			n = DefaultNetwork()
		}
		e.net, e.share = n.tables(), 0
	case EvalBlend:
		e.share = share
		if n == nil && w == DefaultWeights() && share == DefaultBlend {
			e.net = defaultBlendTables()
		} else {
			if n == nil {
				n = DefaultNetwork()
			}
			e.net = blendTables(n, e, share)
		}
	}
	return e
}

// lift returns what the search adds to every leaf of a heuristic search from a root
// scored rootValue on a board with lines rows and columns. A lost position is worth 0
// and a live one at least 1, so live leaves must stay positive: on boards with
// ordinary tiles the heuristic is well above 0 and the lift is 0 (the published
// weights' own scale); with tiles past 32768 the sum and monotonicity penalties grow
// past the base, so the root is lifted to half the base again.
func (e *evaluator) lift(rootValue float64, lines int) float64 {
	return max(0, e.w.Base*float64(lines)/2-rootValue)
}

// lift4 is lift for a 4x4 search scored by e.bitboard: the network's values are
// points to come, 0 when lost, so they need no lift; the blend's heuristic share does.
func (e *evaluator) lift4(rootValue float64) float64 {
	switch {
	case e.net == nil:
		return e.lift(rootValue, 8)
	case e.share > 0:
		return max(0, e.share*e.w.Base*4-rootValue)
	}
	return 0
}
