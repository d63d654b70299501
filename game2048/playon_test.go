package game2048

import (
	"errors"
	"testing"
)

// TestPlayOnSpawnsFollowRules plays every start to its end, trying the
// directions in a fixed cycle (moves that change nothing included), and checks
// each move against the board slid by hand: after a change exactly one new tile,
// a 2 or a 4 as the chance allows, on a cell the slide left empty, and the score
// up by the slide's points; after no change, nothing at all.
func TestPlayOnSpawnsFollowRules(t *testing.T) {
	big, _ := BoardOf([][]Tile{{17, 16, 3, 1}, {0, 0, 2, 0}, {0, 1, 0, 0}, {0, 0, 0, 0}})
	small, _ := ParseBoard("2,0,0,4,0/0,0,0,0,0/0,0,2,0,0")
	lone, _ := ParseBoard("0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,2")
	tests := []struct {
		name       string
		fourChance float64
		board      Board
		score      int64
	}{
		{"4x4 with tiles past 32768", 0.1, big, 5_000_000},
		{"3x5 only fours", 1, small, 12},
		{"3x5 only twos", 0, small, 0},
		{"4x4 from a lone 2", 0.5, lone, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rules := DefaultRules()
			rules.Rows, rules.Cols, rules.FourChance = tt.board.Rows(), tt.board.Cols(), tt.fourChance
			p, err := NewPlayOn(rules, tt.board, tt.score, 7)
			if err != nil {
				t.Fatal(err)
			}
			twos, fours, still := 0, 0, 0
			for i := 0; !p.Over(); i++ {
				d := Direction(i * 3 % 4) // L, D, U, R: a cycle that also meets moves that change nothing
				before, score := p.Board(), p.Score()
				slid := before.Clone()
				points, moved := slid.Move(d)
				res, err := p.Move(d)
				if err != nil {
					t.Fatalf("move %d (%v): %v", i, d, err)
				}
				after := p.Board()
				if !moved {
					still++
					if res.Moved || res.Spawn != nil || !after.Equal(before) || p.Score() != score {
						t.Fatalf("move %d (%v) changes nothing, yet moved %v, spawn %v, board %v -> %v, score %d -> %d",
							i, d, res.Moved, res.Spawn, before, after, score, p.Score())
					}
					continue
				}
				if !res.Moved || p.Score() != score+points || res.Points != points {
					t.Fatalf("move %d (%v): moved %v, score %d -> %d (points %d), want moved and +%d", i, d, res.Moved, score, p.Score(), res.Points, points)
				}
				var added []Cell
				for r := range after.Rows() {
					for c := range after.Cols() {
						if after.At(r, c) != slid.At(r, c) {
							if slid.At(r, c) != 0 {
								t.Fatalf("move %d (%v): cell %d,%d was %v after the slide, then %v", i, d, r, c, slid.At(r, c), after.At(r, c))
							}
							added = append(added, Cell{r, c})
						}
					}
				}
				if len(added) != 1 || res.Spawn == nil || res.Spawn.At != added[0] || after.At(added[0].Row, added[0].Col) != res.Spawn.Tile {
					t.Fatalf("move %d (%v): new cells %v, spawn %+v; want one, the spawn's", i, d, added, res.Spawn)
				}
				switch res.Spawn.Tile {
				case 1:
					twos++
				case 2:
					fours++
				default:
					t.Fatalf("move %d: spawned %v, want 2 or 4", i, res.Spawn.Tile)
				}
			}
			if p.MoveCount() != twos+fours {
				t.Errorf("MoveCount %d, want %d", p.MoveCount(), twos+fours)
			}
			if (tt.fourChance == 0 && fours > 0) || (tt.fourChance == 1 && twos > 0) {
				t.Errorf("chance of a 4 %v: %d twos, %d fours", tt.fourChance, twos, fours)
			}
			if tt.fourChance > 0 && tt.fourChance < 1 && (twos == 0 || fours == 0) {
				t.Errorf("chance of a 4 %v: %d twos, %d fours; want both", tt.fourChance, twos, fours)
			}
			if still == 0 {
				t.Errorf("no move that changes nothing was tried")
			}
			if _, err := p.Move(Left); !errors.Is(err, ErrGameOver) {
				t.Errorf("move after the end: %v, want ErrGameOver", err)
			}
		})
	}
}

// TestPlayOnSpawnsAsGame starts a PlayOn from a game's position with the game's
// generator state: the same moves must then give the same boards and scores.
func TestPlayOnSpawnsAsGame(t *testing.T) {
	g, err := NewGame(WithSeed(99), WithFourChance(0.3))
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range []Direction{Left, Up, Right, Down, Left, Left} {
		g.Move(d)
	}
	p, err := NewPlayOn(g.Rules(), g.Board(), g.Score(), g.rng.state)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; !g.Over(); i++ {
		d := Direction(i % 4)
		gr, _ := g.Move(d)
		pr, err := p.Move(d)
		if err != nil {
			t.Fatal(err)
		}
		if !p.Board().Equal(g.Board()) || p.Score() != g.Score() || pr.Moved != gr.Moved || pr.Won != gr.Won {
			t.Fatalf("move %d (%v): play-on %v score %d, game %v score %d", i, d, p.Board(), p.Score(), g.Board(), g.Score())
		}
	}
	if !p.Over() {
		t.Error("the game is over, the play-on is not")
	}
}

// TestPlayOnSeeds: the same seed gives the same spawns, another seed others.
func TestPlayOnSeeds(t *testing.T) {
	b, _ := ParseBoard("2,4,8,16/0,0,0,2/0,0,0,0/0,0,0,0")
	play := func(seed uint64) []Board {
		p, err := NewPlayOn(DefaultRules(), b, 0, seed)
		if err != nil {
			t.Fatal(err)
		}
		var boards []Board
		for i := 0; i < 40 && !p.Over(); i++ {
			if res, _ := p.Move(Direction(i % 4)); res.Moved {
				boards = append(boards, p.Board())
			}
		}
		return boards
	}
	same := func(a, b []Board) bool {
		if len(a) != len(b) {
			return false
		}
		for i := range a {
			if !a[i].Equal(b[i]) {
				return false
			}
		}
		return true
	}
	if !same(play(1), play(1)) {
		t.Error("seed 1 twice: different boards")
	}
	if same(play(1), play(2)) {
		t.Error("seeds 1 and 2: the same boards")
	}
}

func TestNewPlayOnRejects(t *testing.T) {
	b4, _ := NewBoard(4, 4)
	b3, _ := NewBoard(3, 3)
	bad := DefaultRules()
	bad.FourChance = 2
	tests := []struct {
		name  string
		rules Rules
		board Board
		score int64
		want  error
	}{
		{"board of another size", DefaultRules(), b3, 0, ErrSize},
		{"bad rules", bad, b4, 0, ErrRules},
		{"negative score", DefaultRules(), b4, -1, ErrRules},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := NewPlayOn(tt.rules, tt.board, tt.score, 1); !errors.Is(err, tt.want) {
				t.Errorf("error %v, want %v", err, tt.want)
			}
		})
	}
}
