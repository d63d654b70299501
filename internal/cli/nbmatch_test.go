package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/gridgames/gridgames/internal/nbmatch"
	"github.com/gridgames/gridgames/othello"
)

// nbEngineEnv makes TestNBEngineHelper be `gridgames othello nboard`, so
// the tests of othello nbmatch have an engine to start as a process.
const nbEngineEnv = "GRIDGAMES_TEST_NBOARD_ENGINE"

func TestNBEngineHelper(t *testing.T) {
	if os.Getenv(nbEngineEnv) != "1" {
		t.Skip("an engine for othello nbmatch's tests, run as a process by them")
	}
	os.Exit(Run([]string{"othello", "nboard", "--workers", "1", "--table-bits", "16"}, os.Stdin, os.Stdout, os.Stderr))
}

// nbEngine is the command line of our own engine run by TestNBEngineHelper.
func nbEngine() string {
	return fmt.Sprintf("%s=1 exec '%s' -test.run='^TestNBEngineHelper$'", nbEngineEnv, os.Args[0])
}

func TestNBMatch(t *testing.T) {
	out, errOut, code := run(t, "", "othello", "nbmatch", "--first", nbEngine(), "--first-depth", "2",
		"--second", nbEngine(), "--second-depth", "1", "--games", "2", "--transcripts")
	if code != 0 {
		t.Fatalf("code %d, stderr %q", code, errOut)
	}
	for _, want := range []string{"gridgames2 against gridgames1, 2 games on 8x8", "as black", "total",
		"gridgames2 scores", "CPU a move: gridgames2 ", "game 1: ", "game 2: "} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if !strings.Contains(errOut, "game 2 of 2, second (black) against first (white): black ") {
		t.Errorf("stderr lacks game 2's line: %q", errOut)
	}

	out, errOut, code = run(t, "", "othello", "nbmatch", "--first", nbEngine(), "--first-depth", "1",
		"--second", nbEngine(), "--second-depth", "1", "--games", "1", "--json")
	if code != 0 {
		t.Fatalf("--json: code %d, stderr %q", code, errOut)
	}
	var sum nbmatch.Summary
	if err := json.Unmarshal([]byte(out), &sum); err != nil {
		t.Fatalf("--json output %q: %v", out, err)
	}
	if sum.Games != 1 || sum.Wins+sum.Draws+sum.Losses != 1 || sum.Moves[0] == 0 || sum.Moves[1] == 0 || len(sum.Transcripts) != 0 {
		t.Errorf("--json summary %+v: want 1 game, moves on both sides, no transcripts", sum)
	}
}

func TestNBMatchBadInput(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--games", "0"}, "--games 0"},
		{[]string{"--opening", "21"}, "--opening 21"},
		{[]string{"--first-depth", "61"}, "--first-depth 61"},
		{[]string{"--second-depth", "-1"}, "--second-depth -1"},
		{[]string{"--move-timeout", "0s"}, "--move-timeout 0s"},
		{[]string{"--review", "25"}, "--review 25"},
		{[]string{"--review", "-1"}, "--review -1"},
	}
	for _, tc := range tests {
		t.Run(tc.want, func(t *testing.T) {
			args := append([]string{"othello", "nbmatch", "--first", "true", "--second", "true"}, tc.args...)
			_, errOut, code := run(t, "", args...)
			if code != exitBadInput || !strings.Contains(errOut, tc.want) {
				t.Errorf("%v: code %d, stderr %q; want %d naming %q", tc.args, code, errOut, exitBadInput, tc.want)
			}
		})
	}
	_, errOut, code := run(t, "", "othello", "nbmatch", "--second", "true")
	if code != exitBadInput || !strings.Contains(errOut, "first") {
		t.Errorf("without --first: code %d, stderr %q", code, errOut)
	}
}

