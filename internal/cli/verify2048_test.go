package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gridgames/gridgames/game2048"
	"github.com/gridgames/gridgames/game2048/session"
)

// finishedRecord plays a ranked 2x2 game to the end, as the web app would, and
// returns its record as JSON.
func finishedRecord(t *testing.T) (session.Record, []byte) {
	t.Helper()
	r := game2048.DefaultRules()
	r.Rows, r.Cols = 2, 2
	s, err := session.New(r)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; !s.Game().Over(); i++ {
		s.Apply(session.MoveAction(game2048.Directions[i%4], false))
	}
	rec, err := s.Record()
	if err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	return rec, data
}

func Test2048Verify(t *testing.T) {
	rec, data := finishedRecord(t)
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	good := write("good.json", data)
	forged := rec
	forged.Seed = "12345"
	forgedData, _ := json.Marshal(forged)
	richer := rec
	richer.Score += 100
	richerData, _ := json.Marshal(richer)
	for _, tc := range []struct {
		name, stdin string
		args        []string
		code        int
		says        string // in stdout for 0, stderr otherwise
	}{
		{"a finished game", "", []string{"--record", good}, 0, "commitment ok: SHA-256(\"gridgames-2048:" + rec.Salt + ":" + rec.Seed + "\") = " + rec.Commitment},
		{"from stdin", string(data), []string{"--record", "-"}, 0, "game over; ranked"},
		{"another seed", "", []string{"--record", write("forged.json", forgedData)}, 2, "do not match the commitment"},
		{"a higher score", "", []string{"--record", write("richer.json", richerData)}, 2, fmt.Sprintf("the record says %d", richer.Score)},
		{"not a record", "", []string{"--record", write("bad.json", []byte(`{"seed":1}`))}, 2, "invalid record"},
		{"no file", "", []string{"--record", filepath.Join(dir, "missing.json")}, 2, "no such file"},
		{"no flag", "", nil, 2, "--record FILE is required"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, code := run(t, tc.stdin, append([]string{"2048", "verify"}, tc.args...)...)
			where := out
			if tc.code != 0 {
				where = errOut
			}
			if code != tc.code || !strings.Contains(where, tc.says) {
				t.Fatalf("exit %d, stdout %q, stderr %q; want %d saying %q", code, out, errOut, tc.code, tc.says)
			}
		})
	}
	t.Run("json", func(t *testing.T) {
		out, errOut, code := run(t, "", "2048", "verify", "--record", good, "--json")
		var got verifyOutput
		if code != 0 || json.Unmarshal([]byte(out), &got) != nil {
			t.Fatalf("exit %d: %q %q", code, out, errOut)
		}
		if got.Commitment != rec.Commitment || got.Score != rec.Score || got.Board != rec.Board || !got.Over || !got.Ranked {
			t.Fatalf("verify --json %+v for record %+v", got, rec)
		}
	})
}
