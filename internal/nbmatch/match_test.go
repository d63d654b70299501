package nbmatch

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/gridgames/gridgames/internal/nbclient"
	"github.com/gridgames/gridgames/othello"
)

func fake(mode string) Engine {
	return Engine{Spec: nbclient.Spec{Command: fakeCommand(mode)}, Depth: 1}
}

// checkGames checks the summary adds up and every finished game is a legal game
// played to its end with the disc difference reported.
func checkGames(t *testing.T, sum Summary, games int) {
	t.Helper()
	if sum.Games != games || sum.Wins+sum.Draws+sum.Losses != games {
		t.Fatalf("summary %+v: want %d games, wins+draws+losses adding up", sum, games)
	}
	black := sum.AsBlack[0] + sum.AsBlack[1] + sum.AsBlack[2]
	if black != (games+1)/2 {
		t.Errorf("the first engine had black in %d games of %d, want %d", black, games, (games+1)/2)
	}
	if len(sum.Transcripts) != games {
		t.Fatalf("%d transcripts, want %d", len(sum.Transcripts), games)
	}
	for i, tr := range sum.Transcripts {
		_, pos, err := othello.PlayTranscript(othello.StartPosition(), tr)
		if err != nil {
			t.Errorf("game %d: %q: %v", i+1, tr, err)
		}
		forfeited := false
		for _, g := range sum.Forfeits {
			forfeited = forfeited || g.Number == i+1
		}
		if !forfeited && !pos.Over() {
			t.Errorf("game %d: %q ends before the game is over", i+1, tr)
		}
	}
}

func TestPlayOurEngine(t *testing.T) {
	var seen []Game
	cfg := Config{Engines: [2]Engine{fake("first"), fake("ours")}, Games: 4, Opening: 4, Seed: 5,
		OnGame: func(g Game) { seen = append(seen, g) }}
	sum, err := Play(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	checkGames(t, sum, 4)
	if sum.First != "fake-first" || sum.Second != "gridgames1" {
		t.Errorf("names %q, %q; want fake-first, gridgames1 (as they named themselves)", sum.First, sum.Second)
	}
	if len(sum.Forfeits) != 0 {
		t.Errorf("forfeits %+v, want none", sum.Forfeits)
	}
	if sum.Moves[0] == 0 || sum.Moves[1] == 0 || sum.CPUPerMove[0] < 0 || sum.CPUPerMove[1] < 0 {
		t.Errorf("moves %v, CPU a move %v: want moves on both sides and CPU read", sum.Moves, sum.CPUPerMove)
	}
	if len(seen) != 4 || seen[3].Number != 4 || seen[1].FirstBlack {
		t.Errorf("OnGame saw %+v, want games 1-4, the first engine white in game 2", seen)
	}
	// Each opening is played twice: games 1 and 2 begin alike.
	if sum.Transcripts[0][:8] != sum.Transcripts[1][:8] {
		t.Errorf("games 1 and 2 open %q and %q, want the same 4 plies", sum.Transcripts[0][:8], sum.Transcripts[1][:8])
	}
	total := 0
	for _, g := range seen {
		total += g.Discs
	}
	if sum.MeanDiscs != float64(total)/4 {
		t.Errorf("mean discs %v, want %v", sum.MeanDiscs, float64(total)/4)
	}
}

// TestPlayManyGames plays simple engines over many openings: every game,
// passes included, must be legal to the end.
func TestPlayManyGames(t *testing.T) {
	sum, err := Play(context.Background(), Config{Engines: [2]Engine{fake("first"), fake("last")}, Games: 30, Opening: 8, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	checkGames(t, sum, 30)
	if len(sum.Forfeits) != 0 {
		t.Errorf("forfeits %+v, want none", sum.Forfeits)
	}
}

func TestPlayForfeits(t *testing.T) {
	tests := []struct {
		mode, reply, reason string
	}{
		{"illegal", "a1", "is not a legal move"},
		{"garbage", "=== z9", "bad reply"},
		{"silent", "", "no move within"},
		{"crash", "", "output ended"},
	}
	for _, tc := range tests {
		t.Run(tc.mode, func(t *testing.T) {
			cfg := Config{Engines: [2]Engine{fake("first"), fake(tc.mode)}, Games: 2, Opening: 2, Seed: 3,
				MoveTimeout: 300 * time.Millisecond}
			sum, err := Play(context.Background(), cfg)
			if err != nil {
				t.Fatal(err)
			}
			checkGames(t, sum, 2)
			if sum.Wins != 2 || len(sum.Forfeits) != 2 {
				t.Fatalf("summary %+v: want both games won by forfeit", sum)
			}
			for _, g := range sum.Forfeits {
				f := g.Forfeit
				if f.Side != 1 || f.Engine != "fake-"+tc.mode || !strings.Contains(f.Reply, tc.reply) || !strings.Contains(f.Reason, tc.reason) {
					t.Errorf("game %d: forfeit %+v, want side 1, fake-%s, reply %q, reason with %q", g.Number, *f, tc.mode, tc.reply, tc.reason)
				}
				_, pos, err := othello.PlayTranscript(othello.StartPosition(), g.Transcript)
				if err != nil || pos.String() != f.Position {
					t.Errorf("game %d: forfeit position %q, but the transcript %q ends at %v (%v)", g.Number, f.Position, g.Transcript, pos, err)
				}
				if !strings.Contains(f.String(), f.Position) {
					t.Errorf("Forfeit.String() = %q, does not name the position", f.String())
				}
			}
		})
	}
}

func TestPlayBadEngine(t *testing.T) {
	cfg := Config{Engines: [2]Engine{fake("first"), {Spec: nbclient.Spec{Command: "exit 0"}}}, Games: 2}
	if _, err := Play(context.Background(), cfg); err == nil {
		t.Error("a match against an engine that exits at once: no error")
	}
	if _, err := Play(context.Background(), Config{Engines: cfg.Engines, Games: 0}); err == nil {
		t.Error("a match of 0 games: no error")
	}
}

func TestOpenings(t *testing.T) {
	start := othello.StartPosition()
	a := Openings(start, 6, 10, 42)
	b := Openings(start, 6, 10, 42)
	for i := range a {
		if othello.Transcript(a[i]) != othello.Transcript(b[i]) {
			t.Fatalf("opening %d differs between two calls with the same seed", i)
		}
		if _, _, err := othello.PlayTranscript(start, othello.Transcript(a[i])); err != nil || len(a[i]) != 6 {
			t.Errorf("opening %d %v: %v, want 6 legal plies", i, a[i], err)
		}
	}
	if othello.Transcript(Openings(start, 6, 1, 43)[0]) == othello.Transcript(a[0]) &&
		othello.Transcript(Openings(start, 6, 1, 44)[0]) == othello.Transcript(a[0]) {
		t.Error("three seeds give the same opening")
	}
}
