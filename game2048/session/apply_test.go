package session

import (
	"errors"
	"testing"

	"github.com/gridgames/gridgames/game2048"
)

// counts is what a session counted, for comparisons.
type counts struct {
	seq, hints, autoMoves, undos, moves int
	practice                            Practice
}

func countsOf(s *Session) counts {
	return counts{s.Seq(), s.Hints(), s.AutoMoves(), s.Undos(), s.Game().MoveCount(), s.Practice()}
}

func TestApplyActions(t *testing.T) {
	for _, tc := range []struct {
		name    string
		actions func(s *Session) []string // applied in order, all accepted
		want    counts
	}{
		{"a move", func(s *Session) []string { return []string{firstLegal(t, s)} }, counts{1, 0, 0, 0, 1, ""}},
		{"an auto-play move", func(s *Session) []string { return []string{Auto + firstLegal(t, s)} }, counts{1, 0, 1, 0, 1, ""}},
		{"a hint", func(s *Session) []string { return []string{Hint} }, counts{1, 1, 0, 0, 0, ""}},
		{"a move undone", func(s *Session) []string { return []string{firstLegal(t, s), Undo} }, counts{2, 0, 0, 1, 0, PracticeUndo}},
		{"an auto-play move undone still counts", func(s *Session) []string {
			return []string{Auto + firstLegal(t, s), Undo}
		}, counts{2, 0, 1, 1, 0, PracticeUndo}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := ranked(t, 4, 4, 9)
			for _, a := range tc.actions(s) {
				res, err := s.Apply(a)
				if err != nil {
					t.Fatalf("apply %q: %v", a, err)
				}
				if _, _, err := parseMove(a); (err == nil) != (res.Move != nil) {
					t.Fatalf("apply %q: move result %v", a, res.Move)
				}
			}
			if got := countsOf(s); got != tc.want {
				t.Fatalf("counts %+v, want %+v", got, tc.want)
			}
		})
	}
}

// Actions the session refuses change nothing, and say why with a sentinel.
func TestApplyRefuses(t *testing.T) {
	over := ranked(t, 2, 2, 1)
	play(t, over, -1, nil)
	fresh := ranked(t, 4, 4, 2)
	var stuck string // a direction that moves nothing on fresh's start board
	for _, d := range game2048.Directions {
		if !fresh.Game().CanMove(d) {
			stuck = MoveAction(d, false)
		}
	}
	for _, tc := range []struct {
		name   string
		s      *Session
		action string
		want   error
	}{
		{"empty", fresh, "", ErrAction},
		{"unknown letter", fresh, "X", ErrAction},
		{"lower case", fresh, "l", ErrAction},
		{"two moves", fresh, "LL", ErrAction},
		{"auto alone", fresh, "A", ErrAction},
		{"auto undo", fresh, "AZ", ErrAction},
		{"a word", fresh, "left", ErrAction},
		{"undo at the start", fresh, Undo, ErrNothingToUndo},
		{"submit at the start", fresh, Submit, ErrNoMoves},
		{"a move after the end", over, "L", game2048.ErrGameOver},
		{"an auto move after the end", over, "AL", game2048.ErrGameOver},
		{"a hint after the end", over, Hint, game2048.ErrGameOver},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before, board := countsOf(tc.s), tc.s.Game().Board()
			_, err := tc.s.Apply(tc.action)
			if !errors.Is(err, tc.want) {
				t.Fatalf("apply %q: %v, want %v", tc.action, err, tc.want)
			}
			if countsOf(tc.s) != before || !tc.s.Game().Board().Equal(board) {
				t.Fatalf("a refused %q changed the game", tc.action)
			}
		})
	}
	if stuck != "" {
		t.Run("a move that moves nothing", func(t *testing.T) {
			if _, err := fresh.Apply(stuck); !errors.Is(err, game2048.ErrNoMove) || fresh.Seq() != 0 {
				t.Fatalf("apply %q: %v, seq %d", stuck, err, fresh.Seq())
			}
		})
	}
}

// Replaying a game's actions on a new session rebuilds it, counts and ranking
// included: live play and replay take the same path.
func TestReplayRebuilds(t *testing.T) {
	live := ranked(t, 3, 3, 12)
	play(t, live, 5, nil)
	apply(t, live, Hint, Undo, Auto+firstLegal(t, live))
	play(t, live, -1, nil)
	apply(t, live, Undo)
	again, err := Restore(live.Config())
	if err != nil {
		t.Fatal(err)
	}
	apply(t, again, live.Actions()...)
	if countsOf(again) != countsOf(live) || !again.Game().Board().Equal(live.Game().Board()) ||
		again.Game().Score() != live.Game().Score() || again.Revealed() != live.Revealed() {
		t.Fatalf("replayed %+v %s, live %+v %s", countsOf(again), again.Game().Board(), countsOf(live), live.Game().Board())
	}
}
