package engine

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/gridgames/gridgames/othello"
)

// MaxLevel is the strongest level.
const MaxLevel = 10

type levelSpec struct{ depth, endgame int }

// levelTable documents each level: the midgame depth in plies and the number of
// empty squares from which the level plays the endgame perfectly. Level 1 looks one
// move ahead with the evaluation (it keeps corners and mobility in mind, so its moves
// are legal and sensible); level 10 is the full engine, also bounded by LevelTime.
// Each level beats the one below in 65 to 100% of games (100-game matches
// with `gridgames othello match`, two seeds from level 5 up; see the README);
// from level 5 on, where the
// learned evaluation makes a ply worth less, the levels step two plies at a time.
var levelTable = [MaxLevel + 1]levelSpec{
	1:  {1, 0},
	2:  {2, 4},
	3:  {3, 8},
	4:  {4, 8},
	5:  {4, 10},
	6:  {6, 12},
	7:  {8, 12},
	8:  {10, 16},
	9:  {12, 18},
	10: {14, 22},
}

// classicTable is the level table as it was when the hand-made evaluation was the
// only one: the classic levels keep it, so classic10 stays the baseline it was.
var classicTable = [MaxLevel + 1]levelSpec{
	1:  {1, 0},
	2:  {2, 4},
	3:  {3, 6},
	4:  {4, 8},
	5:  {5, 10},
	6:  {6, 12},
	7:  {7, 14},
	8:  {9, 16},
	9:  {10, 18},
	10: {12, 20},
}

// LevelTime bounds level 10's time per move.
const LevelTime = 5 * time.Second

// LearnedFromLevel is the first level whose midgame search uses the learned
// evaluation on 8x8 (when the engine has one); the levels below it keep the
// hand-made one.
const LearnedFromLevel = 5

// LevelLimits returns the search limits of level n (1 to MaxLevel).
func LevelLimits(n int) (Limits, error) {
	return limitsFrom(&levelTable, n, n < LearnedFromLevel)
}

// ClassicLimits returns classic level n's limits: the hand-made evaluation and
// the level table as they were before the learned evaluation, kept as baselines.
func ClassicLimits(n int) (Limits, error) {
	return limitsFrom(&classicTable, n, true)
}

func limitsFrom(table *[MaxLevel + 1]levelSpec, n int, classic bool) (Limits, error) {
	if n < 1 || n > MaxLevel {
		return Limits{}, fmt.Errorf("engine: level %d: want 1 to %d", n, MaxLevel)
	}
	l := Limits{Depth: table[n].depth, Endgame: table[n].endgame, Classic: classic}
	if n == MaxLevel {
		l.Time = LevelTime
	}
	return l, nil
}

// Player chooses moves. It is given positions where the side to move has a legal
// move (never a pass or a finished game). Choose returns ctx's error if ctx ends
// before it has chosen.
type Player interface {
	Name() string
	Choose(ctx context.Context, pos othello.Position) (othello.Square, error)
}

// LevelPlayer plays at a level with its own engine; Classic keeps the hand-made
// evaluation at every level (see ClassicLimits). From BookFromLevel on (not
// the classic levels), a position in the engine's book (Options.Book) is played
// from the book: one of the moves within PlayMargin of the best, drawn by Rand
// (the best if Rand is nil), so games differ and a seeded game replays.
type LevelPlayer struct {
	Level   int
	Engine  *Engine
	Classic bool
	Rand    *rand.Rand
}

// Name returns "level N" (or "classic N").
func (l LevelPlayer) Name() string {
	if l.Classic {
		return fmt.Sprintf("classic %d", l.Level)
	}
	return fmt.Sprintf("level %d", l.Level)
}

// Choose searches pos at the player's level, or plays from the book (see
// LevelPlayer).
func (l LevelPlayer) Choose(ctx context.Context, pos othello.Position) (othello.Square, error) {
	lim, err := LevelLimits(l.Level)
	if l.Classic {
		lim, err = ClassicLimits(l.Level)
	}
	if err != nil {
		return 0, err
	}
	if b := l.Engine.book; b != nil && l.Level >= BookFromLevel && !l.Classic {
		if m, ok := b.Choose(pos, PlayMargin, l.Rand); ok {
			return m.Move, nil
		}
	}
	r, err := l.Engine.Search(ctx, pos, lim)
	return r.Move, err
}

// RandomPlayer plays a uniformly random legal move.
type RandomPlayer struct{ Rand *rand.Rand }

// Name returns "random".
func (RandomPlayer) Name() string { return "random" }

// Choose picks a random legal move.
func (r RandomPlayer) Choose(ctx context.Context, pos othello.Position) (othello.Square, error) {
	m := pos.LegalMoves()
	if len(m) == 0 {
		return 0, ErrNoMove
	}
	return m[r.Rand.IntN(len(m))], nil
}

// GreedyPlayer plays the move that flips the most discs (ties broken at random).
type GreedyPlayer struct{ Rand *rand.Rand }

// Name returns "greedy".
func (GreedyPlayer) Name() string { return "greedy" }

// Choose picks a move flipping the most discs.
func (g GreedyPlayer) Choose(ctx context.Context, pos othello.Position) (othello.Square, error) {
	var best []othello.Square
	most := 0
	for _, m := range pos.LegalMoves() {
		n := popcount(pos.Flips(m))
		switch {
		case n > most:
			most, best = n, []othello.Square{m}
		case n == most:
			best = append(best, m)
		}
	}
	if len(best) == 0 {
		return 0, ErrNoMove
	}
	return best[g.Rand.IntN(len(best))], nil
}

// PlayGame plays from pos to the end, black's and white's players choosing in turn
// (passes are played for them). It returns the game's plies and the final position;
// a move that a player gets wrong ends it with an error, and so does ctx ending
// (with ctx's error and the game so far).
func PlayGame(ctx context.Context, pos othello.Position, black, white Player) ([]othello.Square, othello.Position, error) {
	var plies []othello.Square
	for !pos.Over() {
		if err := ctx.Err(); err != nil {
			return plies, pos, err
		}
		if pos.MustPass() {
			plies = append(plies, othello.Pass)
			pos = pos.Pass()
			continue
		}
		pl := black
		if pos.Turn() == othello.White {
			pl = white
		}
		m, err := pl.Choose(ctx, pos)
		if ctx.Err() != nil {
			return plies, pos, ctx.Err()
		}
		if err != nil {
			return plies, pos, fmt.Errorf("%s: %w", pl.Name(), err)
		}
		if !pos.IsLegal(m) {
			return plies, pos, fmt.Errorf("%s chose %v, which is illegal in %v", pl.Name(), m, pos)
		}
		plies = append(plies, m)
		pos = pos.Play(m)
	}
	return plies, pos, nil
}
