package engine

// The learned 6x6 evaluation the exact solver orders its moves by (and guesses its
// first window from) on 6x6: a linear model over a few features Othello players
// know, each weight moving linearly with the number of empty squares, fitted by
// least squares to exactly solved positions (see FitSmallEval and
// train.SmallSamples). Part of it is hot code: smallEval runs at every leaf of the
// solver's shallow searches on 6x6.

import (
	"bufio"
	_ "embed"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/gridgames/gridgames/othello"
)

// The features, each a difference between the side to move (p) and the other
// side (o), except the constant ones.
const (
	sfBias        = iota // always 1: the side to move's advantage
	sfParity             // 1 when an odd number of squares is empty
	sfMobility           // moves of p minus moves of o
	sfCornerMoves        // p's moves onto corners minus o's
	sfPotential          // empties next to o's discs minus empties next to p's
	sfCorners            // discs on corners
	sfXSquares           // discs on X squares of empty corners
	sfCSquares           // discs on C squares of empty corners
	sfEdges              // discs on the edges, corners and C squares of empty corners aside
	sfStable             // stable discs (grown from the corners)
	sfDiscs              // discs
	numSmallFeatures
)

// smallFeatureNames name the features in the file, in order.
var smallFeatureNames = [numSmallFeatures]string{
	"bias", "parity", "mobility", "corner-moves", "potential", "corners",
	"x-squares", "c-squares", "edges", "stable", "discs",
}

// smallPivot and smallSpan place the weights' two ends: a weight is
// at + per*(empties-smallPivot)/smallSpan.
const (
	smallPivot = 17
	smallSpan  = 5
)

// smallMagic starts a 6x6 evaluation file.
const smallMagic = "gridgames othello eval6 1"

// SmallEval is a learned evaluation of 6x6 positions: for each feature a weight
// at 17 empties and its change per 5 empties more. It predicts the final disc
// difference for the side to move. Make one with FitSmallEval or ReadSmallEval;
// it is read-only after.
type SmallEval struct {
	at, per [numSmallFeatures]float64
	// iw[n] are the weights at n empties in 1/256 evaluation unit.
	iw [37][numSmallFeatures]int32
}

// newSmallEval makes the evaluation of the given weights, and its integer form.
func newSmallEval(at, per [numSmallFeatures]float64) *SmallEval {
	e := &SmallEval{at: at, per: per}
	for n := range e.iw {
		t := float64(n-smallPivot) / smallSpan
		for i := range numSmallFeatures {
			e.iw[n][i] = int32(math.Round((at[i] + per[i]*t) * unit * 256))
		}
	}
	return e
}

// smallFeatures computes the features of (p, o), p to move, on geometry g (6x6).
func smallFeatures(g *geometry, p, o uint64, f *[numSmallFeatures]int32) {
	empty := g.mask &^ (p | o)
	mp, mo := moves(p, o, g.mask), moves(o, p, g.mask)
	f[sfBias] = 1
	f[sfParity] = int32(popcount(empty) & 1)
	f[sfMobility] = int32(popcount(mp) - popcount(mo))
	f[sfCornerMoves] = int32(popcount(mp&g.corners) - popcount(mo&g.corners))
	f[sfPotential] = int32(popcount(empty&neighbours(o, g)) - popcount(empty&neighbours(p, g)))
	f[sfCorners] = int32(popcount(p&g.corners) - popcount(o&g.corners))
	var xs, cs uint64
	for i, corner := range g.cornerList {
		if empty&corner != 0 {
			xs |= g.xSquare[i]
			cs |= g.cSquares[i]
		}
	}
	f[sfXSquares] = int32(popcount(p&xs) - popcount(o&xs))
	f[sfCSquares] = int32(popcount(p&cs) - popcount(o&cs))
	edges := (g.colA | g.colH | g.row1 | g.row8) &^ (g.corners | cs)
	f[sfEdges] = int32(popcount(p&edges) - popcount(o&edges))
	f[sfStable] = 0
	if (p|o)&g.corners != 0 {
		f[sfStable] = int32(popcount(g.stable(p, o)) - popcount(g.stable(o, p)))
	}
	f[sfDiscs] = int32(popcount(p) - popcount(o))
}

// smallEval scores (p, o) for the side to move in evaluation units, a finished
// game by its final score.
func (s *searcher) smallEval(p, o uint64) int {
	g := &s.g
	if moves(p, o, g.mask) == 0 && moves(o, p, g.mask) == 0 {
		return s.finalScore(p, o) * unit
	}
	var f [numSmallFeatures]int32
	smallFeatures(g, p, o, &f)
	w := &s.small.iw[popcount(g.mask&^(p|o))]
	v := int32(0)
	for i := range f {
		v += w[i] * f[i]
	}
	return int(v / 256)
}

// Eval returns the evaluation's estimate of pos's final disc difference for its
// side to move. pos must be a 6x6 position.
func (e *SmallEval) Eval(pos othello.Position) float64 {
	g := newGeometry(6)
	var f [numSmallFeatures]int32
	smallFeatures(&g, pos.Player(), pos.Opponent(), &f)
	t := float64(pos.Empties()-smallPivot) / smallSpan
	v := 0.0
	for i := range f {
		v += (e.at[i] + e.per[i]*t) * float64(f[i])
	}
	return v
}