// --review solves both engines' last moves: the text names each engine's loss
// and the table by empties, the JSON holds the review, and its moves are the
// moves made from that many empties.
func TestNBMatchReview(t *testing.T) {
	out, errOut, code := run(t, "", "othello", "nbmatch", "--first", nbEngine(), "--first-depth", "2",
		"--second", nbEngine(), "--second-depth", "1", "--games", "2", "--review", "8")
	if code != 0 {
		t.Fatalf("code %d, stderr %q", code, errOut)
	}
	for _, want := range []string{"Endgame review, every move from 8 empty squares against perfect play:",
		"gridgames2: ", "discs lost a move", "empties"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	out, errOut, code = run(t, "", "othello", "nbmatch", "--first", nbEngine(), "--first-depth", "2",
		"--second", nbEngine(), "--second-depth", "1", "--games", "2", "--review", "8", "--json", "--transcripts")
	if code != 0 {
		t.Fatalf("--json: code %d, stderr %q", code, errOut)
	}
	var rep struct {
		nbmatch.Summary
		Review *nbmatch.Review `json:"review"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("--json output %q: %v", out, err)
	}
	if rep.Review == nil || rep.Review.Empties != 8 || len(rep.Transcripts) != 2 {
		t.Fatalf("--json review %+v, %d transcripts", rep.Review, len(rep.Transcripts))
	}
	// Each game's moves from 8 empties (the passes are nobody's) are reviewed.
	want := 0
	for _, tr := range rep.Transcripts {
		plies, _, err := othello.PlayTranscript(othello.StartPosition(), tr)
		if err != nil {
			t.Fatal(err)
		}
		pos := othello.StartPosition()
		for _, sq := range plies {
			if sq != othello.Pass && pos.Empties() <= 8 {
				want++
			}
			pos = pos.Play(sq)
		}
	}
	if got := rep.Review.Sides[0].Moves + rep.Review.Sides[1].Moves; got != want {
		t.Errorf("%d moves reviewed, want %d", got, want)
	}
}

// An engine that exits at once is an error naming its command.
func TestNBMatchEngineGone(t *testing.T) {
	_, errOut, code := run(t, "", "othello", "nbmatch", "--first", "exit 0", "--second", nbEngine(), "--games", "1")
	if code == 0 || !strings.Contains(errOut, `"exit 0"`) {
		t.Errorf("code %d, stderr %q; want a failure naming the engine", code, errOut)
	}
}

func TestPrintNBMatchForfeit(t *testing.T) {
	var b strings.Builder
	sum := nbmatch.Summary{First: "a", Second: "a", Tally: nbmatch.Tally{Games: 1, Wins: 1, AsBlack: [3]int{1, 0, 0}},
		Forfeits: []nbmatch.Game{{Number: 1, FirstBlack: true, Forfeit: &nbmatch.Forfeit{Side: 1, Engine: "a", Color: "white",
			Position: "pos", Reply: "a1", Reason: "a1 is not a legal move for white"}}}}
	printNBMatch(&b, sum)
	for _, want := range []string{"a (first) against a (second)", `game 1 forfeited: a (white) answered "a1" in "pos": a1 is not a legal move`} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, b.String())
		}
	}
}

// The review's table shows the empties where an engine lost something, and
// counts the moves of the others on one line.
func TestPrintMatchReview(t *testing.T) {
	r, err := nbmatch.NewReview(4)
	if err != nil {
		t.Fatal(err)
	}
	r.Sides[0] = nbmatch.ReviewSide{Moves: 3, Lost: 6, Errors: 1, ByEmpties: []nbmatch.ReviewCount{{}, {Moves: 1}, {}, {Moves: 2, Lost: 6}, {}}}
	r.Sides[1] = nbmatch.ReviewSide{Moves: 2, ByEmpties: []nbmatch.ReviewCount{{}, {}, {Moves: 1}, {}, {Moves: 1}}}
	var sb strings.Builder
	printMatchReview(&sb, nbmatch.Summary{First: "a", Second: "a"}, r)
	out := sb.String()
	for _, want := range []string{
		"every move from 4 empty squares",
		"a (first): 3 moves, 2.00 discs lost a move, 1 lost something",
		"a (second): 2 moves, 0.00 discs lost a move, 0 lost something",
		"3.00 (2 moves)",
		"0.00 (1 moves)",
		"0.00 (2 moves)",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if lines := strings.Count(out, "\n"); lines != 7 {
		t.Errorf("%d lines, want 7 (title, 2 engines, header, empties 3, others):\n%s", lines, out)
	}
	sb.Reset()
	printMatchReview(&sb, nbmatch.Summary{}, nil)
	if sb.Len() != 0 {
		t.Errorf("no review printed %q", sb.String())
	}
}
