package nbmatch

// Tally is a match's results from the first player's side, as both matches
// print them (`othello nbmatch` between NBoard engines, `othello match` between
// our own players); embedded in a summary, its fields are the summary's in JSON.
type Tally struct {
	Games  int `json:"games"`
	Wins   int `json:"wins"`
	Draws  int `json:"draws"`
	Losses int `json:"losses"`
	// WinRate is wins plus half the draws, per game.
	WinRate float64 `json:"winRate"`
	// MeanDiscs is the first player's mean final disc difference over the games
	// played to the end.
	MeanDiscs float64 `json:"meanDiscDifference"`
	// AsBlack and AsWhite are the first player's wins, draws and losses with each colour.
	AsBlack [3]int `json:"asBlack"`
	AsWhite [3]int `json:"asWhite"`
}

// Add counts one game: winner is 0 if the first player won, 1 if the second
// did, -1 for a draw (Game.Winner's values); firstBlack says whether the first
// player had black.
func (t *Tally) Add(winner int, firstBlack bool) {
	t.Games++
	k := 1 // draw
	switch winner {
	case 0:
		k = 0
		t.Wins++
	case 1:
		k = 2
		t.Losses++
	default:
		t.Draws++
	}
	if firstBlack {
		t.AsBlack[k]++
	} else {
		t.AsWhite[k]++
	}
}

// SetMeans sets WinRate from the games counted and MeanDiscs from discs, the
// sum of the first player's final disc differences over the ended games played
// to the end (both stay 0 without games).
func (t *Tally) SetMeans(discs, ended int) {
	if t.Games > 0 {
		t.WinRate = (float64(t.Wins) + float64(t.Draws)/2) / float64(t.Games)
	}
	if ended > 0 {
		t.MeanDiscs = float64(discs) / float64(ended)
	}
}

// winner is Game.Winner's value for a disc difference from the first player's side.
func winner(discs int) int {
	switch {
	case discs > 0:
		return 0
	case discs < 0:
		return 1
	}
	return -1
}
