package engine

import "testing"

// TestHashHasNoCollisions walks every position of the first eight plies (over 300,000
// of them, many differing by a disc or two) and requires a different hash for each:
// the table trusts a matching hash, so a collision here would be a wrong score.
func TestHashHasNoCollisions(t *testing.T) {
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
