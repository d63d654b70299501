package engine

import (
	"bytes"
	"compress/gzip"
	"errors"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/gridgames/gridgames/othello"
)

// TestOpening4x4 builds the whole 4x4 table (every position of either colour as
// the Perfect player), writes and reads it back, and checks every entry against
// alphaBeta: the score exact, the move a best one.
func TestOpening4x4(t *testing.T) {
	t.Parallel()
	e := New(Options{Workers: 1, TableBits: 16})
	built, err := BuildOpening(t.Context(), e, 4, 12, nil)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if _, err := built.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	again, err := ReadOpening(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if again.Len() != built.Len() || again.Size() != 4 || built.Len() < 50 {
		t.Fatalf("read back %d entries of %dx%d, built %d", again.Len(), again.Size(), again.Size(), built.Len())
	}
	var buf2 bytes.Buffer
	if _, err := again.WriteTo(&buf2); err != nil || !bytes.Equal(buf.Bytes(), buf2.Bytes()) {
		t.Fatalf("the table read back writes other bytes (%v)", err)
	}
	for k, en := range again.entries {
		pos, err := othello.PositionOf(k[0], k[1], othello.Black, 4)
		if err != nil {
			t.Fatal(err)
		}
		// Each of its images looks up the same score and the image of the move.
		for sym := range 8 {
			// White to move, with the discs of the entry's side to move.
			img, _ := othello.PositionOf(boardImage(k[1], 4, sym), boardImage(k[0], 4, sym), othello.White, 4)
			score, move, ok := again.Lookup(img)
			if !ok || score != int(en.score) {
				t.Fatalf("%v (image %d of %v): lookup %+d %v, want %+d", img, sym, pos, score, ok, en.score)
			}
			if want := exactValue(img); score != want || -exactValue(img.Play(move)) != want && !img.Play(move).MustPass() {
				t.Fatalf("%v: table says %v %+d, alphaBeta %+d", img, move, score, want)
			}
		}
	}
}

func TestReadOpeningErrors(t *testing.T) {
	t.Parallel()
	gz := func(text string) []byte {
		var b bytes.Buffer
		z := gzip.NewWriter(&b)
		z.Write([]byte(text))
		z.Close()
		return b.Bytes()
	}
	for _, tc := range []struct{ name, data, want string }{
		{"not gzip", "plain", "opening table"},
		{"empty", "", "no entries"},
		{"fields", "-----OX--XO----- X -10\n", "want BOARD SIDE SCORE MOVE"},
		{"board", "-----OX--XO---- X -10 b1\n", "opening table line 1"},
		{"orientation", "-----XO--OX----- X -10 b1\n", "least orientation"},
		{"score", "-----OX--XO----- X -99 b1\n", "score"},
		{"move", "-----OX--XO----- X -10 a1\n", "not a legal move"},
		{"sizes", "-----OX--XO----- X -10 b1\n--------------OX----XO-------------- X -4 c2\n", "not a 4x4 board"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			data := []byte(tc.data)
			if tc.name != "not gzip" {
				data = gz(tc.data)
			}
			_, err := ReadOpening(bytes.NewReader(data))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want one saying %q", err, tc.want)
			}
		})
	}
}

// FuzzReadOpening: any text either reads as a table whose every entry is a legal
// position and move, or is refused with an error; never a panic.
func FuzzReadOpening(f *testing.F) {
	f.Add("-----OX--XO----- X -10 b1\n")
	f.Add("# comment\n--------------OX----XO-------------- X -4 c2\n")
	f.Add("-----OX--XO----- X +99 z9\n")
	f.Fuzz(func(t *testing.T, text string) {
		var b bytes.Buffer
		z := gzip.NewWriter(&b)
		z.Write([]byte(text))
		z.Close()
		tab, err := ReadOpening(&b)
		if err != nil {
			return
		}
		for k, en := range tab.entries {
			pos, err := othello.PositionOf(k[0], k[1], othello.Black, tab.size)
			if err != nil || !pos.IsLegal(othello.Square(en.move)) {
				t.Fatalf("entry %#x %#x move %d read without error", k[0], k[1], en.move)
			}
		}
	})
}

