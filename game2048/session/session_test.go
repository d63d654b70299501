package session

import (
	"errors"
	"slices"
	"testing"

	"github.com/gridgames/gridgames/game2048"
)

func TestNewRankedOrPractice(t *testing.T) {
	std := game2048.DefaultRules()
	with := func(f func(r *game2048.Rules)) game2048.Rules {
		r := std
		f(&r)
		return r
	}
	for _, tc := range []struct {
		name     string
		start    func() (*Session, error)
		practice Practice
	}{
		{"the defaults", func() (*Session, error) { return New(std) }, ""},
		{"another size", func() (*Session, error) { return New(with(func(r *game2048.Rules) { r.Rows, r.Cols = 3, 5 })) }, ""},
		{"fours every time", func() (*Session, error) { return New(with(func(r *game2048.Rules) { r.FourChance = 1 })) }, PracticeRules},
		{"another win tile", func() (*Session, error) { return New(with(func(r *game2048.Rules) { r.WinTile = 64 })) }, PracticeRules},
		{"one start tile", func() (*Session, error) { return New(with(func(r *game2048.Rules) { r.StartTiles = 1 })) }, PracticeRules},
		{"a chosen seed", func() (*Session, error) { return NewSeeded(std, 42) }, PracticeSeed},
		{"a chosen seed, other rules", func() (*Session, error) {
			return NewSeeded(with(func(r *game2048.Rules) { r.WinTile = 8 }), 42)
		}, PracticeRules},
		{"stored before commitments", func() (*Session, error) { return Restore(Config{Rules: std, Seed: 5}) }, PracticeUnsealed},
		{"stored before commitments, drawn", func() (*Session, error) {
			return Restore(Config{Rules: std, Seed: 5, Drawn: true})
		}, PracticeUnsealed},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := tc.start()
			if err != nil {
				t.Fatal(err)
			}
			if s.Practice() != tc.practice || s.Ranked() != (tc.practice == "") {
				t.Fatalf("practice %q, ranked %v; want %q", s.Practice(), s.Ranked(), tc.practice)
			}
			// The seed of a ranked game is secret; a practice game's is not.
			seed, salt, ok := s.Reveal()
			if ok != (tc.practice != "") {
				t.Fatalf("revealed %v at the start of a game with practice %q", ok, tc.practice)
			}
			if ok && (seed != s.Config().Seed || salt != s.Config().Salt) {
				t.Fatalf("revealed %d %q, config %+v", seed, salt, s.Config())
			}
			if s.Config().Salt != "" && (len(s.Commitment()) != 64 || s.Commitment() != Commitment(s.Config().Salt, s.Config().Seed)) {
				t.Fatalf("commitment %q for config %+v", s.Commitment(), s.Config())
			}
		})
	}
}

// New draws a new seed and salt every time, over all 64 bits of the seed.
func TestNewDrawsSeedAndSalt(t *testing.T) {
	seeds, salts := map[uint64]bool{}, map[string]bool{}
	high := false
	for range 64 {
		s, err := New(game2048.DefaultRules())
		if err != nil {
			t.Fatal(err)
		}
		c := s.Config()
		if !c.Drawn || !validSalt(c.Salt) {
			t.Fatalf("config %+v: want a drawn seed and a salt of 32 hex digits", c)
		}
		seeds[c.Seed], salts[c.Salt] = true, true
		high = high || c.Seed >= 1<<53
	}
	if len(seeds) != 64 || len(salts) != 64 || !high {
		t.Fatalf("%d seeds and %d salts in 64 games, one at or past 2^53: %v", len(seeds), len(salts), high)
	}
}

func TestRestoreRefuses(t *testing.T) {
	std := game2048.DefaultRules()
	for _, tc := range []struct {
		name string
		cfg  Config
		want error
	}{
		{"short salt", Config{Rules: std, Salt: "abc"}, ErrConfig},
		{"upper-case salt", Config{Rules: std, Salt: "00112233445566778899AABBCCDDEEFF"}, ErrConfig},
		{"bad size", Config{Rules: game2048.Rules{Rows: 1, Cols: 4, FourChance: 0.1, WinTile: 2048, StartTiles: 2}}, game2048.ErrSize},
		{"bad start move", Config{Rules: std, Seed: 1, Moves: "X"}, game2048.ErrDirection},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := Restore(tc.cfg); !errors.Is(err, tc.want) {
				t.Fatalf("Restore(%+v): %v, want %v", tc.cfg, err, tc.want)
			}
		})
	}
}

// Configs stored by older servers (game2048 records) still parse.
func TestParseConfig(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		ok         bool
	}{
		{"a record without moves", `{"rules":{"rows":2,"cols":2,"fourChance":0.1,"winTile":2048,"startTiles":2},"seed":5}`, true},
		{"a record with empty moves", `{"rules":{"rows":2,"cols":2,"fourChance":0.1,"winTile":2048,"startTiles":2},"seed":6,"moves":""}`, true},
		{"today's config", `{"rules":{"rows":4,"cols":4,"fourChance":0.1,"winTile":2048,"startTiles":2},"seed":18446744073709551615,"salt":"` + testSalt + `","drawn":true}`, true},
		{"an unknown field", `{"rules":{},"seed":1,"pepper":"x"}`, false},
		{"not JSON", `{"rules":`, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := ParseConfig([]byte(tc.text))
			if (err == nil) != tc.ok || (err != nil && !errors.Is(err, ErrConfig)) {
				t.Fatalf("ParseConfig: %v, want ok %v", err, tc.ok)
			}
			if tc.ok {
				if _, err := Restore(c); err != nil {
					t.Fatalf("Restore(%+v): %v", c, err)
				}
			}
		})
	}
}

func TestLegal(t *testing.T) {
	s := ranked(t, 2, 2, 1)
	for !s.Game().Over() {
		legal := s.Legal()
		for _, d := range game2048.Directions {
			if slices.Contains(legal, d) != s.Game().CanMove(d) {
				t.Fatalf("legal %v on %s: %s is wrong", legal, s.Game().Board(), d)
			}
		}
		apply(t, s, firstLegal(t, s))
	}
	if legal := s.Legal(); len(legal) != 0 {
		t.Fatalf("legal %v once over", legal)
	}
}

func TestExpect(t *testing.T) {
	s := ranked(t, 4, 4, 3)
	if err := s.Expect(0); err != nil {
		t.Fatalf("Expect(0) at the start: %v", err)
	}
	apply(t, s, firstLegal(t, s), Hint)
	for _, tc := range []struct {
		seq int
		ok  bool
	}{{2, true}, {1, false}, {0, false}, {3, false}, {-1, false}} {
		if err := s.Expect(tc.seq); (err == nil) != tc.ok || (err != nil && !errors.Is(err, ErrStale)) {
			t.Errorf("Expect(%d) after 2 actions: %v, want ok %v", tc.seq, err, tc.ok)
		}
	}
}
