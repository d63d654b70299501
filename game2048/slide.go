package game2048

// Slide is what one move did to a board: enough for a UI to animate it.
type Slide struct {
	// Moved reports whether the board changed.
	Moved bool `json:"moved"`
	// Points is the sum of the values of the tiles made by merges.
	Points int64 `json:"points"`
	// Tiles lists every tile that was on the board before the move, with the cell it
	// ends in (From == To for a tile that stayed). Two tiles share a To when they merged.
	Tiles []TileMove `json:"tiles"`
	// Merges lists each merge: the new tile, its cell and the two cells it came from.
	Merges []Merge `json:"merges"`
}

// TileMove is one tile's journey during a move.
type TileMove struct {
	From Cell `json:"from"`
	To   Cell `json:"to"`
	Tile Tile `json:"tile"`
}

// Merge is two equal tiles becoming one of the next value at At.
type Merge struct {
	At   Cell    `json:"at"`
	Tile Tile    `json:"tile"` // the new tile
	From [2]Cell `json:"from"` // the tile nearer the edge first
}

// Move slides every line of b toward direction d in place, merging equal neighbours
// once per move (the pair nearest the edge first), and returns the points earned and
// whether the board changed. It does not spawn a tile and does not allocate.
func (b *Board) Move(d Direction) (points int64, moved bool) {
	for i, n := 0, b.lineCount(d); i < n; i++ {
		start, step, length := b.line(d, i)
		p, m := slideLine(b.cells, start, step, length, nil)
		points += p
		moved = moved || m
	}
	return points, moved
}

// Slide is Move with a record of where every tile went, for animation.
func (b *Board) Slide(d Direction) Slide {
	rec := &recorder{cols: b.cols}
	for i, n := 0, b.lineCount(d); i < n; i++ {
		start, step, length := b.line(d, i)
		p, m := slideLine(b.cells, start, step, length, rec)
		rec.s.Points += p
		rec.s.Moved = rec.s.Moved || m
	}
	return rec.s
}

// CanMove reports whether moving toward d would change b.
func (b Board) CanMove(d Direction) bool {
	for i, n := 0, b.lineCount(d); i < n; i++ {
		start, step, length := b.line(d, i)
		var prev Tile
		sawEmpty := false
		for k := 0; k < length; k++ {
			t := b.cells[start+k*step]
			switch {
			case t == 0:
				sawEmpty = true
			case sawEmpty, t == prev && t < MaxTile:
				return true
			default:
				prev = t
			}
		}
	}
	return false
}

// Over reports whether no direction changes b.
func (b Board) Over() bool {
	for _, d := range Directions {
		if b.CanMove(d) {
			return false
		}
	}
	return true
}

// lineCount returns how many lines a move toward d slides.
func (b *Board) lineCount(d Direction) int {
	if d <= Right {
		return b.rows
	}
	return b.cols
}

// line returns line i for direction d as the index of its edge cell (the one tiles
// slide toward), the index step away from the edge, and its length.
func (b *Board) line(d Direction, i int) (start, step, n int) {
	switch d {
	case Left:
		return i * b.cols, 1, b.cols
	case Right:
		return i*b.cols + b.cols - 1, -1, b.cols
	case Up:
		return i, b.cols, b.rows
	default:
		return (b.rows-1)*b.cols + i, -b.cols, b.rows
	}
}

// slideLine slides one line in place. Slot k of the line is cells[start+k*step],
// slot 0 at the edge. Writes go to slots already read, so no buffer is needed.
func slideLine(cells []Tile, start, step, n int, rec *recorder) (points int64, moved bool) {
	w := 0        // next slot to fill
	var held Tile // a tile waiting to see whether its neighbour matches
	heldFrom := 0 // the slot it came from
	for k := 0; k < n; k++ {
		t := cells[start+k*step]
		if t == 0 {
			continue
		}
		if t == held && t < MaxTile {
			cells[start+w*step] = t + 1
			points += 1 << (t + 1)
			moved = true
			if rec != nil {
				rec.merge(start+heldFrom*step, start+k*step, start+w*step, t)
			}
			w++
			held = 0
			continue
		}
		if held != 0 {
			cells[start+w*step] = held
			moved = moved || heldFrom != w
			if rec != nil {
				rec.move(start+heldFrom*step, start+w*step, held)
			}
			w++
		}
		held, heldFrom = t, k
	}
	if held != 0 {
		cells[start+w*step] = held
		moved = moved || heldFrom != w
		if rec != nil {
			rec.move(start+heldFrom*step, start+w*step, held)
		}
		w++
	}
	for ; w < n; w++ {
		cells[start+w*step] = 0
	}
	return points, moved
}

// recorder collects a Slide; indexes are row-major cell indexes.
type recorder struct {
	cols int
	s    Slide
}

func (r *recorder) cell(i int) Cell { return Cell{i / r.cols, i % r.cols} }

func (r *recorder) move(from, to int, t Tile) {
	r.s.Tiles = append(r.s.Tiles, TileMove{From: r.cell(from), To: r.cell(to), Tile: t})
}

func (r *recorder) merge(a, b, to int, t Tile) {
	r.move(a, to, t)
	r.move(b, to, t)
	r.s.Merges = append(r.s.Merges, Merge{At: r.cell(to), Tile: t + 1, From: [2]Cell{r.cell(a), r.cell(b)}})
}
