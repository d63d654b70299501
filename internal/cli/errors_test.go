package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Every bad input exits with status 2 and one line on stderr that names the flag
// (or place) and never leaks a library's internal sentence.
func TestBadInputExits2(t *testing.T) {
	dir := t.TempDir()
	garbage := filepath.Join(dir, "garbage.bin")
	if err := os.WriteFile(garbage, []byte("not a database\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(dir, "g.db")
	start8 := "---------------------------OX------XO--------------------------- X"
	missing := filepath.Join(dir, "missing.gz")
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"serve bogus addr", []string{"serve", "--addr", "bogus", "--db", db}, `--addr "bogus": want host:port`},
		{"serve port range", []string{"serve", "--addr", "localhost:99999", "--db", db}, `port "99999": want a number from 0 to 65535`},
		{"root bogus addr", []string{"--addr", "bogus", "--db", db}, `--addr "bogus"`},
		{"serve garbage db", []string{"serve", "--addr", "localhost:0", "--db", garbage}, "--db " + garbage + ": not an SQLite database"},
		{"serve missing dir", []string{"serve", "--addr", "localhost:0", "--db", filepath.Join(dir, "no", "x.db")}, "does not exist"},
		{"2048 unknown", []string{"2048", "tetris"}, `unknown command "tetris"`},
		{"othello unknown", []string{"othello", "tetris"}, `unknown command "tetris"`},
		{"train out dir", []string{"2048", "train", "--games", "1", "--out", dir}, "--out " + dir + ": is a directory"},
		{"samples out dir", []string{"othello", "samples", "--games", "1", "--out", dir}, "--out " + dir + ": is a directory"},
		{"othello train out dir", []string{"othello", "train", garbage, "--out", dir}, "--out " + dir + ": is a directory"},
		{"autoplay out dir", []string{"2048", "autoplay", "--games", "1", "--depth", "1", "--out", dir}, "--out " + dir + ": is a directory"},
		{"hint time", []string{"2048", "hint", "--board", "2,2/0,0", "--time", "-1s"}, "--time -1s: want a positive duration"},
		{"hint workers", []string{"2048", "hint", "--board", "2,2/0,0", "--workers", "-1"}, "--workers -1"},
		{"hint four", []string{"2048", "hint", "--board", "2,2/0,0", "--four", "10"}, `--four "10": want a fraction from 0 to 1, or a percent with its sign (10%)`},
		{"hint four range", []string{"2048", "hint", "--board", "2,2/0,0", "--four", "120%"}, `--four "120%"`},
		{"hint board", []string{"2048", "hint", "--board", "2,3/0,0"}, "--board: "},
		{"hint depth and time", []string{"2048", "hint", "--board", "2,2/0,0", "--depth", "2", "--time", "1s"}, "--depth and --time cannot be used together"},
		{"hint network", []string{"2048", "hint", "--board", "2,2,0,0/0,0,0,0/0,0,0,0/0,0,0,0", "--network", missing}, "--network " + missing + ": no such file"},
		{"train from", []string{"2048", "train", "--games", "1", "--from", missing, "--out", filepath.Join(dir, "n.gz")}, "--from " + missing + ": no such file"},
		{"solve patterns", []string{"othello", "solve", "--patterns", missing, "--board", start8}, "--patterns " + missing + ": no such file"},
		{"othello train from", []string{"othello", "train", garbage, "--from", missing, "--out", filepath.Join(dir, "p.gz")}, "--from " + missing},
		{"autoplay seed", []string{"2048", "autoplay", "--seed", "-1"}, `--seed "-1": want a whole number from 0 to 18446744073709551615`},
		{"autoplay time", []string{"2048", "autoplay", "--time", "-1s"}, "--time -1s: want a positive duration"},
		{"autoplay time text", []string{"2048", "autoplay", "--time", "soon"}, `--time "soon": want a duration`},
		{"match workers", []string{"othello", "match", "--black", "1", "--white", "2", "--workers", "-1"}, "--workers -1"},
		{"match human", []string{"othello", "match", "--black", "human", "--white", "2"}, `--black "human"`},
		{"match seat", []string{"othello", "match", "--black", "1", "--white", "robot"}, `--white "robot": want a level from 1 to 10 (or classic1 to classic10), random or greedy`},
		{"match level range", []string{"othello", "match", "--black", "level11", "--white", "2"}, `--black "level11": want a level from 1 to 10 (or classic1 to classic10), random or greedy`},
		{"replay missing", []string{"2048", "replay", "--record", missing}, "--record " + missing + ": no such file"},
		{"othello train no files", []string{"othello", "train", "--out", filepath.Join(dir, "p.gz")}, "name the samples files to learn from"},
		{"match required", []string{"othello", "match", "--black", "1"}, "--white is required"},
		{"analyze time", []string{"othello", "analyze", "--board", start8, "--time", "-1s"}, "--time -1s: want a positive duration"},
		{"analyze depth 0", []string{"othello", "analyze", "--board", start8, "--depth", "0"}, "--depth 0: want 1 to 60"},
		{"analyze endgame -1", []string{"othello", "analyze", "--board", start8, "--endgame", "-1"}, "--endgame -1"},
		{"analyze endgame 64", []string{"othello", "analyze", "--board", start8, "--endgame", "64"}, "--endgame 64: the moves leave 59 empty squares"},
		{"analyze workers", []string{"othello", "analyze", "--board", start8, "--workers", "-1"}, "--workers -1"},
		{"analyze board", []string{"othello", "analyze", "--board", "XO"}, "--board: "},
		{"solve start", []string{"othello", "solve", "--board", start8}, "60 empty squares: an exact solve past --max-empties 26"},
		{"solve max-empties", []string{"othello", "solve", "--board", start8, "--max-empties", "0"}, "--max-empties 0"},
		{"solve workers", []string{"othello", "solve", "--board", start8, "--workers", "-1"}, "--workers -1"},
		{"perft depth text", []string{"othello", "perft", "--depth", "x"}, `--depth "x": want a whole number`},
		{"perft depth missing value", []string{"othello", "perft", "--depth"}, "--depth needs a value"},
		{"perft size", []string{"othello", "perft", "--depth", "2", "--size", "5"}, "--size 5: Othello boards are 4, 6 or 8"},
		{"unknown flag", []string{"othello", "solve", "-x"}, "unknown flag -x"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, errOut, code := run(t, "", tc.args...)
			if code != exitBadInput {
				t.Errorf("exit %d, want 2 (stderr %q)", code, errOut)
			}
			if strings.Count(errOut, "\n") != 1 || !strings.HasPrefix(errOut, "gridgames: ") {
				t.Errorf("stderr %q: want one line", errOut)
			}
			if !strings.Contains(errOut, tc.want) {
				t.Errorf("stderr %q: want %q", errOut, tc.want)
			}
			for _, leak := range []string{"strconv.", "if any flags in the group", "required flag(s)", "store: ", "invalid argument", "open /", "arg(s)", "(\"level11\""} {
				if strings.Contains(errOut, leak) {
					t.Errorf("stderr %q leaks %q", errOut, leak)
				}
			}
		})
	}
	if _, err := os.Stat(filepath.Join(dir, "no")); err == nil {
		t.Error("serve created the missing directory")
	}
}

