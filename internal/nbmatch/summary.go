package nbmatch

// Summary is a match's result from the first engine's side, as `othello
// nbmatch --json` prints it.
type Summary struct {
	// First and Second are the engines' names (as they named themselves).
	First  string `json:"first"`
	Second string `json:"second"`
	Games  int    `json:"games"`
	Wins   int    `json:"wins"`
	Draws  int    `json:"draws"`
	Losses int    `json:"losses"`
	// WinRate is wins plus half the draws, per game.
	WinRate float64 `json:"winRate"`
	// MeanDiscs is the first engine's mean final disc difference over the games
	// played to the end (forfeits left out).
	MeanDiscs float64 `json:"meanDiscDifference"`
	// AsBlack and AsWhite are the first engine's wins, draws and losses with each colour.
	AsBlack [3]int `json:"asBlack"`
	AsWhite [3]int `json:"asWhite"`
	// CPUPerMove is each engine's mean CPU seconds (user plus system, its whole
	// process tree, from /proc) between a go and its answer; Moves counts the
	// go's each answered.
	CPUPerMove [2]float64 `json:"cpuPerMove"`
	Moves      [2]int     `json:"moves"`
	// Forfeits are the games lost by an engine that gave no legal move.
	Forfeits []Game `json:"forfeits,omitempty"`
	// Transcripts are the games' moves in order.
	Transcripts []string `json:"transcripts,omitempty"`
}

// summary sums up the games played.
func (m *match) summary(games []Game) Summary {
	s := Summary{First: m.names[0], Second: m.names[1], Games: len(games)}
	total, ended := 0, 0
	for _, g := range games {
		k := 1 // draw
		switch g.Winner() {
		case 0:
			k = 0
			s.Wins++
		case 1:
			k = 2
			s.Losses++
		default:
			s.Draws++
		}
		if g.FirstBlack {
			s.AsBlack[k]++
		} else {
			s.AsWhite[k]++
		}
		if g.Forfeit != nil {
			s.Forfeits = append(s.Forfeits, g)
		} else {
			total += g.Discs
			ended++
		}
		s.Transcripts = append(s.Transcripts, g.Transcript)
	}
	if s.Games > 0 {
		s.WinRate = (float64(s.Wins) + float64(s.Draws)/2) / float64(s.Games)
	}
	if ended > 0 {
		s.MeanDiscs = float64(total) / float64(ended)
	}
	for side := range 2 {
		s.Moves[side] = m.moves[side]
		if m.moves[side] > 0 {
			s.CPUPerMove[side] = m.cpu[side].Seconds() / float64(m.moves[side])
		}
	}
	return s
}
