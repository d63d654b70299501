package train

import (
	"testing"
	"time"

	"github.com/gridgames/gridgames/game2048"
)

func TestRecent(t *testing.T) {
	var r Recent
	if m, a, b := r.Figures(); r.Len() != 0 || m != 0 || a != 0 || b != 0 {
		t.Fatalf("empty: %d games, figures %v %v %v", r.Len(), m, a, b)
	}
	r.Add(Game{Game: 1, Score: 100, MaxTile: 14})
	r.Add(Game{Game: 2, Score: 300, MaxTile: 15})
	r.Add(Game{Game: 3, Score: 1e6, MaxTile: 16, Restarted: true})
	r.Add(Game{Game: 4, Score: 200, MaxTile: 11})
	r.Add(Game{Game: 5, Score: 400, MaxTile: 13})
	if m, a, b := r.Figures(); r.Len() != 4 || m != 250 || a != 0.5 || b != 0.25 {
		t.Fatalf("%d games, figures %v %v %v; want 4 (the restarted one left out), 250, 0.5, 0.25", r.Len(), m, a, b)
	}
	for i := range RecentGames {
		r.Add(Game{Game: 6 + i, Score: 10, MaxTile: game2048.Tile(10)})
	}
	if m, a, _ := r.Figures(); r.Len() != RecentGames || m != 10 || a != 0 {
		t.Fatalf("after %d more: %d games, mean %v, 16384 share %v; want only the last %d kept", RecentGames, r.Len(), m, a, RecentGames)
	}
}

func TestCheckpointSchedule(t *testing.T) {
	t0 := time.Unix(1000, 0)
	for _, tc := range []struct {
		name  string
		s     CheckpointSchedule
		game  int
		after time.Duration
		want  bool
	}{
		{"by count", CheckpointSchedule{Every: time.Hour, Games: 10}, 20, time.Second, true},
		{"not yet", CheckpointSchedule{Every: time.Hour, Games: 10}, 21, time.Second, false},
		{"by time", CheckpointSchedule{Every: time.Minute, Games: 10}, 21, time.Minute, true},
		{"time only", CheckpointSchedule{Every: time.Minute}, 20, time.Second, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.s.Start(t0)
			if got := tc.s.Due(tc.game, t0.Add(tc.after)); got != tc.want {
				t.Fatalf("Due(%d, +%v) = %v, want %v", tc.game, tc.after, got, tc.want)
			}
			tc.s.Saved(t0.Add(tc.after))
			if tc.s.Due(tc.game+1, t0.Add(tc.after)) {
				t.Fatal("due again at once after Saved")
			}
		})
	}
}
