package nbmatch

// Summary is a match's result from the first engine's side, as `othello
// nbmatch --json` prints it.
type Summary struct {
	// First and Second are the engines' names (as they named themselves).
	First  string `json:"first"`
	Second string `json:"second"`
	// Tally counts the games; its MeanDiscs leaves forfeits out.
	Tally
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
	s := Summary{First: m.names[0], Second: m.names[1]}
	total, ended := 0, 0
	for _, g := range games {
		s.Add(g.Winner(), g.FirstBlack)
		if g.Forfeit != nil {
			s.Forfeits = append(s.Forfeits, g)
		} else {
			total += g.Discs
			ended++
		}
		s.Transcripts = append(s.Transcripts, g.Transcript)
	}
	s.SetMeans(total, ended)
	for side := range 2 {
		s.Moves[side] = m.moves[side]
		if m.moves[side] > 0 {
			s.CPUPerMove[side] = m.cpu[side].Seconds() / float64(m.moves[side])
		}
	}
	return s
}
