package solver

import (
	"math"

	"github.com/gridgames/gridgames/game2048"
)

// Weights shape the heuristic, which scores every row and every column of a board
// and adds the scores up. A line scores
//
//	Base + Empty*empties + Merges*mergeable - Monotonicity*min(up, down) - Sum*Σ rank^SumPower
//
// where rank is a tile's exponent, mergeable counts tiles that have an equal
// neighbour in the line (ignoring gaps), and up and down add the rises and falls
// of rank^MonoPower along the line (a line that only rises or only falls costs 0).
// The published starting point (nneonneo's 2048-ai) is DefaultWeights.
type Weights struct {
	Base         float64 `json:"base"`
	Empty        float64 `json:"empty"`
	Merges       float64 `json:"merges"`
	Monotonicity float64 `json:"monotonicity"`
	MonoPower    float64 `json:"monoPower"`
	Sum          float64 `json:"sum"`
	SumPower     float64 `json:"sumPower"`
	// Edge rewards a line whose largest tile sits at one of its ends, by that tile's
	// rank^SumPower: it keeps big tiles on the edges and so in a corner.
	Edge float64 `json:"edge"`
}

// DefaultWeights returns the weights this solver plays with.
func DefaultWeights() Weights {
	return Weights{Base: 200000, Empty: 270, Merges: 700, Monotonicity: 47, MonoPower: 4, Sum: 11, SumPower: 3.5}
}

// powers caches rank^MonoPower and rank^SumPower for every exponent.
type powers struct {
	mono, sum [game2048.MaxTile + 1]float64
}

func newPowers(w Weights) *powers {
	p := &powers{}
	for r := range p.mono {
		p.mono[r] = math.Pow(float64(r), w.MonoPower)
		p.sum[r] = math.Pow(float64(r), w.SumPower)
	}
	return p
}

// lineScore scores one row or column, tiles listed from one end to the other.
func lineScore(line []game2048.Tile, w *Weights, p *powers) float64 {
	var sum, up, down float64
	empty, merges, run := 0, 0, 0
	var top game2048.Tile
	topAt := 0
	var prev game2048.Tile
	for i, t := range line {
		sum += p.sum[t]
		if t > top {
			top, topAt = t, i
		}
		if t == 0 {
			empty++
		} else {
			if t == prev {
				run++
			} else {
				if run > 0 {
					merges += 1 + run
				}
				run = 0
			}
			prev = t
		}
		if i > 0 {
			a, b := p.mono[line[i-1]], p.mono[t]
			if a > b {
				down += a - b
			} else {
				up += b - a
			}
		}
	}
	if run > 0 {
		merges += 1 + run
	}
	edge := 0.0
	if top > 0 && (topAt == 0 || line[len(line)-1] == top) {
		edge = p.sum[top]
	}
	return w.Base + w.Empty*float64(empty) + w.Merges*float64(merges) -
		w.Monotonicity*min(up, down) - w.Sum*sum + w.Edge*edge
}

// evaluator scores boards: by row table on a Bitboard, line by line on any Board.
type evaluator struct {
	w    Weights
	pow  *powers
	rows *[1 << 16]float32 // line scores of every 4-cell line, for the fast path
	net  *netTables        // if not nil, scores 4x4 boards instead of the heuristic
	big  *table6           // if not nil, scores 4x4 boards instead of net and the heuristic
	// share is the heuristic's weight folded into net, or added to big (the
	// blends), else 0.
	share float64
}

func newEvaluator(w Weights) *evaluator {
	e := &evaluator{w: w, pow: newPowers(w), rows: new([1 << 16]float32)}
	var line [4]game2048.Tile
	for row := range 1 << 16 {
		for i := range 4 {
			line[i] = game2048.Tile(row >> (4 * i) & 0xf)
		}
		e.rows[row] = float32(lineScore(line[:], &e.w, e.pow))
	}
	return e
}

// board scores a general board of any size.
func (e *evaluator) board(b *game2048.Board) float64 {
	var line [game2048.MaxSize]game2048.Tile
	total := 0.0
	for r := range b.Rows() {
		for c := range b.Cols() {
			line[c] = b.At(r, c)
		}
		total += lineScore(line[:b.Cols()], &e.w, e.pow)
	}
	for c := range b.Cols() {
		for r := range b.Rows() {
			line[r] = b.At(r, c)
		}
		total += lineScore(line[:b.Rows()], &e.w, e.pow)
	}
	return total
}
