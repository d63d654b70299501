package game2048

import (
	"errors"
	"testing"
)

// FuzzParseBoard: whatever parses prints back to text that parses to the same board,
// and whatever fails says why with one of the package's sentinels.
func FuzzParseBoard(f *testing.F) {
	for _, s := range []string{"2,2,0,4/0,0,0,0", "2,0/0,2", " 4 , 8/16,0 ", "1,2/3,4", "", "/", "2,2,2", "65536,2/0,0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		b, err := ParseBoard(s)
		if err != nil {
			if !errors.Is(err, ErrSize) && !errors.Is(err, ErrRowLength) && !errors.Is(err, ErrTile) {
				t.Fatalf("ParseBoard(%q): error %v wraps no sentinel", s, err)
			}
			return
		}
		again, err := ParseBoard(b.String())
		if err != nil || !again.Equal(b) {
			t.Fatalf("round trip of %q via %q: %v", s, b.String(), err)
		}
	})
}

// FuzzMoveInvariants: on any board the fuzzer builds, every direction agrees with the
// naive reference, keeps the tile sum, and its animation rebuilds the result.
func FuzzMoveInvariants(f *testing.F) {
	f.Add(uint8(4), uint8(4), []byte{1, 1, 1, 1, 2, 1, 1, 0})
	f.Add(uint8(2), uint8(5), []byte{3, 3, 0, 3, 3, 62, 62, 0, 1})
	f.Add(uint8(16), uint8(3), []byte{15, 15, 16, 16, 0, 0, 17})
	f.Fuzz(func(t *testing.T, rows, cols uint8, cells []byte) {
		r, c := MinSize+int(rows)%(MaxSize-1), MinSize+int(cols)%(MaxSize-1)
		b, _ := NewBoard(r, c)
		for i, v := range cells {
			if i >= r*c {
				break
			}
			b.Set(i/c, i%c, Tile(v)%(MaxTile+1))
		}
		for _, d := range Directions {
			want, wantPoints := naiveMove(gridOf(b), d, MaxTile)
			got := b.Clone()
			points, moved := got.Move(d)
			if !equalGrid(gridOf(got), want) || points != wantPoints || moved != b.CanMove(d) {
				t.Fatalf("%s %v: got %s (%d), want %v (%d)", b, d, got, points, want, wantPoints)
			}
			if got.Sum() != b.Sum() {
				t.Fatalf("%s %v changed the tile sum", b, d)
			}
			checkAnimation(t, b, d)
		}
	})
}

// FuzzReplay: any record either replays or fails with a sentinel; one that replays
// gives back the same record (moves normalised) and replays to the same board.
func FuzzReplay(f *testing.F) {
	f.Add(`{"rules":{"rows":4,"cols":4,"fourChance":0.1,"winTile":2048,"startTiles":2},"seed":1,"moves":"LRUD"}`)
	f.Add(`{"rules":{"rows":2,"cols":3,"fourChance":0,"winTile":8,"startTiles":6},"seed":5,"moves":""}`)
	f.Add(`{"seed":1}`)
	f.Fuzz(func(t *testing.T, text string) {
		rec, err := ParseRecord([]byte(text))
		if err != nil {
			return
		}
		if len(rec.Moves) > 5000 {
			return
		}
		g, err := Replay(rec)
		if err != nil {
			for _, s := range []error{ErrSize, ErrRules, ErrDirection, ErrNoMove, ErrGameOver} {
				if errors.Is(err, s) {
					return
				}
			}
			t.Fatalf("Replay error %v wraps no sentinel", err)
		}
		h, err := Replay(g.Record())
		if err != nil || !h.Board().Equal(g.Board()) || h.Score() != g.Score() {
			t.Fatalf("replaying the normalised record failed: %v", err)
		}
	})
}