// serve refuses a bad --addr before it opens (and so creates) the default database.
func TestServeChecksAddrFirst(t *testing.T) {
	data := filepath.Join(t.TempDir(), "data")
	t.Setenv("XDG_DATA_HOME", data)
	_, _, code := run(t, "", "serve", "--addr", "bogus")
	if code != exitBadInput {
		t.Fatalf("exit %d", code)
	}
	if _, err := os.Stat(data); err == nil {
		t.Fatal("the data directory was made before --addr was refused")
	}
}

// A line without scores is solved and said to be unchecked, not a mismatch.
func TestSolveCheckWithoutScores(t *testing.T) {
	out, errOut, code := run(t, "", "othello", "solve", "--check", "--board", "-----OX--XO----- X")
	if code != 0 || !strings.Contains(out, "no scores to check") || errOut != "" {
		t.Fatalf("exit %d, out %q, err %q", code, out, errOut)
	}
}

// Ctrl+C stops a long exact solve with the best move so far (exit 130). It is
// pressed once the progress shows a search has found a best move, whatever the
// machine's speed.
func TestSolveInterrupted(t *testing.T) {
	forceProgress = true
	defer func() { forceProgress = false }()
	board := "---------------------------OX------XO--------------------------- X"
	out, errOut, code := runCancelledWhen(t, func(stderr string) bool { return strings.Contains(stderr, ", best ") },
		time.Minute, "othello", "solve", "--board", board, "--max-empties", "64")
	if code != exitInterrupted || out != "" {
		t.Fatalf("exit %d, out %q", code, out)
	}
	if !strings.Contains(errOut, "Best so far: ") || !strings.Contains(errOut, "not exact") || !strings.HasSuffix(errOut, "gridgames: interrupted\n") {
		t.Fatalf("stderr %q", errOut)
	}
}

