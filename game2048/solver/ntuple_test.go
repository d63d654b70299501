package solver

import (
	"bytes"
	"compress/gzip"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/gridgames/gridgames/game2048"
)

// randomNetwork fills every weight at random.
func randomNetwork(seed uint64) *Network {
	rng := rand.New(rand.NewPCG(seed, 1))
	n := new(Network)
	for t := range n.W {
		for i := range n.W[t] {
			n.W[t][i] = float32(rng.NormFloat64() * 100)
		}
	}
	return n
}

// randomBitboard places random exponents (0 to 15) in every cell.
func randomBitboard(rng *rand.Rand) game2048.Bitboard {
	return game2048.Bitboard(rng.Uint64())
}

// symmetric maps b by the s-th symmetry, cell by cell (the reference for symmetry).
func symmetric(b game2048.Bitboard, s int) game2048.Bitboard {
	var out game2048.Bitboard
	for c := range 16 {
		d := symmetry(s, c)
		out |= game2048.Bitboard(uint64(b)>>(4*c)&0xf) << (4 * d)
	}
	return out
}

func TestNetworkTablesEqualValue(t *testing.T) {
	t.Parallel()
	n := randomNetwork(1)
	tabs := n.tables()
	rng := rand.New(rand.NewPCG(2, 2))
	for range 20000 {
		b := randomBitboard(rng)
		want := n.Value(b)
		got := float64(tabs.value(b))
		if math.Abs(got-want) > 1e-3*math.Max(1, math.Abs(want)) {
			t.Fatalf("board %x: tables say %v, the 40 lookups %v", uint64(b), got, want)
		}
	}
}

func TestNetworkValueIsSymmetric(t *testing.T) {
	t.Parallel()
	n := randomNetwork(3)
	rng := rand.New(rand.NewPCG(4, 4))
	for range 2000 {
		b := randomBitboard(rng)
		want := n.Value(b)
		for s := range 8 {
			if got := n.Value(symmetric(b, s)); math.Abs(got-want) > 1e-3*math.Max(1, math.Abs(want)) {
				t.Fatalf("board %x, symmetry %d: %v, want %v", uint64(b), s, got, want)
			}
		}
	}
}

func TestSymmetriesAreDistinct(t *testing.T) {
	t.Parallel()
	seen := map[[16]int]bool{}
	for s := range 8 {
		var m [16]int
		for c := range 16 {
			m[c] = symmetry(s, c)
		}
		if seen[m] {
			t.Fatalf("symmetry %d repeats another", s)
		}
		seen[m] = true
	}
}

func TestNetworkFileRoundTrip(t *testing.T) {
	t.Parallel()
	n := randomNetwork(5)
	var buf bytes.Buffer
	if _, err := n.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	m, err := ReadNetwork(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if m.W != n.W {
		t.Fatal("weights differ after a round trip")
	}
}

func TestReadNetworkRefuses(t *testing.T) {
	t.Parallel()
	gz := func(data []byte) []byte {
		var buf bytes.Buffer
		zw := gzip.NewWriter(&buf)
		zw.Write(data)
		zw.Close()
		return buf.Bytes()
	}
	var good bytes.Buffer
	new(Network).WriteTo(&good)
	tests := []struct {
		name string
		data []byte
	}{
		{"not gzip", []byte("hello")},
		{"bad header", gz([]byte("something else entirely, long enough\n"))},
		{"truncated", gz([]byte(networkMagic + "1234"))},
		{"trailing data", gz(append(append([]byte(networkMagic), make([]byte, 4*numTuples<<16)...), 1))},
		{"not a number", gz(append([]byte(networkMagic), 0, 0, 0xc0, 0x7f))},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := ReadNetwork(bytes.NewReader(tc.data)); err == nil {
				t.Fatal("no error")
			}
		})
	}
}

func FuzzReadNetwork(f *testing.F) {
	f.Add([]byte("hello"))
	var good bytes.Buffer
	new(Network).WriteTo(&good)
	f.Add(good.Bytes()[:100])
	f.Fuzz(func(t *testing.T, data []byte) {
		n, err := ReadNetwork(bytes.NewReader(data))
		if err == nil && n == nil {
			t.Fatal("nil network without an error")
		}
	})
}

func TestEvalKinds(t *testing.T) {
	t.Parallel()
	n := randomNetwork(7)
	h := newEvaluator(DefaultWeights())
	rng := rand.New(rand.NewPCG(8, 8))
	tests := []struct {
		kind Eval
		want func(b game2048.Bitboard) float64
	}{
		{EvalHeuristic, func(b game2048.Bitboard) float64 { return float64(h.bitboard(b)) }},
		{EvalNetwork, n.Value},
		{EvalBlend, func(b game2048.Bitboard) float64 { return n.Value(b) + 0.25*float64(h.bitboard(b)) }},
	}
	for _, tc := range tests {
		t.Run(tc.kind.String(), func(t *testing.T) {
			e := New(Options{Eval: tc.kind, Network: n, Blend: 0.25}).evaluator()
			for range 2000 {
				b := randomBitboard(rng)
				want, got := tc.want(b), float64(e.bitboard(b))
				if math.Abs(got-want) > 1e-4*math.Max(1, math.Abs(want)) {
					t.Fatalf("board %x: %v, want %v", uint64(b), got, want)
				}
			}
		})
	}
}

func TestDefaultNetworkLoads(t *testing.T) {
	t.Parallel()
	n := DefaultNetwork()
	// A board one move from losing is worth much less than an open one.
	open, _ := game2048.ParseBoard("0,0,0,0/0,0,0,0/0,0,2,0/0,2,4,8")
	crowded, _ := game2048.ParseBoard("2,4,8,16/4,8,16,32/8,16,32,64/16,32,64,0")
	ob, _ := game2048.FromBoard(open)
	cb, _ := game2048.FromBoard(crowded)
	if n.Value(ob) <= n.Value(cb) {
		t.Fatalf("open board %v <= crowded board %v", n.Value(ob), n.Value(cb))
	}
	if New(Options{Eval: EvalBlend4}).evaluator().net != defaultBlendTables() {
		t.Fatal("a blend4 solver does not share the default tables")
	}
}
