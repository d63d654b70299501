package engine

// This file is hot code: the pattern evaluation the exact solver orders its moves
// by on 8x8. A position is read as 46 lines and regions of the board (edges with
// their X squares, corner 3x3 and 2x5 blocks, rows, diagonals), each configuration
// of each shape having a learned weight shared by the shape's symmetric copies, plus
// mobility and parity terms. The weights predict the final disc difference of a
// position in the last third of the game (see train.TrainPatterns).

import "github.com/gridgames/gridgames/othello"

// patternShape is a base shape: its squares as (col, row) on 8x8, read in order.
type patternShape struct {
	name    string
	squares [][2]int
}

// patternShapes are the shapes of Logistello and Edax: what strong programs have
// found worth learning.
var patternShapes = []patternShape{
	{"edge+2X", [][2]int{{0, 0}, {1, 0}, {2, 0}, {3, 0}, {4, 0}, {5, 0}, {6, 0}, {7, 0}, {1, 1}, {6, 1}}},
	{"corner3x3", [][2]int{{0, 0}, {1, 0}, {2, 0}, {0, 1}, {1, 1}, {2, 1}, {0, 2}, {1, 2}, {2, 2}}},
	{"corner2x5", [][2]int{{0, 0}, {1, 0}, {2, 0}, {3, 0}, {4, 0}, {0, 1}, {1, 1}, {2, 1}, {3, 1}, {4, 1}}},
	{"row2", line(0, 1, 1, 0, 8)},
	{"row3", line(0, 2, 1, 0, 8)},
	{"row4", line(0, 3, 1, 0, 8)},
	{"diag8", line(0, 0, 1, 1, 8)},
	{"diag7", line(1, 0, 1, 1, 7)},
	{"diag6", line(2, 0, 1, 1, 6)},
	{"diag5", line(3, 0, 1, 1, 5)},
	{"diag4", line(4, 0, 1, 1, 4)},
}

// line lists n squares from (c, r) in steps of (dc, dr).
func line(c, r, dc, dr, n int) [][2]int {
	var sq [][2]int
	for i := range n {
		sq = append(sq, [2]int{c + i*dc, r + i*dr})
	}
	return sq
}

// Scalar features follow the pattern tables in the weight vector.
const (
	featMobility  = iota // moves of the side to move
	featMobilityO        // moves of the other side
	featPotential        // empty squares next to the other side's discs
	featPotentialO
	featParity // 1 when an odd number of squares is empty
	featBias   // always 1
	numScalars
)

// patternInstance is one symmetric copy of a shape: its squares (bit indexes, in
// the shape's order) and where its table starts in the weight vector.
type patternInstance struct {
	squares []int8
	offset  int32
	shape   int8 // index in patternShapes
	sym     int8 // the symmetry that maps the shape onto these squares
}

// patternLayout is the fixed arrangement of the weights: every instance and the
// total size (tables, then scalars).
type patternLayout struct {
	instances []patternInstance
	scalars   int // offset of the scalar weights
	size      int
	// twins are the shapes' self-symmetries as permutations of their reading
	// order (a row read backwards, a corner block transposed): two configurations
	// a twin maps onto each other must share one weight, or a position and its
	// mirror image would be valued differently. Training keeps them tied.
	twins []shapeTwin
	// bySquare lists, for each square, the instances reading it and the weight of
	// its digit there (a power of 3): bySquare[sqStart[sq]:sqStart[sq+1]].
	bySquare []squareDigit
	sqStart  [65]int32
}

// squareDigit is one square's place in one instance's index.
type squareDigit struct {
	inst  int32
	power int32
}

// shapeTwin is one self-symmetry of the shape whose table starts at offset:
// square i of the reading order maps to square perm[i].
type shapeTwin struct {
	offset int
	perm   []int
}

var layout = newPatternLayout()

