package solver

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/gridgames/gridgames/game2048"
)

// sparseWeights6 returns random whole-point weights on every pattern the boards
// read (and 0 elsewhere: filling all 2^26 weights would take a while), so that a
// network's rounded tables hold exactly them.
func sparseWeights6(seed uint64, boards []game2048.Bitboard) [][]float32 {
	rng := rand.New(rand.NewPCG(seed, 6))
	w := make([][]float32, Groups6)
	for g := range w {
		w[g] = make([]float32, Patterns6)
	}
	for _, b := range boards {
		for i := range images6 {
			im := &images6[i]
			w[im.tuple][im.index(uint64(b))] = float32(rng.IntN(2001) - 1000)
		}
	}
	return w
}

// sparseNetwork6 returns the network of sparseWeights6.
func sparseNetwork6(t *testing.T, seed uint64, boards []game2048.Bitboard) *Network6 {
	t.Helper()
	n, err := NewNetwork6(sparseWeights6(seed, boards), nil)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func randomBitboards(seed uint64, count int) []game2048.Bitboard {
	rng := rand.New(rand.NewPCG(seed, 7))
	out := make([]game2048.Bitboard, count)
	for i := range out {
		out[i] = randomBitboard(rng)
	}
	return out
}

func TestNetwork6TablesEqualValue(t *testing.T) {
	t.Parallel()
	boards := randomBitboards(1, 3000)
	n := sparseNetwork6(t, 2, boards)
	tabs := n.tables()
	for _, b := range boards {
		want := n.Value(b)
		if got := float64(tabs.valueT(b, b.Transpose())); got != want {
			t.Fatalf("board %x: tables say %v, the 32 lookups %v", uint64(b), got, want)
		}
	}
}

func TestNetwork6ValueIsSymmetric(t *testing.T) {
	t.Parallel()
	boards := randomBitboards(3, 500)
	var all []game2048.Bitboard
	for _, b := range boards {
		for s := range 8 {
			all = append(all, symmetric(b, s))
		}
	}
	n := sparseNetwork6(t, 4, all)
	for _, b := range boards {
		want := n.Value(b)
		for s := range 8 {
			if got := n.Value(symmetric(b, s)); got != want {
				t.Fatalf("board %x, symmetry %d: %v, want %v", uint64(b), s, got, want)
			}
		}
	}
}

func TestMirrorsMatchSymmetries(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(5, 5))
	for range 1000 {
		b := randomBitboard(rng)
		x := uint64(b)
		for _, tc := range []struct {
			name string
			got  uint64
			s    int
		}{
			{"mirrorRows", mirrorRows(x), 1},
			{"flipRows", flipRows(x), 2},
		} {
			if want := uint64(symmetric(b, tc.s)); tc.got != want {
				t.Fatalf("%s(%x) = %x, want %x", tc.name, x, tc.got, want)
			}
		}
	}
}

func TestEvalKinds6(t *testing.T) {
	t.Parallel()
	boards := randomBitboards(6, 1000)
	n := sparseNetwork6(t, 7, boards)
	h := newEvaluator(DefaultWeights())
	tests := []struct {
		kind Eval
		want func(b game2048.Bitboard) float64
	}{
		{EvalNetwork, n.Value},
		{EvalBlend, func(b game2048.Bitboard) float64 { return n.Value(b) + 0.25*float64(h.bitboard(b)) }},
	}
	for _, tc := range tests {
		t.Run(tc.kind.String(), func(t *testing.T) {
			e := New(Options{Eval: tc.kind, Network6: n, Blend: 0.25}).evaluator()
			for _, b := range boards {
				want, got := tc.want(b), float64(e.bitboard(b))
				if math.Abs(got-want) > 1e-4*math.Max(1, math.Abs(want)) {
					t.Fatalf("board %x: %v, want %v", uint64(b), got, want)
				}
			}
		})
	}
}

