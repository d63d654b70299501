package engine

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"github.com/gridgames/gridgames/othello"
)

// The built-in 6x6 evaluation loads, and writing it out gives back the embedded
// file byte for byte (so the file is in the form WriteTo writes).
func TestDefaultSmallEvalLoads(t *testing.T) {
	e := DefaultSmallEval()
	var b bytes.Buffer
	if _, err := e.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b.Bytes(), defaultSmallFile) {
		t.Fatalf("written again:\n%s\nembedded:\n%s", b.Bytes(), defaultSmallFile)
	}
}

func TestReadSmallEvalRejects(t *testing.T) {
	good := string(defaultSmallFile)
	lines := strings.SplitAfter(good, "\n")
	for _, tc := range []struct{ name, text, want string }{
		{"empty", "", "not a gridgames Othello 6x6 evaluation"},
		{"other magic", "gridgames othello eval6 2\n", "not a gridgames Othello 6x6 evaluation"},
		{"short", strings.Join(lines[:4], ""), "found the end"},
		{"wrong name", strings.Replace(good, "mobility", "mobile", 1), `want "mobility"`},
		{"bad weight", strings.Replace(good, lines[1], "bias x 0\n", 1), `bad weight "x"`},
		{"not finite", strings.Replace(good, lines[1], "bias 0 NaN\n", 1), `bad weight "NaN"`},
		{"extra line", good + "more 1 2\n", "more than the"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ReadSmallEval(strings.NewReader(tc.text))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want one containing %q", err, tc.want)
			}
		})
	}
}

// FitSmallEval recovers a linear model from scores it made exactly, and the
// evaluation's integer form (the search's) agrees with Eval.
func TestFitSmallEvalRecovers(t *testing.T) {
	rnd := newRand(3)
	var at, per [numSmallFeatures]float64
	for i := range at {
		at[i], per[i] = float64(i%5)-2, float64(i%3)-1
	}
	want := newSmallEval(at, per)
	var pos []othello.Position
	var scores []float64
	for len(pos) < 3000 {
		p := randomPosition(rnd, 6, 12+rnd.IntN(20))
		if p.Over() {
			continue
		}
		pos = append(pos, p)
		scores = append(scores, want.Eval(p))
	}
	got, err := FitSmallEval(pos, scores)
	if err != nil {
		t.Fatal(err)
	}
	for i, name := range smallFeatureNames {
		if math.Abs(got.at[i]-at[i]) > 0.05 || math.Abs(got.per[i]-per[i]) > 0.05 {
			t.Errorf("%s: fitted %.3f %.3f, want %.3f %.3f", name, got.at[i], got.per[i], at[i], per[i])
		}
	}
	s := &searcher{g: newGeometry(6), small: want}
	for _, p := range pos[:200] {
		v, w := float64(s.smallEval(p.Player(), p.Opponent()))/unit, want.Eval(p)
		if math.Abs(v-w) > 0.2 {
			t.Fatalf("%s: smallEval %.3f, Eval %.3f", p, v, w)
		}
	}
	if _, err := FitSmallEval(pos[:10], scores[:10]); err == nil {
		t.Error("10 samples fitted without an error")
	}
	if _, err := FitSmallEval(pos, scores[:1]); err == nil {
		t.Error("mismatched lengths fitted without an error")
	}
}

// The solver ordering its moves by the learned 6x6 evaluation finds the same
// scores as with the hand-made one (a differential test of the ordering), on
// random 6x6 positions near enough the end to solve at once; and the moves it
// gives are best moves.
func TestSmallEvalSolvesAlike(t *testing.T) {
	rnd := newRand(9)
	learned := New(Options{Workers: 1, TableBits: 16})
	plain := New(Options{Workers: 1, TableBits: 16})
	plain.smallEval = nil
	for i := 0; i < 40; {
		pos := randomPosition(rnd, 6, 14+rnd.IntN(5))
		if pos.Over() || pos.MustPass() {
			continue
		}
		i++
		a, err := learned.Search(t.Context(), pos, Limits{Endgame: 64})
		if err != nil || !a.Exact {
			t.Fatalf("%s: %+v %v", pos, a, err)
		}
		b, err := plain.Search(t.Context(), pos, Limits{Endgame: 64})
		if err != nil || !b.Exact {
			t.Fatalf("%s: %+v %v", pos, b, err)
		}
		if a.Score != b.Score {
			t.Fatalf("%s: %v with the learned order, %v with the hand-made one", pos, a.Score, b.Score)
		}
		next := pos.Play(a.Move)
		if next.Over() || next.MustPass() {
			continue // the score above checks these
		}
		c, err := plain.Search(t.Context(), next, Limits{Endgame: 64})
		if err != nil || !c.Exact {
			t.Fatalf("%s: %+v %v", next, c, err)
		}
		if child := -c.Score; child != a.Score {
			t.Fatalf("%s: move %v leads to %v, not the score %v", pos, a.Move, child, a.Score)
		}
	}
}
