package engine

import (
	"bytes"
	"context"
	"errors"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/gridgames/gridgames/othello"
)

// smallBook builds a book fast enough for the default test run.
func smallBook(t testing.TB, s BookSettings) *Book {
	t.Helper()
	b := NewBook(s)
	if err := b.Build(context.Background(), Options{TableBits: 16}, nil); err != nil {
		t.Fatal(err)
	}
	return b
}

var smallSettings = BookSettings{Depth: 2, Plies: 5, Margin: 3}

func bookBytes(t testing.TB, b *Book) []byte {
	t.Helper()
	var buf bytes.Buffer
	if _, err := b.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// randomOpening plays n random moves from the start of an 8x8 board.
func randomOpening(rnd *rand.Rand, n int) othello.Position { return randomPosition(rnd, 8, 60-n) }

// mirror is the plain definition of a symmetry: square (c, r) of pos goes to
// symmetric(c, r, sym).
func mirror(pos othello.Position, sym int) othello.Position {
	var p, o uint64
	for sq := range 64 {
		c, r := symmetric(sq%8, sq/8, sym)
		if pos.Player()>>sq&1 != 0 {
			p |= 1 << (r*8 + c)
		}
		if pos.Opponent()>>sq&1 != 0 {
			o |= 1 << (r*8 + c)
		}
	}
	black, white := p, o
	if pos.Turn() == othello.White {
		black, white = o, p
	}
	m, _ := othello.PositionOf(black, white, pos.Turn(), 8)
	return m
}

func mirrorSquare(sq othello.Square, sym int) othello.Square {
	c, r := symmetric(sq.Col(), sq.Row(), sym)
	return othello.Square(r*8 + c)
}

// Every mirror image of a position has the same key, and the key is one of the
// images; a move's square maps to the key's frame and back.
func TestBookCanonical(t *testing.T) {
	t.Parallel()
	rnd := rand.New(rand.NewPCG(1, 2))
	for i := range 300 {
		pos := randomOpening(rnd, i%40)
		k, sym, _ := keyOf(pos)
		for s := range 8 {
			ks, _, _ := keyOf(mirror(pos, s))
			if ks != k {
				t.Fatalf("%v: image %d has key %v, want %v", pos, s, ks, k)
			}
		}
		if image(pos.Player(), sym) != k.p || image(pos.Opponent(), sym) != k.o {
			t.Fatalf("%v: symmetry %d does not map it onto its key", pos, sym)
		}
		for m := pos.Moves(); m != 0; m &= m - 1 {
			sq := bits.TrailingZeros64(m)
			c := toCanon[sym][sq]
			if k.position().Moves()>>c&1 == 0 || fromCanon[sym][c] != int8(sq) {
				t.Fatalf("%v: move %v maps to %d, not a legal move of the key or not back", pos, othello.Square(sq), c)
			}
			// The move and its image lead to mirror images of one position.
			a, _, _ := keyOf(pos.Play(othello.Square(sq)))
			b, _, _ := keyOf(k.position().Play(othello.Square(c)))
			if a != b {
				t.Fatalf("%v: move %v and its image %d lead to different positions", pos, othello.Square(sq), c)
			}
		}
	}
}

// refValue is negamax through the book by the plain definition: a move's value
// is minus the value of the position after it (after a forced pass: plus) if
// that is in the book, else the value stored for it.
func refValue(b *Book, pos othello.Position) (int16, map[othello.Square]int16) {
	k, sym, _ := keyOf(pos)
	e := b.entries[k]
	out := map[othello.Square]int16{}
	best := int16(-32768)
	cpos := k.position()
	i := 0
	for m := cpos.Moves(); m != 0; m &= m - 1 {
		sq := othello.Square(bits.TrailingZeros64(m))
		v := e.values[i]
		i++
		orig := othello.Square(fromCanon[sym][sq])
		next, sign := pos.Play(orig), int16(-1)
		if !next.Over() {
			if next.MustPass() {
				next, sign = next.Pass(), 1
			}
			if nk, _, _ := keyOf(next); b.entries[nk] != nil {
				cv, _ := refValue(b, next)
				v = sign * cv
			}
		}
		out[orig] = v
		best = max(best, v)
	}
	return best, out
}

// Lookup gives every book position's moves the negamax values of the plain
// definition, in every mirror image, best first.
func TestBookLookupMatchesReference(t *testing.T) {
	t.Parallel()
	b := smallBook(t, smallSettings)
	if b.Len() < 10 || b.Pending() != 0 {
		t.Fatalf("small book: %d positions, %d pending", b.Len(), b.Pending())
	}
	rnd := rand.New(rand.NewPCG(3, 4))
	checked := 0
	for i := range 800 {
		pos := mirror(randomOpening(rnd, i%7), i%8)
		moves, ok := b.Lookup(pos)
		k, _, _ := keyOf(pos)
		if ok != (b.entries[k] != nil) {
			t.Fatalf("%v: Lookup says %v, the book has it: %v", pos, ok, b.entries[k] != nil)
		}
		if !ok {
			continue
		}
		checked++
		_, want := refValue(b, pos)
		if len(moves) != len(want) {
			t.Fatalf("%v: %d moves, want %d", pos, len(moves), len(want))
		}
		for j, m := range moves {
			if m.Score != float64(want[m.Move])/bookUnit {
				t.Fatalf("%v: %v scores %v, want %v", pos, m.Move, m.Score, float64(want[m.Move])/bookUnit)
			}
			if j > 0 && m.Score > moves[j-1].Score {
				t.Fatalf("%v: moves not best first: %v", pos, moves)
			}
		}
	}
	if checked < 100 {
		t.Fatalf("only %d positions found in the book", checked)
	}
}

// The same settings give the same bytes, in one run or stopped and resumed
// (through the file) at any point.
func TestBookBuildResumes(t *testing.T) {
	t.Parallel()
	s := BookSettings{Depth: 2, Plies: 4, Margin: 2}
	want := bookBytes(t, smallBook(t, s))
	if again := bookBytes(t, smallBook(t, s)); !bytes.Equal(again, want) {
		t.Fatal("two builds with the same settings differ")
	}
	stop := errors.New("stop")
	for _, after := range []int{1, 2, 5, 9} {
		t.Run("", func(t *testing.T) {
			b := NewBook(s)
			n := 0
			err := b.Build(context.Background(), Options{TableBits: 16}, func(BookProgress) error {
				if n++; n == after {
					return stop
				}
				return nil
			})
			if !errors.Is(err, stop) {
				t.Fatalf("build stopped after %d: %v", after, err)
			}
			r, err := ReadBook(bytes.NewReader(bookBytes(t, b)))
			if err != nil {
				t.Fatal(err)
			}
			if err := r.Build(context.Background(), Options{TableBits: 8}, nil); err != nil {
				t.Fatal(err)
			}
			if got := bookBytes(t, r); !bytes.Equal(got, want) {
				t.Fatalf("stopped after %d positions and resumed: %d bytes differ from the one-run build's %d", after, len(got), len(want))
			}
		})
	}
}

func TestBookFileRoundTrip(t *testing.T) {
	t.Parallel()
	b := smallBook(t, smallSettings)
	data := bookBytes(t, b)
	r, err := ReadBook(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if r.Settings() != b.Settings() || r.Len() != b.Len() {
		t.Fatalf("read back %+v with %d positions, wrote %+v with %d", r.Settings(), r.Len(), b.Settings(), b.Len())
	}
	for k, e := range b.entries {
		re := r.entries[k]
		if re == nil || re.depth != e.depth || !slicesEqual(re.values, e.values) {
			t.Fatalf("%v read back as %+v, wrote %+v", k.position(), re, e)
		}
	}
	if again := bookBytes(t, r); !bytes.Equal(again, data) {
		t.Fatal("writing a book read back gives other bytes")
	}
}

func slicesEqual(a, b []int16) bool {
	return len(a) == len(b) && string(int16Bytes(a)) == string(int16Bytes(b))
}

func int16Bytes(a []int16) []byte {
	out := make([]byte, 0, 2*len(a))
	for _, v := range a {
		out = append(out, byte(v), byte(v>>8))
	}
	return out
}

// The built-in book loads, holds the start position, and values the four
// first moves (mirror images of each other) alike.
func TestDefaultBook(t *testing.T) {
	t.Parallel()
	b := DefaultBook()
	moves, ok := b.Lookup(othello.StartPosition())
	if !ok || len(moves) != 4 || b.Pending() != 0 {
		t.Fatalf("start position: %v %v, %d pending", moves, ok, b.Pending())
	}
	for _, m := range moves {
		if m.Score != moves[0].Score || !m.Next {
			t.Fatalf("first moves valued unalike or not followed: %+v", moves)
		}
	}
}

func TestBookChoose(t *testing.T) {
	t.Parallel()
	b := smallBook(t, smallSettings)
	pos := othello.StartPosition().Play(othello.SquareAt(5, 4)) // f5
	moves, _ := b.Lookup(pos)
	best, ok := b.Choose(pos, 0, nil)
	if !ok || best != moves[0] {
		t.Fatalf("Choose without a generator: %+v, want %+v", best, moves[0])
	}
	rnd := rand.New(rand.NewPCG(5, 6))
	seen := map[othello.Square]bool{}
	for range 200 {
		m, _ := b.Choose(othello.StartPosition(), PlayMargin, rnd)
		seen[m.Move] = true
		m, _ = b.Choose(pos, 0.5, rnd)
		if m.Score < moves[0].Score-0.5 {
			t.Fatalf("chose %+v, more than 0.5 below the best %+v", m, moves[0])
		}
	}
	if len(seen) != 4 {
		t.Fatalf("first moves chosen: %v, want all four", seen)
	}
	if _, ok := b.Choose(randomOpening(rand.New(rand.NewPCG(1, 1)), 30), PlayMargin, rnd); ok {
		t.Fatal("a position 30 plies in is in a 5-ply book")
	}
}

// Levels below BookFromLevel play as they do without a book; from it on, a
// book position gets the book's move, even one the search would not play.
func TestLevelsAndBook(t *testing.T) {
	t.Parallel()
	// A book whose only position is the one after f5, with d6 (the
	// perpendicular opening) valued far above the rest.
	pos := othello.StartPosition().Play(othello.SquareAt(5, 4))
	want := othello.SquareAt(3, 5) // d6
	b := NewBook(BookSettings{Depth: 1})
	k, sym, _ := keyOf(pos)
	e := &bookEntry{depth: 1}
	for m := k.position().Moves(); m != 0; m &= m - 1 {
		v := int16(-20 * bookUnit)
		if othello.Square(fromCanon[sym][bits.TrailingZeros64(m)]) == want {
			v = 30 * bookUnit
		}
		e.values = append(e.values, v)
	}
	b.entries[k] = e
	withBook := New(Options{Workers: 1, TableBits: 16, Book: b})
	plain := New(Options{Workers: 1, TableBits: 16})
	ctx := context.Background()
	for level := 1; level <= MaxLevel; level++ {
		got, err := LevelPlayer{Level: level, Engine: withBook, Rand: rand.New(rand.NewPCG(1, 2))}.Choose(ctx, pos)
		if err != nil {
			t.Fatal(err)
		}
		if level >= BookFromLevel {
			if got != want {
				t.Errorf("level %d played %v, the book's move is %v", level, got, want)
			}
			continue
		}
		ref, err := LevelPlayer{Level: level, Engine: plain}.Choose(ctx, pos)
		if err != nil {
			t.Fatal(err)
		}
		if got != ref {
			t.Errorf("level %d played %v with a book, %v without", level, got, ref)
		}
	}
	classic, _ := LevelPlayer{Level: 6, Engine: withBook, Classic: true}.Choose(ctx, pos)
	if classic == want {
		// Possible by chance; the book's value is what tells.
		if ref, _ := (LevelPlayer{Level: 6, Engine: plain, Classic: true}).Choose(ctx, pos); ref != classic {
			t.Errorf("classic 6 played the book's move %v, %v without the book", classic, ref)
		}
	}
}

// Analyze answers a book position from the book, every move marked, and
// searches the others.
func TestAnalyzeFromBook(t *testing.T) {
	t.Parallel()
	b := smallBook(t, smallSettings)
	e := New(Options{Workers: 1, TableBits: 16, Book: b})
	pos := othello.StartPosition().Play(othello.SquareAt(5, 4))
	vals, err := e.Analyze(context.Background(), pos, Limits{Depth: 3})
	if err != nil {
		t.Fatal(err)
	}
	moves, _ := b.Lookup(pos)
	if len(vals) != len(moves) {
		t.Fatalf("%d values, the book has %d moves", len(vals), len(moves))
	}
	for i, v := range vals {
		if !v.Book || v.Move != moves[i].Move || v.Score != moves[i].Score || v.PV[0] != v.Move {
			t.Fatalf("value %d: %+v, the book says %+v", i, v, moves[i])
		}
	}
	out := randomOpening(rand.New(rand.NewPCG(9, 9)), 20)
	vals, err = e.Analyze(context.Background(), out, Limits{Depth: 2})
	if err != nil || len(vals) == 0 || vals[0].Book {
		t.Fatalf("a position out of the book: %+v, %v", vals, err)
	}
}

// AddLine adds the positions of a line the build did not reach; Deepen values a
// position again.
func TestBookExtend(t *testing.T) {
	t.Parallel()
	b := smallBook(t, BookSettings{Depth: 2, Plies: 2, Margin: 0})
	n := b.Len()
	line, _, err := othello.PlayTranscript(othello.StartPosition(), "f5f4e3f6d3")
	if err != nil {
		t.Fatal(err)
	}
	added, err := b.AddLine(context.Background(), Options{TableBits: 16}, othello.StartPosition(), line, nil)
	if err != nil {
		t.Fatal(err)
	}
	if added == 0 || b.Len() != n+added {
		t.Fatalf("added %d, the book went from %d to %d", added, n, b.Len())
	}
	_, end, _ := othello.PlayTranscript(othello.StartPosition(), "f5f4e3f6d3")
	if _, ok := b.Lookup(end); !ok {
		t.Fatal("the line's last position is not in the book")
	}
	if _, err := ReadBook(bytes.NewReader(bookBytes(t, b))); err != nil {
		t.Fatalf("the extended book does not read back: %v", err)
	}
	if err := b.Deepen(context.Background(), Options{TableBits: 16}, end, 4); err != nil {
		t.Fatal(err)
	}
	if moves, _ := b.Lookup(end); moves[0].Depth != searchDepth(end.Empties(), 4) {
		t.Fatalf("deepened to %d plies", moves[0].Depth)
	}
	if err := b.Deepen(context.Background(), Options{}, randomOpening(rand.New(rand.NewPCG(1, 1)), 30), 4); !errors.Is(err, ErrNotInBook) {
		t.Fatalf("deepening a position out of the book: %v", err)
	}
}

func TestSearchDepthParity(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ empties, depth, want int }{
		{60, 10, 9}, {59, 10, 10}, {60, 1, 1}, {50, 2, 1}, {51, 2, 2},
	} {
		d := searchDepth(tc.empties, tc.depth)
		if d != tc.want {
			t.Errorf("searchDepth(%d, %d) = %d, want %d", tc.empties, tc.depth, d, tc.want)
		}
	}
}
