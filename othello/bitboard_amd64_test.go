package othello

import (
	"math/rand/v2"
	"testing"
)

// The AVX2 assembly agrees with the portable code on random boards (reachable or
// not) for every board size and every empty square.
func TestAVX2MatchesGo(t *testing.T) {
	if !useAVX2 {
		t.Skip("no AVX2 on this CPU")
	}
	rnd := rand.New(rand.NewPCG(4, 4))
	for i := range 200000 {
		size := Sizes[i%3]
		mask := boardMask(size)
		p := rnd.Uint64() & rnd.Uint64() & mask
		o := rnd.Uint64() &^ p & mask
		if i%4 == 0 { // sparse boards too
			o &= rnd.Uint64()
		}
		if got, want := legalMovesAVX2(p, o, mask), legalMovesGo(p, o, mask); got != want {
			t.Fatalf("moves of %#x against %#x on %d: %#x, want %#x", p, o, size, got, want)
		}
		if useAVX512 {
			if got, want := legalMovesAVX512(p, o, mask), legalMovesGo(p, o, mask); got != want {
				t.Fatalf("AVX-512 moves of %#x against %#x on %d: %#x, want %#x", p, o, size, got, want)
			}
		}
		if legalMovesGo(p, o, mask) != 0 {
			if got, want := perftCount2AVX2(p, o, mask), perftCount2Go(p, o, mask); got != want {
				t.Fatalf("two-ply count of %#x against %#x on %d: %d, want %d", p, o, size, got, want)
			}
		}
		for e := mask &^ (p | o); e != 0; e &= e - 1 {
			sq := trailingZeros(e)
			if got, want := flipsAVX2(p, o, sq), flipsGo(p, o, sq); got != want {
				t.Fatalf("flips of %#x against %#x at %d: %#x, want %#x", p, o, sq, got, want)
			}
		}
	}
}

func FuzzAVX2MatchesGo(f *testing.F) {
	f.Add(uint64(0x0000000810000000), uint64(0x0000001008000000), uint8(19))
	f.Fuzz(func(t *testing.T, p, o uint64, sq uint8) {
		if !useAVX2 {
			t.Skip("no AVX2")
		}
		o &^= p
		if got, want := legalMovesAVX2(p, o, ^uint64(0)), legalMovesGo(p, o, ^uint64(0)); got != want {
			t.Fatalf("moves %#x, want %#x", got, want)
		}
		if useAVX512 {
			if got, want := legalMovesAVX512(p, o, ^uint64(0)), legalMovesGo(p, o, ^uint64(0)); got != want {
				t.Fatalf("AVX-512 moves %#x, want %#x", got, want)
			}
		}
		s := int(sq % 64)
		if (p|o)&(1<<s) != 0 {
			return
		}
		if got, want := flipsAVX2(p, o, s), flipsGo(p, o, s); got != want {
			t.Fatalf("flips %#x, want %#x", got, want)
		}
	})
}

// perftCount2Go is what perftCount2AVX2 computes, the plain way.
func perftCount2Go(p, o, mask uint64) uint64 {
	var n uint64
	for m := legalMovesGo(p, o, mask); m != 0; m &= m - 1 {
		sq := trailingZeros(m)
		f := flipsGo(p, o, sq)
		c := popcount(legalMovesGo(o&^f, p|f|1<<uint(sq), mask))
		n += uint64(c + b2i(c == 0))
	}
	return n
}

