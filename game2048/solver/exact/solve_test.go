package exact

import (
	"context"
	"errors"
	"math"
	"os"
	"testing"

	"github.com/gridgames/gridgames/game2048"
)

// TestCheckSize refuses boards past the limit at once, naming it.
func TestCheckSize(t *testing.T) {
	for _, c := range []struct {
		rows, cols int
		want       error
	}{
		{2, 2, nil}, {3, 3, nil}, {2, 4, nil}, {4, 2, nil},
		{2, 5, ErrTooBig}, {5, 2, ErrTooBig}, {3, 4, ErrTooBig}, {4, 4, ErrTooBig}, {2, 6, ErrTooBig}, {1, 4, ErrConfig},
	} {
		t.Run(name(c.rows, c.cols, 0, 0), func(t *testing.T) {
			err := CheckSize(c.rows, c.cols)
			if !errors.Is(err, c.want) || (c.want == nil) != (err == nil) {
				t.Fatalf("CheckSize: %v, want %v", err, c.want)
			}
			if c.want != nil {
				if _, err := Solve(context.Background(), Config{Rows: c.rows, Cols: c.cols}); !errors.Is(err, c.want) {
					t.Fatalf("Solve: %v, want %v", err, c.want)
				}
			}
		})
	}
}

// TestBadConfig refuses bad chances and goals.
func TestBadConfig(t *testing.T) {
	for _, c := range []Config{
		{Rows: 2, Cols: 2, FourChance: -0.1}, {Rows: 2, Cols: 2, FourChance: math.NaN()},
		{Rows: 2, Cols: 2, Goal: 3}, {Rows: 2, Cols: 2, Goal: 2}, {Rows: 2, Cols: 2, Goal: 1 << 16},
	} {
		if _, err := Solve(context.Background(), c); !errors.Is(err, ErrConfig) {
			t.Errorf("Solve(%+v): %v, want ErrConfig", c, err)
		}
	}
}

// TestCancel stops a solve from its progress callback: no table, ctx's error.
func TestCancel(t *testing.T) {
	for _, phase := range []Phase{PhaseEnumerate, PhaseValues, PhaseChances} {
		t.Run(string(phase), func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			tb, err := Solve(ctx, Config{Rows: 2, Cols: 3, FourChance: 0.1, Progress: func(p Progress) {
				if p.Phase == phase && p.Sum > 40 {
					cancel()
				}
			}})
			if tb != nil || !errors.Is(err, context.Canceled) {
				t.Fatalf("Solve after cancel: %v, %v", tb, err)
			}
		})
	}
}

// TestSymmetry: mirrors and turns of a position have the same value, and the
// best move turns with the board.
func TestSymmetry(t *testing.T) {
	tb := solveT(t, Config{Rows: 3, Cols: 2, FourChance: 0.1})
	b, _ := game2048.ParseBoard("2,4/0,8/2,0")
	mirror, _ := game2048.ParseBoard("4,2/8,0/0,2")
	flip, _ := game2048.ParseBoard("2,0/0,8/2,4")
	v, err := tb.Value(b)
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range []game2048.Board{mirror, flip} {
		w, err := tb.Value(o)
		if err != nil || w != v {
			t.Errorf("Value(%s) = %v, %v; Value(%s) = %v", o, w, err, b, v)
		}
	}
	mb, _ := tb.Moves(b)
	mm, _ := tb.Moves(mirror)
	mf, _ := tb.Moves(flip)
	swap := map[game2048.Direction][2]game2048.Direction{ // b's move -> mirror's, flip's
		game2048.Left: {game2048.Right, game2048.Left}, game2048.Right: {game2048.Left, game2048.Right},
		game2048.Up: {game2048.Up, game2048.Down}, game2048.Down: {game2048.Down, game2048.Up},
	}
	for d, o := range swap {
		if !close(mb[d].Value, mm[o[0]].Value) || !close(mb[d].Value, mf[o[1]].Value) || mb[d].Legal != mm[o[0]].Legal {
			t.Errorf("%s: %+v, mirror %+v, flip %+v", d, mb[d], mm[o[0]], mf[o[1]])
		}
	}
}

// TestPolicyMonteCarlo plays seeded games with the table's best moves and checks
// that the mean score is within four standard errors of the table's expected
// score. 2x4 runs with GRIDGAMES_EXACT_LONG=1 (its solve takes tens of seconds).
func TestPolicyMonteCarlo(t *testing.T) {
	cases := []struct {
		rows, cols, games int
	}{{2, 3, 3000}, {3, 2, 1000}}
	if os.Getenv("GRIDGAMES_EXACT_LONG") != "" {
		cases = append(cases, struct{ rows, cols, games int }{2, 4, 3000})
	}
	for _, c := range cases {
		t.Run(name(c.rows, c.cols, 0.1, 0), func(t *testing.T) {
			tb := solveT(t, Config{Rows: c.rows, Cols: c.cols, FourChance: 0.1})
			var sum, sq float64
			for seed := range c.games {
				g, err := game2048.NewGame(game2048.WithSize(c.rows, c.cols), game2048.WithFourChance(0.1), game2048.WithSeed(uint64(seed)))
				if err != nil {
					t.Fatal(err)
				}
				for !g.Over() {
					d, ok, err := tb.Best(g.Board())
					if err != nil || !ok {
						t.Fatalf("Best(%s): %v, %v", g.Board(), ok, err)
					}
					if _, err := g.Move(d); err != nil {
						t.Fatal(err)
					}
				}
				x := float64(g.Score())
				sum, sq = sum+x, sq+x*x
			}
			n := float64(c.games)
			mean := sum / n
			se := math.Sqrt((sq/n - mean*mean) / n)
			want := tb.Summary().Value
			t.Logf("%d games: mean %.2f, table %.2f, standard error %.2f", c.games, mean, want, se)
			if math.Abs(mean-want) > 4*se {
				t.Errorf("mean score %.2f is %.1f standard errors from the table's %.2f", mean, math.Abs(mean-want)/se, want)
			}
		})
	}
}
