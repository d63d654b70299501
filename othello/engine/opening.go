package engine

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	_ "embed"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/gridgames/gridgames/othello"
)

// An opening table holds exact values of positions near the start of a small
// board, solved beforehand by this package's own solver (BuildOpening), so the
// Perfect player answers at once where a live solve would take minutes. Each
// entry is one position up to symmetry: its exact final disc difference for the
// side to move (empties to the winner) and a best move.
//
// The file is gzipped text, one entry a line, sorted:
//
//	BOARD SIDE SCORE MOVE
//
// where BOARD SIDE is the position's board text in its canonical orientation (the
// least of its 8 images), SCORE a signed integer and MOVE a best move of that
// orientation. Lines starting with '#' are comments.

// Opening is an opening table (see BuildOpening and ReadOpening). It is safe for
// concurrent use.
type Opening struct {
	size    int
	entries map[[2]uint64]openingEntry
}

type openingEntry struct {
	score int8
	move  int8 // in the canonical orientation
}

// sizedCanonical returns the least image of (p, o) on a size x size board, ordered by
// p then o, and the symmetry that makes it.
func sizedCanonical(p, o uint64, size int) (cp, co uint64, sym int) {
	cp, co = p, o
	for s := 1; s < 8; s++ {
		ip, io := boardImage(p, size, s), boardImage(o, size, s)
		if ip < cp || ip == cp && io < co {
			cp, co, sym = ip, io, s
		}
	}
	return cp, co, sym
}

// Size returns the board size of the table.
func (t *Opening) Size() int { return t.size }

// Len returns the number of positions in the table (up to symmetry).
func (t *Opening) Len() int { return len(t.entries) }

// Lookup returns the exact score of pos for the side to move and a best move, if
// the table holds pos or one of its mirror images. A position that must pass or
// is over is never in the table.
func (t *Opening) Lookup(pos othello.Position) (score int, move othello.Square, ok bool) {
	if t == nil || pos.Size() != t.size {
		return 0, 0, false
	}
	cp, co, sym := sizedCanonical(pos.Player(), pos.Opponent(), t.size)
	e, ok := t.entries[[2]uint64{cp, co}]
	if !ok {
		return 0, 0, false
	}
	// The move is the legal move of pos whose image under sym is the entry's.
	for m := pos.Moves(); m != 0; m &= m - 1 {
		if sq := lowest(m); squareImage(sq, t.size, sym) == int(e.move) {
			return int(e.score), othello.Square(sq), true
		}
	}
	return 0, 0, false // not reached for a table that ReadOpening accepted
}

// WriteTo writes the table in its file format: gzipped, sorted, so the same table
// makes the same bytes.
func (t *Opening) WriteTo(w io.Writer) (int64, error) {
	lines := make([]string, 0, len(t.entries))
	for k, e := range t.entries {
		pos, err := othello.PositionOf(k[0], k[1], othello.Black, t.size)
		if err != nil {
			return 0, err
		}
		lines = append(lines, fmt.Sprintf("%s %+d %v", pos, e.score, othello.Square(e.move)))
	}
	slices.Sort(lines)
	var buf bytes.Buffer
	z := gzip.NewWriter(&buf)
	fmt.Fprintf(z, "# gridgames %dx%d opening table: position (least image, side to move X), exact score for the side to move, a best move\n", t.size, t.size)
	for _, l := range lines {
		fmt.Fprintln(z, l)
	}
	if err := z.Close(); err != nil {
		return 0, err
	}
	return buf.WriteTo(w)
}

// ReadOpening reads a table written by WriteTo. Every entry is checked: a board
// of the table's size in its canonical orientation, a score within the board, a
// legal move.
func ReadOpening(r io.Reader) (*Opening, error) {
	z, err := gzip.NewReader(r)
	if err != nil {
		return nil, fmt.Errorf("engine: opening table: %w", err)
	}
	t := &Opening{entries: map[[2]uint64]openingEntry{}}
	sc := bufio.NewScanner(z)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		if len(f) != 4 {
			return nil, fmt.Errorf("engine: opening table line %d: want BOARD SIDE SCORE MOVE, got %q", n, line)
		}
		pos, err := othello.ParsePosition(f[0] + " " + f[1])
		if err != nil {
			return nil, fmt.Errorf("engine: opening table line %d: %w", n, err)
		}
		if t.size == 0 {
			t.size = pos.Size()
		}
		p, o := pos.Player(), pos.Opponent()
		if cp, co, _ := sizedCanonical(p, o, t.size); pos.Size() != t.size || cp != p || co != o {
			return nil, fmt.Errorf("engine: opening table line %d: %s is not a %dx%d board in its least orientation", n, f[0], t.size, t.size)
		}
		score, err := strconv.Atoi(f[2])
		if err != nil || score < -t.size*t.size || score > t.size*t.size {
			return nil, fmt.Errorf("engine: opening table line %d: score %q: want -%d to +%d", n, f[2], t.size*t.size, t.size*t.size)
		}
		sq, err := othello.ParseSquare(f[3], t.size)
		if err != nil || !pos.IsLegal(sq) {
			return nil, fmt.Errorf("engine: opening table line %d: %q is not a legal move of %s", n, f[3], pos)
		}
		t.entries[[2]uint64{p, o}] = openingEntry{score: int8(score), move: int8(sq)}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("engine: opening table: %w", err)
	}
	if len(t.entries) == 0 {
		return nil, errors.New("engine: opening table: no entries")
	}
	return t, nil
}