// BenchmarkMoveGen times legal moves and flips on 1024 random boards, the portable
// code against the AVX2 assembly where the CPU has it.
func BenchmarkMoveGen(b *testing.B) {
	var boards [1024][2]uint64
	x := uint64(0x9E3779B97F4A7C15)
	next := func() uint64 { x ^= x << 13; x ^= x >> 7; x ^= x << 17; return x }
	for i := range boards {
		p := next() & next()
		boards[i] = [2]uint64{p, next() &^ p}
	}
	var sink uint64
	for _, avx := range []bool{false, true} {
		if avx && !useAVX2 {
			b.Log("no AVX2 on this CPU")
			continue
		}
		name := "go"
		if avx {
			name = "avx2"
		}
		b.Run("moves/"+name, func(b *testing.B) {
			for i := 0; b.Loop(); i++ {
				q := boards[i&1023]
				if avx {
					sink += legalMovesAVX2(q[0], q[1], ^uint64(0))
				} else {
					sink += legalMovesGo(q[0], q[1], ^uint64(0))
				}
			}
		})
		if avx && useAVX512 {
			b.Run("moves/avx512", func(b *testing.B) {
				for i := 0; b.Loop(); i++ {
					q := boards[i&1023]
					sink += legalMovesAVX512(q[0], q[1], ^uint64(0))
				}
			})
			b.Run("flips/avx512", func(b *testing.B) {
				for i := 0; b.Loop(); i++ {
					q := boards[i&1023]
					sink += flipsAVX512(q[0], q[1], i&63)
				}
			})
		}
		b.Run("flips/"+name, func(b *testing.B) {
			for i := 0; b.Loop(); i++ {
				q := boards[i&1023]
				if avx {
					sink += flipsAVX2(q[0], q[1], i&63)
				} else {
					sink += flipsGo(q[0], q[1], i&63)
				}
			}
		})
	}
	_ = sink
}

// The dispatching stubs behind legalMoves and flips follow useAVX2 both ways.
func TestDispatchFollowsUseAVX2(t *testing.T) {
	saved, saved512 := useAVX2, useAVX512
	defer func() { useAVX2, useAVX512 = saved, saved512 }()
	type mode struct {
		name         string
		avx2, avx512 bool
	}
	modes := []mode{{"go", false, false}}
	if saved {
		modes = append(modes, mode{"avx2", true, false})
	}
	if saved512 {
		modes = append(modes, mode{"avx512", true, true})
	}
	rnd := rand.New(rand.NewPCG(5, 5))
	for _, mode := range modes {
		useAVX2, useAVX512 = mode.avx2, mode.avx512
		t.Run(mode.name, func(t *testing.T) {
			for range 20000 {
				p := rnd.Uint64() & rnd.Uint64()
				o := rnd.Uint64() &^ p
				if got, want := legalMoves(p, o, ^uint64(0)), legalMovesGo(p, o, ^uint64(0)); got != want {
					t.Fatalf("moves of %#x against %#x: %#x, want %#x", p, o, got, want)
				}
				for e := ^(p | o); e != 0; e &= e - 1 {
					sq := trailingZeros(e)
					if got, want := flips(p, o, sq), flipsGo(p, o, sq); got != want {
						t.Fatalf("flips of %#x against %#x at %d: %#x, want %#x", p, o, sq, got, want)
					}
				}
			}
		})
	}
}

// The AVX-512 flips kernel agrees with the portable code on random boards
// (reachable or not) for every board size and every empty square.
func TestAVX512MatchesGo(t *testing.T) {
	if !useAVX512 {
		t.Skip("no AVX-512 (CD and VL) on this CPU")
	}
	rnd := rand.New(rand.NewPCG(6, 6))
	for i := range 200000 {
		size := Sizes[i%3]
		mask := boardMask(size)
		p := rnd.Uint64() & rnd.Uint64() & mask
		o := rnd.Uint64() &^ p & mask
		if i%4 == 0 {
			o &= rnd.Uint64()
		}
		for e := mask &^ (p | o); e != 0; e &= e - 1 {
			sq := trailingZeros(e)
			if got, want := flipsAVX512(p, o, sq), flipsGo(p, o, sq); got != want {
				t.Fatalf("flips of %#x against %#x at %d: %#x, want %#x", p, o, sq, got, want)
			}
		}
	}
}

func FuzzAVX512MatchesGo(f *testing.F) {
	f.Add(uint64(0x0000000810000000), uint64(0x0000001008000000), uint8(19))
	f.Add(uint64(0x8000000000000001), uint64(0x7ffffffffffffffe)&^(1<<9), uint8(9))
	f.Fuzz(func(t *testing.T, p, o uint64, sq uint8) {
		if !useAVX512 {
			t.Skip("no AVX-512")
		}
		o &^= p
		s := int(sq % 64)
		if (p|o)&(1<<s) != 0 {
			return
		}
		if got, want := flipsAVX512(p, o, s), flipsGo(p, o, s); got != want {
			t.Fatalf("flips %#x, want %#x", got, want)
		}
	})
}
