package game2048

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

func mustGame(t testing.TB, opts ...Option) *Game {
	t.Helper()
	g, err := NewGame(opts...)
	if err != nil {
		t.Fatalf("NewGame: %v", err)
	}
	return g
}

func TestNewGameDefaults(t *testing.T) {
	g := mustGame(t)
	if g.Rules() != DefaultRules() {
		t.Fatalf("rules %+v, want defaults", g.Rules())
	}
	b := g.Board()
	if b.Rows() != 4 || b.Cols() != 4 || b.EmptyCount() != 14 || g.Score() != 0 || g.Won() || g.Over() {
		t.Fatalf("new game: %s, score %d", b, g.Score())
	}
	if g.Seed() >= 1<<53 {
		t.Fatalf("random seed %d does not fit a JSON number exactly", g.Seed())
	}
}

func TestNewGameRejectsBadOptions(t *testing.T) {
	tests := []struct {
		name string
		opt  Option
		want error
	}{
		{"size", WithSize(1, 4), ErrSize},
		{"chance", WithFourChance(-0.1), ErrRules},
		{"win", WithWinTile(1000), ErrRules},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := NewGame(tc.opt); !errors.Is(err, tc.want) {
				t.Fatalf("NewGame error %v, want %v", err, tc.want)
			}
		})
	}
}

// playRandom plays up to n random moves that change the board and checks the spawn
// invariant on each: exactly one new tile, a 2 or a 4, on a cell the move left empty.
func playRandom(t *testing.T, g *Game, rnd *rand.Rand, n int) {
	t.Helper()
	for range n {
		if g.Over() {
			return
		}
		d := Directions[rnd.IntN(4)]
		before := g.Board()
		slid := before.Clone()
		points, moved := slid.Move(d)
		res, err := g.Move(d)
		if err != nil {
			t.Fatal(err)
		}
		if res.Moved != moved || res.Points != points {
			t.Fatalf("Move(%v) on %s: moved %v points %d, want %v %d", d, before, res.Moved, res.Points, moved, points)
		}
		after := g.Board()
		if !moved {
			if res.Spawn != nil || !after.Equal(before) {
				t.Fatalf("a move that changed nothing spawned or changed the board")
			}
			continue
		}
		s := res.Spawn
		if s == nil || (s.Tile != 1 && s.Tile != 2) || slid.At(s.At.Row, s.At.Col) != 0 {
			t.Fatalf("bad spawn %+v after %v on %s", s, d, slid)
		}
		slid.Set(s.At.Row, s.At.Col, s.Tile)
		if !slid.Equal(after) || after.Sum() != before.Sum()+s.Tile.Value() {
			t.Fatalf("board after %v is %s, want %s", d, after, slid)
		}
		if res.Over != g.Over() {
			t.Fatalf("result Over %v, game Over %v", res.Over, g.Over())
		}
	}
}

func TestSameSeedSameGame(t *testing.T) {
	for _, size := range [][2]int{{4, 4}, {2, 5}, {6, 3}, {16, 16}} {
		a := mustGame(t, WithSize(size[0], size[1]), WithSeed(99))
		b := mustGame(t, WithSize(size[0], size[1]), WithSeed(99))
		playRandom(t, a, rand.New(rand.NewPCG(5, 6)), 500)
		playRandom(t, b, rand.New(rand.NewPCG(5, 6)), 500)
		if !a.Board().Equal(b.Board()) || a.Score() != b.Score() || a.Record() != b.Record() {
			t.Fatalf("%v: same seed and moves gave different games", size)
		}
	}
}

func TestUndoRestoresEverything(t *testing.T) {
	g := mustGame(t, WithSeed(7))
	rnd := rand.New(rand.NewPCG(8, 9))
	playRandom(t, g, rnd, 50)
	type state struct {
		board string
		score int64
		rec   Record
	}
	var states []state
	for range 30 {
		states = append(states, state{g.Board().String(), g.Score(), g.Record()})
		d := Directions[rnd.IntN(4)]
		first, _ := g.Move(d)
		if !first.Moved {
			states = states[:len(states)-1]
			continue
		}
		afterFirst := g.Board().String()
		if !g.Undo() {
			t.Fatal("Undo refused")
		}
		again, _ := g.Move(d) // same move after undo: same spawn
		if g.Board().String() != afterFirst || *again.Spawn != *first.Spawn {
			t.Fatalf("undo then %v again gave %s, first time %s", d, g.Board(), afterFirst)
		}
	}
	for i := len(states) - 1; i >= 0; i-- {
		g.Undo()
		if s := (state{g.Board().String(), g.Score(), g.Record()}); s != states[i] {
			t.Fatalf("undo %d: got %+v, want %+v", i, s, states[i])
		}
	}
}

func TestUndoAtStart(t *testing.T) {
	g := mustGame(t, WithSeed(1))
	if g.Undo() {
		t.Fatal("Undo at the start reported true")
	}
}

func TestWinReportedOnce(t *testing.T) {
	g := mustGame(t, WithSize(2, 2), WithWinTile(8), WithSeed(3), WithFourChance(0))
	wins := 0
	rnd := rand.New(rand.NewPCG(1, 1))
	for !g.Over() {
		res, err := g.Move(Directions[rnd.IntN(4)])
		if err != nil {
			t.Fatal(err)
		}
		if res.Won {
			wins++
			if !g.Won() || g.Board().MaxTile() < 3 {
				t.Fatalf("Won reported on %s", g.Board())
			}
		}
	}
	if wins != 1 {
		t.Fatalf("win reported %d times, want once (max tile %v)", wins, g.Board().MaxTile())
	}
	if _, err := g.Move(Left); !errors.Is(err, ErrGameOver) {
		t.Fatalf("move after the end: %v, want ErrGameOver", err)
	}
}