// FitSmallEval fits a SmallEval by least squares (with a little ridge, so rare
// features stay small) to 6x6 positions and their exact scores for the side to
// move. It is deterministic: the same samples give the same weights.
func FitSmallEval(positions []othello.Position, scores []float64) (*SmallEval, error) {
	if len(positions) != len(scores) {
		return nil, fmt.Errorf("engine: %d positions and %d scores", len(positions), len(scores))
	}
	const k = 2 * numSmallFeatures
	if len(positions) < 4*k {
		return nil, fmt.Errorf("engine: %d samples: want at least %d to fit a 6x6 evaluation", len(positions), 4*k)
	}
	g := newGeometry(6)
	var a [k][k]float64
	var b [k]float64
	var f [numSmallFeatures]int32
	for j, pos := range positions {
		if pos.Size() != 6 {
			return nil, fmt.Errorf("engine: sample %d is %dx%d: want 6x6", j, pos.Size(), pos.Size())
		}
		smallFeatures(&g, pos.Player(), pos.Opponent(), &f)
		t := float64(pos.Empties()-smallPivot) / smallSpan
		var x [k]float64
		for i := range f {
			x[i], x[numSmallFeatures+i] = float64(f[i]), float64(f[i])*t
		}
		for r := range k {
			b[r] += x[r] * scores[j]
			for c := range k {
				a[r][c] += x[r] * x[c]
			}
		}
	}
	ridge := 1e-3 * float64(len(positions))
	for r := range k {
		a[r][r] += ridge
	}
	w, err := solveLinear(a, b)
	if err != nil {
		return nil, err
	}
	var at, per [numSmallFeatures]float64
	for i := range numSmallFeatures {
		// Six significant digits: what the file keeps, so a fitted evaluation and
		// the same one read back are equal.
		at[i] = roundDigits(w[i])
		per[i] = roundDigits(w[numSmallFeatures+i])
	}
	return newSmallEval(at, per), nil
}

// roundDigits rounds x to six significant digits.
func roundDigits(x float64) float64 {
	v, _ := strconv.ParseFloat(strconv.FormatFloat(x, 'g', 6, 64), 64)
	return v
}

// solveLinear solves a x = b by Gaussian elimination with partial pivoting.
func solveLinear(a [2 * numSmallFeatures][2 * numSmallFeatures]float64, b [2 * numSmallFeatures]float64) ([2 * numSmallFeatures]float64, error) {
	const k = 2 * numSmallFeatures
	var x [k]float64
	for c := range k {
		p := c
		for r := c + 1; r < k; r++ {
			if math.Abs(a[r][c]) > math.Abs(a[p][c]) {
				p = r
			}
		}
		if math.Abs(a[p][c]) < 1e-12 {
			return x, errors.New("engine: the samples do not determine a 6x6 evaluation (singular system)")
		}
		a[c], a[p] = a[p], a[c]
		b[c], b[p] = b[p], b[c]
		for r := c + 1; r < k; r++ {
			m := a[r][c] / a[c][c]
			for j := c; j < k; j++ {
				a[r][j] -= m * a[c][j]
			}
			b[r] -= m * b[c]
		}
	}
	for r := k - 1; r >= 0; r-- {
		v := b[r]
		for j := r + 1; j < k; j++ {
			v -= a[r][j] * x[j]
		}
		x[r] = v / a[r][r]
	}
	return x, nil
}

// WriteTo writes the evaluation as text: the magic line, then one line a feature,
// "NAME AT PER" (the weight at 17 empties, its change per 5 empties more).
func (e *SmallEval) WriteTo(w io.Writer) (int64, error) {
	var sb strings.Builder
	sb.WriteString(smallMagic + "\n")
	for i, name := range smallFeatureNames {
		fmt.Fprintf(&sb, "%s %s %s\n", name, strconv.FormatFloat(e.at[i], 'g', 6, 64), strconv.FormatFloat(e.per[i], 'g', 6, 64))
	}
	n, err := io.WriteString(w, sb.String())
	return int64(n), err
}

// ReadSmallEval reads an evaluation WriteTo wrote, or names what is wrong with it.
func ReadSmallEval(r io.Reader) (*SmallEval, error) {
	sc := bufio.NewScanner(r)
	if !sc.Scan() || sc.Text() != smallMagic {
		return nil, errors.New("not a gridgames Othello 6x6 evaluation")
	}
	var at, per [numSmallFeatures]float64
	for i, name := range smallFeatureNames {
		if !sc.Scan() {
			return nil, fmt.Errorf("6x6 evaluation: line %d: want feature %q, found the end", i+2, name)
		}
		fields := strings.Fields(sc.Text())
		if len(fields) != 3 || fields[0] != name {
			return nil, fmt.Errorf("6x6 evaluation: line %d: want %q and two weights", i+2, name)
		}
		var err error
		if at[i], err = strconv.ParseFloat(fields[1], 64); err != nil || math.IsInf(at[i], 0) || math.IsNaN(at[i]) {
			return nil, fmt.Errorf("6x6 evaluation: line %d: bad weight %q", i+2, fields[1])
		}
		if per[i], err = strconv.ParseFloat(fields[2], 64); err != nil || math.IsInf(per[i], 0) || math.IsNaN(per[i]) {
			return nil, fmt.Errorf("6x6 evaluation: line %d: bad weight %q", i+2, fields[2])
		}
	}
	if sc.Scan() {
		return nil, fmt.Errorf("6x6 evaluation: line %d: more than the %d features", numSmallFeatures+2, numSmallFeatures)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	return newSmallEval(at, per), nil
}

//go:embed eval6_default.txt
var defaultSmallFile []byte

var defaultSmall = builtin("6x6 evaluation", defaultSmallFile, smallSum, ReadSmallEval)

// DefaultSmallEval returns the built-in 6x6 evaluation (see generate.go for its
// recipe).
func DefaultSmallEval() *SmallEval { return defaultSmall.Get() }
