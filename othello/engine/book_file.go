package engine

import (
	"bufio"
	"compress/gzip"
	_ "embed"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"math/bits"
	"slices"

	"github.com/gridgames/gridgames/othello"
)

// The book file is gzip (whose CRC-32 checks the bytes) of:
//
//	magic      "gridgames-othello-book-v1\n"
//	settings   depth, plies, endgame (a byte each), margin (uvarint, sixteenths of a disc)
//	positions  uvarint count, then each position in order of discs, then key:
//	           uvarint parent (0: the start position, else 1 + the index of a book
//	           position one move before it), its move (a byte, a square of the
//	           parent's canonical form; absent for the start), the depth (a byte)
//	           and a zigzag varint value (sixteenths of a disc) for each legal move,
//	           in board order of the position's canonical form
//	pending    uvarint count, then each position as parent and move, in queue order
//
// A position is stored as the move that leads to it from an earlier one, so the
// file holds no board, only moves: a few bytes a position, and every position in
// it is one the game can reach.
const bookMagic = "gridgames-othello-book-v1\n"

// bookOrder orders keys as the file does: fewer discs first, then by key.
func bookOrder(x, y bookKey) int {
	if c := bits.OnesCount64(x.p|x.o) - bits.OnesCount64(y.p|y.o); c != 0 {
		return c
	}
	return compareKeys(x, y)
}

var startKey, _ = canonical(othello.StartPosition().Player(), othello.StartPosition().Opponent())

// WriteTo writes the book in the book file format. The same book always gives
// the same bytes.
func (b *Book) WriteTo(out io.Writer) (int64, error) {
	keys := make([]bookKey, 0, len(b.entries))
	for k := range b.entries {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, bookOrder)
	index := make(map[bookKey]int, len(keys))
	for i, k := range keys {
		index[k] = i
	}
	// Each position's parent: the first book position (in file order) with a
	// move to it.
	type link struct {
		parent int
		move   int8
	}
	parents := map[bookKey]link{}
	for i, k := range keys {
		cpos := k.position()
		for m := cpos.Moves(); m != 0; m &= m - 1 {
			sq := bits.TrailingZeros64(m)
			ck, _, ok := child(cpos, sq)
			if !ok {
				continue
			}
			if _, seen := parents[ck]; !seen {
				parents[ck] = link{i, int8(sq)}
			}
		}
	}
	cw := &countWriter{w: out}
	z := gzip.NewWriter(cw)
	w := bufio.NewWriter(z)
	var buf [binary.MaxVarintLen64]byte
	uvarint := func(x uint64) { w.Write(buf[:binary.PutUvarint(buf[:], x)]) }
	ref := func(k bookKey) error {
		if k == startKey {
			uvarint(0)
			return nil
		}
		l, ok := parents[k]
		if !ok {
			return fmt.Errorf("engine: book position %v has no parent in the book", k.position())
		}
		uvarint(uint64(l.parent) + 1)
		w.WriteByte(byte(l.move))
		return nil
	}
	w.WriteString(bookMagic)
	s := b.settings
	w.Write([]byte{byte(s.Depth), byte(s.Plies), byte(s.Endgame)})
	uvarint(uint64(math.Round(s.Margin * bookUnit)))
	uvarint(uint64(len(keys)))
	for _, k := range keys {
		if err := ref(k); err != nil {
			return cw.n, err
		}
		e := b.entries[k]
		w.WriteByte(e.depth)
		for _, v := range e.values {
			w.Write(buf[:binary.PutVarint(buf[:], int64(v))])
		}
	}
	uvarint(uint64(len(b.pending)))
	for _, k := range b.pending {
		if err := ref(k); err != nil {
			return cw.n, err
		}
	}
	if err := w.Flush(); err != nil {
		return cw.n, err
	}
	err := z.Close()
	return cw.n, err
}

// maxBookPositions bounds the positions a file may claim, so a corrupt count
// cannot ask for gigabytes.
const maxBookPositions = 1 << 26

// ReadBook reads what Book.WriteTo writes. Another kind of file, a cut-off or
// corrupt one, or one that does not follow the rules of the game is refused
// with the reason.
func ReadBook(r io.Reader) (*Book, error) {
	br, err := openFile(r, bookMagic, "book")
	if err != nil {
		return nil, err
	}
	rd := &bookReader{r: br}
	s, err := rd.settings()
	if err != nil {
		return nil, err
	}
	b := NewBook(s)
	if err := rd.entries(b); err != nil {
		return nil, err
	}
	if err := rd.pending(b); err != nil {
		return nil, err
	}
	if _, err := br.ReadByte(); err != io.EOF {
		if err == nil {
			return nil, errors.New("book has data after its end")
		}
		return nil, fmt.Errorf("book is corrupt: %w", err)
	}
	return b, nil
}

// bookReader reads a book file's parts in order, keeping the positions read so
// far for the references that follow.
type bookReader struct {
	r    io.ByteReader
	keys []bookKey
}

func bookCut(where string) error { return fmt.Errorf("book cut off in %s", where) }

