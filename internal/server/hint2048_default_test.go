package server_test

import (
	"context"
	"net/http"
	"testing"

	"github.com/gridgames/gridgames/game2048"
	"github.com/gridgames/gridgames/game2048/solver"
)

// TestHint2048IsTheDefault checks that the app's 2048 hint is the solver's
// default setting (solver.Options' zero value, on one worker), the setting
// `gridgames 2048 autoplay` plays and its proofs measure: on boards of a seeded
// game, the hint's values and depth are those of a fresh default solver. The
// default's node budget makes a search the same on any machine, so they agree
// exactly.
func TestHint2048IsTheDefault(t *testing.T) {
	if raceEnabled {
		// Ten times slower, a search could meet DefaultMoveTime, the guard,
		// and stop short of the node budget: the comparison would not hold.
		t.Skip("the race detector slows the searches past the default's time guard")
	}
	srv, _ := newTestServer(t)
	id, token, _ := create(t, srv, "2048", `{"rows":4,"cols":4,"seed":"7"}`)
	for _, moves := range []int{0, 25, 35} { // auto moves before each check
		for range moves {
			code, out := call(t, srv, "POST", "/api/2048/games/"+id+"/auto", token, "")
			if code != http.StatusOK {
				t.Fatalf("auto: %d %v", code, out)
			}
		}
		_, st := call(t, srv, "GET", "/api/2048/games/"+id, "", "")
		board := boardOf(t, st["state"].(map[string]any))
		code, out := call(t, srv, "POST", "/api/2048/games/"+id+"/hint", "", "")
		if code != http.StatusOK {
			t.Fatalf("hint: %d %v", code, out)
		}
		want, err := solver.New(solver.Options{Workers: 1}).BestMove(context.Background(), board, 0.1)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(board.String(), func(t *testing.T) {
			if out["best"] != want.Best.String() || int(out["depth"].(float64)) != want.Depth {
				t.Errorf("hint %v at depth %v, the default plays %v at depth %d", out["best"], out["depth"], want.Best, want.Depth)
			}
			values := out["values"].(map[string]any)
			for _, d := range game2048.Directions {
				got, ok := values[d.String()]
				if ok != want.Legal[d] {
					t.Errorf("%v: in the hint %v, legal for the default %v", d, ok, want.Legal[d])
					continue
				}
				if ok && got.(float64) != want.Values[d] {
					t.Errorf("%v: hint value %v, the default's %v", d, got, want.Values[d])
				}
			}
		})
	}
}
