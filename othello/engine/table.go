package engine

// This file is hot code: the transposition table shared by the search goroutines.

import "sync/atomic"

// table is a lockless hash table shared by all workers (Hyatt's trick: each slot
// holds check = hash^data and data, written and read atomically; a torn slot fails
// the check and reads as a miss). A position may sit in either slot of its bucket
// of two (32 bytes, in one cache line); a new position takes the slot of an older
// search's entry, else the shallower one, so deep entries survive a flood of
// shallow ones without blocking new ones.
type table struct {
	slots []slot
	mask  uint64
	age   uint64 // current search generation, 0..255
}

type slot struct {
	check atomic.Uint64
	data  atomic.Uint64
}

// entry is what a slot remembers about a position.
type entry struct {
	lower, upper int16 // bounds on the value (score units)
	depth        uint8 // plies the bounds were searched with; exactBase+empties for the exact solver
	move         int8  // best move found, or -1
	age          uint8
}

func (e entry) pack() uint64 {
	return uint64(uint16(e.lower)) | uint64(uint16(e.upper))<<16 | uint64(e.depth)<<32 |
		uint64(uint8(e.move))<<40 | uint64(e.age)<<48
}

func unpack(d uint64) entry {
	return entry{lower: int16(d), upper: int16(d >> 16), depth: uint8(d >> 32), move: int8(d >> 40), age: uint8(d >> 48)}
}

// newTable makes a table of 2^bits slots (16 bytes each).
func newTable(bits uint) *table {
	t := &table{slots: make([]slot, 1<<bits), mask: 1<<bits - 1}
	hugePages(t.slots)
	return t
}

// hashOf mixes a position (discs of the side to move, of the other side) into 64
// bits: each half goes through SplitMix64's finaliser, a bijection whose output bits
// each depend on all input bits, so positions that differ by a few discs (as
// positions in one search do) spread over the whole range.
func hashOf(p, o uint64) uint64 {
	return mix64(p ^ mix64(o+0x632BE59BD9B4E019))
}

func mix64(z uint64) uint64 {
	z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
	z = (z ^ z>>27) * 0x94D049BB133111EB
	return z ^ z>>31
}

// touch loads the bucket of the position hashed h and returns a word of it, for
// the caller to keep (so the load is not dropped) without waiting on it: a probe
// soon after finds the bucket in the cache, and the loads of several touches overlap.
func (t *table) touch(h uint64) uint64 { return t.slots[h&t.mask&^1].check.Load() }

func (t *table) probe(h uint64) (entry, bool) {
	i := h & t.mask &^ 1
	for j := i; j <= i+1; j++ {
		s := &t.slots[j]
		d := s.data.Load()
		if s.check.Load()^d == h {
			return unpack(d), true
		}
	}
	return entry{}, false
}

// store records bounds for the position hashed h in its bucket of two slots: over
// the position's own entry (keeping the tighter bounds of both when they were
// searched to the same depth), else over the slot of the other position that is
// older or shallower. A midgame search's entry never replaces an exact solver's
// entry of the same search for the same position: the solver's shallow searches,
// which order its moves far from the end, meet positions it has solved, and
// overwriting their exact bounds cost the 6x6 start 10% more nodes (867 million
// against 783).
func (t *table) store(h uint64, e entry) {
	i := h & t.mask &^ 1
	age := uint8(t.age)
	e.age = age
	victim := -1
	vd := 0
	for j := i; j <= i+1; j++ {
		s := &t.slots[j]
		old := s.data.Load()
		oe := unpack(old)
		if s.check.Load()^old == h {
			if oe.age == age && oe.depth >= exactBase && e.depth < exactBase {
				return // an exact solve's bounds outlive a shallow search's (see above)
			}
			if oe.depth == e.depth && oe.age == age {
				lo, hi := max(e.lower, oe.lower), min(e.upper, oe.upper)
				if lo <= hi {
					e.lower, e.upper = lo, hi
				}
				if e.move < 0 {
					e.move = oe.move
				}
			}
			victim = int(j)
			break
		}
		d := int(oe.depth)
		if oe.age != age {
			d = -1
		}
		if victim < 0 || d < vd {
			victim, vd = int(j), d
		}
	}
	d := e.pack()
	s := &t.slots[victim]
	s.data.Store(d)
	s.check.Store(h ^ d)
}

// newSearch starts a new generation, so older entries yield their slots.
func (t *table) newSearch() { t.age = (t.age + 1) & 0xff }

// clear empties the table.
func (t *table) clear() {
	for i := range t.slots {
		t.slots[i].check.Store(0)
		t.slots[i].data.Store(0)
	}
}