func newPatternLayout() patternLayout {
	var l patternLayout

	offset := 0
	for shapeNo, sh := range patternShapes {
		seen := map[uint64][]int8{}
		for sym := range 8 {
			inst := patternInstance{offset: int32(offset), shape: int8(shapeNo), sym: int8(sym)}
			var set uint64
			for _, cr := range sh.squares {
				c, r := symmetric(cr[0], cr[1], sym)
				sq := r*8 + c
				inst.squares = append(inst.squares, int8(sq))
				set |= 1 << uint(sq)
			}
			if first, ok := seen[set]; ok { // the shape maps onto itself
				if perm := permutation(first, inst.squares); perm != nil {
					l.twins = append(l.twins, shapeTwin{offset: offset, perm: perm})
				}
				continue
			}
			seen[set] = inst.squares
			l.instances = append(l.instances, inst)
		}
		offset += pow3(len(sh.squares))
	}
	l.scalars = offset
	l.size = offset + numScalars
	for sq := range 64 {
		l.sqStart[sq] = int32(len(l.bySquare))
		for i, in := range l.instances {
			for j, s := range in.squares {
				if int(s) == sq {
					l.bySquare = append(l.bySquare, squareDigit{int32(i), int32(pow3(len(in.squares) - 1 - j))})
				}
			}
		}
	}
	l.sqStart[64] = int32(len(l.bySquare))
	return l
}

// permutation returns perm with b[i] == a[perm[i]], or nil if b is a in order.
func permutation(a, b []int8) []int {
	perm := make([]int, len(b))
	same := true
	for i, sq := range b {
		for j, sa := range a {
			if sa == sq {
				perm[i] = j
			}
		}
		same = same && perm[i] == i
	}
	if same {
		return nil
	}
	return perm
}

// twin returns the index of the configuration k of a shape read through perm.
func (t *shapeTwin) twin(k int) int {
	n := len(t.perm)
	var digits [16]int
	for i := n - 1; i >= 0; i-- {
		digits[i] = k % 3
		k /= 3
	}
	out := 0
	for i := range n {
		out = out*3 + digits[t.perm[i]]
	}
	return out
}

// symmetric maps (c, r) by one of the 8 symmetries of the square board.
func symmetric(c, r, sym int) (int, int) {
	if sym&1 != 0 {
		c = 7 - c
	}
	if sym&2 != 0 {
		r = 7 - r
	}
	if sym&4 != 0 {
		c, r = r, c
	}
	return c, r
}

func pow3(n int) int {
	x := 1
	for range n {
		x *= 3
	}
	return x
}

// featuresBySquare is features computed square by square from the layout: the
// plain definition, which the tests hold the fast features to.
func (l *patternLayout) featuresBySquare(p, o uint64, idx []int32) ([]int32, [numScalars]float32) {
	n := len(idx)
	for i := range l.instances {
		idx = append(idx, l.instances[i].offset)
	}
	at := idx[n:]
	for b := p; b != 0; b &= b - 1 {
		sq := lowest(b)
		for _, d := range l.bySquare[l.sqStart[sq]:l.sqStart[sq+1]] {
			at[d.inst] += d.power
		}
	}
	for b := o; b != 0; b &= b - 1 {
		sq := lowest(b)
		for _, d := range l.bySquare[l.sqStart[sq]:l.sqStart[sq+1]] {
			at[d.inst] += 2 * d.power
		}
	}
	return idx, scalars(p, o)
}

// scalars returns the scalar features of (p, o).
func scalars(p, o uint64) [numScalars]float32 {
	const full = ^uint64(0)
	empty := ^(p | o)
	var sc [numScalars]float32
	sc[featMobility] = float32(popcount(othello.MoveBits(p, o, full)))
	sc[featMobilityO] = float32(popcount(othello.MoveBits(o, p, full)))
	sc[featPotential] = float32(popcount(empty & neighbours8(o)))
	sc[featPotentialO] = float32(popcount(empty & neighbours8(p)))
	sc[featParity] = float32(popcount(empty) & 1)
	sc[featBias] = 1
	return sc
}

// neighbours8 returns the squares next to any disc of b on the 8x8 board.
func neighbours8(b uint64) uint64 {
	const notA, notH = 0xfefefefefefefefe, 0x7f7f7f7f7f7f7f7f
	h := (b<<1)&notA | (b>>1)&notH
	r := b | h
	return h | r<<8 | r>>8
}

// value is the weights' prediction for (p, o): the final disc difference for p.
func (w *Patterns) value(p, o uint64) float32 {
	v, _ := w.valueOver(p, o)
	return v
}

// valueOver is value, also reporting whether neither side can move (the game is
// over, and the value meaningless).
func (w *Patterns) valueOver(p, o uint64) (float32, bool) {
	var buf [64]int32
	idx, sc := layout.features(p, o, buf[:0])
	if sc[featMobility] == 0 && sc[featMobilityO] == 0 {
		return 0, true
	}
	v := float32(0)
	for _, i := range idx {
		v += w.w[i]
	}
	for i, x := range sc {
		v += w.w[layout.scalars+i] * x
	}
	return v, false
}
