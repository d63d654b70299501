package engine

import "testing"

// TestStable8MatchesAnySize checks the 8x8 fast path against the any-size fixed
// point it replaces, on random positions at every stage of the game and on boards
// with full rows, columns and diagonals (where the shifted masks could wrap).
func TestStable8MatchesAnySize(t *testing.T) {
	t.Parallel()
	g := newGeometry(8)
	rnd := newRand(11)
	check := func(t *testing.T, p, o uint64) {
		t.Helper()
		if got, want := stable8(p, o), g.stableAny(p, o); got != want {
			t.Fatalf("p=%#016x o=%#016x: stable8 %#016x, any size %#016x", p, o, got, want)
		}
		if got, want := stable8(o, p), g.stableAny(o, p); got != want {
			t.Fatalf("p=%#016x o=%#016x (swapped): stable8 %#016x, any size %#016x", o, p, got, want)
		}
	}
	t.Run("games", func(t *testing.T) {
		for range 20000 {
			pos := randomPosition(rnd, 8, rnd.IntN(60))
			check(t, pos.Player(), pos.Opponent())
		}
	})
	t.Run("random fills", func(t *testing.T) {
		// Boards with few empties, scattered at random, fill whole lines often.
		for range 20000 {
			filled := ^uint64(0)
			for range rnd.IntN(6) {
				filled &^= 1 << uint(rnd.IntN(64))
			}
			p := rnd.Uint64() & filled
			check(t, p, filled&^p)
		}
	})
	t.Run("lines", func(t *testing.T) {
		// One empty square, everything else one colour or alternating rows.
		for sq := range 64 {
			filled := ^uint64(1 << uint(sq))
			check(t, 0, filled)
			check(t, 0x00ff00ff00ff00ff&filled, 0xff00ff00ff00ff00&filled)
			check(t, 0x5555555555555555&filled, 0xaaaaaaaaaaaaaaaa&filled)
		}
	})
}

// BenchmarkStable times the stable-disc search on late positions (8 to 16 empties).
func BenchmarkStable(b *testing.B) {
	g := newGeometry(8)
	rnd := newRand(5)
	var ps, os [256]uint64
	for i := range ps {
		pos := randomPosition(rnd, 8, 8+rnd.IntN(9))
		ps[i], os[i] = pos.Player(), pos.Opponent()
	}
	for _, c := range []struct {
		name string
		f    func(p, o uint64) uint64
	}{{"8x8", stable8}, {"anysize", g.stableAny}} {
		b.Run(c.name, func(b *testing.B) {
			var sink uint64
			for i := 0; b.Loop(); i++ {
				sink += c.f(ps[i&255], os[i&255])
			}
			_ = sink
		})
	}
}