// settings reads the book's settings and checks their ranges.
func (rd *bookReader) settings() (BookSettings, error) {
	var head [3]byte
	for i := range head {
		c, err := rd.r.ReadByte()
		if err != nil {
			return BookSettings{}, bookCut("its settings")
		}
		head[i] = c
	}
	margin, err := binary.ReadUvarint(rd.r)
	if err != nil {
		return BookSettings{}, bookCut("its settings")
	}
	s := BookSettings{Depth: int(head[0]), Plies: int(head[1]), Endgame: int(head[2]), Margin: float64(margin) / bookUnit}
	if s.Depth < 1 || s.Depth > 60 || s.Plies > 60 || s.Endgame > 64 || margin > 64*bookUnit {
		return BookSettings{}, fmt.Errorf("book settings out of range: depth %d, plies %d, endgame %d, margin %v", s.Depth, s.Plies, s.Endgame, s.Margin)
	}
	return s, nil
}

// count reads a count of positions, at most maxBookPositions; what and noun
// name it in errors ("its what count", "N noun").
func (rd *bookReader) count(what, noun string) (uint64, error) {
	n, err := binary.ReadUvarint(rd.r)
	if err != nil {
		return 0, bookCut("its " + what + " count")
	}
	if n > maxBookPositions {
		return 0, fmt.Errorf("book claims %d %s, more than %d", n, noun, maxBookPositions)
	}
	return n, nil
}

// position reads a reference to a position: the start, or a move from one of
// the positions read so far.
func (rd *bookReader) position(what string, i uint64) (bookKey, error) {
	parent, err := binary.ReadUvarint(rd.r)
	if err != nil {
		return bookKey{}, bookCut(fmt.Sprintf("%s %d", what, i))
	}
	if parent == 0 {
		return startKey, nil
	}
	if parent > uint64(len(rd.keys)) {
		return bookKey{}, fmt.Errorf("book %s %d: parent %d is not an earlier position", what, i, parent-1)
	}
	sq, err := rd.r.ReadByte()
	if err != nil {
		return bookKey{}, bookCut(fmt.Sprintf("%s %d", what, i))
	}
	ppos := rd.keys[parent-1].position()
	if sq >= 64 || ppos.Moves()&(1<<sq) == 0 {
		return bookKey{}, fmt.Errorf("book %s %d: move %d is not legal in its parent", what, i, sq)
	}
	k, _, ok := child(ppos, int(sq))
	if !ok {
		return bookKey{}, fmt.Errorf("book %s %d: the game is over after its move", what, i)
	}
	return k, nil
}

// entries reads the book's positions, in book order, each with its depth and a
// value for each legal move, into b.
func (rd *bookReader) entries(b *Book) error {
	n, err := rd.count("position", "positions")
	if err != nil {
		return err
	}
	for i := range n {
		k, err := rd.position("position", i)
		if err != nil {
			return err
		}
		if len(rd.keys) > 0 && bookOrder(rd.keys[len(rd.keys)-1], k) >= 0 {
			return fmt.Errorf("book position %d is out of order or repeated", i)
		}
		e, err := rd.entry(i, bits.OnesCount64(k.position().Moves()))
		if err != nil {
			return err
		}
		rd.keys = append(rd.keys, k)
		b.entries[k] = e
	}
	return nil
}

// entry reads position i's depth and its values of moves moves.
func (rd *bookReader) entry(i uint64, moves int) (*bookEntry, error) {
	depth, err := rd.r.ReadByte()
	if err != nil {
		return nil, bookCut(fmt.Sprintf("position %d", i))
	}
	if depth < 1 || depth > 60 {
		return nil, fmt.Errorf("book position %d: depth %d, want 1 to 60", i, depth)
	}
	e := &bookEntry{depth: depth, values: make([]int16, moves)}
	for j := range e.values {
		v, err := binary.ReadVarint(rd.r)
		if err != nil {
			return nil, bookCut(fmt.Sprintf("position %d", i))
		}
		if v < -64*bookUnit || v > 64*bookUnit {
			return nil, fmt.Errorf("book position %d: value %v discs is past the board's 64", i, float64(v)/bookUnit)
		}
		e.values[j] = int16(v)
	}
	return e, nil
}

// pending reads the positions queued for valuing, none in the book already
// nor queued twice, into b.
func (rd *bookReader) pending(b *Book) error {
	np, err := rd.count("pending", "pending positions")
	if err != nil {
		return err
	}
	queued := map[bookKey]bool{}
	for i := range np {
		k, err := rd.position("pending position", i)
		if err != nil {
			return err
		}
		if b.entries[k] != nil || queued[k] {
			return fmt.Errorf("book pending position %d is in the book already or queued twice", i)
		}
		queued[k] = true
		b.pending = append(b.pending, k)
	}
	return nil
}

// bookFile is the built-in opening book (see generate.go for its recipe).
//
//go:embed book_default.bin.gz
var defaultBookFile []byte

var defaultBook = builtin("opening book", defaultBookFile, bookSum, ReadBook)

// DefaultBook returns the built-in opening book (shared; do not change it).
func DefaultBook() *Book { return defaultBook.Get() }
