package solver

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/gridgames/gridgames/game2048"
)

func mustBoard(t testing.TB, s string) game2048.Board {
	t.Helper()
	b, err := game2048.ParseBoard(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestBestMoveIsAlwaysLegal analyses random boards of many sizes and depths: the
// chosen direction always changes the board, and so does every direction marked legal.
func TestBestMoveIsAlwaysLegal(t *testing.T) {
	t.Parallel()
	rnd := rand.New(rand.NewPCG(1, 2))
	s := New(Options{Depth: 1, Workers: 2, TableBits: 12})
	for i := range 400 {
		rows, cols := 2+rnd.IntN(5), 2+rnd.IntN(5)
		b, _ := game2048.NewBoard(rows, cols)
		for r := range rows {
			for c := range cols {
				if rnd.IntN(4) > 0 {
					b.Set(r, c, game2048.Tile(1+rnd.IntN(17)))
				}
			}
		}
		a, err := s.BestMove(t.Context(), b, 0.1)
		if b.Over() {
			if !errors.Is(err, ErrNoMove) {
				t.Fatalf("case %d: finished board %s: err %v", i, b, err)
			}
			continue
		}
		if err != nil || !b.CanMove(a.Best) {
			t.Fatalf("case %d: %s: best %v (err %v) does not move", i, b, a.Best, err)
		}
		for _, d := range game2048.Directions {
			if a.Legal[d] != b.CanMove(d) {
				t.Fatalf("case %d: %s: Legal[%v] = %v", i, b, d, a.Legal[d])
			}
		}
	}
}

func TestObviousMoves(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, board string
		want        game2048.Direction
	}{
		// Left merges into the corner but leaves one empty cell where every spawn ends
		// the game; Right leaves the empty cell above a 4, so a spawned 4 survives.
		{"avoid certain death", "1024,1024,512,256/4,8,16,32/2,4,8,16/4,2,4,2", game2048.Right},
		{"avoid certain death beyond 32768", "65536,65536,512,256/4,8,16,32/2,4,8,16/4,2,4,2", game2048.Right},
		{"avoid certain death with two 32768", "32768,32768,512,256/4,8,16,32/2,4,8,16/4,2,4,2", game2048.Right},
		// Left leaves the hole at the bottom right, where only a spawned 4 survives;
		// Right leaves it at the bottom left, where a 2 or a 4 can merge.
		{"the move that always survives", "2,4,2,4/4,2,4,2/2,4,2,4/4,2,8,8", game2048.Right},
	}
	s := New(Options{Depth: 1, Workers: 2, TableBits: 14})
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a, err := s.BestMove(t.Context(), mustBoard(t, tc.board), 0.1)
			if err != nil || a.Best != tc.want {
				t.Fatalf("best %v (values %v, err %v), want %v", a.Best, a.Values, err, tc.want)
			}
		})
	}
}

// deathChance is the exact probability that the game is over right after moving d
// and the spawn (the obviously correct reference for one ply).
func deathChance(b game2048.Board, d game2048.Direction, p4 float64) float64 {
	after := b.Clone()
	after.Move(d)
	empties := after.Empty()
	dead := 0.0
	for _, c := range empties {
		for _, tile := range []struct {
			t game2048.Tile
			p float64
		}{{1, 1 - p4}, {2, p4}} {
			x := after.Clone()
			x.Set(c.Row, c.Col, tile.t)
			if x.Over() {
				dead += tile.p / float64(len(empties))
			}
		}
	}
	return dead
}

// TestAvoidsCertainDeath builds crowded random boards; whenever one move dies for
// sure and another may survive, the solver must not pick a sure death.
func TestAvoidsCertainDeath(t *testing.T) {
	t.Parallel()
	rnd := rand.New(rand.NewPCG(21, 22))
	s := New(Options{Depth: 1, Workers: 1, TableBits: 12})
	checked := 0
	for checked < 100 {
		b, _ := game2048.NewBoard(4, 4)
		for r := range 4 {
			for c := range 4 {
				b.Set(r, c, game2048.Tile(1+rnd.IntN(4)))
			}
		}
		b.Set(rnd.IntN(4), rnd.IntN(4), 0)
		var sure, hope bool
		for _, d := range game2048.Directions {
			if !b.CanMove(d) {
				continue
			}
			if deathChance(b, d, 0.1) == 1 {
				sure = true
			} else {
				hope = true
			}
		}
		if !sure || !hope {
			continue
		}
		checked++
		a, err := s.BestMove(t.Context(), b, 0.1)
		if err != nil || deathChance(b, a.Best, 0.1) == 1 {
			t.Fatalf("%s: picked %v, a certain death (values %v)", b, a.Best, a.Values)
		}
	}
}

func TestNoMoveOnFinishedBoard(t *testing.T) {
	t.Parallel()
	s := New(Options{Depth: 2})
	if _, err := s.BestMove(t.Context(), mustBoard(t, "2,4/4,2"), 0.1); !errors.Is(err, ErrNoMove) {
		t.Fatalf("err %v, want ErrNoMove", err)
	}
}

