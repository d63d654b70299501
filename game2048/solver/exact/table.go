package exact

import (
	"errors"
	"fmt"
	"math/bits"
	"slices"

	"github.com/gridgames/gridgames/game2048"
)

// ErrBoard reports a board a table cannot value: another size, a tile it cannot
// hold, or a position not reachable from the standard start.
var ErrBoard = errors.New("exact: board not in the table")

// Table is a solved board: the value under optimal play of every position
// reachable from the standard start (two tiles on distinct uniformly drawn cells,
// each a 4 with the table's chance), for one objective: the expected final score
// (points from merges), or with a goal the largest chance of ever making the goal
// tile. Positions that are mirrors or turns of each other are stored once.
//
// A Table is read-only and safe for concurrent use. Build one with Solve or Read.
type Table struct {
	g      *geom
	four   float64
	goal   uint8
	layers []layer // layers[h]: the positions whose tiles sum to 2h
	sum    Summary
}

// Summary is what a solve found for a new game.
type Summary struct {
	// Value is the value of the standard start: the expected final score of optimal
	// play, or with a goal the chance of making it.
	Value float64
	// ValueTwoTwos is the same from a start of two 2s (on uniformly drawn cells).
	ValueTwoTwos float64
	// FinalMax, for the score objective (nil with a goal), gives the chance that the
	// largest tile at the end of a game is 2^e, for e = 0 to 15, under the
	// score-optimal policy from the standard start (ties broken by the order of
	// game2048.Directions on the stored position).
	FinalMax []float64
	// Positions counts the positions stored (one per set of symmetric positions).
	Positions int64
	// Seconds is the time the solve took.
	Seconds float64
}

// TileChances returns, for the score objective, the chance of making each tile
// (value -> probability) under the score-optimal policy from the standard start,
// for every tile with a chance above 0; nil for a goal table. Each is the share
// of FinalMax at or above the tile, divided by the sum of FinalMax (1 but for a
// few ulps of rounding), so the smallest tiles come out as exactly 1.
func (s Summary) TileChances() map[uint64]float64 {
	if s.FinalMax == nil {
		return nil
	}
	var total float64
	for _, x := range s.FinalMax {
		total += x
	}
	out := map[uint64]float64{}
	var c float64
	for e := len(s.FinalMax) - 1; e >= 1; e-- {
		c += s.FinalMax[e]
		if c > 0 {
			out[uint64(1)<<e] = min(1, c/total)
		}
	}
	return out
}

// Rows returns the board's row count.
func (t *Table) Rows() int { return t.g.rows }

// Cols returns the board's column count.
func (t *Table) Cols() int { return t.g.cols }

// FourChance returns the chance of a 4 the table was solved for.
func (t *Table) FourChance() float64 { return t.four }

// Goal returns the goal tile's value, or 0 for a table of expected scores.
func (t *Table) Goal() uint64 {
	if t.goal == 0 {
		return 0
	}
	return uint64(1) << t.goal
}

// Summary returns the figures for a new game.
func (t *Table) Summary() Summary { return t.sum }

// encode packs b, which must have the table's size and tiles up to 2^15.
func (t *Table) encode(b game2048.Board) (uint64, error) {
	if b.Rows() != t.g.rows || b.Cols() != t.g.cols {
		return 0, refuse(ErrBoard, "a %dx%d board, the table is %dx%d", b.Rows(), b.Cols(), t.g.rows, t.g.cols)
	}
	var k uint64
	for r := range b.Rows() {
		for c := range b.Cols() {
			x := b.At(r, c)
			if x > maxExp {
				return 0, refuse(ErrBoard, "tile %s at row %d, column %d", x, r+1, c+1)
			}
			k |= uint64(x) << (4 * uint(r*b.Cols()+c))
		}
	}
	return k, nil
}

// lookup returns the stored value of a canonical position.
func (t *Table) lookup(c uint64) (float64, bool) {
	h := int(tileSum(c) / 2)
	if h >= len(t.layers) {
		return 0, false
	}
	L := &t.layers[h]
	i, ok := slices.BinarySearch(L.keys, c)
	if !ok {
		return 0, false
	}
	return L.vals[i], true
}

