package game2048

import "math/bits"

// rng is the random generator behind every spawn. It is part of the record format:
// a record (rules, seed, moves) replays to the same game only while this stays exactly
// as documented here, so it is written out rather than taken from math/rand.
//
// The generator is SplitMix64 (Steele, Lea and Flood, 2014). The state starts as the
// game's seed; each draw adds 0x9E3779B97F4A7C15 to the state and returns
//
//	z = state
//	z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
//	z = (z ^ z>>27) * 0x94D049BB133111EB
//	z ^ z>>31
//
// A spawn takes two draws, in this order: the cell is the empty cell with index
// floor(draw * n / 2^64) among the n empty cells in row-major order; then the tile is a
// 4 when (draw >> 11) < FourChance * 2^53, else a 2.
type rng struct{ state uint64 }

func (r *rng) next() uint64 {
	r.state += 0x9E3779B97F4A7C15
	z := r.state
	z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
	z = (z ^ z>>27) * 0x94D049BB133111EB
	return z ^ z>>31
}

// below returns a number in [0, n) from one draw.
func (r *rng) below(n int) int {
	hi, _ := bits.Mul64(r.next(), uint64(n))
	return int(hi)
}

// chance reports true with probability p from one draw.
func (r *rng) chance(p float64) bool {
	return float64(r.next()>>11) < p*(1<<53)
}

// spawn puts a new tile on a random empty cell of b and returns it. It reports false,
// drawing nothing, when b is full.
func (r *rng) spawn(b *Board, fourChance float64) (Spawn, bool) {
	n := b.EmptyCount()
	if n == 0 {
		return Spawn{}, false
	}
	k := r.below(n)
	t := Tile(1)
	if r.chance(fourChance) {
		t = 2
	}
	for i, c := range b.cells {
		if c != 0 {
			continue
		}
		if k == 0 {
			b.cells[i] = t
			return Spawn{At: Cell{i / b.cols, i % b.cols}, Tile: t}, true
		}
		k--
	}
	panic("unreachable")
}

// Spawn is a new tile placed after a move (or at the start of a game).
type Spawn struct {
	At   Cell `json:"at"`
	Tile Tile `json:"tile"`
}
