package train

import "time"

// RecentGames is how many games a Recent keeps.
const RecentGames = 1000

// Recent keeps the last RecentGames games from the start that a run finished
// (restarted games are left out: they start from saved late boards), for the
// figures a run reports as it goes. The zero value is empty.
type Recent struct {
	games []Game
	next  int
}

// Add keeps g (unless it was restarted), dropping the oldest game kept when
// there are RecentGames already.
func (r *Recent) Add(g Game) {
	if g.Restarted {
		return
	}
	if len(r.games) < RecentGames {
		r.games = append(r.games, g)
		return
	}
	r.games[r.next] = g
	r.next = (r.next + 1) % RecentGames
}

// Len is the number of games kept.
func (r *Recent) Len() int { return len(r.games) }

// Figures returns the mean score of the games kept and the shares of them that
// reached 16384 and 32768 (zeros when none is kept).
func (r *Recent) Figures() (mean, r16k, r32k float64) {
	if len(r.games) == 0 {
		return 0, 0, 0
	}
	for _, g := range r.games {
		mean += float64(g.Score)
		if g.MaxTile >= 14 { // exponents: 2^14 = 16384
			r16k++
		}
		if g.MaxTile >= 15 {
			r32k++
		}
	}
	n := float64(len(r.games))
	return mean / n, r16k / n, r32k / n
}

// CheckpointSchedule says when a run writes a checkpoint: every Games games
// (0: never by count) or when Every has passed since the last one.
type CheckpointSchedule struct {
	Every time.Duration
	Games int
	last  time.Time
}

// Start sets the time the schedule counts Every from: the run's start.
func (s *CheckpointSchedule) Start(now time.Time) { s.last = now }

// Due reports whether a checkpoint is due after game (its number) at now.
func (s *CheckpointSchedule) Due(game int, now time.Time) bool {
	return s.Games > 0 && game%s.Games == 0 || now.Sub(s.last) >= s.Every
}

// Saved notes that a checkpoint was written at now.
func (s *CheckpointSchedule) Saved(now time.Time) { s.last = now }
