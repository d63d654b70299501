package exact

import (
	"context"
	"errors"
	"math"
	"testing"
)

// TestCountMatchesSolve: Count finds the positions a solve lists, its widest
// layer and its largest tile sum, for each chance of a 4.
func TestCountMatchesSolve(t *testing.T) {
	for _, c := range []Config{
		{Rows: 2, Cols: 2, FourChance: 0.1}, {Rows: 2, Cols: 3, FourChance: 0.1}, {Rows: 3, Cols: 2, FourChance: 0.1},
		{Rows: 2, Cols: 3, FourChance: 0}, {Rows: 2, Cols: 3, FourChance: 1}, {Rows: 2, Cols: 3, FourChance: 0.5},
	} {
		t.Run(name(c.Rows, c.Cols, c.FourChance, 0), func(t *testing.T) {
			tb := solveT(t, c)
			var widest int64
			top := 0
			for h, l := range tb.layers {
				widest = max(widest, int64(len(l.keys)))
				if len(l.keys) > 0 {
					top = 2 * h
				}
			}
			var reports int
			c.Progress = func(p Progress) {
				if p.Phase != PhaseEnumerate {
					t.Errorf("a count reported phase %q", p.Phase)
				}
				reports++
			}
			got, err := Count(context.Background(), c)
			if err != nil {
				t.Fatal(err)
			}
			want := Census{Positions: tb.Summary().Positions, Widest: widest, TopSum: top}
			if got != want {
				t.Fatalf("Count: %+v, the solve's layers %+v", got, want)
			}
			if reports == 0 || got.Positions == 0 || got.SolveBytes() < 30*got.Positions {
				t.Fatalf("%d reports, %+v needs %d bytes", reports, got, got.SolveBytes())
			}
		})
	}
}

// TestCountRefuses: sizes past MaxCountCells and bad chances are refused at
// once; a cancelled count returns ctx's error.
func TestCountRefuses(t *testing.T) {
	for _, tc := range []struct {
		c    Config
		want error
	}{
		{Config{Rows: 3, Cols: 4}, ErrTooBig},
		{Config{Rows: 1, Cols: 4}, ErrConfig},
		{Config{Rows: 2, Cols: 2, FourChance: 1.5}, ErrConfig},
		{Config{Rows: 2, Cols: 2, FourChance: math.NaN()}, ErrConfig},
	} {
		t.Run(name(tc.c.Rows, tc.c.Cols, tc.c.FourChance, 0), func(t *testing.T) {
			if _, err := Count(context.Background(), tc.c); !errors.Is(err, tc.want) {
				t.Fatalf("Count: %v, want %v", err, tc.want)
			}
		})
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	_, err := Count(ctx, Config{Rows: 2, Cols: 5, FourChance: 0.1, Progress: func(p Progress) {
		if p.Sum > 40 {
			cancel()
		}
	}})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("Count after cancel: %v", err)
	}
}