func TestReplayRebuildsGame(t *testing.T) {
	for _, size := range [][2]int{{4, 4}, {3, 3}, {2, 6}, {5, 4}} {
		g := mustGame(t, WithSize(size[0], size[1]), WithSeed(uint64(size[0]*100+size[1])))
		playRandom(t, g, rand.New(rand.NewPCG(2, 3)), 2000)
		rec := g.Record()
		h, err := Replay(rec)
		if err != nil {
			t.Fatalf("%v: Replay: %v", size, err)
		}
		if !h.Board().Equal(g.Board()) || h.Score() != g.Score() || h.Over() != g.Over() || h.Won() != g.Won() {
			t.Fatalf("%v: replay gave %s (%d), game %s (%d)", size, h.Board(), h.Score(), g.Board(), g.Score())
		}
		text, err := jsonOf(rec)
		if err != nil {
			t.Fatal(err)
		}
		back, err := ParseRecord(text)
		if err != nil || back != rec {
			t.Fatalf("record JSON round trip: %v, %+v", err, back)
		}
	}
}

func TestReplayErrors(t *testing.T) {
	g := mustGame(t, WithSeed(11))
	// Find a direction that does not move on the start board, if any, else use a bad letter.
	tests := []struct {
		name  string
		moves string
		want  error
		where string
	}{
		{"bad letter", "LX", ErrDirection, "move 2"},
		{"long words", "left", ErrDirection, "move 2"},
	}
	for _, d := range Directions {
		if !g.CanMove(d) {
			tests = append(tests, struct {
				name  string
				moves string
				want  error
				where string
			}{"no-op move", string(d.Letter()), ErrNoMove, "move 1"})
		}
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Replay(Record{Rules: DefaultRules(), Seed: 11, Moves: tc.moves})
			if !errors.Is(err, tc.want) || !strings.Contains(err.Error(), tc.where) {
				t.Fatalf("Replay(%q) = %v, want %v at %s", tc.moves, err, tc.want, tc.where)
			}
		})
	}
	if _, err := Replay(Record{Rules: Rules{Rows: 4}, Moves: ""}); !errors.Is(err, ErrSize) {
		t.Fatalf("Replay with bad rules: %v", err)
	}
	if _, err := ParseRecord([]byte(`{"rules":{},"sed":1}`)); !errors.Is(err, ErrRecord) {
		t.Fatalf("ParseRecord with unknown field: %v", err)
	}
	if _, err := Replay(Record{Rules: DefaultRules(), Seed: 11, Moves: " l r\nu "}); err != nil && !errors.Is(err, ErrNoMove) {
		t.Fatalf("lenient moves refused: %v", err)
	}
}

// TestUndoAcrossCheckpoints plays a long game (several checkpoints apart) and
// checks that undo restores every earlier state exactly, also when undo and new
// moves interleave across checkpoint boundaries and when a win is taken back.
func TestUndoAcrossCheckpoints(t *testing.T) {
	type state struct {
		board string
		score int64
		won   bool
		rec   Record
	}
	snap := func(g *Game) state { return state{g.Board().String(), g.Score(), g.Won(), g.Record()} }
	g := mustGame(t, WithSize(6, 6), WithWinTile(64), WithSeed(11))
	rnd := rand.New(rand.NewPCG(5, 6))
	states := []state{snap(g)} // states[i]: after i moves
	for len(states) <= 5*checkpointEvery+3 && !g.Over() {
		if res, _ := g.Move(Directions[rnd.IntN(4)]); res.Moved {
			states = append(states, snap(g))
		}
	}
	if len(states) <= 3*checkpointEvery {
		t.Fatalf("the random game ended after %d moves, too short for the test", len(states)-1)
	}
	if !states[len(states)-1].won || states[0].won {
		t.Fatalf("the game should win during the test: won %v at the end", states[len(states)-1].won)
	}
	check := func(t *testing.T, what string) {
		t.Helper()
		n := len(g.Record().Moves)
		if got := snap(g); got != states[n] {
			t.Fatalf("%s, at move %d: got %+v, want %+v", what, n, got, states[n])
		}
	}
	// Back and forth across boundaries: take k moves back, replay them, compare.
	rec := g.Record().Moves
	for _, k := range []int{1, 2, checkpointEvery - 1, checkpointEvery, checkpointEvery + 1, 2*checkpointEvery + 5} {
		t.Run(fmt.Sprintf("back %d and again", k), func(t *testing.T) {
			for range k {
				if !g.Undo() {
					t.Fatal("Undo refused")
				}
				check(t, "undo")
			}
			n := len(g.Record().Moves)
			for _, c := range rec[n : n+k] {
				d, err := ParseDirection(string(c))
				if err != nil {
					t.Fatal(err)
				}
				if res, err := g.Move(d); err != nil || !res.Moved {
					t.Fatalf("replaying %c: moved %v, %v", c, res.Moved, err)
				}
				check(t, "replay")
			}
		})
	}
	t.Run("all the way back", func(t *testing.T) {
		for g.Undo() {
			check(t, "undo")
		}
		if len(g.Record().Moves) != 0 {
			t.Fatalf("Undo stopped with %d moves left", len(g.Record().Moves))
		}
	})
}
