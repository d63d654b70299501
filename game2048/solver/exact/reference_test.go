package exact

import (
	"context"
	"math"
	"testing"

	"github.com/gridgames/gridgames/game2048"
)

// refSolver is the reference the table is checked against: plain memoised
// expectimax on game2048.Board, recursing on positions (keyed by their text), with
// no symmetry, no layers and no packing.
type refSolver struct {
	four float64
	goal game2048.Tile // 0: expected score
	memo map[string]float64
}

func newRef(four float64, goal game2048.Tile) *refSolver {
	return &refSolver{four: four, goal: goal, memo: map[string]float64{}}
}

// value is the value of b with the player to move.
func (r *refSolver) value(b game2048.Board) float64 {
	key := b.String()
	if v, ok := r.memo[key]; ok {
		return v
	}
	v := 0.0
	if r.goal != 0 && b.MaxTile() >= r.goal {
		v = 1
	} else {
		for _, d := range game2048.Directions {
			if b.CanMove(d) {
				v = math.Max(v, r.moveValue(b, d))
			}
		}
	}
	r.memo[key] = v
	return v
}

// moveValue is the value of moving b toward d (a legal move).
func (r *refSolver) moveValue(b game2048.Board, d game2048.Direction) float64 {
	after := b.Clone()
	pts, _ := after.Move(d)
	if r.goal != 0 {
		if after.MaxTile() >= r.goal {
			return 1
		}
		pts = 0
	}
	empty := after.Empty()
	e := 0.0
	for _, c := range empty {
		for _, sp := range []struct {
			t game2048.Tile
			p float64
		}{{1, 1 - r.four}, {2, r.four}} {
			if sp.p == 0 {
				continue
			}
			child := after.Clone()
			child.Set(c.Row, c.Col, sp.t)
			e += sp.p * r.value(child)
		}
	}
	return float64(pts) + e/float64(len(empty))
}

// starts lists the standard start's boards with their chances (or two 2s only).
func starts(t *testing.T, rows, cols int, four float64, twoTwos bool) ([]game2048.Board, []float64) {
	t.Helper()
	n := rows * cols
	var boards []game2048.Board
	var probs []float64
	for i := range n {
		for j := range n {
			if i == j {
				continue
			}
			for _, a := range []game2048.Tile{1, 2} {
				for _, b := range []game2048.Tile{1, 2} {
					p := 1 / float64(n*(n-1)) // first cell, then second cell
					pa, pb := 1-four, 1-four
					if a == 2 {
						pa = four
					}
					if b == 2 {
						pb = four
					}
					if twoTwos {
						if a != 1 || b != 1 {
							continue
						}
					} else {
						p *= pa * pb
					}
					if p == 0 {
						continue
					}
					bd, _ := game2048.NewBoard(rows, cols)
					bd.Set(i/cols, i%cols, a)
					bd.Set(j/cols, j%cols, b)
					boards, probs = append(boards, bd), append(probs, p)
				}
			}
		}
	}
	return boards, probs
}

// refStart is the reference's value of a new game.
func refStart(t *testing.T, r *refSolver, rows, cols int, twoTwos bool) float64 {
	boards, probs := starts(t, rows, cols, r.four, twoTwos)
	v := 0.0
	for i, b := range boards {
		v += probs[i] * r.value(b)
	}
	return v
}

// close reports whether got is within a relative 1e-12 of want.
func close(got, want float64) bool {
	return math.Abs(got-want) <= 1e-12*math.Max(1, math.Abs(want))
}

func solveT(t *testing.T, c Config) *Table {
	t.Helper()
	tb, err := Solve(context.Background(), c)
	if err != nil {
		t.Fatalf("Solve(%+v): %v", c, err)
	}
	return tb
}

