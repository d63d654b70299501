package exact

import (
	"bytes"
	"context"
	"errors"
	"path/filepath"
	"slices"
	"testing"

	"github.com/gridgames/gridgames/game2048"
)

func encoded(t testing.TB, tb *Table) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := tb.Write(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestFileRoundTrip writes tables and reads them back: same summary, same values.
func TestFileRoundTrip(t *testing.T) {
	for _, c := range []Config{
		{Rows: 2, Cols: 3, FourChance: 0.1},
		{Rows: 3, Cols: 2, FourChance: 0.1, Goal: 64},
		{Rows: 2, Cols: 2, FourChance: 0},
	} {
		t.Run(name(c.Rows, c.Cols, c.FourChance, c.Goal), func(t *testing.T) {
			tb := solveT(t, c)
			path := filepath.Join(t.TempDir(), "t.bin")
			if err := tb.WriteFile(path); err != nil {
				t.Fatal(err)
			}
			got, err := ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if got.Rows() != tb.Rows() || got.Cols() != tb.Cols() || got.Goal() != tb.Goal() || got.FourChance() != tb.FourChance() {
				t.Fatalf("read %dx%d goal %d four %v", got.Rows(), got.Cols(), got.Goal(), got.FourChance())
			}
			gs, ws := got.Summary(), tb.Summary()
			if gs.Value != ws.Value || gs.ValueTwoTwos != ws.ValueTwoTwos || gs.Positions != ws.Positions || len(gs.FinalMax) != len(ws.FinalMax) {
				t.Fatalf("summary %+v, wrote %+v", gs, ws)
			}
			for h := range tb.layers {
				if !slices.Equal(got.layers[h].keys, tb.layers[h].keys) || !slices.Equal(got.layers[h].vals, tb.layers[h].vals) {
					t.Fatalf("layer %d differs", h)
				}
			}
			if !bytes.Equal(encoded(t, got), encoded(t, tb)) {
				t.Fatal("a read table writes different bytes")
			}
		})
	}
}

// TestFileDamage flips, cuts and extends a good file: each is refused with ErrFile.
func TestFileDamage(t *testing.T) {
	good := encoded(t, solveT(t, Config{Rows: 2, Cols: 2, FourChance: 0.1}))
	flip := func(i int) []byte { b := bytes.Clone(good); b[i] ^= 0x10; return b }
	cases := map[string][]byte{
		"empty":        nil,
		"magic":        flip(0),
		"version":      flip(8),
		"size":         flip(10),
		"a value":      flip(len(good) - 12),
		"the checksum": flip(len(good) - 1),
		"cut":          good[:len(good)-5],
		"extended":     append(bytes.Clone(good), 0),
	}
	for what, data := range cases {
		t.Run(what, func(t *testing.T) {
			if _, err := Read(bytes.NewReader(data), int64(len(data))); !errors.Is(err, ErrFile) {
				t.Fatalf("Read: %v, want ErrFile", err)
			}
		})
	}
}

// FuzzRead feeds the loader arbitrary bytes: it must fail cleanly or return a
// table that answers without panicking.
func FuzzRead(f *testing.F) {
	for _, c := range []Config{{Rows: 2, Cols: 2, FourChance: 0.1}, {Rows: 2, Cols: 2, FourChance: 0.1, Goal: 16}} {
		tb, err := Solve(context.Background(), c)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(encoded(f, tb))
	}
	f.Add([]byte(fileMagic))
	f.Fuzz(func(t *testing.T, data []byte) {
		tb, err := Read(bytes.NewReader(data), int64(len(data)))
		if err != nil {
			if !errors.Is(err, ErrFile) {
				t.Fatalf("error %v does not wrap ErrFile", err)
			}
			return
		}
		b, _ := game2048.NewBoard(tb.Rows(), tb.Cols())
		b.Set(0, 0, 1)
		b.Set(0, 1, 1)
		_, _ = tb.Value(b)
		_, _ = tb.Moves(b)
		_ = tb.Summary().TileChances()
	})
}
