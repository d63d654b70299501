package solver

import (
	"bytes"
	"compress/gzip"
	"testing"

	"github.com/gridgames/gridgames/game2048"
)

// stagedNetwork6 returns a network whose early and late weights differ, on every
// pattern the boards read.
func stagedNetwork6(t *testing.T, boards []game2048.Bitboard) *Network6 {
	t.Helper()
	n, err := NewNetwork6(sparseWeights6(21, boards), sparseWeights6(22, boards))
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// lateBoard agrees with the definition: some tile is 16384 or more.
func TestLateBoard(t *testing.T) {
	t.Parallel()
	for _, b := range randomBitboards(11, 20000) {
		if got, want := lateBoard(uint64(b)), b.MaxTile() >= lateTile; got != want {
			t.Fatalf("board %x (max tile %d): lateBoard %v, want %v", uint64(b), b.MaxTile(), got, want)
		}
	}
	for e := range game2048.Tile(16) {
		for cell := range 16 {
			b := uint64(e) << (4 * cell)
			if got, want := lateBoard(b), e >= lateTile; got != want {
				t.Fatalf("tile exponent %d in cell %d alone: lateBoard %v, want %v", e, cell, got, want)
			}
		}
	}
}

// A staged network scores each board by the stage it belongs to, and its tables
// (the search's) agree with its Value, early boards and late.
func TestNetwork6StagedTablesEqualValue(t *testing.T) {
	t.Parallel()
	boards := randomBitboards(12, 3000)
	n := stagedNetwork6(t, boards)
	early, late := sparseNetwork6(t, 21, boards), sparseNetwork6(t, 22, boards)
	tabs := n.tables()
	seen := map[bool]int{}
	for _, b := range boards {
		want := early.Value(b)
		if lateBoard(uint64(b)) {
			want = late.Value(b)
		}
		seen[lateBoard(uint64(b))]++
		if got := n.Value(b); got != want {
			t.Fatalf("board %x: Value %v, want its stage's %v", uint64(b), got, want)
		}
		if got := float64(tabs.stage(b).valueT(b, b.Transpose())); got != want {
			t.Fatalf("board %x: tables say %v, Value %v", uint64(b), got, want)
		}
	}
	if seen[true] == 0 || seen[false] == 0 {
		t.Fatalf("boards early %d, late %d: want both", seen[false], seen[true])
	}
}

// The search scores a late leaf by the late stage: the evaluator of a staged
// network gives the late table's value (and the heuristic's share) on late
// boards, the early table's on the others.
func TestEvaluatorUsesLateStage(t *testing.T) {
	t.Parallel()
	boards := randomBitboards(13, 500)
	n := stagedNetwork6(t, boards)
	for _, kind := range []Eval{EvalNetwork, EvalBlend} {
		e, err := newEvaluatorFor(t.Context(), kind, DefaultWeights(), nil, n, nil, DefaultBlend)
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range boards {
			want := float32(n.Value(b))
			if kind == EvalBlend {
				want += float32(DefaultBlend) * e.heuristicT(b, b.Transpose())
			}
			if got := e.bitboard(b); got != want {
				t.Fatalf("%v, board %x (late %v): %v, want %v", kind, uint64(b), lateBoard(uint64(b)), got, want)
			}
		}
	}
}

// A staged network file reads back stage by stage; a network with one stage is
// written in the first format, as before.
func TestNetwork6StagedFileRoundTrip(t *testing.T) {
	t.Parallel()
	boards := randomBitboards(15, 1000)
	for _, staged := range []bool{false, true} {
		var late [][]float32
		if staged {
			late = sparseWeights6(25, boards)
		}
		n, err := NewNetwork6(sparseWeights6(24, boards), late)
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if _, err := n.WriteTo(&buf); err != nil {
			t.Fatal(err)
		}
		if !IsNetwork6File(buf.Bytes()) {
			t.Fatalf("staged %v: IsNetwork6File says no", staged)
		}
		if got := string(gunzip(t, buf.Bytes())[:len(network6Magic)]); (got == network6StagedMagic) != staged {
			t.Fatalf("staged %v: the file opens with %q", staged, got)
		}
		m, err := ReadNetwork6(bytes.NewReader(buf.Bytes()))
		if err != nil {
			t.Fatalf("staged %v: %v", staged, err)
		}
		if m.Stages() != n.Stages() {
			t.Fatalf("staged %v: %d stages read back", staged, m.Stages())
		}
		for _, b := range boards {
			if m.Value(b) != n.Value(b) {
				t.Fatalf("staged %v: board %x: %v read back, %v written", staged, uint64(b), m.Value(b), n.Value(b))
			}
		}
	}
}

// gunzip returns what data unpacks to.
func gunzip(t *testing.T, data []byte) []byte {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if _, err := out.ReadFrom(zr); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}
