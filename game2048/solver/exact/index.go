package exact

// This file is hot code: the open-addressing index from a position to its place
// in a layer, which every child lookup of the solve goes through.

// slot is one entry of an index: a position (0 marks an empty slot; no position
// is 0, since every position has tiles) and its place in the layer.
type slot struct {
	key uint64
	at  uint32
}

// index maps the positions of one layer to their places. Build it with newIndex.
type index struct {
	slots []slot
	shift uint
	mask  uint64
}

// newIndex indexes keys (distinct, nonzero) with a load of at most one half.
func newIndex(keys []uint64) *index {
	size, bitsN := 16, uint(4)
	for size < 2*len(keys) {
		size *= 2
		bitsN++
	}
	x := &index{slots: make([]slot, size), shift: 64 - bitsN, mask: uint64(size - 1)}
	for i, k := range keys {
		h := k * 0x9E3779B97F4A7C15 >> x.shift
		for x.slots[h].key != 0 {
			h = (h + 1) & x.mask
		}
		x.slots[h] = slot{key: k, at: uint32(i)}
	}
	return x
}

// find returns the place of key, or -1 when the layer does not hold it.
func (x *index) find(key uint64) int {
	h := key * 0x9E3779B97F4A7C15 >> x.shift
	for {
		s := &x.slots[h]
		if s.key == key {
			return int(s.at)
		}
		if s.key == 0 {
			return -1
		}
		h = (h + 1) & x.mask
	}
}
