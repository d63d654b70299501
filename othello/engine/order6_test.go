package engine

import (
	"sync/atomic"
	"testing"
)

// TestShallowOrderExact solves random 6x6 positions of 13 and 14 empties with the
// solver ordering its moves by shallowOrder from 12 empties (instead of 20, so that
// a plain search can check them), on one worker and on two, every move valued
// exactly, and checks each value against alphaBeta.
func TestShallowOrderExact(t *testing.T) {
	t.Parallel()
	for _, workers := range []int{1, 2} {
		t.Run(map[int]string{1: "one worker", 2: "two workers"}[workers], func(t *testing.T) {
			t.Parallel()
			rnd := newRand(uint64(38 + workers))
			e := New(Options{Workers: workers, TableBits: 18})
			e.shallowFrom = 12
			checked := 0
			for i := range 16 {
				pos := randomPosition(rnd, 6, 13+i%2)
				if pos.Over() || pos.MustPass() {
					continue
				}
				checked += checkExactMoves(t, e, pos)
			}
			if checked < 40 {
				t.Fatalf("only %d moves checked", checked)
			}
		})
	}
}

// TestShallowOrderLists checks the lists shallowOrder makes on 6x6 and 4x4: every
// legal move once, with its flips and its opponent's replies, and the table's move
// first.
func TestShallowOrderLists(t *testing.T) {
	t.Parallel()
	rnd := newRand(39)
	var stop atomic.Bool
	var live atomic.Uint64
	for _, size := range []int{4, 6} {
		g := newGeometry(size)
		s := &searcher{g: g, tt: newTable(16), stop: &stop, live: &live, shallowFrom: shallowOrderEmpties}
		for i := range 200 {
			pos := randomPosition(rnd, size, rnd.IntN(size*size-4))
			p, o := pos.Player(), pos.Opponent()
			mv := moves(p, o, g.mask)
			if mv == 0 {
				continue
			}
			tt := -1
			if i%2 == 0 {
				tt = lowest(mv)
			}
			var buf [32]moveScore
			list := s.shallowOrder(p, o, mv, &buf, tt, max(pos.Empties(), shallowOrderEmpties))
			seen := uint64(0)
			for _, m := range list {
				sq := int(m.sq)
				if mv&(1<<uint(sq)) == 0 || seen&(1<<uint(sq)) != 0 {
					t.Fatalf("%dx%d %v: %v listed twice or not legal", size, size, pos, sq)
				}
				seen |= 1 << uint(sq)
				if f := flips(p, o, sq); m.flips != f {
					t.Fatalf("%dx%d %v: %v flips %#x, want %#x", size, size, pos, sq, m.flips, f)
				}
				if r := moves(o&^m.flips, p|m.flips|1<<uint(sq), g.mask); m.reply != r {
					t.Fatalf("%dx%d %v: %v replies %#x, want %#x", size, size, pos, sq, m.reply, r)
				}
			}
			if seen != mv {
				t.Fatalf("%dx%d %v: listed %#x, want the moves %#x", size, size, pos, seen, mv)
			}
			if tt >= 0 && int(list[0].sq) != tt {
				t.Fatalf("%dx%d %v: the table's move %d is not first: %v", size, size, pos, tt, list[0].sq)
			}
		}
	}
}
