package session

import (
	"errors"
	"testing"

	"github.com/gridgames/gridgames/game2048"
)

// wonRanked plays a ranked 6x6 game until it makes 2048.
func wonRanked(t *testing.T) *Session {
	t.Helper()
	s := ranked(t, 6, 6, 1)
	play(t, s, -1, func(s *Session) bool { return s.Game().Won() })
	if !s.Game().Won() || s.Game().Over() {
		t.Fatalf("seed 1 on 6x6: won %v, over %v", s.Game().Won(), s.Game().Over())
	}
	return s
}

func TestSubmittable(t *testing.T) {
	std := game2048.DefaultRules()
	std.Rows, std.Cols = 2, 2
	for _, tc := range []struct {
		name  string
		setup func(t *testing.T) *Session
		want  error // nil: may be submitted
	}{
		{"finished ranked game", func(t *testing.T) *Session {
			s := ranked(t, 2, 2, 1)
			play(t, s, -1, nil)
			return s
		}, nil},
		{"won ranked game", wonRanked, nil},
		{"no moves", func(t *testing.T) *Session { return ranked(t, 2, 2, 1) }, ErrNoMoves},
		{"still going", func(t *testing.T) *Session {
			s := ranked(t, 4, 4, 1)
			play(t, s, 3, nil)
			return s
		}, ErrGoingOn},
		{"a chosen seed", func(t *testing.T) *Session {
			s, _ := NewSeeded(std, 7)
			play(t, s, -1, nil)
			return s
		}, ErrPractice},
		{"stored before commitments", func(t *testing.T) *Session {
			s, _ := Restore(Config{Rules: std, Seed: 7, Drawn: true})
			play(t, s, -1, nil)
			return s
		}, ErrPractice},
		{"an undo, then played to the end", func(t *testing.T) *Session {
			s := ranked(t, 2, 3, 1)
			play(t, s, 3, nil)
			apply(t, s, Undo)
			play(t, s, -1, nil)
			return s
		}, ErrPractice},
		{"an undo after the end", func(t *testing.T) *Session {
			s := ranked(t, 2, 2, 1)
			play(t, s, -1, nil)
			apply(t, s, Undo)
			play(t, s, -1, nil)
			return s
		}, ErrPractice},
		{"a hint", func(t *testing.T) *Session {
			s := ranked(t, 2, 2, 1)
			apply(t, s, Hint)
			play(t, s, -1, nil)
			return s
		}, ErrAssisted},
		{"an auto-play move", func(t *testing.T) *Session {
			s := ranked(t, 2, 2, 1)
			apply(t, s, Auto+firstLegal(t, s))
			play(t, s, -1, nil)
			return s
		}, ErrAssisted},
		{"submitted at the win, played on", func(t *testing.T) *Session {
			s := wonRanked(t)
			apply(t, s, Submit)
			play(t, s, 10, nil)
			return s
		}, ErrSubmitted},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := tc.setup(t)
			err := s.Submittable()
			if !errors.Is(err, tc.want) || (err == nil) != (tc.want == nil) {
				t.Fatalf("Submittable: %v, want %v", err, tc.want)
			}
			// Submit is refused for the same reason, and changes nothing.
			seq := s.Seq()
			if _, err := s.Apply(Submit); !errors.Is(err, tc.want) || (err == nil) != (tc.want == nil) {
				t.Fatalf("apply S: %v, want %v", err, tc.want)
			}
			if tc.want != nil && s.Seq() != seq {
				t.Fatal("a refused submission was counted")
			}
		})
	}
}

// The first undo turns a ranked game into practice for good.
func TestUndoEndsRanking(t *testing.T) {
	s := ranked(t, 4, 4, 4)
	play(t, s, 2, nil)
	apply(t, s, Undo)
	if s.Ranked() || s.Practice() != PracticeUndo {
		t.Fatalf("after an undo: ranked %v, practice %q", s.Ranked(), s.Practice())
	}
	play(t, s, 5, nil)
	if s.Ranked() || s.Practice() != PracticeUndo {
		t.Fatalf("moves after the undo: ranked %v, practice %q", s.Ranked(), s.Practice())
	}
	if err := s.Submittable(); !errors.Is(err, ErrPractice) {
		t.Fatalf("Submittable: %v", err)
	}
	// A practice game keeps its first reason.
	p, _ := NewSeeded(game2048.DefaultRules(), 3)
	play(t, p, 1, nil)
	apply(t, p, Undo)
	if p.Practice() != PracticeSeed {
		t.Fatalf("a chosen seed, undone: practice %q", p.Practice())
	}
}

// A ranked game's seed stays secret until the game is over or its score is
// submitted, and stays revealed after that.
func TestReveal(t *testing.T) {
	for _, tc := range []struct {
		name  string
		steps func(t *testing.T, s *Session)
		shown bool
	}{
		{"at the start", func(t *testing.T, s *Session) {}, false},
		{"mid-game", func(t *testing.T, s *Session) { play(t, s, 3, nil) }, false},
		{"mid-game, after an undo", func(t *testing.T, s *Session) { play(t, s, 3, nil); apply(t, s, Undo) }, false},
		{"won, not submitted", func(t *testing.T, s *Session) {
			play(t, s, -1, func(s *Session) bool { return s.Game().Won() })
		}, false},
		{"won and submitted", func(t *testing.T, s *Session) {
			play(t, s, -1, func(s *Session) bool { return s.Game().Won() })
			apply(t, s, Submit)
		}, true},
		{"over", func(t *testing.T, s *Session) { play(t, s, -1, nil) }, true},
		{"over, then undone", func(t *testing.T, s *Session) { play(t, s, -1, nil); apply(t, s, Undo) }, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := ranked(t, 6, 6, 1)
			tc.steps(t, s)
			seed, salt, ok := s.Reveal()
			_, err := s.Record()
			if ok != tc.shown || s.Revealed() != tc.shown || (err == nil) != tc.shown {
				t.Fatalf("reveal ok %v, Revealed %v, Record error %v; want shown %v", ok, s.Revealed(), err, tc.shown)
			}
			if !ok {
				if !errors.Is(err, ErrSealed) {
					t.Fatalf("Record: %v, want ErrSealed", err)
				}
				if seed != 0 || salt != "" {
					t.Fatalf("a sealed game revealed %d %q", seed, salt)
				}
			}
		})
	}
}
