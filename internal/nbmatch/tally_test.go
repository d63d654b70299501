package nbmatch

import (
	"context"
	"errors"
	"testing"

	"github.com/gridgames/gridgames/othello"
	"github.com/gridgames/gridgames/othello/session"
)

func TestTally(t *testing.T) {
	for _, tc := range []struct {
		name        string
		games       []LevelGame
		want        Tally
		transcripts int
		wantErr     bool
	}{
		{"none", nil, Tally{}, 0, false},
		{"win loss draw", []LevelGame{
			{Discs: 10, FirstBlack: true, Done: true, Transcript: "a"},
			{Discs: -4, FirstBlack: false, Done: true, Transcript: "b"},
			{Discs: 0, FirstBlack: true, Done: true, Transcript: "c"},
		}, Tally{Games: 3, Wins: 1, Draws: 1, Losses: 1, WinRate: 0.5, MeanDiscs: 2,
			AsBlack: [3]int{1, 1, 0}, AsWhite: [3]int{0, 0, 1}}, 3, false},
		{"stopped and unplayed left out", []LevelGame{
			{Discs: 64, FirstBlack: true, Done: true},
			{Err: context.Canceled},
			{},
		}, Tally{Games: 1, Wins: 1, WinRate: 1, MeanDiscs: 64, AsBlack: [3]int{1, 0, 0}}, 1, false},
		{"failed game", []LevelGame{{Discs: 2, Done: true}, {Err: errors.New("boom")}}, Tally{}, 0, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l := Levels{Seats: [2]session.Seat{session.Random, session.Greedy}}
			sum, err := l.TallyLevels(tc.games)
			if (err != nil) != tc.wantErr {
				t.Fatalf("error %v, want an error: %v", err, tc.wantErr)
			}
			if tc.wantErr {
				return
			}
			if sum.Tally != tc.want || len(sum.Transcripts) != tc.transcripts || sum.First != "random" || sum.Second != "greedy" {
				t.Fatalf("summary %+v, want %+v with %d transcripts, random against greedy", sum, tc.want, tc.transcripts)
			}
		})
	}
}

// A levels match of two random players plays every game to its end, the pair
// of games from the same opening, the first seat black in the even-indexed ones.
func TestLevelsPlayGame(t *testing.T) {
	l := Levels{Start: othello.StartPosition(), Seats: [2]session.Seat{session.Random, session.Greedy},
		Games: 2, Opening: 4, Seed: 3}
	openings := l.Openings()
	engs := l.Engines()
	moves := 0
	var games []LevelGame
	for i := range l.Games {
		games = append(games, l.PlayGame(t.Context(), engs, i, openings[i/2], LevelHooks{Moved: func(int) { moves++ }}))
	}
	for i, g := range games {
		_, pos, err := othello.PlayTranscript(othello.StartPosition(), g.Transcript)
		if !g.Done || g.Err != nil || err != nil || !pos.Over() || g.FirstBlack != (i%2 == 0) || g.Transcript[:8] != openings[0] {
			t.Fatalf("game %d: %+v (%v): want a finished game from opening %q", i, g, err, openings[0])
		}
	}
	if moves == 0 {
		t.Fatal("Moved was never called")
	}
}
