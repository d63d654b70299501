package engine

import "testing"

// TestHashHasNoCollisions walks every position of the first eight plies (over 300,000
// of them, many differing by a disc or two) and requires a different hash for each:
// the table trusts a matching hash, so a collision here would be a wrong score.
func TestHashHasNoCollisions(t *testing.T) {
	t.Parallel()
	seen := map[uint64][2]uint64{}
	var walk func(p, o uint64, d int)
	walk = func(p, o uint64, d int) {
		h := hashOf(p, o)
		if x, ok := seen[h]; ok && x != [2]uint64{p, o} {
			t.Fatalf("hash collision: %#x/%#x and %#x/%#x", p, o, x[0], x[1])
		}
		seen[h] = [2]uint64{p, o}
		if d == 0 {
			return
		}
		for m := moves(p, o, ^uint64(0)); m != 0; m &= m - 1 {
			sq := lowest(m)
			f := flips(p, o, sq)
			walk(o&^f, p|f|1<<uint(sq), d-1)
		}
	}
	walk(0x0000000810000000, 0x0000001008000000, 8)
	if len(seen) < 100000 {
		t.Fatalf("walked only %d positions", len(seen))
	}
}

// TestStableDiscsNeverFlip checks the stability used for cutoffs: discs it calls
// stable keep their colour through random continuations to the end of the game.
func TestStableDiscsNeverFlip(t *testing.T) {
	t.Parallel()
	rnd := newRand(7)
	found := 0
	for i := range 3000 {
		size := []int{4, 6, 8}[i%3]
		pos := randomPosition(rnd, size, rnd.IntN(size*size-4))
		g := newGeometry(size)
		st := g.stable(pos.Player(), pos.Opponent())
		if st&^pos.Opponent() != 0 {
			t.Fatal("stable discs include discs of the side to move")
		}
		found += popcount(st)
		owner := pos.Turn().Other()
		for range 10 {
			q := pos
			for !q.Over() {
				if q.MustPass() {
					q = q.Pass()
					continue
				}
				m := q.LegalMoves()
				q = q.Play(m[rnd.IntN(len(m))])
			}
			for b := st; b != 0; b &= b - 1 {
				if sq := lowestSquare(b); q.At(sq) != owner {
					t.Fatalf("%s: %v called stable but flipped", pos, sq)
				}
			}
		}
	}
	if found == 0 {
		t.Fatal("no stable discs found at all: the test tested nothing")
	}
}

// TestTableBuckets checks the two-slot buckets: two positions of one bucket are
// both kept, a third replaces the shallower, and bounds found at one depth for
// one position add up rather than overwrite each other.
func TestTableBuckets(t *testing.T) {
	t.Parallel()
	tt := newTable(4)
	tt.newSearch()
	// Hashes with equal bucket bits and different checks.
	a, b, c := uint64(0x100), uint64(0x201), uint64(0x300)
	tt.store(a, entry{lower: -inf, upper: 10, depth: exactDepth(12), move: 3})
	tt.store(b, entry{lower: 4, upper: inf, depth: exactDepth(14), move: 5})
	for _, tc := range []struct {
		name string
		h    uint64
		want entry
		ok   bool
	}{
		{"first kept", a, entry{lower: -inf, upper: 10, depth: exactDepth(12), move: 3}, true},
		{"second kept", b, entry{lower: 4, upper: inf, depth: exactDepth(14), move: 5}, true},
		{"absent", c, entry{}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := tt.probe(tc.h)
			got.age = 0
			if ok != tc.ok || got != tc.want {
				t.Fatalf("probe(%#x) = %+v, %v; want %+v, %v", tc.h, got, ok, tc.want, tc.ok)
			}
		})
	}
	t.Run("merge", func(t *testing.T) {
		tt.store(a, entry{lower: 6, upper: inf, depth: exactDepth(12), move: -1})
		got, _ := tt.probe(a)
		if got.lower != 6 || got.upper != 10 || got.move != 3 {
			t.Fatalf("after a lower bound of 6 on an upper bound of 10: %+v, want [6, 10] and move 3", got)
		}
	})
	t.Run("replace the shallower", func(t *testing.T) {
		tt.store(c, entry{lower: 0, upper: 0, depth: exactDepth(13), move: 1})
		if _, ok := tt.probe(a); ok {
			t.Fatal("the shallower entry (12 empties) survived a third position")
		}
		for _, h := range []uint64{b, c} {
			if _, ok := tt.probe(h); !ok {
				t.Fatalf("%#x lost", h)
			}
		}
	})
	t.Run("exact kept from a midgame entry", func(t *testing.T) {
		tt.store(b, entry{lower: -inf, upper: inf, depth: 6, move: 7})
		got, _ := tt.probe(b)
		if got.lower != 4 || got.depth != exactDepth(14) || got.move != 5 {
			t.Fatalf("a depth-6 midgame entry over an exact one: %+v, want the exact entry kept", got)
		}
		tt.store(b, entry{lower: 4, upper: 8, depth: exactDepth(14), move: 2})
		if got, _ := tt.probe(b); got.upper != 8 || got.move != 2 {
			t.Fatalf("an exact entry over an exact one: %+v, want [4, 8] and move 2", got)
		}
	})
	t.Run("older search", func(t *testing.T) {
		tt.newSearch()
		tt.store(a, entry{lower: 2, upper: 2, depth: 1, move: 0})
		if _, ok := tt.probe(a); !ok {
			t.Fatal("a shallow entry of a new search did not replace an old search's")
		}
	})
}
