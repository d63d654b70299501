package engine

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/bits"

	"github.com/gridgames/gridgames/othello"
)

// The book's builder: a drop-out expansion in the manner of Logistello's and
// Edax's books. From the start position it values every legal move of a position
// by a search of the position after it, then follows every move within the
// margin of its position's best (negamaxed through the book) to positions not yet
// in the book, up to the plies, until no good move leads out of the book. Each
// position's search begins with an empty table on one worker, so its values
// depend on the position alone, and the order of the work on the book alone: the
// same settings give the same book, byte for byte, whether built in one run or
// stopped and resumed (the file keeps the queue of positions to value next).

// BookProgress is a build under way, as its callback sees it after each position.
type BookProgress struct {
	Positions int              // positions in the book
	Pending   int              // positions queued to value next
	Last      othello.Position // the position just valued (canonical form)
}

// bookEngine is the engine a build searches with: one worker (so searches
// repeat exactly), no book of its own.
func bookEngine(opt Options) *Engine {
	opt.Workers = 1
	if opt.TableBits == 0 {
		opt.TableBits = 20
	}
	opt.Book = nil
	return New(opt)
}

// Build builds the book to its settings, or goes on with a build that stopped:
// it values the queued positions, then the positions the good moves lead to,
// until none is left. after, if not nil, is called after each position valued
// (the book is then whole, and may be written as a checkpoint); an error from it
// stops the build with that error. When ctx ends, Build returns ctx's error with
// the book whole and the position under way still queued. opt configures the
// searches (Workers and Book are ignored: one worker, no book).
func (b *Book) Build(ctx context.Context, opt Options, after func(BookProgress) error) error {
	if b.settings.Depth < 1 {
		return fmt.Errorf("engine: book depth %d: want 1 or more", b.settings.Depth)
	}
	e := bookEngine(opt)
	for {
		if len(b.pending) == 0 {
			b.pending = b.frontier()
			if len(b.pending) == 0 {
				return nil
			}
		}
		k := b.pending[0]
		if b.entries[k] == nil {
			if err := b.expand(ctx, e, k, b.settings.Depth); err != nil {
				return err
			}
		}
		b.pending = b.pending[1:]
		if after != nil {
			if err := after(BookProgress{Positions: len(b.entries), Pending: len(b.pending), Last: k.position()}); err != nil {
				return err
			}
		}
	}
}

// frontier returns the positions outside the book that good moves lead to from
// the start through the book, within the plies, in the order a depth-first walk
// meets them (moves in board order of each canonical form).
func (b *Book) frontier() []bookKey {
	if b.entries[startKey] == nil {
		return []bookKey{startKey}
	}
	vals := b.propagated()
	margin := int(math.Round(b.settings.Margin * bookUnit))
	seen := map[bookKey]bool{}
	queued := map[bookKey]bool{}
	var out []bookKey
	var visit func(k bookKey)
	visit = func(k bookKey) {
		seen[k] = true
		e := b.entries[k]
		cpos := k.position()
		best := int(vals[k])
		i := 0
		for m := cpos.Moves(); m != 0; m &= m - 1 {
			sq := bits.TrailingZeros64(m)
			v, _ := b.moveValue(vals, cpos, e, i, sq)
			i++
			if best-int(v) > margin {
				continue
			}
			ck, _, ok := child(cpos, sq)
			if !ok || bits.OnesCount64(ck.p|ck.o)-4 > b.settings.Plies {
				continue
			}
			switch {
			case b.entries[ck] != nil:
				if !seen[ck] {
					visit(ck)
				}
			case !queued[ck]:
				queued[ck] = true
				out = append(out, ck)
			}
		}
	}
	visit(startKey)
	return out
}

// searchDepth is the depth of the searches that value the moves of a position
// with empties empty squares: depth, or one less, so the searches end where an
// even number of squares is empty.
func searchDepth(empties, depth int) int {
	d := depth
	if (empties-1-d)%2 != 0 {
		d--
	}
	return max(1, d)
}

