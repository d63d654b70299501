package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gridgames/gridgames/game2048"
)

// writePlayonRecords writes a records file of four lines: a whole 4x4 game
// played by autoplay at depth 1 (seed 1); the first two thirds of the game of
// seed 2, as a run stopped by Ctrl+C leaves it; that whole game, as the run
// resumed appends it; the first 12 moves of the first game (a game of its own
// that never reaches 256).
func writePlayonRecords(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	games := filepath.Join(dir, "games.jsonl")
	_, errOut, code := run(t, "", "2048", "autoplay", "--games", "2", "--seed", "1", "--depth", "1", "--workers", "1", "--out", games)
	if code != 0 {
		t.Fatalf("autoplay: exit %d: %s", code, errOut)
	}
	data, err := os.ReadFile(games)
	if err != nil {
		t.Fatal(err)
	}
	var recs []game2048.Record
	for l := range strings.Lines(string(data)) {
		rec, err := game2048.ParseRecord([]byte(l))
		if err != nil {
			t.Fatal(err)
		}
		recs = append(recs, rec)
	}
	slices.SortFunc(recs, func(a, b game2048.Record) int { return int(a.Seed) - int(b.Seed) })
	stopped, short := recs[1], recs[0]
	stopped.Moves = stopped.Moves[:len(stopped.Moves)*2/3]
	short.Moves = short.Moves[:12]
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	for _, r := range []game2048.Record{recs[0], stopped, recs[1], short} {
		enc.Encode(r)
	}
	path := filepath.Join(dir, "records.jsonl")
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestPlayon runs 2048 playon over one records file, made once.
func TestPlayon(t *testing.T) {
	recs := writePlayonRecords(t)
	t.Run("counts and repeats", func(t *testing.T) { testPlayonCounts(t, recs) })
	t.Run("output", func(t *testing.T) { testPlayonOutput(t, recs) })
	t.Run("bad input", func(t *testing.T) { testPlayonBadInput(t, recs) })
	t.Run("stopped", func(t *testing.T) { testPlayonStopped(t, recs) })
}

// playonRun runs 2048 playon with --json and --out at tile 256, depth 1, and
// returns the summary and the --out lines.
func playonRun(t *testing.T, recs string, args ...string) (playonSummary, []playonLine) {
	t.Helper()
	outPath := filepath.Join(t.TempDir(), "out.jsonl")
	args = append([]string{"2048", "playon", "--records", recs, "--tile", "256", "--depth", "1", "--json", "--out", outPath}, args...)
	out, errOut, code := run(t, "", args...)
	if code != 0 {
		t.Fatalf("%v: exit %d: %s", args, code, errOut)
	}
	var sum playonSummary
	dec := json.NewDecoder(strings.NewReader(out))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&sum); err != nil {
		t.Fatalf("summary %q: %v", out, err)
	}
	data, err := os.ReadFile(outPath)
	if err != nil {
		t.Fatal(err)
	}
	var lines []playonLine
	for l := range strings.Lines(string(data)) {
		var pl playonLine
		dec := json.NewDecoder(strings.NewReader(l))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&pl); err != nil {
			t.Fatalf("--out line %q: %v", l, err)
		}
		lines = append(lines, pl)
	}
	slices.SortFunc(lines, func(a, b playonLine) int { return (a.Record-b.Record)*1000 + a.Repeat - b.Repeat })
	return sum, lines
}

// withoutTimes clears what depends on the clock.
func withoutTimes(s playonSummary, lines []playonLine) (playonSummary, []playonLine) {
	s.Seconds, s.MovesPerSecond = 0, 0
	lines = slices.Clone(lines)
	for i := range lines {
		lines[i].Seconds = 0
	}
	return s, lines
}