// Ctrl+C during autoplay writes the game under way and sums up the finished ones.
func TestAutoplayInterrupted(t *testing.T) {
	out := filepath.Join(t.TempDir(), "games.jsonl")
	// Depth 1 games on 3x3 finish in milliseconds; the 6x6 ones at depth 3 do not.
	stdout, errOut, code := runStopped(t, 1500*time.Millisecond, "2048", "autoplay", "--games", "3", "--workers", "1",
		"--rows", "6", "--cols", "6", "--depth", "3", "--out", out)
	if code != exitInterrupted || !strings.Contains(errOut, "Stopped") {
		t.Fatalf("exit %d, out %q, err %q", code, stdout, errOut)
	}
	data, err := os.ReadFile(out)
	if err != nil || strings.Count(string(data), "\n") < 1 {
		t.Fatalf("records: %q %v", data, err)
	}
	replay, rerr, rcode := run(t, "", "2048", "replay", "--record", out)
	if rcode != 0 || !strings.Contains(replay, "in progress") {
		t.Fatalf("replay of the unfinished game: %d %q %q", rcode, replay, rerr)
	}
}

// The text summary counts the tiles small boards reach, and says "1 game".
func TestAutoplaySummaryText(t *testing.T) {
	out, errOut, code := run(t, "", "2048", "autoplay", "--games", "1", "--seed", "2", "--depth", "1", "--rows", "3", "--cols", "3")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.HasPrefix(out, "1 game on 3x3, depth 1, ") || strings.Contains(out, "1 games") {
		t.Fatalf("summary %q", out)
	}
	if !strings.Contains(out, "\n128 ") && !strings.Contains(out, "\n256 ") {
		t.Fatalf("summary does not show the tiles reached: %q", out)
	}
	if strings.Contains(out, "\n2048 ") {
		t.Fatalf("a 3x3 game shows 2048: %q", out)
	}
}

// Group help lines name every subcommand.
func TestGroupHelpListsSubcommands(t *testing.T) {
	root := newRoot()
	for _, group := range root.Commands() {
		if !group.HasSubCommands() {
			continue
		}
		for _, sub := range group.Commands() {
			if sub.Hidden || sub.Name() == "help" {
				continue
			}
			if !strings.Contains(strings.ToLower(group.Short), sub.Name()) {
				t.Errorf("%s: %q does not mention %s", group.Name(), group.Short, sub.Name())
			}
		}
	}
}

func TestChanceFlag(t *testing.T) {
	for _, tc := range []struct {
		text string
		want float64
		ok   bool
	}{
		{"10%", 0.1, true}, {"0.1", 0.1, true}, {" 2.5 % ", 0.025, true}, {"0", 0, true}, {"100%", 1, true},
		{"1", 1, true}, {"10", 0, false}, {"-1%", 0, false}, {"abc", 0, false}, {"NaN", 0, false}, {"", 0, false},
	} {
		t.Run(tc.text, func(t *testing.T) {
			v, err := parseChance(tc.text)
			if (err == nil) != tc.ok || (tc.ok && (v < tc.want-1e-12 || v > tc.want+1e-12)) {
				t.Fatalf("got %v, %v", v, err)
			}
		})
	}
	if formatChance(0.1) != "10%" || formatChance(0.025) != "2.5%" {
		t.Fatal(formatChance(0.1), formatChance(0.025))
	}
}

// On a terminal, long work shows how it is going on stderr: a solve its depth,
// bounds and nodes, autoplay each game's moves, score and max tile.
func TestProgressShown(t *testing.T) {
	forceProgress = true
	defer func() { forceProgress = false }()
	// The engine reports every engine.ProgressInterval (250 ms) and never for a
	// search that ends sooner, so the position is FFO #42 (about a second on one
	// worker), not #40 (a quarter of a second: no report on a fast machine).
	ffo42 := "--OOO-------XX-OOOOOOXOO-OOOOXOOX-OOOXXO---OOXOO---OOOXO--OOOO-- X"
	_, errOut, code := run(t, "", "othello", "solve", "--board", ffo42, "--workers", "1")
	if code != 0 || !strings.Contains(errOut, "nodes") || !strings.Contains(errOut, "depth ") {
		t.Fatalf("solve: exit %d, stderr %q", code, errOut)
	}
	_, errOut, code = run(t, "", "2048", "autoplay", "--games", "2", "--depth", "2", "--rows", "3", "--cols", "4", "--workers", "2")
	if code != 0 || !strings.Contains(errOut, "seed 1: ") || !strings.Contains(errOut, "moves/s") || !strings.Contains(errOut, "max ") {
		t.Fatalf("autoplay: exit %d, stderr %q", code, errOut)
	}
}
