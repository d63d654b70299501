package engine

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/gridgames/gridgames/othello"
)

// mirrorBits maps every square of b by one of the 8 symmetries.
func mirrorBits(b uint64, sym int) uint64 {
	var out uint64
	for ; b != 0; b &= b - 1 {
		sq := lowest(b)
		c, r := symmetric(sq%8, sq/8, sym)
		out |= 1 << uint(r*8+c)
	}
	return out
}

// randomPatterns returns weights with every entry random, twins tied.
func randomPatterns(seed uint64) *Patterns {
	rnd := newRand(seed)
	w := newPatterns()
	for i := range w.w {
		w.w[i] = float32(rnd.NormFloat64())
	}
	w.Symmetrize()
	return w
}

func TestPatternLayout(t *testing.T) {
	t.Parallel()
	// 4 edges, 4 corner blocks, 8 corner rectangles, 4 each of rows 2-4, 2 long
	// diagonals, 4 of each shorter one: 46 instances, as in Logistello and Edax.
	if got := len(layout.instances); got != 46 {
		t.Fatalf("%d instances, want 46", got)
	}
	for _, in := range layout.instances {
		seen := map[int8]bool{}
		for _, sq := range in.squares {
			if sq < 0 || sq > 63 || seen[sq] {
				t.Fatalf("instance at %d reads square %d twice or off the board", in.offset, sq)
			}
			seen[sq] = true
		}
	}
}

func TestPatternsValueMirrorImagesAlike(t *testing.T) {
	t.Parallel()
	w := randomPatterns(3)
	rnd := newRand(4)
	for i := range 300 {
		pos := randomPosition(rnd, 8, 10+rnd.IntN(45))
		p, o := pos.Player(), pos.Opponent()
		want := w.value(p, o)
		for sym := 1; sym < 8; sym++ {
			got := w.value(mirrorBits(p, sym), mirrorBits(o, sym))
			if math.Abs(float64(got-want)) > 1e-3 {
				t.Fatalf("position %d (%s), symmetry %d: %v, unmirrored %v", i, pos, sym, got, want)
			}
		}
	}
}

func TestPatternFileRoundTrip(t *testing.T) {
	t.Parallel()
	w := randomPatterns(5)
	var buf bytes.Buffer
	if _, err := w.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	r, err := ReadPatterns(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	for i := range w.w {
		if w.w[i] != r.w[i] {
			t.Fatalf("weight %d: %v read back as %v", i, w.w[i], r.w[i])
		}
	}
}

// patternFile builds a pattern file from its parts, for the refusal tests.
func patternFile(magic string, n uint32, weights []float32, extra []byte) []byte {
	var buf bytes.Buffer
	z := gzip.NewWriter(&buf)
	b := bufio.NewWriter(z)
	b.WriteString(magic)
	binary.Write(b, binary.LittleEndian, n)
	binary.Write(b, binary.LittleEndian, weights)
	b.Write(extra)
	b.Flush()
	z.Close()
	return buf.Bytes()
}

func TestReadPatternsRefusesBadFiles(t *testing.T) {
	t.Parallel()
	n := uint32(layout.size)
	full := make([]float32, n)
	nan := make([]float32, n)
	nan[7] = float32(math.NaN())
	tests := []struct {
		name, want string
		data       []byte
	}{
		{"not gzip", "not gzip", []byte("hello")},
		{"other magic", "not a gridgames Othello pattern file", patternFile("gridgames-2048-ntuple-v1\n", n, full, nil)},
		{"other layout", "has 12 weights", patternFile(patternMagic, 12, full[:12], nil)},
		{"cut off", "cut off after 100", patternFile(patternMagic, n, full[:100], nil)},
		{"not a number", "weight 7 is NaN", patternFile(patternMagic, n, nan, nil)},
		{"trailing data", "data after its weights", patternFile(patternMagic, n, full, []byte{1})},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ReadPatterns(bytes.NewReader(tc.data))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want one saying %q", err, tc.want)
			}
		})
	}
}

func FuzzReadPatterns(f *testing.F) {
	f.Add([]byte("x"))
	f.Add(patternFile(patternMagic, 3, []float32{1, 2, 3}, nil))
	f.Add(patternFile(patternMagic, uint32(layout.size), make([]float32, 10), nil))
	f.Fuzz(func(t *testing.T, data []byte) {
		w, err := ReadPatterns(bytes.NewReader(data))
		if err == nil && len(w.w) != layout.size {
			t.Fatalf("read %d weights without an error", len(w.w))
		}
	})
}

// TestDefaultPatternsKnowFFO checks the built-in weights on the first FFO positions,
// which come from expert games and were never trained on: their guesses at the
// best score must beat a guess of 0 clearly, and ordering each position's moves by
// the patterns' value of the position after the move must put the moves the file
// scores best well ahead of where a random order would.
func TestDefaultPatternsKnowFFO(t *testing.T) {
	t.Parallel()
	f, err := os.Open("../../data/fforum-1-19.obf")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	w := DefaultPatterns()
	var sum, zero, rank, randomRank float64
	n := 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		obf, err := othello.ParseOBF(sc.Text())
		if err != nil || len(obf.Scores) == 0 {
			continue
		}
		best := obf.Scores[0].Score
		d := w.Value(obf.Position) - float64(best)
		sum += d * d
		zero += float64(best * best)
		// The rank of the best move among the scored ones, by the patterns.
		bestValue := -w.Value(obf.Position.Play(obf.Scores[0].Move))
		r := 0
		for _, ms := range obf.Scores[1:] {
			if -w.Value(obf.Position.Play(ms.Move)) > bestValue {
				r++
			}
		}
		rank += float64(r)
		randomRank += float64(len(obf.Scores)-1) / 2
		n++
	}
	rmse, zrmse := math.Sqrt(sum/float64(n)), math.Sqrt(zero/float64(n))
	t.Logf("%d FFO positions: error %.1f discs (guessing 0: %.1f); best move ranked %.2f on average (random order: %.2f)",
		n, rmse, zrmse, rank/float64(n), randomRank/float64(n))
	if rmse > zrmse*0.8 {
		t.Errorf("error %.1f discs on %d FFO positions; guessing 0 errs by %.1f", rmse, n, zrmse)
	}
	if rank > randomRank/2 {
		t.Errorf("the best move ranks %.2f on average; a random order ranks it %.2f", rank/float64(n), randomRank/float64(n))
	}
}
