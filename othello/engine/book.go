package engine

import (
	"cmp"
	"math/bits"
	"math/rand/v2"
	"slices"
	"sync"

	"github.com/gridgames/gridgames/othello"
)

// Book is an opening book for 8x8: positions, each with the engine's value of
// every legal move. A position is kept once for all its mirror images (the 8
// symmetries of the board), so one entry serves every symmetric line. A move
// whose position after it is in the book too takes that position's value
// (negamax through the book: the best of its moves, from its side); the others
// keep the value of the search that valued them. A Book is made by NewBook and
// Build, or by ReadBook; its methods may be called from several goroutines at
// once, except the ones that change it (Build, AddLine and Deepen), which must
// be called alone.
type Book struct {
	entries  map[bookKey]*bookEntry
	settings BookSettings
	pending  []bookKey // positions an unfinished build is to value next, in order

	mu       sync.Mutex // guards the values cache
	values   map[bookKey]int16
	valuesOK bool
}

// bookKey is a position in canonical form: (p, o) of the side to move, the least
// of its 8 mirror images (p first, then o).
type bookKey struct{ p, o uint64 }

// bookEntry is one book position: the depth its moves were searched to and each
// legal move's value, in sixteenths of a disc for the side to move, in board
// order of the canonical position's legal moves.
type bookEntry struct {
	depth  uint8
	values []int16
}

// bookUnit is the book's value unit: sixteenths of a disc.
const bookUnit = 16

// BookSettings are how a book is built (and extended): see Book.Build.
type BookSettings struct {
	// Depth is the search depth of the values, in plies from the position after
	// the move, at most: a search ends where an even number of squares is empty
	// (Depth or Depth-1 plies), so the values of positions of different plies
	// stand on the same footing (the evaluation's values swing with the parity
	// of the leaves).
	Depth int `json:"depth"`
	// Plies bounds the build: it values the moves of positions with at most
	// Plies discs more than the start's four.
	Plies int `json:"plies"`
	// Margin is the width in discs of the good moves the build follows: every
	// move within Margin of the best of its position.
	Margin float64 `json:"margin"`
	// Endgame solves the moves exactly from this many empty squares (0: never).
	Endgame int `json:"endgame"`
}

// NewBook returns an empty book with the given settings.
func NewBook(s BookSettings) *Book {
	return &Book{entries: map[bookKey]*bookEntry{}, settings: s}
}

// Settings returns the settings the book was built with.
func (b *Book) Settings() BookSettings { return b.settings }

// Len returns the number of positions in the book.
func (b *Book) Len() int { return len(b.entries) }

// Pending returns the number of positions an unfinished build has queued to
// value next (0 when the build is done).
func (b *Book) Pending() int { return len(b.pending) }

// symmetry tables: toCanon[sym][sq] is where square sq of a board goes in its
// image by sym (image(b, sym)), fromCanon the way back.
var toCanon, fromCanon = func() (to, from [8][64]int8) {
	for sym := range 8 {
		for sq := range 64 {
			y := bits.TrailingZeros64(image(1<<uint(sq), sym))
			to[sym][sq], from[sym][y] = int8(y), int8(sq)
		}
	}
	return
}()

// canonical returns the canonical form of (p, o) and the symmetry that maps
// (p, o) onto it.
func canonical(p, o uint64) (bookKey, int) {
	best, bs := bookKey{p, o}, 0
	for sym := 1; sym < 8; sym++ {
		k := bookKey{image(p, sym), image(o, sym)}
		if k.p < best.p || k.p == best.p && k.o < best.o {
			best, bs = k, sym
		}
	}
	return best, bs
}

// position returns the key as a position, black to move (the book's values are
// for the side to move, whichever colour it is).
func (k bookKey) position() othello.Position {
	pos, _ := othello.PositionOf(k.p, k.o, othello.Black, 8)
	return pos
}

// keyOf returns the book key of pos and the symmetry that maps pos onto it; ok
// is false for a board that is not 8x8.
func keyOf(pos othello.Position) (bookKey, int, bool) {
	if pos.Size() != 8 {
		return bookKey{}, 0, false
	}
	k, sym := canonical(pos.Player(), pos.Opponent())
	return k, sym, true
}

// BookMove is one move of a book position.
type BookMove struct {
	Move othello.Square `json:"move"`
	// Score is the move's value in discs for the side to move: through the book
	// if the position after it is in the book, else its search's.
	Score float64 `json:"score"`
	// Depth is the search depth the position's moves were valued at.
	Depth int `json:"depth"`
	// Next reports that the position after the move is in the book too.
	Next bool `json:"next"`
}

// Lookup returns the book's moves of pos, best first (ties in board order), or
// false if pos is not in the book (or must pass, or is over).
func (b *Book) Lookup(pos othello.Position) ([]BookMove, bool) {
	k, sym, ok := keyOf(pos)
	if !ok {
		return nil, false
	}
	e := b.entries[k]
	if e == nil {
		return nil, false
	}
	vals := b.propagated()
	cpos := k.position()
	var out []BookMove
	i := 0
	for m := cpos.Moves(); m != 0; m &= m - 1 {
		sq := bits.TrailingZeros64(m)
		v, next := b.moveValue(vals, cpos, e, i, sq)
		out = append(out, BookMove{Move: othello.Square(fromCanon[sym][sq]), Score: float64(v) / bookUnit,
			Depth: int(e.depth), Next: next})
		i++
	}
	slices.SortStableFunc(out, func(a, c BookMove) int {
		if a.Score != c.Score {
			return cmp.Compare(c.Score, a.Score)
		}
		return cmp.Compare(a.Move, c.Move)
	})
	return out, true
}

