package solver

// This file is hot code: the transposition table the search consults at every
// chance node.

// table remembers the value of chance nodes by board and remaining depth. It is one
// worker's own (no locking), keeps entries across searches (a board's value at a
// given depth does not change from move to move), and replaces on collision.
type table struct {
	entries []entry
	shift   uint
	gen     uint16 // entries of other generations count as empty
}

type entry struct {
	key   uint64 // the board (4x4) or its hash (other sizes); 0 = empty slot
	value float32
	depth int16 // remaining random-tile layers the value was searched with
	gen   uint16
}

// newTable makes a table of 2^bits entries (16 bytes each).
func newTable(bits uint) *table {
	return &table{entries: make([]entry, 1<<bits), shift: 64 - bits, gen: 1}
}

func (t *table) slot(key uint64) *entry {
	return &t.entries[(key*0x9E3779B97F4A7C15)>>t.shift]
}

// get returns the stored value of key if it was searched at least depth deep.
func (t *table) get(key uint64, depth int) (float32, bool) {
	e := t.slot(key)
	if e.key == key && e.gen == t.gen && int(e.depth) >= depth {
		return e.value, true
	}
	return 0, false
}

func (t *table) put(key uint64, depth int, v float32) {
	*t.slot(key) = entry{key: key, value: v, depth: int16(depth), gen: t.gen}
}

// clear forgets every entry at once (the generation moves on; after 65535
// generations the slots are wiped for real).
func (t *table) clear() {
	t.gen++
	if t.gen == 0 {
		clear(t.entries)
		t.gen = 1
	}
}
