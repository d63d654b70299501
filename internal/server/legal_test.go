package server_test

import (
	"fmt"
	"net/http"
	"slices"
	"testing"

	"github.com/gridgames/gridgames/game2048"
)

// TestState2048Legal: a 2048 state's legal lists the directions that move
// something now, in the order of game2048.Directions, as a replay of the same
// seed says, after every move and at the end ([] once the game is over).
func TestState2048Legal(t *testing.T) {
	for _, tc := range []struct {
		name       string
		rows, cols int
		seed       uint64
	}{
		{"4x4", 4, 4, 3},
		{"2x2 to the end", 2, 2, 9},
		{"3x5", 3, 5, 12},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv, _ := newTestServer(t)
			id, token, st := create(t, srv, "2048", fmt.Sprintf(`{"rows":%d,"cols":%d,"seed":"%d"}`, tc.rows, tc.cols, tc.seed))
			rules := game2048.DefaultRules()
			rules.Rows, rules.Cols = tc.rows, tc.cols
			ref, err := game2048.NewGame(game2048.WithRules(rules), game2048.WithSeed(tc.seed))
			if err != nil {
				t.Fatal(err)
			}
			for step := 0; ; step++ {
				var want []string
				for _, d := range game2048.Directions {
					if ref.CanMove(d) {
						want = append(want, d.String())
					}
				}
				got, ok := st["legal"].([]any)
				if !ok {
					t.Fatalf("move %d: legal is %#v, want a list", step, st["legal"])
				}
				names := make([]string, len(got))
				for i, v := range got {
					names[i] = fmt.Sprint(v)
				}
				if !slices.Equal(names, want) {
					t.Fatalf("move %d: legal %q, want %q", step, names, want)
				}
				if len(want) == 0 || step == 200 {
					if tc.rows == 2 && len(want) > 0 {
						t.Fatal("the 2x2 game did not end in 200 moves")
					}
					return
				}
				// Play the first legal direction, here and on the reference.
				d, _ := game2048.ParseDirection(want[0])
				if _, err := ref.Move(d); err != nil {
					t.Fatal(err)
				}
				code, out := call(t, srv, "POST", "/api/2048/games/"+id+"/moves", token, `{"dir":"`+want[0]+`"}`)
				if code != http.StatusOK {
					t.Fatalf("move %d %s: %d %v", step, want[0], code, out)
				}
				st = out["state"].(map[string]any)
			}
		})
	}
}
