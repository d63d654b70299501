package solver

import (
	"context"
	_ "embed"
	"sync"

	"github.com/gridgames/gridgames/internal/weights"
)

// Eval names what scores the leaves of a search on a 4x4 board.
type Eval int

const (
	// EvalBlend, the default, adds the 6-tuple network's estimate of the points to
	// come (Network6) and Blend times the heuristic. The network knows which
	// patterns of tiles lead to long games; the heuristic keeps the board in the
	// shape strong players keep it.
	EvalBlend Eval = iota
	// EvalNetwork scores by the 6-tuple network alone.
	EvalNetwork
	// EvalHeuristic scores by the heuristic alone, as on every other board size.
	EvalHeuristic
	// EvalBlend4 is the blend with the small 4-tuple Network instead, the default
	// before Network6: about five times faster a leaf, so it searches a layer
	// deeper in the same time, but it reaches 16384 less often at the default
	// setting. Options.Network, if set, is a 4-tuple network, and EvalBlend and
	// EvalNetwork then use it too.
	EvalBlend4
)

// String returns the name the CLI uses: blend, network, heuristic or blend4.
func (e Eval) String() string {
	switch e {
	case EvalBlend:
		return "blend"
	case EvalNetwork:
		return "network"
	case EvalHeuristic:
		return "heuristic"
	case EvalBlend4:
		return "blend4"
	}
	return "unknown"
}

// DefaultBlend is the heuristic's share in EvalBlend.
const DefaultBlend = 0.05

//go:embed ntuple_default.bin.gz
var defaultNetworkFile []byte

// builtInNetworkSum is the SHA-256 of ntuple_default.bin.gz (see generate.go).
const builtInNetworkSum = "2d9a9cad568002278ca2231afc9dcc0e4331ae3d4df034a072b2e1c50ca1ec8d"

var defaultNetwork = weights.New("solver: the embedded network is broken", builtInNetworkSum,
	weights.Bytes(defaultNetworkFile), ReadNetwork)

// DefaultNetwork returns the built-in 4-tuple network (EvalBlend4's), trained by train.Train4: 125,000
// games at rate 0.1 (seed 1), then 100,000 at rate 0.02 (seed 2), as "gridgames 2048
// train --help" shows. It is read on the first call and shared: do not change it.
func DefaultNetwork() *Network { return defaultNetwork.Get() }

// Warm reads the built-in 6-tuple network now rather than in the first search
// that needs it (it takes about half a second to unpack): an app that will give
// 4x4 hints calls it in the background as it starts, so that its first hint is as
// quick as the others. Without Warm the network is read by the first 4x4 search
// that scores by it, and never by searches on other boards.
func Warm() { defaultTable6() }

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

// newEvaluatorFor returns the 4x4 evaluator for the options: the heuristic with
// weights w, and the tables kind asks for: n6 (nil: the built-in one of the loader
// builtin6, read with ctx; nil: builtinTable6) for blend and network unless a
// 4-tuple network n is given. It fails only when ctx ends before the built-in
// network is read.
func newEvaluatorFor(ctx context.Context, kind Eval, w Weights, n *Network, n6 *Network6, builtin6 *weights.File[*table6], share float64) (*evaluator, error) {
	if n == nil && (kind == EvalBlend || kind == EvalNetwork) {
		var big *table6
		if n6 != nil {
			big = n6.tables()
		} else {
			var err error
			if big, err = loadTable6(ctx, builtin6); err != nil {
				return nil, err
			}
		}
		e := newEvaluator(w)
		e.big = big
		if kind == EvalBlend {
			e.share = share
		}
		return e, nil
	}
	e := newEvaluator(w)
	switch kind {
	case EvalNetwork:
		if n == nil {
			n = DefaultNetwork()
		}
		e.net, e.share = n.tables(), 0
	case EvalBlend, EvalBlend4:
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
	return e, nil
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

// lift4 is lift for a 4x4 search scored by e.bitboard: the networks' values are
// points to come, 0 when lost, so they need no lift; the blend's heuristic share does.
func (e *evaluator) lift4(rootValue float64) float64 {
	switch {
	case e.net == nil && e.big == nil:
		return e.lift(rootValue, 8)
	case e.share > 0:
		return max(0, e.share*e.w.Base*4-rootValue)
	}
	return 0
}
