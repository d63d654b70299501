package game2048

import "math/rand/v2"

// naiveSlide is the obviously correct reference for one line: drop the empties, walk
// from the edge merging each equal pair once (pairs at or above cap do not merge), pad.
func naiveSlide(line []Tile, cap Tile) ([]Tile, int64) {
	var tiles []Tile
	for _, t := range line {
		if t != 0 {
			tiles = append(tiles, t)
		}
	}
	var out []Tile
	var points int64
	for i := 0; i < len(tiles); i++ {
		if i+1 < len(tiles) && tiles[i] == tiles[i+1] && tiles[i] < cap {
			out = append(out, tiles[i]+1)
			points += int64(1) << (tiles[i] + 1)
			i++
		} else {
			out = append(out, tiles[i])
		}
	}
	for len(out) < len(line) {
		out = append(out, 0)
	}
	return out, points
}

// naiveMove applies naiveSlide to every line of a grid given as rows, by reading each
// line in the direction's order into a slice and writing it back.
func naiveMove(grid [][]Tile, d Direction, cap Tile) ([][]Tile, int64) {
	rows, cols := len(grid), len(grid[0])
	out := make([][]Tile, rows)
	for r := range out {
		out[r] = append([]Tile(nil), grid[r]...)
	}
	var total int64
	cellOf := func(line, k int) (int, int) {
		switch d {
		case Left:
			return line, k
		case Right:
			return line, cols - 1 - k
		case Up:
			return k, line
		default:
			return rows - 1 - k, line
		}
	}
	lines, length := rows, cols
	if d == Up || d == Down {
		lines, length = cols, rows
	}
	for i := range lines {
		line := make([]Tile, length)
		for k := range line {
			r, c := cellOf(i, k)
			line[k] = grid[r][c]
		}
		slid, p := naiveSlide(line, cap)
		total += p
		for k, t := range slid {
			r, c := cellOf(i, k)
			out[r][c] = t
		}
	}
	return out, total
}

func gridOf(b Board) [][]Tile {
	g := make([][]Tile, b.Rows())
	for r := range g {
		g[r] = make([]Tile, b.Cols())
		for c := range g[r] {
			g[r][c] = b.At(r, c)
		}
	}
	return g
}

// randomBoard fills a rows x cols board with tiles up to maxExp, about a third empty,
// and with many equal neighbours so merges are common.
func randomBoard(rnd *rand.Rand, rows, cols int, maxExp Tile) Board {
	b, err := NewBoard(rows, cols)
	if err != nil {
		panic(err)
	}
	for r := range rows {
		for c := range cols {
			if rnd.IntN(3) > 0 {
				b.Set(r, c, Tile(1+rnd.IntN(int(maxExp))))
			}
		}
	}
	return b
}
