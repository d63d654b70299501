package session

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/gridgames/gridgames/game2048"
)

// CommitmentPrefix starts the text whose SHA-256 is a game's commitment.
const CommitmentPrefix = "gridgames-2048:"

// Commitment returns the lowercase hex SHA-256 of
// CommitmentPrefix + salt + ":" + seed in decimal.
func Commitment(salt string, seed uint64) string {
	h := sha256.Sum256([]byte(CommitmentPrefix + salt + ":" + strconv.FormatUint(seed, 10)))
	return hex.EncodeToString(h[:])
}

// Record is a game as anyone may check it once its seed is revealed: what it
// started from, every action it took, and what they led to. Its JSON form is
// what the web API's record endpoint answers and `gridgames 2048 verify` reads:
//
//	{"rules":{"rows":4,"cols":4,"fourChance":0.1,"winTile":2048,"startTiles":2},
//	 "seed":"123","salt":"9f...","commitment":"3a...","drawn":true,
//	 "actions":["L","U","H","AL","S"],
//	 "moves":"LUL","score":8,"board":"...","ranked":true}
//
// The seed is a decimal string (it may exceed what a JSON number holds
// exactly). Salt and commitment are empty for games stored before commitments.
type Record struct {
	Rules      game2048.Rules `json:"rules"`
	Seed       string         `json:"seed"`
	Salt       string         `json:"salt,omitempty"`
	Commitment string         `json:"commitment,omitempty"`
	// Drawn is set when the server drew the seed (see Config).
	Drawn bool `json:"drawn"`
	// Start holds moves played before the first action (Config.Moves; games
	// stored by older servers only).
	Start   string   `json:"start,omitempty"`
	Actions []string `json:"actions"`
	// What the actions lead to: the moves left after undos (a game2048.Record's
	// moves), the score, the board text (game2048.Board.String) and whether the
	// game is ranked, with the reason when not. Verify checks them when Board is
	// set.
	Moves    string   `json:"moves"`
	Score    int64    `json:"score"`
	Board    string   `json:"board,omitempty"`
	Ranked   bool     `json:"ranked"`
	Practice Practice `json:"practiceReason,omitempty"`
}

// Record returns the game's record once its seed is Revealed; before, an error
// wrapping ErrSealed that names the commitment.
func (s *Session) Record() (Record, error) {
	if !s.revealed {
		return Record{}, fmt.Errorf("%w; its commitment is %s", ErrSealed, s.Commitment())
	}
	return s.record(), nil
}

func (s *Session) record() Record {
	return Record{Rules: s.cfg.Rules, Seed: strconv.FormatUint(s.cfg.Seed, 10), Salt: s.cfg.Salt,
		Commitment: s.Commitment(), Drawn: s.cfg.Drawn, Start: s.cfg.Moves, Actions: s.Actions(),
		Moves: s.g.Record().Moves, Score: s.g.Score(), Board: s.g.Board().String(),
		Ranked: s.Ranked(), Practice: s.practice}
}

// ParseRecord decodes a Record's JSON text. Unknown fields and malformed JSON
// wrap ErrRecord; Verify checks the contents.
func ParseRecord(data []byte) (Record, error) {
	var r Record
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&r); err != nil {
		return Record{}, fmt.Errorf("%w: %v", ErrRecord, err)
	}
	if dec.More() {
		return Record{}, fmt.Errorf("%w: more than one JSON value", ErrRecord)
	}
	return r, nil
}

// Verify checks a record and rebuilds its game: the seed and salt must give the
// commitment (when the record has either), the actions must replay through
// Apply from the start, and, when the record states a board, the replay must
// reach its moves, score, board and ranking. It returns the rebuilt session.
// Errors wrap ErrCommitment, or ErrRecord naming what differs (the action that
// fails to replay, by number from 1).
func Verify(rec Record) (*Session, error) {
	seed, err := strconv.ParseUint(rec.Seed, 10, 64)
	if err != nil {
		return nil, fmt.Errorf("%w: seed %q is not a number from 0 to 2^64-1", ErrRecord, rec.Seed)
	}
	if rec.Salt != "" || rec.Commitment != "" {
		if rec.Salt == "" || rec.Commitment == "" {
			return nil, fmt.Errorf("%w: a record with a commitment needs its salt, and a salt its commitment", ErrRecord)
		}
		if got := Commitment(rec.Salt, seed); got != rec.Commitment {
			return nil, fmt.Errorf("%w: SHA-256 of %q is %s, the record says %s", ErrCommitment,
				CommitmentPrefix+rec.Salt+":"+rec.Seed, got, rec.Commitment)
		}
	}
	s, err := Restore(Config{Rules: rec.Rules, Seed: seed, Salt: rec.Salt, Drawn: rec.Drawn, Moves: rec.Start})
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrRecord, err)
	}
	for i, a := range rec.Actions {
		if _, err := s.Apply(a); err != nil {
			return nil, fmt.Errorf("%w: action %d (%q): %w", ErrRecord, i+1, a, err)
		}
	}
	if rec.Board == "" {
		return s, nil
	}
	got := s.record()
	switch {
	case got.Moves != rec.Moves:
		return nil, fmt.Errorf("%w: the actions leave the moves %q, the record says %q", ErrRecord, got.Moves, rec.Moves)
	case got.Score != rec.Score:
		return nil, fmt.Errorf("%w: the actions score %d, the record says %d", ErrRecord, got.Score, rec.Score)
	case got.Board != rec.Board:
		return nil, fmt.Errorf("%w: the actions end on the board %s, the record says %s", ErrRecord, got.Board, rec.Board)
	case got.Ranked != rec.Ranked || got.Practice != rec.Practice:
		return nil, fmt.Errorf("%w: the actions leave the game ranked %v (%q), the record says ranked %v (%q)",
			ErrRecord, got.Ranked, got.Practice, rec.Ranked, rec.Practice)
	}
	return s, nil
}
