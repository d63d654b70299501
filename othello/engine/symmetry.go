package engine

// The eight symmetries of a square board (rotations and reflections) on boards of
// any size, which sit in the top-left corner of the 8x8 bit layout. Positions that
// are images of each other have the same value: the solver skips a move whose
// position is an image of a sibling's, and the opening table stores one position
// for each set of images.

// symmetricPlies: the solver looks for symmetric positions only while fewer than
// this many squares are filled (8 plies from the start), where they occur; later
// they are too rare to pay for the look (and the FFO positions never meet it).
const symmetricPlies = 12

// boardImage returns b∘sym on a size x size board (sym 0 to 7: bit 4 transposes,
// bit 2 flips the rows, bit 1 the columns, as image does on 8x8).
func boardImage(b uint64, size, sym int) uint64 {
	if sym&4 != 0 {
		b = transpose(b) // the top-left corner stays where it is
	}
	if sym&2 != 0 {
		b = flipRows(b) >> (8 * uint(8-size))
	}
	if sym&1 != 0 {
		b = flipCols(b) >> uint(8-size)
	}
	return b
}

// squareImage returns the square that sym maps sq onto on a size x size board.
func squareImage(sq, size, sym int) int {
	return lowest(boardImage(1<<uint(sq), size, sym))
}

// selfSymmetries returns the symmetries other than the identity that map (p, o)
// onto itself, as bits 1<<sym; almost always 0 but near the start.
func selfSymmetries(p, o uint64, size int) uint8 {
	var set uint8
	for sym := 1; sym < 8; sym++ {
		if boardImage(p, size, sym) == p && boardImage(o, size, sym) == o {
			set |= 1 << uint(sym)
		}
	}
	return set
}

// dropSymmetricMoves removes from list (in order) every move that a symmetry of
// the position (syms, from selfSymmetries) maps onto a move earlier in the list:
// the two positions are images of each other, with the same value. It returns
// the shortened list.
func dropSymmetricMoves(list []moveScore, syms uint8, size int) []moveScore {
	if syms == 0 {
		return list
	}
	out := list[:0]
	for _, m := range list {
		dup := false
		for sym := 1; sym < 8 && !dup; sym++ {
			if syms&(1<<uint(sym)) == 0 {
				continue
			}
			img := squareImage(int(m.sq), size, sym)
			for _, k := range out {
				if int(k.sq) == img {
					dup = true
					break
				}
			}
		}
		if !dup {
			out = append(out, m)
		}
	}
	return out
}