// The counts add up, every continuation starts where its record first holds
// 256, and the same flags give the same results (with one worker or two).
func testPlayonCounts(t *testing.T, recs string) {
	sum, lines := playonRun(t, recs, "--repeats", "2", "--workers", "1")
	if sum.Games != 3 || sum.Superseded != 1 || sum.Skipped != 1 || sum.Starts != 2 || sum.Repeats != 2 || sum.Continuations != 4 || sum.Unfinished != 0 {
		t.Fatalf("games %d, superseded %d, skipped %d, starts %d, repeats %d, continuations %d, unfinished %d; want 3, 1, 1, 2, 2, 4, 0",
			sum.Games, sum.Superseded, sum.Skipped, sum.Starts, sum.Repeats, sum.Continuations, sum.Unfinished)
	}
	if len(lines) != 4 {
		t.Fatalf("--out has %d lines, want 4", len(lines))
	}
	data, _ := os.ReadFile(recs)
	recLines := strings.Split(strings.TrimSpace(string(data)), "\n")
	moves, startScore := 0, 0.0
	for i, l := range lines {
		if want := [2]int{2*(i/2) + 1, i%2 + 1}; [2]int{l.Record, l.Repeat} != want { // records 1 and 3
			t.Errorf("line %d: record %d repeat %d, want %v", i, l.Record, l.Repeat, want)
		}
		rec, err := game2048.ParseRecord([]byte(recLines[l.Record-1]))
		if err != nil {
			t.Fatal(err)
		}
		full := rec.Moves
		rec.Moves = full[:l.StartMove]
		at, err := game2048.Replay(rec)
		if err != nil {
			t.Fatal(err)
		}
		rec.Moves = full[:l.StartMove-1]
		before, _ := game2048.Replay(rec)
		if at.Board().MaxTile().Value() < 256 || before.Board().MaxTile().Value() >= 256 || at.Score() != l.StartScore {
			t.Errorf("record %d: start at move %d (max %v, the move before %v), score %d (replayed %d); want the first move to 256",
				l.Record, l.StartMove, at.Board().MaxTile(), before.Board().MaxTile(), l.StartScore, at.Score())
		}
		if l.Score <= l.StartScore || l.MaxTile < 512 || l.Moves < 1 {
			t.Errorf("line %d: score %d from %d, max tile %d, %d moves", i, l.Score, l.StartScore, l.MaxTile, l.Moves)
		}
		moves += l.Moves
		startScore += float64(l.StartScore)
	}
	if sum.Moves != moves || sum.MeanMoves != float64(moves)/4 || sum.StartScore != startScore/4 {
		t.Errorf("summary: moves %d, mean %v, start score %v; the lines give %d, %v, %v", sum.Moves, sum.MeanMoves, sum.StartScore,
			moves, float64(moves)/4, startScore/4)
	}
	if len(sum.Reached) != 2 || sum.Reached[0].Tile != 512 || sum.Reached[1].Tile != 1024 {
		t.Errorf("reached %+v, want 512 and 1024", sum.Reached)
	}
	for _, r := range sum.Reached {
		k := 0
		for _, l := range lines {
			if l.MaxTile >= r.Tile {
				k++
			}
		}
		if r.Count != k || r.Share != float64(k)/4 || !(r.Low <= r.Share && r.Share <= r.High) {
			t.Errorf("reached %d: %+v; the lines give %d", r.Tile, r, k)
		}
	}
	t.Run("same flags, same results", func(t *testing.T) {
		again, againLines := playonRun(t, recs, "--repeats", "2", "--workers", "2")
		again.Workers = sum.Workers
		a, al := withoutTimes(sum, lines)
		b, bl := withoutTimes(again, againLines)
		if !slices.Equal(al, bl) || fmt.Sprint(a) != fmt.Sprint(b) {
			t.Errorf("two runs differ:\n%+v\n%+v\n%+v\n%+v", a, b, al, bl)
		}
	})
	t.Run("another seed, other spawns", func(t *testing.T) {
		_, other := playonRun(t, recs, "--repeats", "2", "--seed", "2", "--workers", "2")
		for i := range other {
			if other[i].Seed == lines[i].Seed {
				t.Errorf("line %d: seed %d in both runs", i, other[i].Seed)
			}
		}
		if slices.EqualFunc(other, lines, func(a, b playonLine) bool { return a.Score == b.Score }) {
			t.Errorf("seeds 1 and 2 give the same final scores")
		}
	})
	t.Run("another evaluation, the same spawn streams", func(t *testing.T) {
		s, other := playonRun(t, recs, "--repeats", "2", "--eval", "heuristic", "--workers", "2")
		if s.Eval != "heuristic" {
			t.Errorf("eval %q, want heuristic", s.Eval)
		}
		for i := range other {
			if other[i].Seed != lines[i].Seed || other[i].StartMove != lines[i].StartMove {
				t.Errorf("line %d: seed %d start %d, with the blend %d and %d", i, other[i].Seed, other[i].StartMove, lines[i].Seed, lines[i].StartMove)
			}
		}
	})
}