// Value returns the value of b with the player to move: the expected score still
// to come under optimal play, or with a goal the chance of making it. It fails
// (ErrBoard) for a board of another size or a position not reachable from the
// standard start.
func (t *Table) Value(b game2048.Board) (float64, error) {
	k, err := t.encode(b)
	if err != nil {
		return 0, err
	}
	v, ok := t.lookup(t.g.canon(k))
	if !ok {
		return 0, refuse(ErrBoard, "%s is not reachable from the standard start", b)
	}
	return v, nil
}

// MoveValue is the exact worth of one move.
type MoveValue struct {
	// Legal reports whether the move changes the board; the other fields are 0 when not.
	Legal bool
	// Points is what the move scores by its merges.
	Points int64
	// Value is, for the score, Points plus the expected score after it under optimal
	// play; with a goal, the chance of making the goal after it.
	Value float64
}

// Moves returns the worth of each move from b, indexed by game2048.Direction, as
// Value does. The best move's value equals Value(b) to the last bit.
func (t *Table) Moves(b game2048.Board) ([4]MoveValue, error) {
	var out [4]MoveValue
	k, err := t.encode(b)
	if err != nil {
		return out, err
	}
	t.g.withLines()
	c, sym := t.g.canonSym(k)
	if _, ok := t.lookup(c); !ok {
		return out, refuse(ErrBoard, "%s is not reachable from the standard start", b)
	}
	for _, dc := range game2048.Directions {
		after, pts := t.g.move(c, dc)
		if after == c {
			continue
		}
		v, err := t.moveValue(after, pts)
		if err != nil {
			var e *Error
			if errors.As(err, &e) {
				return out, refuse(e.Kind, "%s (from %s)", e.Detail, b)
			}
			return out, fmt.Errorf("%w (from %s)", err, b)
		}
		out[t.g.unmapDir(sym, dc)] = MoveValue{Legal: true, Points: int64(pts), Value: v}
	}
	return out, nil
}

// Best returns the best move from b (ties go to the first in the order of
// game2048.Directions on the stored position, as in the solve) and false when no
// move is legal.
func (t *Table) Best(b game2048.Board) (game2048.Direction, bool, error) {
	mv, err := t.Moves(b)
	if err != nil {
		return 0, false, err
	}
	k, _ := t.encode(b)
	_, sym := t.g.canonSym(k)
	found := false
	var best game2048.Direction
	for _, dc := range game2048.Directions {
		d := t.g.unmapDir(sym, dc)
		if mv[d].Legal && (!found || mv[d].Value > mv[best].Value) {
			best, found = d, true
		}
	}
	return best, found, nil
}

// moveValue values the chance node after a move from a canonical position, in the
// same order and with the same summation as the solve.
func (t *Table) moveValue(after, pts uint64) (float64, error) {
	if t.goal != 0 {
		if maxTile(after) >= t.goal {
			return 1, nil
		}
		pts = 0
	}
	em := t.g.empties(after)
	var sum, comp float64
	q2, q4 := 1-t.four, t.four
	for m := em; m != 0; m &= m - 1 {
		b := uint(bits.TrailingZeros64(m))
		for _, sp := range [2]struct {
			q float64
			t uint64
		}{{q2, 1}, {q4, 2}} {
			if sp.q == 0 {
				continue
			}
			v, ok := t.lookup(t.g.canon(after | sp.t<<b))
			if !ok {
				return 0, refuse(ErrBoard, "a position after a move is missing (a damaged table?)")
			}
			sum, comp = neumaier(sum, comp, sp.q*v)
		}
	}
	return float64(pts) + (sum+comp)/float64(bits.OnesCount64(em)), nil
}

// startValue returns the value of a new game: the standard start, or two 2s.
func (t *Table) startValue(twoTwos bool) float64 {
	var sum, comp float64
	for _, r := range startPositions(t.g, t.four, twoTwos) {
		if r.prob == 0 {
			continue
		}
		v, _ := t.lookup(r.key)
		sum, comp = neumaier(sum, comp, r.prob*v)
	}
	return sum + comp
}

// dirOf converts a stored move back to a direction.
func dirOf(d uint8) game2048.Direction { return game2048.Direction(d) }
