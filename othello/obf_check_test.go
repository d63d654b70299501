package othello

import "testing"

func TestOBFCheck(t *testing.T) {
	const board = "-----OX--XO----- X"
	line := func(t *testing.T, text string) OBF {
		t.Helper()
		o, err := ParseOBF(text)
		if err != nil {
			t.Fatal(err)
		}
		return o
	}
	sq := func(t *testing.T, name string) Square {
		t.Helper()
		s, err := ParseSquare(name, 4)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	for _, tc := range []struct {
		name, obf, move string
		score           int
		wld             bool
		want            OBFCheck
	}{
		{"no scores", board, "a2", 4, false, OBFCheck{Verdict: NoScores}},
		{"agrees", board + "; A2:+4; B1:+2;", "a2", 4, false, OBFCheck{Agrees, 4, 4}},
		{"ties agree", board + "; A2:+4; B1:+4;", "b1", 4, false, OBFCheck{Agrees, 4, 4}},
		{"best not first", board + "; B1:+2; A2:+4;", "a2", 4, false, OBFCheck{Agrees, 4, 4}},
		{"wrong score", board + "; A2:+4; B1:+2;", "a2", 2, false, OBFCheck{WrongScore, 4, 0}},
		{"not best", board + "; A2:+4; B1:+2;", "b1", 4, false, OBFCheck{NotBest, 4, 2}},
		{"unknown move", board + "; A2:+4; B1:+2;", "c1", 4, false, OBFCheck{UnknownMove, 4, 0}},
		{"pass: score only", board + "; A2:-6;", "pass", -6, false, OBFCheck{Agrees, -6, 0}},
		{"wld win", board + "; A2:+4; B1:+2;", "b1", 1, true, OBFCheck{Agrees, 1, 2}},
		{"wld loss", board + "; A2:-4;", "a2", 1, true, OBFCheck{WrongScore, -1, 0}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			move := Pass
			if tc.move != "pass" {
				move = sq(t, tc.move)
			}
			got := line(t, tc.obf).Check(move, tc.score, tc.wld)
			if got != tc.want {
				t.Fatalf("Check = %+v, want %+v", got, tc.want)
			}
			if got.Disagrees() != (tc.want.Verdict >= WrongScore) {
				t.Fatalf("Disagrees = %v for %v", got.Disagrees(), got.Verdict)
			}
		})
	}
}