// BuildOpening solves, for each colour in turn as the Perfect player, every
// position within plies moves of the size x size start where that colour is to
// move, the colour playing the best move found and the other side every legal
// move: all the Perfect player needs to choose its moves, and all a person
// playing against it needs for the exact value of each of its moves, in those
// plies. e solves them (one worker keeps the file the same from run to run: with
// more, a position with several best moves may keep another). progress, if not
// nil, is told each position solved.
func BuildOpening(ctx context.Context, e *Engine, size, plies int, progress func(pos othello.Position, score int, move othello.Square)) (*Opening, error) {
	t, err := NewOpening(size)
	if err != nil {
		return nil, err
	}
	return t, t.Extend(ctx, e, plies, progress)
}

// NewOpening returns an empty opening table for size x size boards (4 or 6), to
// fill with Extend.
func NewOpening(size int) (*Opening, error) {
	if !PerfectSize(size) {
		return nil, fmt.Errorf("%w (this board is %dx%d)", ErrPerfectSize, size, size)
	}
	return &Opening{size: size, entries: map[[2]uint64]openingEntry{}}, nil
}

// Extend adds to t what BuildOpening would solve within plies moves of the start,
// solving with e only the positions t does not hold yet: a table that an earlier
// run, stopped part-way or made for fewer plies, left is finished rather than
// started again. The moves t already holds are followed as they are, so a resumed
// run may keep another of several equally good moves than an uninterrupted one
// would have (every entry is exact either way). progress, if not nil, is told each
// position solved, after its entry is added (so it may write t out). If ctx ends
// first, t keeps every position solved so far and Extend returns ctx's error. t
// must not be read by other goroutines while Extend runs.
func (t *Opening) Extend(ctx context.Context, e *Engine, plies int, progress func(pos othello.Position, score int, move othello.Square)) error {
	start, err := othello.NewPosition(t.size)
	if err != nil {
		return err
	}
	for _, perfect := range []othello.Color{othello.Black, othello.White} {
		seen := map[[2]uint64]bool{}
		var walk func(pos othello.Position, ply int) error
		walk = func(pos othello.Position, ply int) error {
			if pos.Over() || ply > plies {
				return nil
			}
			if pos.MustPass() {
				pos = pos.Pass()
			}
			cp, co, _ := sizedCanonical(pos.Player(), pos.Opponent(), t.size)
			key := [2]uint64{cp, co}
			if seen[key] {
				return nil
			}
			seen[key] = true
			if pos.Turn() != perfect {
				for _, m := range pos.LegalMoves() {
					if err := walk(pos.Play(m), ply+1); err != nil {
						return err
					}
				}
				return nil
			}
			score, move, ok := t.Lookup(pos)
			if !ok {
				r, err := e.Search(ctx, pos, Limits{Endgame: 64})
				if err != nil {
					return err
				}
				if !r.Exact {
					return errors.New("engine: opening table: the solve ended without an exact score")
				}
				score, move = int(r.Score), r.Move
				t.entries[key] = openingEntry{score: int8(score), move: int8(squareImageOf(pos, move))}
				if progress != nil {
					progress(pos, score, move)
				}
			}
			return walk(pos.Play(move), ply+1)
		}
		if err := walk(start, 0); err != nil {
			return err
		}
	}
	return nil
}

// squareImageOf returns move's square in the canonical orientation of pos.
func squareImageOf(pos othello.Position, move othello.Square) int {
	_, _, sym := sizedCanonical(pos.Player(), pos.Opponent(), pos.Size())
	return squareImage(int(move), pos.Size(), sym)
}

//go:embed opening6_default.txt.gz
var defaultOpening6File []byte

var defaultOpening6 = builtin("6x6 opening table", defaultOpening6File, opening6Sum, ReadOpening)

// DefaultOpening returns the built-in opening table of a board size (6x6; see
// generate.go for its recipe), or nil for a size without one.
func DefaultOpening(size int) *Opening {
	if size == 6 {
		return defaultOpening6.Get()
	}
	return nil
}