// The JSON summary's keys, and the text summary's lines.
func testPlayonOutput(t *testing.T, recs string) {
	out, errOut, code := run(t, "", "2048", "playon", "--records", recs, "--tile", "256", "--repeats", "1", "--depth", "1", "--workers", "2", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var m map[string]any
	if err := json.Unmarshal([]byte(out), &m); err != nil {
		t.Fatal(err)
	}
	want := []string{"cols", "continuations", "depth", "eval", "games", "meanMoves", "moves", "movesPerSecond", "reached", "repeats",
		"rows", "score", "seconds", "seed", "skipped", "startScore", "starts", "superseded", "tile", "workers"}
	if got := slices.Sorted(maps.Keys(m)); !slices.Equal(got, want) {
		t.Errorf("keys %v, want %v", got, want)
	}
	reached, _ := m["reached"].([]any)
	if len(reached) != 2 {
		t.Fatalf("reached %v, want two tiles", m["reached"])
	}
	if r, _ := reached[0].(map[string]any); len(r) != 5 || r["tile"] != 512.0 || r["low"] == nil || r["high"] == nil {
		t.Errorf("reached[0] %v, want tile 512, count, share, low, high", reached[0])
	}
	text, errOut, code := run(t, "", "2048", "playon", "--records", recs, "--tile", "256", "--repeats", "1", "--depth", "1", "--workers", "2")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, s := range []string{"2 continuations from 2 starts (2 of 3 games reach 256), 1 repeat each", "1 earlier line of resumed games left out", "depth 1, 2 workers", "95% interval", "\n512 ", "\n1024 ", "median", "moves/s"} {
		if !strings.Contains(text, s) {
			t.Errorf("text summary lacks %q:\n%s", s, text)
		}
	}
}

// Bad flags and files exit 2 with one line naming the flag.
func testPlayonBadInput(t *testing.T, recs string) {
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty.jsonl")
	os.WriteFile(empty, nil, 0o644)
	shortOnly := filepath.Join(dir, "short.jsonl")
	data, _ := os.ReadFile(recs)
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	os.WriteFile(shortOnly, []byte(lines[3]+"\n"), 0o644)
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"no --records", nil, "--records is required"},
		{"missing file", []string{"--records", filepath.Join(dir, "none.jsonl")}, "--records"},
		{"a directory", []string{"--records", dir}, "--records"},
		{"no record in the file", []string{"--records", empty}, "--records"},
		{"no record reaches the tile", []string{"--records", shortOnly, "--tile", "256"}, "--tile 256: none of the 1 game"},
		{"tile not a power of two", []string{"--records", recs, "--tile", "300"}, "--tile 300"},
		{"tile 2", []string{"--records", recs, "--tile", "2"}, "--tile 2"},
		{"tile 0", []string{"--records", recs, "--tile", "0"}, "--tile 0"},
		{"tile too large", []string{"--records", recs, "--tile", "2305843009213693952"}, "--tile 2305843009213693952"},
		{"repeats 0", []string{"--records", recs, "--repeats", "0"}, "--repeats 0"},
		{"depth and time", []string{"--records", recs, "--depth", "2", "--time", "5ms"}, "--depth and --time"},
		{"depth too deep", []string{"--records", recs, "--depth", "13"}, "--depth 13"},
		{"unwritable --out", []string{"--records", recs, "--out", filepath.Join(dir, "no", "out.jsonl")}, "--out"},
		{"missing network", []string{"--records", recs, "--network", filepath.Join(dir, "none.bin")}, "--network"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, errOut, code := run(t, "", append([]string{"2048", "playon"}, tt.args...)...)
			if code != exitBadInput || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, tt.want) {
				t.Errorf("exit %d, stderr %q; want 2 and one line with %q", code, errOut, tt.want)
			}
		})
	}
}

// Ctrl+C stops the run: exit 130, and what finished (if anything) is summed up.
func testPlayonStopped(t *testing.T, recs string) {
	out, errOut, code := runStopped(t, 300*time.Millisecond, "2048", "playon", "--records", recs, "--tile", "256",
		"--repeats", "50", "--depth", "1", "--workers", "1", "--json")
	if code != exitInterrupted || !strings.Contains(errOut, "Stopped") {
		t.Fatalf("exit %d, stderr %q; want 130 and a line saying it stopped", code, errOut)
	}
	if out == "" {
		return // stopped before any continuation finished
	}
	var sum playonSummary
	if err := json.Unmarshal([]byte(out), &sum); err != nil {
		t.Fatal(err)
	}
	if sum.Continuations < 1 || sum.Continuations+sum.Unfinished != 100 {
		t.Errorf("continuations %d, unfinished %d: want them to add up to 100", sum.Continuations, sum.Unfinished)
	}
}

func TestWilson(t *testing.T) {
	tests := []struct {
		k, n   int
		lo, hi float64
	}{
		{0, 10, 0, 0.2775},
		{5, 10, 0.2366, 0.7634},
		{10, 10, 0.7225, 1},
		{35, 175, 0.1475, 0.2654},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%d of %d", tt.k, tt.n), func(t *testing.T) {
			lo, hi := wilson(tt.k, tt.n)
			if fmt.Sprintf("%.4f %.4f", lo, hi) != fmt.Sprintf("%.4f %.4f", tt.lo, tt.hi) {
				t.Errorf("wilson(%d, %d) = %.4f, %.4f; want %.4f, %.4f", tt.k, tt.n, lo, hi, tt.lo, tt.hi)
			}
		})
	}
}

// Every (seed, record, repeat) of a small grid gets its own spawn seed, below 2^53.
func TestPlayonSeedDistinct(t *testing.T) {
	seen := map[uint64]string{}
	for seed := range uint64(4) {
		for n := 1; n <= 20; n++ {
			for r := 1; r <= 20; r++ {
				s := playonSeed(seed, n, r)
				who := fmt.Sprintf("(%d, %d, %d)", seed, n, r)
				if s >= 1<<53 {
					t.Fatalf("%s: seed %d not below 2^53", who, s)
				}
				if prev, ok := seen[s]; ok {
					t.Fatalf("%s and %s: the same seed %d", prev, who, s)
				}
				seen[s] = who
			}
		}
	}
}