// child returns the book key of the position after move sq of cpos (after the
// opponent's pass if it must pass), the sign that turns its value into the
// mover's, and whether the game goes on there.
func child(cpos othello.Position, sq int) (bookKey, int, bool) {
	c := cpos.Play(othello.Square(sq))
	sign := -1
	if c.Over() {
		return bookKey{}, 0, false
	}
	if c.MustPass() {
		c, sign = c.Pass(), 1
	}
	k, _ := canonical(c.Player(), c.Opponent())
	return k, sign, true
}

// moveValue is the value of the i-th legal move (square sq, canonical) of entry
// e at cpos, and whether it comes through the book.
func (b *Book) moveValue(vals map[bookKey]int16, cpos othello.Position, e *bookEntry, i, sq int) (int16, bool) {
	if k, sign, ok := child(cpos, sq); ok {
		if v, in := vals[k]; in {
			return int16(sign) * v, true
		}
	}
	return e.values[i], false
}

// propagated returns every book position's value (its best move's), negamaxed
// through the book; it is computed once after each change.
func (b *Book) propagated() map[bookKey]int16 {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.valuesOK {
		return b.values
	}
	vals := make(map[bookKey]int16, len(b.entries))
	// Positions with more discs first: a move adds a disc, so every position
	// after a move has more discs than the one before, and is valued first.
	keys := b.sortedKeys()
	slices.SortStableFunc(keys, func(x, y bookKey) int {
		return cmp.Compare(bits.OnesCount64(y.p|y.o), bits.OnesCount64(x.p|x.o))
	})
	for _, k := range keys {
		e := b.entries[k]
		cpos := k.position()
		best := int16(-32768)
		i := 0
		for m := cpos.Moves(); m != 0; m &= m - 1 {
			v, _ := b.moveValue(vals, cpos, e, i, bits.TrailingZeros64(m))
			best = max(best, v)
			i++
		}
		vals[k] = best
	}
	b.values, b.valuesOK = vals, true
	return vals
}

// sortedKeys returns the book's keys in increasing order (p, then o).
func (b *Book) sortedKeys() []bookKey {
	keys := make([]bookKey, 0, len(b.entries))
	for k := range b.entries {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, compareKeys)
	return keys
}

func compareKeys(x, y bookKey) int {
	if c := cmp.Compare(x.p, y.p); c != 0 {
		return c
	}
	return cmp.Compare(x.o, y.o)
}

// PlayMargin is how far below the best book move, in discs, a level's book move
// may be: a level takes one of the moves within it at random, so games differ.
const PlayMargin = 1.0

// BookFromLevel is the first level that plays from the book (levels below it
// play like people of their strength, without one).
const BookFromLevel = 6

// Choose returns a book move of pos: one of the moves within margin discs of the
// best, drawn by rnd (the best, first in board order among equals, if rnd is
// nil), and false if pos is not in the book.
func (b *Book) Choose(pos othello.Position, margin float64, rnd *rand.Rand) (BookMove, bool) {
	moves, ok := b.Lookup(pos)
	if !ok || len(moves) == 0 {
		return BookMove{}, false
	}
	n := 1
	for n < len(moves) && moves[n].Score >= moves[0].Score-margin {
		n++
	}
	if rnd == nil {
		return moves[0], true
	}
	return moves[rnd.IntN(n)], true
}

// Line returns the book's best line from pos (the best move of each position,
// while the positions are in the book), up to n plies.
func (b *Book) Line(pos othello.Position, n int) []othello.Square {
	var line []othello.Square
	for len(line) < n && !pos.Over() {
		if pos.MustPass() {
			pos = pos.Pass()
			line = append(line, othello.Pass)
			continue
		}
		m, ok := b.Choose(pos, 0, nil)
		if !ok {
			break
		}
		line = append(line, m.Move)
		pos = pos.Play(m.Move)
	}
	return line
}

// BookStats sums up a book.
type BookStats struct {
	Positions int   `json:"positions"`
	Pending   int   `json:"pending"`  // positions an unfinished build is yet to value
	ByPly     []int `json:"byPly"`    // positions by discs played (index 0: the start)
	Moves     int   `json:"moves"`    // move values stored
	MinDepth  int   `json:"minDepth"` // shallowest and deepest search of a position
	MaxDepth  int   `json:"maxDepth"`
}

// Stats counts the book's positions.
func (b *Book) Stats() BookStats {
	s := BookStats{Positions: len(b.entries), Pending: len(b.pending)}
	for k, e := range b.entries {
		ply := bits.OnesCount64(k.p|k.o) - 4
		for len(s.ByPly) <= ply {
			s.ByPly = append(s.ByPly, 0)
		}
		s.ByPly[ply]++
		s.Moves += len(e.values)
		if s.MinDepth == 0 || int(e.depth) < s.MinDepth {
			s.MinDepth = int(e.depth)
		}
		s.MaxDepth = max(s.MaxDepth, int(e.depth))
	}
	return s
}

// Book returns the engine's opening book, or nil.
func (e *Engine) Book() *Book { return e.book }

// bookValues answers Analyze from the engine's book: every move of pos with its
// book value and the book's line after it, best first, marked Book.
func (e *Engine) bookValues(pos othello.Position) ([]MoveValue, bool) {
	if e.book == nil {
		return nil, false
	}
	moves, ok := e.book.Lookup(pos)
	if !ok {
		return nil, false
	}
	out := make([]MoveValue, len(moves))
	for i, m := range moves {
		line := append([]othello.Square{m.Move}, e.book.Line(pos.Play(m.Move), 29)...)
		out[i] = MoveValue{Move: m.Move, Score: m.Score, PV: line, Book: true}
	}
	return out, true
}
