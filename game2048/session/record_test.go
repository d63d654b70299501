package session

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// The commitment is the documented formula: pinned by values computed with
// sha256sum (echo -n "gridgames-2048:SALT:SEED" | sha256sum).
func TestCommitment(t *testing.T) {
	for _, tc := range []struct {
		salt string
		seed uint64
		want string
	}{
		{testSalt, 42, "6eeb3e23133ba752a1c691a3a6c3012496800e25f258ea68cb858908bcf94f6b"},
		{"ffffffffffffffffffffffffffffffff", 18446744073709551615, "e80a522e2f2f72f933aee0639b3f499aaf61cea3ac9bcb55a83addf6a1d9efdf"},
	} {
		if got := Commitment(tc.salt, tc.seed); got != tc.want {
			t.Errorf("Commitment(%s, %d) = %s, want %s", tc.salt, tc.seed, got, tc.want)
		}
	}
}

// finished returns the record of a ranked 3x3 game played to the end, with a
// hint in it.
func finished(t *testing.T) Record {
	t.Helper()
	s := ranked(t, 3, 3, 77)
	play(t, s, 4, nil)
	apply(t, s, Hint)
	play(t, s, -1, nil)
	rec, err := s.Record()
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

func TestVerify(t *testing.T) {
	base := finished(t)
	for _, tc := range []struct {
		name   string
		change func(r *Record)
		want   error // nil: verifies
	}{
		{"as recorded", func(r *Record) {}, nil},
		{"without the results", func(r *Record) { r.Board, r.Score, r.Moves = "", 0, "" }, nil},
		{"another seed", func(r *Record) { r.Seed = "78" }, ErrCommitment},
		{"another salt", func(r *Record) { r.Salt = strings.Repeat("0", 32) }, ErrCommitment},
		{"another commitment", func(r *Record) { r.Commitment = Commitment(testSalt, 1) }, ErrCommitment},
		{"no commitment", func(r *Record) { r.Commitment = "" }, ErrRecord},
		{"a seed that is no number", func(r *Record) { r.Seed = "-1" }, ErrRecord},
		{"a higher score", func(r *Record) { r.Score += 4 }, ErrRecord},
		{"other moves", func(r *Record) { r.Moves = "L" + r.Moves }, ErrRecord},
		{"said ranked", func(r *Record) { r.Ranked = !r.Ranked }, ErrRecord},
		{"an action dropped", func(r *Record) { r.Actions = r.Actions[1:] }, ErrRecord},
		{"an unknown action", func(r *Record) { r.Actions = append([]string{"Q"}, r.Actions...) }, ErrRecord},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := base
			rec.Actions = append([]string(nil), base.Actions...)
			tc.change(&rec)
			s, err := Verify(rec)
			if !errors.Is(err, tc.want) || (err == nil) != (tc.want == nil) {
				t.Fatalf("Verify: %v, want %v", err, tc.want)
			}
			if err == nil && (s.Game().Score() != base.Score || s.Seq() != len(base.Actions)) {
				t.Fatalf("verified game: score %d, %d actions; recorded %d, %d", s.Game().Score(), s.Seq(), base.Score, len(base.Actions))
			}
		})
	}
}

// A record goes through JSON and back unchanged, and ParseRecord is strict.
func TestParseRecord(t *testing.T) {
	rec := finished(t)
	data, err := json.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	back, err := ParseRecord(data)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Verify(back); err != nil {
		t.Fatalf("the record read back: %v", err)
	}
	for _, bad := range []string{`{"seed":"1","pepper":1}`, `{"seed":1}`, `{}{}`, `[`} {
		if _, err := ParseRecord([]byte(bad)); !errors.Is(err, ErrRecord) {
			t.Errorf("ParseRecord(%s): %v, want ErrRecord", bad, err)
		}
	}
}