// TestDefaultOpening6 checks the built-in 6x6 table against itself: the start is
// in it, and the score of a position where the Perfect player moves is the least
// score, over the replies to its best move, of the next such position, wherever
// the table holds them all. With GRIDGAMES_SOLVE6=1 it also solves every entry
// live (minutes) and compares.
func TestDefaultOpening6(t *testing.T) {
	t.Parallel()
	tab := DefaultOpening(6)
	start, _ := othello.NewPosition(6)
	if _, _, ok := tab.Lookup(start); !ok {
		t.Fatal("the 6x6 start is not in the table")
	}
	checked := 0
	for k, en := range tab.entries {
		pos, _ := othello.PositionOf(k[0], k[1], othello.Black, 6)
		child := pos.Play(othello.Square(en.move))
		if child.Over() || child.MustPass() {
			continue
		}
		least, all := 100, true
		for _, r := range child.LegalMoves() {
			g := child.Play(r)
			if g.MustPass() {
				all = false // the Perfect player's opponent moves again: not in the table
				break
			}
			v, _, ok := tab.Lookup(g)
			if !ok {
				all = false
				break
			}
			least = min(least, v)
		}
		if all {
			checked++
			if least != int(en.score) {
				t.Errorf("%v: %+d after %v, but the replies leave at least %+d", pos, en.score, othello.Square(en.move), least)
			}
		}
	}
	if checked == 0 {
		t.Fatal("no entry had all its grandchildren in the table")
	}
	t.Logf("%d of %d entries checked against their grandchildren in the table", checked, len(tab.entries))
	if os.Getenv("GRIDGAMES_SOLVE6") == "" {
		return
	}
	e := New(Options{TableBits: 24})
	for k, en := range tab.entries {
		pos, _ := othello.PositionOf(k[0], k[1], othello.Black, 6)
		r, err := e.Search(t.Context(), pos, Limits{Endgame: 64})
		if err != nil || int(r.Score) != int(en.score) {
			t.Errorf("%v: solved %+v %v, the table says %+d", pos, r.Score, err, en.score)
		}
	}
}

// TestPerfectValues compares every move's value with alphaBeta on 4x4 and 6x6.
func TestPerfectValues(t *testing.T) {
	t.Parallel()
	rnd := newRand(11)
	e := New(Options{Workers: 2, TableBits: 16})
	for _, tc := range []struct{ size, empties int }{{4, 12}, {4, 8}, {6, 11}, {6, 12}} {
		for range 6 {
			pos := randomPosition(rnd, tc.size, tc.empties)
			if pos.Over() {
				continue
			}
			vals, err := e.PerfectValues(t.Context(), pos)
			if err != nil {
				t.Fatal(err)
			}
			if pos.MustPass() {
				if len(vals) != 1 || vals[0].Move != othello.Pass || int(vals[0].Score) != exactValue(pos) {
					t.Fatalf("%v: %+v, want a pass worth %+d", pos, vals, exactValue(pos))
				}
				continue
			}
			for i, v := range vals {
				child := pos.Play(v.Move)
				want := -exactValue(child)
				if !v.Exact || int(v.Score) != want || i > 0 && v.Score > vals[i-1].Score {
					t.Fatalf("%v: %v %+v (exact %v, #%d), alphaBeta %+d", pos, v.Move, v.Score, v.Exact, i, want)
				}
			}
			r, err := e.PerfectMove(t.Context(), pos)
			if err != nil || !r.Exact || r.Score != vals[0].Score {
				t.Fatalf("%v: PerfectMove %+v %v, best value %+v", pos, r, err, vals[0].Score)
			}
		}
	}
}

func TestPerfectRefuses8x8(t *testing.T) {
	t.Parallel()
	e := New(Options{Workers: 1, TableBits: 12})
	pos := othello.StartPosition()
	if _, err := e.PerfectMove(t.Context(), pos); !errors.Is(err, ErrPerfectSize) {
		t.Errorf("PerfectMove on 8x8: %v, want ErrPerfectSize", err)
	}
	if _, err := e.PerfectValues(t.Context(), pos); !errors.Is(err, ErrPerfectSize) {
		t.Errorf("PerfectValues on 8x8: %v, want ErrPerfectSize", err)
	}
}

// TestPerfectNeverLoses plays the Perfect player against random and greedy
// opponents over seeded games, on 4x4 from the start and on 6x6 from positions
// 14 empties from the end: it always ends with at least the position's exact
// value (alphaBeta's), whatever the other side plays.
func TestPerfectNeverLoses(t *testing.T) {
	t.Parallel()
	e := New(Options{Workers: 2, TableBits: 18})
	perfect := PerfectPlayer{Engine: e}
	for _, tc := range []struct {
		size, empties, games int
	}{{4, 12, 40}, {6, 14, 12}} {
		for g := range tc.games {
			rnd := rand.New(rand.NewPCG(uint64(g), 37))
			start := randomPosition(rnd, tc.size, tc.empties)
			if start.Over() {
				continue
			}
			var opp Player = RandomPlayer{Rand: rnd}
			if g%2 == 1 {
				opp = GreedyPlayer{Rand: rnd}
			}
			me := start.Turn()
			if start.MustPass() {
				me = me.Other()
			}
			want := exactValue(start)
			if me != start.Turn() {
				want = -want
			}
			black, white := Player(perfect), opp
			if me == othello.White {
				black, white = opp, perfect
			}
			_, end, err := PlayGame(t.Context(), start, black, white)
			if err != nil {
				t.Fatal(err)
			}
			got := end.Score() // black's disc difference, empties to the winner
			if me == othello.White {
				got = -got
			}
			if got < want {
				t.Fatalf("%dx%d game %d from %v: Perfect (%v) ended %+d, the position is worth %+d to it",
					tc.size, tc.size, g, start, me, got, want)
			}
		}
	}
}
