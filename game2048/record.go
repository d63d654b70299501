package game2048

import (
	"encoding/json"
	"fmt"
	"strings"
	"unicode"
)

// Record is everything needed to rebuild a game: the rules, the seed and the moves,
// one letter each (L, R, U, D). Its JSON form is
//
//	{"rules":{"rows":4,"cols":4,"fourChance":0.1,"winTile":2048,"startTiles":2},
//	 "seed":42,"moves":"LLUR"}
//
// A record stays valid across releases as long as the generator documented on rng is
// unchanged (it is part of the format).
type Record struct {
	Rules Rules  `json:"rules"`
	Seed  uint64 `json:"seed"`
	Moves string `json:"moves"`
}

// Record returns the game's record.
func (g *Game) Record() Record {
	b := make([]byte, len(g.moves))
	for i, d := range g.moves {
		b[i] = d.Letter()
	}
	return Record{Rules: g.rules, Seed: g.seed, Moves: string(b)}
}

// ParseRecord decodes a record's JSON text. Unknown fields and malformed JSON wrap
// ErrRecord; the rules and moves are checked by Replay.
func ParseRecord(data []byte) (Record, error) {
	var r Record
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&r); err != nil {
		return Record{}, fmt.Errorf("%w: %v", ErrRecord, err)
	}
	return r, nil
}

// Replay rebuilds the game a record describes. The moves are read leniently (either
// case, whitespace ignored) but strictly in meaning: an unknown letter wraps
// ErrDirection, a move that does not change the board wraps ErrNoMove, a move after
// the end wraps ErrGameOver; each error names the move's number (from 1).
func Replay(r Record) (*Game, error) {
	g, err := NewGame(WithRules(r.Rules), WithSeed(r.Seed))
	if err != nil {
		return nil, err
	}
	n := 0
	for _, ch := range r.Moves {
		if unicode.IsSpace(ch) {
			continue
		}
		n++
		d, err := ParseDirection(string(ch))
		if err != nil || len(string(ch)) != 1 {
			return nil, fmt.Errorf("%w: move %d is %q, want one of L R U D", ErrDirection, n, ch)
		}
		res, err := g.Move(d)
		if err != nil {
			return nil, fmt.Errorf("move %d (%c): %w", n, d.Letter(), err)
		}
		if !res.Moved {
			return nil, fmt.Errorf("%w: move %d (%c)", ErrNoMove, n, d.Letter())
		}
	}
	return g, nil
}
