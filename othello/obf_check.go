package othello

// Verdict is how a solver's answer compares with the move scores of an OBF line.
type Verdict int

// The verdicts of OBF.Check.
const (
	NoScores    Verdict = iota // the line gives no scores: nothing to compare
	Agrees                     // the score is the line's best and the move one that reaches it
	WrongScore                 // the score is not the line's best
	NotBest                    // the move is the line's, with less than the best score
	UnknownMove                // the move is not among the line's
)

// OBFCheck is what OBF.Check found.
type OBFCheck struct {
	Verdict Verdict
	Want    int // the line's best score (for WLD: -1, 0 or +1); with NoScores, 0
	Listed  int // NotBest: the line's score of the move
}

// Disagrees reports whether the answer contradicts the line.
func (c OBFCheck) Disagrees() bool { return c.Verdict >= WrongScore }

// Check compares an exact solve of the line's position with its scores: score is
// the final disc difference for the side to move (with wld, +1, 0 or -1: win,
// draw or loss), move its best move, or Pass when the side to move must pass (then
// only the score is compared).
func (o OBF) Check(move Square, score int, wld bool) OBFCheck {
	if len(o.Scores) == 0 {
		return OBFCheck{Verdict: NoScores}
	}
	best := o.Scores[0].Score
	for _, ms := range o.Scores {
		best = max(best, ms.Score)
	}
	want := best
	if wld {
		want = max(-1, min(1, best))
	}
	c := OBFCheck{Verdict: Agrees, Want: want}
	switch {
	case score != want:
		c.Verdict = WrongScore
	case move == Pass:
	default:
		c.Verdict = UnknownMove
		for _, ms := range o.Scores {
			if ms.Move == move {
				c.Verdict, c.Listed = Agrees, ms.Score
				if ms.Score != best && !wld {
					c.Verdict = NotBest
				}
				break
			}
		}
	}
	return c
}