// TestAgainstReference checks the start values and every position the reference
// visits, and every move's value, on the small boards.
func TestAgainstReference(t *testing.T) {
	cases := []struct {
		rows, cols int
		four       float64
		goal       uint64
	}{
		{2, 2, 0.1, 0}, {2, 3, 0.1, 0}, {3, 2, 0.1, 0}, {2, 2, 0, 0}, {2, 2, 1, 0},
		{2, 3, 0.5, 0}, {2, 2, 0.1, 32}, {2, 3, 0.1, 128}, {3, 2, 0.25, 64},
	}
	for _, c := range cases {
		t.Run(name(c.rows, c.cols, c.four, c.goal), func(t *testing.T) {
			tb := solveT(t, Config{Rows: c.rows, Cols: c.cols, FourChance: c.four, Goal: c.goal})
			var goal game2048.Tile
			if c.goal != 0 {
				goal, _ = game2048.TileOf(c.goal)
			}
			ref := newRef(c.four, goal)
			if want, got := refStart(t, ref, c.rows, c.cols, false), tb.Summary().Value; !close(got, want) {
				t.Errorf("start value %v, reference %v", got, want)
			}
			if want, got := refStart(t, ref, c.rows, c.cols, true), tb.Summary().ValueTwoTwos; !close(got, want) {
				t.Errorf("two-2s value %v, reference %v", got, want)
			}
			checked := 0
			for key, want := range ref.memo {
				b, _ := game2048.ParseBoard(key)
				got, err := tb.Value(b)
				if err != nil {
					t.Fatalf("Value(%s): %v", key, err)
				}
				if !close(got, want) {
					t.Fatalf("Value(%s) = %v, reference %v", key, got, want)
				}
				mv, err := tb.Moves(b)
				if err != nil {
					t.Fatalf("Moves(%s): %v", key, err)
				}
				bestV := 0.0
				for _, d := range game2048.Directions {
					if mv[d].Legal != b.CanMove(d) {
						t.Fatalf("Moves(%s)[%s].Legal = %v", key, d, mv[d].Legal)
					}
					if !mv[d].Legal {
						continue
					}
					if rv := ref.moveValue(b, d); !close(mv[d].Value, rv) {
						t.Fatalf("Moves(%s)[%s] = %v, reference %v", key, d, mv[d].Value, rv)
					}
					bestV = math.Max(bestV, mv[d].Value)
				}
				if bestV != got && !(c.goal != 0 && b.MaxTile() >= goal) {
					t.Fatalf("%s: best move value %v, Value %v: not bit-identical", key, bestV, got)
				}
				checked++
			}
			if int64(checked) < tb.Summary().Positions {
				t.Errorf("checked %d positions, the table holds %d canonical ones", checked, tb.Summary().Positions)
			}
		})
	}
}

// TestTileChancesReference follows the table's own best moves through every
// position the standard start can reach, with plain recursion on boards, and
// compares the chance of each final largest tile.
func TestTileChancesReference(t *testing.T) {
	for _, c := range []struct {
		rows, cols int
		four       float64
	}{{2, 2, 0.1}, {2, 3, 0.1}, {3, 2, 0.3}} {
		t.Run(name(c.rows, c.cols, c.four, 0), func(t *testing.T) {
			tb := solveT(t, Config{Rows: c.rows, Cols: c.cols, FourChance: c.four})
			memo := map[string][maxExp + 1]float64{}
			var final func(b game2048.Board) [maxExp + 1]float64
			final = func(b game2048.Board) [maxExp + 1]float64 {
				key := b.String()
				if h, ok := memo[key]; ok {
					return h
				}
				var h [maxExp + 1]float64
				d, ok, err := tb.Best(b)
				if err != nil {
					t.Fatalf("Best(%s): %v", key, err)
				}
				if !ok {
					h[b.MaxTile()] = 1
					memo[key] = h
					return h
				}
				after := b.Clone()
				after.Move(d)
				empty := after.Empty()
				for _, cell := range empty {
					for _, sp := range []struct {
						t game2048.Tile
						p float64
					}{{1, 1 - c.four}, {2, c.four}} {
						if sp.p == 0 {
							continue
						}
						child := after.Clone()
						child.Set(cell.Row, cell.Col, sp.t)
						ch := final(child)
						for e := range h {
							h[e] += sp.p * ch[e] / float64(len(empty))
						}
					}
				}
				memo[key] = h
				return h
			}
			boards, probs := starts(t, c.rows, c.cols, c.four, false)
			var want [maxExp + 1]float64
			for i, b := range boards {
				h := final(b)
				for e := range want {
					want[e] += probs[i] * h[e]
				}
			}
			got := tb.Summary().FinalMax
			for e := range want {
				if math.Abs(got[e]-want[e]) > 1e-12 {
					t.Errorf("chance the final largest tile is %d: %v, reference %v", 1<<e, got[e], want[e])
				}
			}
		})
	}
}
