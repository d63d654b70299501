package nboard

import (
	"strings"
	"testing"
	"time"

	"github.com/gridgames/gridgames/othello"
	"github.com/gridgames/gridgames/othello/engine"
)

func TestDepthLimits(t *testing.T) {
	for _, tc := range []struct {
		depth   int
		want    engine.Limits
		wantErr bool
	}{
		{1, engine.Limits{Depth: 1, Endgame: 2, WLDEndgame: 2, ProbableEndgame: 2, Time: time.Second}, false},
		{4, engine.Limits{Depth: 4, Endgame: 8, WLDEndgame: 8, ProbableEndgame: 8, Time: time.Second}, false},
		{10, engine.Limits{Depth: 10, Endgame: 20, WLDEndgame: 20, ProbableEndgame: 20, Time: time.Second}, false},
		{11, engine.Limits{Depth: 11, Endgame: 20, WLDEndgame: 22, ProbableEndgame: 22, Time: time.Second}, false},
		{12, engine.Limits{Depth: 12, Endgame: 20, WLDEndgame: 22, ProbableEndgame: 24, Time: time.Second}, false},
		{14, engine.Limits{Depth: 14, Endgame: 20, WLDEndgame: 22, ProbableEndgame: 24, Time: time.Second}, false},
		{60, engine.Limits{Depth: 60, Endgame: MaxEndgame, WLDEndgame: MaxWLDEndgame, ProbableEndgame: MaxProbableEndgame, Time: time.Second}, false},
		{0, engine.Limits{}, true},
		{-3, engine.Limits{}, true},
		{61, engine.Limits{}, true},
	} {
		got, err := DepthLimits(tc.depth, time.Second)
		if (err != nil) != tc.wantErr || got.Depth != tc.want.Depth || got.Endgame != tc.want.Endgame ||
			got.WLDEndgame != tc.want.WLDEndgame || got.ProbableEndgame != tc.want.ProbableEndgame || got.Time != tc.want.Time {
			t.Errorf("DepthLimits(%d) = %+v, %v; want %+v", tc.depth, got, err, tc.want)
		}
	}
	// For depths 2 to 7 the mapping is the engine's classic level of that number.
	for n := 2; n <= 7; n++ {
		lvl, err := engine.ClassicLimits(n)
		got, _ := DepthLimits(n, 0)
		if err != nil || got.Depth != lvl.Depth || got.Endgame != lvl.Endgame {
			t.Errorf("depth %d: %+v; classic level %d is %+v", n, got, n, lvl)
		}
	}
}

func TestReplyText(t *testing.T) {
	f5, d6 := othello.SquareAt(5, 4), othello.SquareAt(3, 5)
	for _, tc := range []struct{ got, want string }{
		{evalText(-0.001), "0.00"},
		{evalText(3.14159), "3.14"},
		{evalText(-18), "-18.00"},
		{pvText([]othello.Square{f5, othello.Pass, d6}), "f5pad6"},
		{depthText(true, 12), "100%"},
		{depthText(false, 12), "12"},
		{searchLine([]othello.Square{f5, d6}, 2.5, false, 6), "search f5d6 2.50 0 6"},
		{moveLine(engine.Result{Move: f5, Score: -1, Time: 1234 * time.Millisecond}), "=== f5/-1.00/1.23"},
	} {
		if tc.got != tc.want {
			t.Errorf("%q, want %q", tc.got, tc.want)
		}
	}
}

// Whatever the lines, a session never panics, answers only in the protocol's
// formats, complains in "error: " or "note: " lines, and ends at the end of its
// input.
func FuzzServe(f *testing.F) {
	game, _, _ := findLateGame(12, false)
	for _, s := range []string{
		"nboard 2\nset depth 4\nset game " + game.String() + "\nhint 3\ngo\nping 1\n",
		"nboard 2\nset depth 2\ngo\nmove f5/0.5/1\nhint 2\nlearn\nping 3\nquit\nping 4\n",
		"set depth 1\nmove f5/abc/xyz\nF5/1/2/3\nmove d6//soon\ngo\n",
		"set game " + finishedGame().String() + "\nhint 2\ngo\nmove pa\nlearn\n",
		"set game (;GM[Othello]BO[8 ---];)\nmove z9\nset depth -3\nhint x\n\x00\n",
		"F5\nd6\nmove pa\nset contempt 5\nset depth 60\nhint 60\nnboard 1",
	} {
		f.Add(s)
	}
	eng := engine.New(engine.Options{Workers: 1, TableBits: 12})
	f.Fuzz(func(t *testing.T, script string) {
		var out, errOut syncBuffer
		err := Serve(t.Context(), strings.NewReader(script), &out, &errOut, Options{Engine: eng, MoveTime: 50 * time.Millisecond})
		if err != nil {
			t.Fatalf("Serve: %v", err)
		}
		for _, l := range out.lines() {
			checkFormat(t, l)
		}
		for _, l := range errOut.lines() {
			if !strings.HasPrefix(l, "error: ") && !strings.HasPrefix(l, "note: ") {
				t.Fatalf("complaint %q", l)
			}
		}
	})
}