// TestSameSeedSameGame plays the same seeded game twice with two workers each time:
// the branch split is fixed, so the games are move for move the same.
func TestSameSeedSameGame(t *testing.T) {
	t.Parallel()
	play := func() game2048.Record {
		g, _ := game2048.NewGame(game2048.WithSeed(12))
		s := New(Options{Depth: 2, Workers: 2, TableBits: 16})
		if _, err := s.Play(t.Context(), g, nil); err != nil {
			t.Fatal(err)
		}
		return g.Record()
	}
	a, b := play(), play()
	if a != b {
		t.Fatalf("same seed and settings gave different games: %d vs %d moves", len(a.Moves), len(b.Moves))
	}
}

// TestPlaysCompleteGames plays whole games on boards of several shapes; each ends
// over, and the solver reaches at least the 512 tile.
func TestPlaysCompleteGames(t *testing.T) {
	t.Parallel()
	tests := []struct {
		rows, cols, depth int
		atLeast           uint64
	}{
		{3, 3, 2, 256}, {4, 4, 1, 1024}, {5, 5, 1, 2048}, {2, 6, 2, 128},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprintf("%dx%d", tc.rows, tc.cols), func(t *testing.T) {
			g, err := game2048.NewGame(game2048.WithSize(tc.rows, tc.cols), game2048.WithSeed(3))
			if err != nil {
				t.Fatal(err)
			}
			s := New(Options{Depth: tc.depth, Workers: 2, TableBits: 16})
			st, err := s.Play(t.Context(), g, nil)
			if err != nil {
				t.Fatal(err)
			}
			if !g.Over() || st.Moves != g.MoveCount() || st.Score != g.Score() || st.MaxTile < tc.atLeast {
				t.Fatalf("%dx%d: over %v, %d moves, score %d, max tile %d (want at least %d)",
					tc.rows, tc.cols, g.Over(), st.Moves, st.Score, st.MaxTile, tc.atLeast)
			}
			t.Logf("%dx%d depth %d: score %d, max tile %d, %d moves", tc.rows, tc.cols, tc.depth, st.Score, st.MaxTile, st.Moves)
		})
	}
}

// otherPuzzle is a 2048 written differently from game2048.Game (it keeps values,
// not exponents, and has its own spawn), to show the solver drives any Puzzle.
type otherPuzzle struct {
	cells [4][4]uint64
	score int64
	rnd   *rand.Rand
}

func (p *otherPuzzle) Rows() int { return 4 }
func (p *otherPuzzle) Cols() int { return 4 }
func (p *otherPuzzle) At(r, c int) game2048.Tile {
	t, _ := game2048.TileOf(p.cells[r][c])
	return t
}
func (p *otherPuzzle) Score() int64 { return p.score }
func (p *otherPuzzle) board() game2048.Board {
	b, _ := game2048.BoardOfPuzzle(p)
	return b
}
func (p *otherPuzzle) CanMove(d game2048.Direction) bool { return p.board().CanMove(d) }
func (p *otherPuzzle) Over() bool                        { return p.board().Over() }
func (p *otherPuzzle) Move(d game2048.Direction) (game2048.MoveResult, error) {
	b := p.board()
	points, moved := b.Move(d)
	if !moved {
		return game2048.MoveResult{}, nil
	}
	p.score += points
	var empty [][2]int
	for r := range 4 {
		for c := range 4 {
			p.cells[r][c] = b.At(r, c).Value()
			if p.cells[r][c] == 0 {
				empty = append(empty, [2]int{r, c})
			}
		}
	}
	e := empty[p.rnd.IntN(len(empty))]
	p.cells[e[0]][e[1]] = 2
	return game2048.MoveResult{Slide: game2048.Slide{Moved: true, Points: points}}, nil
}

func TestDrivesAnyPuzzle(t *testing.T) {
	t.Parallel()
	p := &otherPuzzle{rnd: rand.New(rand.NewPCG(5, 5))}
	p.cells[0][0], p.cells[1][1] = 2, 2
	s := New(Options{Depth: 1, FourChance: -1, TableBits: 16})
	st, err := s.Play(t.Context(), p, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !p.Over() || st.MaxTile < 1024 || st.Score != p.score {
		t.Fatalf("other puzzle: over %v, max tile %d, score %d", p.Over(), st.MaxTile, st.Score)
	}
}

func TestTimeBudget(t *testing.T) {
	t.Parallel()
	s := New(Options{Time: 30 * time.Millisecond, Workers: 2})
	b := mustBoard(t, "2,0,0,0/0,4,0,0/0,0,8,0/0,0,0,2")
	a, err := s.BestMove(t.Context(), b, 0.1)
	if err != nil || a.Depth < 1 || !b.CanMove(a.Best) {
		t.Fatalf("time-limited search: %+v, %v", a, err)
	}
}

func TestAdaptiveDepth(t *testing.T) {
	t.Parallel()
	tests := []struct {
		board string
		want  int
	}{
		{"2,0,0,0/0,0,0,0/0,0,0,0/0,0,0,2", 3},
		{"2,4,8,16/32,64,128,256/512,1024,0,0/0,0,0,0", 8},
		{"2,4,8,16/32,64,0,0/0,0,0,0/0,0,0,0", 4},
	}
	for _, tc := range tests {
		if got := AdaptiveDepth(mustBoard(t, tc.board)); got != tc.want {
			t.Errorf("AdaptiveDepth(%s) = %d, want %d", tc.board, got, tc.want)
		}
	}
}
