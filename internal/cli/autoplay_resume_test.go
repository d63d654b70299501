package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/gridgames/gridgames/game2048"
)

// A run resumed from the records an interrupted run left (one game finished, one
// stopped half way, a torn last line) ends with the games and the file of a run
// straight through: each seed's last line is its whole game.
func TestAutoplayResume(t *testing.T) {
	dir := t.TempDir()
	full := filepath.Join(dir, "full.jsonl")
	args := []string{"2048", "autoplay", "--games", "3", "--seed", "5", "--depth", "1", "--rows", "3", "--cols", "3", "--workers", "1", "--json"}
	out, errOut, code := run(t, "", append(args, "--out", full)...)
	if code != 0 {
		t.Fatalf("straight run: exit %d: %s", code, errOut)
	}
	var want autoplaySummary
	if err := json.Unmarshal([]byte(out), &want); err != nil {
		t.Fatal(err)
	}
	records := readRecords(t, full)

	half := records[1]
	half.Moves = half.Moves[:len(half.Moves)/2]
	line := func(r game2048.Record) string {
		b, _ := json.Marshal(r)
		return string(b) + "\n"
	}
	third := line(records[2])
	part := filepath.Join(dir, "part.jsonl")
	if err := os.WriteFile(part, []byte(line(records[0])+line(half)+third[:len(third)/2]), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, code = run(t, "", append(args, "--out", part, "--resume")...)
	if code != 0 {
		t.Fatalf("resumed run: exit %d: %s", code, errOut)
	}
	if !strings.Contains(errOut, "Resuming from "+part+": 1 game finished, 1 game to play on (a torn last line of") {
		t.Errorf("stderr %q does not say what it resumes", errOut)
	}
	var got autoplaySummary
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got.Scores, want.Scores) || got.Moves != want.Moves {
		t.Fatalf("resumed: scores %v, %d moves; straight through: %v, %d moves", got.Scores, got.Moves, want.Scores, want.Moves)
	}
	if wantResumed := len(records[0].Moves) + len(half.Moves); got.ResumedMoves != wantResumed {
		t.Errorf("resumedMoves %d, want %d", got.ResumedMoves, wantResumed)
	}
	if got.PerGame[0].ResumedMoves != got.PerGame[0].Moves || got.PerGame[2].ResumedMoves != 0 {
		t.Errorf("per game: %+v", got.PerGame)
	}
	last := map[uint64]game2048.Record{}
	for _, r := range readRecords(t, part) {
		last[r.Seed] = r
	}
	for _, r := range records {
		if last[r.Seed] != r {
			t.Errorf("seed %d: the resumed file's last line is %+v, want %+v", r.Seed, last[r.Seed], r)
		}
	}
}

// What --resume cannot go on with is refused before any game, naming the line.
func TestAutoplayResumeRefuses(t *testing.T) {
	dir := t.TempDir()
	rec := func(rows int, seed uint64, moves string) string {
		r := game2048.DefaultRules()
		r.Rows, r.Cols = rows, 3
		b, _ := json.Marshal(game2048.Record{Rules: r, Seed: seed, Moves: moves})
		return string(b) + "\n"
	}
	g, _ := game2048.NewGame(game2048.WithRules(func() game2048.Rules { r := game2048.DefaultRules(); r.Rows, r.Cols = 3, 3; return r }()), game2048.WithSeed(5))
	var first string
	for _, d := range game2048.Directions {
		if res, err := g.Move(d); err == nil && res.Moved {
			first = string(d.Letter())
			break
		}
	}
	other := "L"
	if first == "L" {
		other = "R"
	}
	tests := []struct {
		name, file, want string
		noOut            bool
	}{
		{"no --out", "", "--resume: give the --out file", true},
		{"other rules", rec(4, 5, ""), "line 1: the game was played with other rules (4x3", false},
		{"seed outside the run", rec(3, 9, ""), "line 1: seed 9 is not one of this run's seeds (5 to 6)", false},
		{"a later line that does not continue", rec(3, 5, first) + rec(3, 5, other), "line 2: seed 5's moves do not continue", false},
		{"a bad line before the last", "{\"nonsense\":1}\n" + rec(3, 5, ""), "line 1:", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			args := []string{"2048", "autoplay", "--games", "2", "--seed", "5", "--depth", "1", "--rows", "3", "--cols", "3", "--resume"}
			if !tc.noOut {
				path := filepath.Join(dir, strings.ReplaceAll(tc.name, " ", "-")+".jsonl")
				if err := os.WriteFile(path, []byte(tc.file), 0o644); err != nil {
					t.Fatal(err)
				}
				args = append(args, "--out", path)
				defer func() {
					if b, _ := os.ReadFile(path); string(b) != tc.file {
						t.Errorf("the refused file was changed: %q", b)
					}
				}()
			}
			_, errOut, code := run(t, "", args...)
			if code != exitBadInput || !strings.Contains(errOut, tc.want) || strings.Count(errOut, "\n") != 1 {
				t.Fatalf("exit %d, stderr %q, want exit %d naming %q", code, errOut, exitBadInput, tc.want)
			}
		})
	}
}

// readRecords parses a --out file, one record a line.
func readRecords(t *testing.T, path string) []game2048.Record {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []game2048.Record
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		r, err := game2048.ParseRecord([]byte(l))
		if err != nil {
			t.Fatalf("%s: %v", l, err)
		}
		out = append(out, r)
	}
	return out
}
