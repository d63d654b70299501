package train

import (
	"context"
	"math/bits"
	"math/rand/v2"

	"github.com/gridgames/gridgames/game2048"
	"github.com/gridgames/gridgames/game2048/solver"
)

// Trainer6 teaches a Network6 by self-play on one goroutine, one game after
// another, and can stop between games and write all it needs to go on later
// (WriteCheckpoint, ReadCheckpoint6): a run stopped and resumed learns exactly the
// weights of one run straight through. With its plain options (no Coherence, no
// Restarts) it learns exactly what Train6 learns on one worker.
type Trainer6 struct {
	net   *Network6
	opt   Options // Rate and FourChance with their defaults filled in; no Games, Progress, Workers
	done  int     // games finished
	pcg   *rand.PCG
	rng   *rand.Rand
	tc    *coherence // per-weight rates when opt.Coherence, else nil
	alpha float32    // TD's rate a weight, Rate/32
	pool  restartPool
}

// NewTrainer6 returns a trainer that teaches n with opt (Games, Progress and
// Workers are not its concern: see Run). n is taught in place.
func NewTrainer6(n *Network6, opt Options) *Trainer6 {
	opt.Games, opt.Progress, opt.Workers = 0, nil, 0
	if opt.Rate == 0 {
		opt.Rate = 0.1
	}
	if opt.FourChance == 0 {
		opt.FourChance = 0.1
	}
	pcg := rand.NewPCG(opt.Seed, 0x2048)
	t := &Trainer6{net: n, opt: opt, pcg: pcg, rng: rand.New(pcg)}
	if opt.Coherence {
		t.tc = newCoherence()
		if n.late != nil {
			t.tc.late = newCoherence()
		}
	}
	t.setAlpha()
	return t
}

func (t *Trainer6) setAlpha() { t.alpha = float32(t.opt.Rate / solver.Placements6) }

// Promote gives the network its late stage (Network6.Promote). Under Coherence
// the late stage's accumulators start as copies of the early stage's, so each
// copied weight keeps the rate it had settled to: fresh accumulators (every rate
// 1) shook the copied weights and made the late game worse (see the README). From
// then on the run is no longer the one it was: a checkpoint written before is of
// another run.
func (t *Trainer6) Promote() {
	t.net.Promote()
	if t.tc != nil && t.tc.late == nil {
		t.tc.late = t.tc.clone()
	}
}

// SetRestarts changes the share of games started from saved late boards (see
// Options.Restarts), for a later stage of a run resumed from a checkpoint.
func (t *Trainer6) SetRestarts(share float64) { t.opt.Restarts = share }

// Network returns the network the trainer teaches.
func (t *Trainer6) Network() *Network6 { return t.net }

// Options returns the options the trainer runs with, defaults filled in (Games,
// Progress and Workers are zero).
func (t *Trainer6) Options() Options { return t.opt }

// Done returns the number of games finished.
func (t *Trainer6) Done() int { return t.done }

// Game is one finished training game, as Trainer6.Run reports it.
type Game struct {
	Game      int           // its number, from 1, counting every game since the first run
	Score     int64         // the points it scored (from its saved board, if Restarted)
	MaxTile   game2048.Tile // the largest tile it had
	Restarted bool          // it started from a saved late board (Options.Restarts)
}

// Run plays games until Done reaches games (none if it already has), calling
// after, if not nil, with each finished game. If ctx ends, or after returns an
// error, Run returns that error once the game under way is finished and counted,
// so the trainer always stands between two games.
func (t *Trainer6) Run(ctx context.Context, games int, after func(Game) error) error {
	for t.done < games {
		if err := ctx.Err(); err != nil {
			return err
		}
		g := t.game()
		t.done++
		g.Game = t.done
		if after != nil {
			if err := after(g); err != nil {
				return err
			}
		}
	}
	return nil
}

// spawn puts a new tile on a random empty cell of b, as learnGame does, drawing
// from the trainer's generator in the same order.
func (t *Trainer6) spawn(b game2048.Bitboard) game2048.Bitboard {
	empty := b.EmptyMask()
	k := t.rng.IntN(bits.OnesCount64(empty))
	for ; k > 0; k-- {
		empty &= empty - 1
	}
	tile := uint64(1)
	if t.rng.Float64() < t.opt.FourChance {
		tile = 2
	}
	return b | game2048.Bitboard(tile<<bits.TrailingZeros64(empty))
}

// game plays one game, learning after every move, and returns it (but for its
// number). Without Restarts it draws from the generator exactly as learnGame does.
func (t *Trainer6) game() Game {
	n := t.net
	var b game2048.Bitboard
	restarted := false
	if t.opt.Restarts > 0 && len(t.pool.boards) > 0 && t.rng.Float64() < t.opt.Restarts {
		b = game2048.Bitboard(t.pool.boards[t.rng.IntN(len(t.pool.boards))])
		restarted = true
	} else {
		b = t.spawn(t.spawn(0))
	}
	top := b.MaxTile()
	var prev game2048.Bitboard
	havePrev := false
	var score int64
	for {
		best, bestV, bestR := greedyMove(n, b)
		if bestV < 0 { // no move: the game is lost
			if havePrev {
				t.learn(prev, float32(-n.Value(prev)))
			}
			return Game{Score: score, MaxTile: b.MaxTile(), Restarted: restarted}
		}
		if havePrev {
			t.learn(prev, float32(bestV-n.Value(prev)))
		}
		prev, havePrev = best, true
		score += bestR
		b = t.spawn(best)
		if t.opt.Restarts > 0 {
			if m := b.MaxTile(); m > top {
				top = m
				if m >= restartTile {
					t.pool.add(uint64(b))
				}
			}
		}
	}
}

// learn moves the value of b by err, the TD error: every weight b reads by
// alpha x err, or with Coherence by its own rate.
func (t *Trainer6) learn(b game2048.Bitboard, err float32) {
	if t.tc != nil {
		t.tc.update(t.net, b, err, float32(t.opt.Rate/solver.Placements6))
		return
	}
	t.net.update(b, err*t.alpha)
}
