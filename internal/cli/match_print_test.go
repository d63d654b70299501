package cli

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/gridgames/gridgames/internal/nbmatch"
)

// The tables and JSON of othello match and othello nbmatch, byte for byte.
func TestMatchSummaryBytes(t *testing.T) {
	match := nbmatch.LevelsSummary{First: "level3", Second: "random", Tally: nbmatch.Tally{Games: 5, Wins: 3, Draws: 1, Losses: 1,
		WinRate: 0.7, MeanDiscs: 12.4, AsBlack: [3]int{2, 0, 1}, AsWhite: [3]int{1, 1, 0}},
		Transcripts: []string{"f5d6", "f5f6"}}
	nb := nbmatch.Summary{First: "ntest", Second: "ntest", Tally: nbmatch.Tally{Games: 3, Wins: 1, Draws: 1, Losses: 1,
		WinRate: 0.5, MeanDiscs: -2.5, AsBlack: [3]int{1, 1, 0}, AsWhite: [3]int{0, 0, 1}},
		CPUPerMove: [2]float64{0.0123, 1.5}, Moves: [2]int{60, 58},
		Forfeits: []nbmatch.Game{{Number: 3, FirstBlack: false, Forfeit: &nbmatch.Forfeit{Side: 0, Engine: "ntest",
			Color: "white", Position: "pos", Reply: "a1", Reason: "a1 is not a legal move for white"}}},
		Transcripts: []string{"f5d6c3", "f5f6e6", "f5"}}
	for _, tc := range []struct {
		name  string
		print func(*strings.Builder)
		want  string
	}{
		{"match table", func(b *strings.Builder) { printMatch(b, match, 6) }, `level3 against random, 5 games on 6x6

              wins  draws  losses
as black         2      0       1
as white         1      1       0
total            3      1       1

level3 scores 70.0% (wins plus half the draws), mean disc difference +12.4
game 1: f5d6
game 2: f5f6
`},
		{"match table one game", func(b *strings.Builder) {
			printMatch(b, nbmatch.LevelsSummary{First: "a", Second: "b", Tally: nbmatch.Tally{Games: 1, Losses: 1, AsWhite: [3]int{0, 0, 1}, MeanDiscs: -64}}, 8)
		}, `a against b, 1 game on 8x8

              wins  draws  losses
as black         0      0       0
as white         0      0       1
total            0      0       1

a scores 0.0% (wins plus half the draws), mean disc difference -64.0
`},
		{"match json", func(b *strings.Builder) { _ = json.NewEncoder(b).Encode(match) },
			`{"first":"level3","second":"random","games":5,"wins":3,"draws":1,"losses":1,"winRate":0.7,"meanDiscDifference":12.4,"asBlack":[2,0,1],"asWhite":[1,1,0],"transcripts":["f5d6","f5f6"]}
`},
		{"nbmatch table", func(b *strings.Builder) { printNBMatch(b, nb) }, `ntest (first) against ntest (second), 3 games on 8x8

              wins  draws  losses
as black         1      1       0
as white         0      0       1
total            1      1       1

ntest (first) scores 50.0% (wins plus half the draws), mean disc difference -2.5
CPU a move: ntest (first) 0.012 s (60 moves), ntest (second) 1.500 s (58 moves)
game 3 forfeited: ntest (white) answered "a1" in "pos": a1 is not a legal move for white
game 1: f5d6c3
game 2: f5f6e6
game 3: f5
`},
		{"nbmatch json", func(b *strings.Builder) { _ = json.NewEncoder(b).Encode(nb) },
			`{"first":"ntest","second":"ntest","games":3,"wins":1,"draws":1,"losses":1,"winRate":0.5,"meanDiscDifference":-2.5,"asBlack":[1,1,0],"asWhite":[0,0,1],"cpuPerMove":[0.0123,1.5],"moves":[60,58],"forfeits":[{"game":3,"firstBlack":false,"transcript":"","opening":0,"discs":0,"forfeit":{"side":0,"engine":"ntest","color":"white","position":"pos","reply":"a1","reason":"a1 is not a legal move for white"}}],"transcripts":["f5d6c3","f5f6e6","f5"]}
`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b strings.Builder
			tc.print(&b)
			if b.String() != tc.want {
				t.Errorf("got\n%s\nwant\n%s", b.String(), tc.want)
			}
		})
	}
}