// expand values every move of the book position k by searches depth deep (see
// searchDepth) and puts it in the book.
func (b *Book) expand(ctx context.Context, e *Engine, k bookKey, depth int) error {
	pos := k.position()
	d := searchDepth(pos.Empties(), depth)
	e.reset()
	vals, err := e.Analyze(ctx, pos, Limits{Depth: d + 1, Endgame: b.settings.Endgame})
	if err != nil {
		return err
	}
	entry := &bookEntry{depth: uint8(d)}
	for m := pos.Moves(); m != 0; m &= m - 1 {
		sq := othello.Square(bits.TrailingZeros64(m))
		found := false
		for _, v := range vals {
			if v.Move == sq {
				entry.values = append(entry.values, int16(math.Round(v.Score*bookUnit)))
				found = true
			}
		}
		if !found {
			return fmt.Errorf("engine: book: the analysis of %v left out %v", pos, sq)
		}
	}
	b.entries[k] = entry
	b.invalidate()
	return nil
}

// invalidate forgets the negamaxed values after a change.
func (b *Book) invalidate() {
	b.mu.Lock()
	b.values, b.valuesOK = nil, false
	b.mu.Unlock()
}

// ErrNotInBook reports a position the book does not hold.
var ErrNotInBook = errors.New("engine: position not in the book")

// AddLine puts every position of a game's line in the book: from start (which
// must be 8x8 and in the book, or the start position) the moves of line are
// played, and each position reached that is not in the book yet has its moves
// valued at the book's depth (passes are played where forced; a line may run
// past the book's plies). It returns how many positions it added; after, if not
// nil, is called after each. When ctx ends it returns ctx's error, the positions
// valued so far kept.
func (b *Book) AddLine(ctx context.Context, opt Options, start othello.Position, line []othello.Square, after func(BookProgress) error) (int, error) {
	if start.Size() != 8 {
		return 0, errors.New("engine: the book is for 8x8 boards")
	}
	e := bookEngine(opt)
	added := 0
	pos := start
	for i := 0; ; i++ {
		if pos.MustPass() {
			pos = pos.Pass()
		}
		if pos.Over() {
			break
		}
		k, _, _ := keyOf(pos)
		if b.entries[k] == nil {
			if _, ok := b.parentOf(k); !ok && k != startKey {
				return added, fmt.Errorf("engine: book: %v is not one move from a book position", pos)
			}
			if err := b.expand(ctx, e, k, b.settings.Depth); err != nil {
				return added, err
			}
			added++
			b.dropPending(k)
			if after != nil {
				if err := after(BookProgress{Positions: len(b.entries), Pending: len(b.pending), Last: k.position()}); err != nil {
					return added, err
				}
			}
		}
		if i >= len(line) {
			break
		}
		m := line[i]
		if m == othello.Pass {
			continue // passes are played where forced
		}
		if !pos.IsLegal(m) {
			return added, fmt.Errorf("engine: book: move %d (%v) is illegal in %v", i+1, m, pos)
		}
		pos = pos.Play(m)
	}
	return added, nil
}

// parentOf returns a book position with a move to k.
func (b *Book) parentOf(k bookKey) (bookKey, bool) {
	discs := bits.OnesCount64(k.p|k.o) - 1
	for pk := range b.entries {
		if bits.OnesCount64(pk.p|pk.o) != discs {
			continue
		}
		cpos := pk.position()
		for m := cpos.Moves(); m != 0; m &= m - 1 {
			if ck, _, ok := child(cpos, bits.TrailingZeros64(m)); ok && ck == k {
				return pk, true
			}
		}
	}
	return bookKey{}, false
}

// dropPending takes k off the build's queue.
func (b *Book) dropPending(k bookKey) {
	for i, q := range b.pending {
		if q == k {
			b.pending = append(b.pending[:i:i], b.pending[i+1:]...)
			return
		}
	}
}

// Deepen values again the moves of the book position pos by searches depth
// deep (see BookSettings.Depth), replacing its values. It returns
// ErrNotInBook if pos is not in the book.
func (b *Book) Deepen(ctx context.Context, opt Options, pos othello.Position, depth int) error {
	k, _, ok := keyOf(pos)
	if !ok || b.entries[k] == nil {
		return ErrNotInBook
	}
	if depth < 1 || depth > 60 {
		return fmt.Errorf("engine: book depth %d: want 1 to 60", depth)
	}
	return b.expand(ctx, bookEngine(opt), k, depth)
}
