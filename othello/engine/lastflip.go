package engine

// This file is hot code: the last empty square. With one square left the board is
// full around it, so the discs a move there flips depend only on the mover's
// discs along the four lines through it; each line is read as eight bits and a
// table gives the count.

// lastFlips[x][line] is the number of discs flipped along one line by a move at
// position x (0..7) of the line, when line holds the mover's discs (bit i for
// position i) and every other position is the opponent's (or off the board, which
// reads as 0 and never brackets).
var lastFlips [8][256]uint8

// Masks of the two diagonals through each square (a1-h8 direction, and a8-h1).
var diagOf, antiOf [64]uint64

func init() {
	for x := range 8 {
		for line := range 256 {
			n := 0
			for _, step := range []int{-1, 1} {
				k := 0
				for i := x + step; i >= 0 && i < 8; i += step {
					if line&(1<<i) != 0 {
						n += k
						break
					}
					k++
				}
			}
			lastFlips[x][line] = uint8(n)
		}
	}
	for sq := range 64 {
		c, r := sq%8, sq/8
		for i := range 64 {
			ci, ri := i%8, i/8
			if ci-ri == c-r {
				diagOf[sq] |= 1 << uint(i)
			}
			if ci+ri == c+r {
				antiOf[sq] |= 1 << uint(i)
			}
		}
	}
}

// countLastFlips returns how many discs the owner of p flips by playing sq when
// every other square of the board is occupied.
func countLastFlips(p uint64, sq int) int {
	c, r := uint(sq&7), uint(sq>>3)
	row := uint8(p >> (8 * r))
	// The column's eight bits, bit r for row r (the multiplication gathers them).
	col := uint8(((p >> c) & 0x0101010101010101) * 0x0102040810204080 >> 56)
	// A diagonal has one square per column: adding its bytes gathers them by column.
	diag := uint8((p & diagOf[sq&63]) * 0x0101010101010101 >> 56)
	anti := uint8((p & antiOf[sq&63]) * 0x0101010101010101 >> 56)
	return int(lastFlips[c][row]) + int(lastFlips[r][col]) + int(lastFlips[c][diag]) + int(lastFlips[c][anti])
}
