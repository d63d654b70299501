package exact

// This file is hot code: the forward walk that lists every position reachable
// from the start, layer by layer in order of the tile sum.

import (
	"context"
	"math/bits"
	"slices"

	"github.com/gridgames/gridgames/game2048"
)

// sortUnique sorts keys and removes repeats in place.
func sortUnique(keys []uint64) []uint64 {
	slices.Sort(keys)
	return slices.Compact(keys)
}

// pendingLayer collects the children found for one future layer. It is sorted
// and made unique whenever it doubles, so repeats never pile up.
type pendingLayer struct {
	keys    []uint64
	compact int // compact when len(keys) reaches this
}

func (p *pendingLayer) add(k uint64) {
	p.keys = append(p.keys, k)
	if len(p.keys) >= p.compact {
		p.keys = sortUnique(p.keys)
		p.compact = max(2*len(p.keys), 1<<16)
	}
}

// enumerate fills s.layers with the canonical positions reachable from the roots.
// Layer h holds the positions whose tiles sum to 2h. It reports progress once a
// layer and checks ctx every few thousand positions.
func (s *solve) enumerate(ctx context.Context) error {
	pending := []pendingLayer{}
	grow := func(h int) {
		for len(pending) <= h {
			pending = append(pending, pendingLayer{compact: 1 << 16})
		}
	}
	for _, r := range s.roots() {
		h := int(tileSum(r.key) / 2)
		grow(h)
		pending[h].add(r.key)
	}
	twos, fours := s.four < 1, s.four > 0
	var total int64
	for h := 0; h < len(pending); h++ {
		keys := sortUnique(pending[h].keys)
		pending[h] = pendingLayer{}
		if len(keys) > 0 {
			keys = append([]uint64(nil), keys...) // release the spare capacity
		}
		s.layers = append(s.layers, layer{keys: keys})
		total += int64(len(keys))
		if len(keys) > 0 {
			grow(h + 2)
		}
		s.widest = max(s.widest, int64(len(keys)))
		if len(keys) > 0 {
			s.topSum = 2 * h
		}
		for i, k := range keys {
			if i&0xfff == 0 {
				if err := ctx.Err(); err != nil {
					return err
				}
			}
			if s.goal != 0 && maxTile(k) >= s.goal {
				continue
			}
			for _, d := range game2048.Directions {
				after, _ := s.g.move(k, d)
				if after == k || (s.goal != 0 && maxTile(after) >= s.goal) {
					continue
				}
				for m := s.g.empties(after); m != 0; m &= m - 1 {
					b := uint(bits.TrailingZeros64(m))
					if twos {
						pending[h+1].add(s.g.canon(after | 1<<b))
					}
					if fours {
						pending[h+2].add(s.g.canon(after | 2<<b))
					}
				}
			}
		}
		if s.countOnly {
			s.layers[h].keys = nil // a count keeps no layer past its use
		}
		s.report(Progress{Phase: PhaseEnumerate, Sum: 2 * h, Positions: total})
	}
	s.positions = total
	if s.countOnly {
		return nil
	}
	// Trim the empty layers past the last position.
	for len(s.layers) > 0 && len(s.layers[len(s.layers)-1].keys) == 0 {
		s.layers = s.layers[:len(s.layers)-1]
	}
	return nil
}