func TestNetwork6FileRoundTrip(t *testing.T) {
	t.Parallel()
	boards := randomBitboards(8, 2000)
	w := sparseWeights6(9, boards)
	w[0][0] = 0.4           // rounds to 0: not stored
	w[1][Patterns6-1] = 7.6 // the last pattern, rounded to 8
	w[3][5] = -1e9          // clamped
	n, err := NewNetwork6(w, nil)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if _, err := n.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	m, err := ReadNetwork6(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	for g := range w {
		for i, v := range w[g] {
			if want := round6(v); m.t.at(g, uint32(i)) != want {
				t.Fatalf("group %d weight %d: %v after the round trip, want %v", g, i, m.t.at(g, uint32(i)), want)
			}
		}
	}
	// Written again, it is the same file.
	var again bytes.Buffer
	if _, err := m.WriteTo(&again); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(again.Bytes(), buf.Bytes()) {
		t.Fatal("a network written again differs from the file it was read from")
	}
	// Its weights, copied out for training, are the rounded ones as float32,
	// and writing to the copy leaves its table (which solvers share) as it was.
	got, late := m.Weights()
	if late != nil {
		t.Fatal("a network of one stage gives late weights")
	}
	for g := range w {
		for i, v := range w[g] {
			if want := float32(round6(v)); got[g][i] != want {
				t.Fatalf("group %d weight %d: %v copied out, want %v", g, i, got[g][i], want)
			}
		}
	}
	before := m.t.at(2, 0)
	got[2][0] += 1000
	if m.t.at(2, 0) != before {
		t.Fatal("writing to the copied weights wrote to the network's table")
	}
	if !IsNetwork6File(buf.Bytes()) {
		t.Fatal("IsNetwork6File does not know a 6-tuple network file")
	}
	var small bytes.Buffer
	randomNetwork(1).WriteTo(&small)
	if IsNetwork6File(small.Bytes()) {
		t.Fatal("IsNetwork6File takes a 4-tuple network file for a 6-tuple one")
	}
}

// network6Bytes builds a 6-tuple file body (before gzip) from the groups' entries,
// each a (gap, weight) pair.
func network6Bytes(groups ...[][2]int64) []byte {
	out := []byte(network6Magic)
	for _, g := range groups {
		out = binary.AppendUvarint(out, uint64(len(g)))
		for _, e := range g {
			out = binary.AppendUvarint(out, uint64(e[0]))
			out = binary.AppendVarint(out, e[1])
		}
	}
	return out
}

func TestReadNetwork6Refuses(t *testing.T) {
	t.Parallel()
	gz := func(data []byte) []byte {
		var buf bytes.Buffer
		zw := gzip.NewWriter(&buf)
		zw.Write(data)
		zw.Close()
		return buf.Bytes()
	}
	none := [][2]int64{}
	var small bytes.Buffer
	new(Network).WriteTo(&small)
	tests := []struct {
		name string
		data []byte
	}{
		{"not gzip", []byte("hello")},
		{"a 4-tuple network", small.Bytes()},
		{"truncated in the counts", gz(network6Bytes(none, none))},
		{"truncated in a group", gz(network6Bytes([][2]int64{{0, 5}})[:len(network6Magic)+2])},
		{"past the last pattern", gz(network6Bytes(none, [][2]int64{{tuple6Size, 1}}, none, none))},
		{"a stored zero", gz(network6Bytes([][2]int64{{3, 0}}, none, none, none))},
		{"too large", gz(network6Bytes([][2]int64{{3, 40000}}, none, none, none))},
		{"trailing data", gz(append(network6Bytes(none, none, none, none), 1))},
		{"bad checksum", func() []byte {
			b := gz(network6Bytes(none, none, none, none))
			b[len(b)-8] ^= 1
			return b
		}()},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := ReadNetwork6(bytes.NewReader(tc.data)); err == nil {
				t.Fatal("no error")
			}
		})
	}
	// And the smallest good file: every weight 0 but one.
	n, err := ReadNetwork6(bytes.NewReader(gz(network6Bytes(none, [][2]int64{{9, -3}}, none, none))))
	if err != nil {
		t.Fatal(err)
	}
	if v := n.t.at(1, 9); v != -3 {
		t.Fatalf("weight 9 of group 1 is %v, want -3", v)
	}
}

func FuzzReadNetwork6(f *testing.F) {
	f.Add([]byte("hello"))
	f.Add(network6Bytes([][2]int64{{1, 2}}, nil, nil, nil))
	f.Fuzz(func(t *testing.T, body []byte) {
		// The body goes in gzip-compressed, so the fuzzer explores the format rather
		// than the compression.
		var buf bytes.Buffer
		zw := gzip.NewWriter(&buf)
		zw.Write(body)
		zw.Close()
		n, err := ReadNetwork6(&buf)
		if err == nil && n == nil {
			t.Fatal("nil network without an error")
		}
	})
}

func TestDefaultNetwork6Plays(t *testing.T) {
	t.Parallel()
	tabs := defaultTable6()
	// A board one move from losing is worth much less than an open one.
	open, _ := game2048.ParseBoard("0,0,0,0/0,0,0,0/0,0,2,0/0,2,4,8")
	crowded, _ := game2048.ParseBoard("2,4,8,16/4,8,16,32/8,16,32,64/16,32,64,0")
	ob, _ := game2048.FromBoard(open)
	cb, _ := game2048.FromBoard(crowded)
	if o, c := tabs.valueT(ob, ob.Transpose()), tabs.valueT(cb, cb.Transpose()); o <= c {
		t.Fatalf("open board %v <= crowded board %v", o, c)
	}
	if New(Options{}).evaluator().big != tabs {
		t.Fatal("the default solver does not share the default network")
	}
}
