package session

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/gridgames/gridgames/game2048"
)

// FuzzApply: any action strings, on any board, never panic; every refusal
// wraps a sentinel; replaying the accepted actions on a new session rebuilds the
// same game (board, score, counts, ranking, reveal); and a revealed game's record
// verifies.
func FuzzApply(f *testing.F) {
	f.Add(uint8(2), uint8(2), uint64(1), true, "L U R D Z H AL S L L L L")
	f.Add(uint8(4), uint8(4), uint64(7), false, "AU AD Z Z Z H U L S")
	f.Add(uint8(3), uint8(2), uint64(0), true, "LL A Q  AZ U\x00 D")
	f.Fuzz(func(t *testing.T, rows, cols uint8, seed uint64, drawn bool, script string) {
		rules := game2048.DefaultRules()
		rules.Rows, rules.Cols = 2+int(rows)%3, 2+int(cols)%3
		cfg := Config{Rules: rules, Seed: seed, Salt: testSalt, Drawn: drawn}
		live, err := Restore(cfg)
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range strings.Split(script, " ") {
			before := countsOf(live)
			if _, err := live.Apply(a); err != nil {
				if !errors.Is(err, ErrAction) && !errors.Is(err, ErrNothingToUndo) && !errors.Is(err, game2048.ErrNoMove) &&
					!errors.Is(err, game2048.ErrGameOver) && !errors.Is(err, ErrNoMoves) && !errors.Is(err, ErrPractice) &&
					!errors.Is(err, ErrSubmitted) && !errors.Is(err, ErrAssisted) && !errors.Is(err, ErrGoingOn) {
					t.Fatalf("apply %q: error %v wraps no sentinel", a, err)
				}
				if countsOf(live) != before {
					t.Fatalf("a refused %q changed the counts", a)
				}
			}
		}
		again, err := Restore(cfg)
		if err != nil {
			t.Fatal(err)
		}
		for i, a := range live.Actions() {
			if _, err := again.Apply(a); err != nil {
				t.Fatalf("replaying accepted action %d %q: %v", i+1, a, err)
			}
		}
		if countsOf(again) != countsOf(live) || !again.Game().Board().Equal(live.Game().Board()) ||
			again.Game().Score() != live.Game().Score() || again.Revealed() != live.Revealed() ||
			again.Submitted() != live.Submitted() || again.Ranked() != live.Ranked() {
			t.Fatalf("replay gives %+v %s, live %+v %s", countsOf(again), again.Game().Board(), countsOf(live), live.Game().Board())
		}
		if rec, err := live.Record(); err == nil {
			if _, err := Verify(rec); err != nil {
				t.Fatalf("the record of a revealed game: %v", err)
			}
		} else if !errors.Is(err, ErrSealed) || live.Revealed() {
			t.Fatalf("Record: %v (revealed %v)", err, live.Revealed())
		}
	})
}

// FuzzCleanName: a name either is refused with ErrName or comes back trimmed,
// valid, short enough, free of refused characters, and cleans to itself.
func FuzzCleanName(f *testing.F) {
	for _, s := range []string{"ann", "  ann ", "a\nb", "\u202e", "\xff", "", strings.Repeat("x", 30)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		got, err := CleanName(in)
		if err != nil {
			if !errors.Is(err, ErrName) {
				t.Fatalf("CleanName(%q): %v wraps no ErrName", in, err)
			}
			return
		}
		n := utf8.RuneCountInString(got)
		if !utf8.ValidString(got) || n < 1 || n > MaxName || got != strings.TrimSpace(got) || strings.IndexFunc(got, hidden) >= 0 {
			t.Fatalf("CleanName(%q) = %q", in, got)
		}
		if again, err := CleanName(got); err != nil || again != got {
			t.Fatalf("CleanName(%q) = %q, %v: not idempotent", got, again, err)
		}
	})
}
