package cli

import (
	"encoding/json"
	"testing"
)

// Every finished game appears in the JSON summary's perGame list, in seed order,
// with the figures of the totals and a wall time above zero.
func TestAutoplayPerGameSeconds(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		games   int
		seed    uint64
		workers int
	}{
		{"3x3 one worker", []string{"--rows", "3", "--cols", "3", "--workers", "1"}, 3, 5, 1},
		{"3x3 two games side by side", []string{"--rows", "3", "--cols", "3", "--workers", "2"}, 2, 11, 2},
		{"4x4 heuristic", []string{"--eval", "heuristic", "--workers", "1"}, 1, 1, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			args := append([]string{"2048", "autoplay", "--games", itoa(tc.games), "--seed", itoa(int(tc.seed)),
				"--depth", "1", "--json"}, tc.args...)
			out, errOut, code := run(t, "", args...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			var sum autoplaySummary
			if err := json.Unmarshal([]byte(out), &sum); err != nil {
				t.Fatalf("summary %q: %v", out, err)
			}
			if len(sum.PerGame) != tc.games {
				t.Fatalf("perGame has %d games, want %d: %s", len(sum.PerGame), tc.games, out)
			}
			moves := 0
			for i, g := range sum.PerGame {
				if g.Seed != tc.seed+uint64(i) {
					t.Errorf("game %d: seed %d, want %d", i, g.Seed, tc.seed+uint64(i))
				}
				if !(g.Seconds > 0) {
					t.Errorf("game %d: seconds %v, want above 0", i, g.Seconds)
				}
				if g.Score != sum.Scores[i] {
					t.Errorf("game %d: score %d, scores[%d] = %d", i, g.Score, i, sum.Scores[i])
				}
				if g.Moves < 1 || g.MaxTile < 4 {
					t.Errorf("game %d: %d moves, max tile %d", i, g.Moves, g.MaxTile)
				}
				moves += g.Moves
			}
			if moves != sum.Moves {
				t.Errorf("the games' moves add up to %d, the summary says %d", moves, sum.Moves)
			}
		})
	}
}
