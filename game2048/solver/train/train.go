package train

import (
	"context"
	"errors"
	"math/bits"
	"math/rand/v2"
	"sync"

	"github.com/gridgames/gridgames/game2048"
	"github.com/gridgames/gridgames/game2048/solver"
)

// Options configure Train4, Train6 and Trainer6.
type Options struct {
	// Games is the number of self-play games to learn from.
	Games int
	// Seed makes the games, and so the learned weights, reproducible.
	Seed uint64
	// Rate is the learning rate of the whole value (each of the 40 weights read
	// moves by Rate/40 of the error); 0 means 0.1.
	Rate float64
	// FourChance is the chance that a new tile is a 4; 0 means 0.1.
	FourChance float64
	// Progress, if not nil, sees each finished game's number (from 1) and score,
	// from one goroutine at a time.
	Progress func(game int, score int64)
	// Workers is the number of goroutines that play and learn (Train6 only); 0
	// means 1.
	Workers int
	// Coherence (Train6 and Trainer6, one worker) gives every weight its own rate
	// by temporal coherence (see coherence): Rate is then the meta-rate that
	// scales them all.
	Coherence bool
	// Restarts (Train6 and Trainer6, one worker) is the share of games, from 0 to
	// 1, that start from a board saved from an earlier game when it first showed
	// 8192 or a larger tile, instead of from the start (until a board is saved,
	// every game starts from the start).
	Restarts float64
}

// Train4 improves the 4-tuple network n (its weights n.W, in place) by temporal-difference learning of afterstate values (Szubert
// and Jaśkowski, 2014): it plays games choosing the move with the most points plus
// value of the board after it, and after each move pulls the value of the previous
// afterstate toward the points just earned plus the value of the new afterstate (a
// lost game's last afterstate toward 0). If ctx ends first, Train4 stops after the
// game under way and returns ctx's error; n then holds what was learned so far.
// Train4 plays on one goroutine whatever opt.Workers says, so the result depends
// only on the options. n must not have been used by a solver (whose tables are
// made from its weights once).
func Train4(ctx context.Context, n *solver.Network, opt Options) error {
	opt.Workers = 1
	return train(ctx, network4{n}, opt)
}

// Train6 is Train4 for a Network6, taught in place. With opt.Workers above 1 the games are shared
// out to that many goroutines, which update the weights without locks (Hogwild!,
// Niu et al., 2011: two games rarely touch one weight at the same moment, and a
// lost update costs nothing): the network learns as well, in a fraction of the
// time, but a rerun does not reproduce it bit for bit.
//
// With one worker Train6 runs a Trainer6, which Coherence and Restarts need.
func Train6(ctx context.Context, n *Network6, opt Options) error {
	if opt.Workers > 1 {
		if opt.Coherence || opt.Restarts > 0 {
			return errors.New("train: Train6: Coherence and Restarts train on one worker")
		}
		return train(ctx, n, opt)
	}
	t := NewTrainer6(n, opt)
	return t.Run(ctx, opt.Games, func(g Game) error {
		if opt.Progress != nil {
			opt.Progress(g.Game, g.Score)
		}
		return nil
	})
}

// learner is a network that train can teach.
type learner interface {
	Value(b game2048.Bitboard) float64
	update(b game2048.Bitboard, delta float32)
	images() int // how many weights a board reads
}

func train(ctx context.Context, n learner, opt Options) error {
	rate := opt.Rate
	if rate == 0 {
		rate = 0.1
	}
	four := opt.FourChance
	if four == 0 {
		four = 0.1
	}
	alpha := float32(rate / float64(n.images()))
	if opt.Workers <= 1 {
		rng := rand.New(rand.NewPCG(opt.Seed, 0x2048))
		for g := 1; g <= opt.Games; g++ {
			if err := ctx.Err(); err != nil {
				return err
			}
			score := learnGame(n, rng, alpha, four)
			if opt.Progress != nil {
				opt.Progress(g, score)
			}
		}
		return nil
	}
	var mu sync.Mutex
	var wg sync.WaitGroup
	next, done := 0, 0
	for w := range opt.Workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(opt.Seed, 0x2048+uint64(w)))
			for {
				mu.Lock()
				if next >= opt.Games || ctx.Err() != nil {
					mu.Unlock()
					return
				}
				next++
				mu.Unlock()
				score := learnGame(n, rng, alpha, four)
				if opt.Progress != nil {
					mu.Lock()
					done++
					opt.Progress(done, score)
					mu.Unlock()
				}
			}
		}()
	}
	wg.Wait()
	return ctx.Err()
}

// greedyMove returns the move a self-play game makes from b: the afterstate
// with the most points plus value by n, its value (points plus n's value) and
// its points; the value is -1 when no move changes b (the game is lost).
func greedyMove(n interface {
	Value(game2048.Bitboard) float64
}, b game2048.Bitboard) (game2048.Bitboard, float64, int64) {
	best, bestV, bestR := game2048.Bitboard(0), -1.0, int64(0)
	for _, d := range game2048.Directions {
		after := b.Move(d)
		if after == b {
			continue
		}
		r := b.Points(d)
		if v := float64(r) + n.Value(after); v > bestV {
			best, bestV, bestR = after, v, r
		}
	}
	return best, bestV, bestR
}

// learnGame plays one game, learning after every move, and returns its score.
func learnGame(n learner, rng *rand.Rand, alpha float32, four float64) int64 {
	spawn := func(b game2048.Bitboard) game2048.Bitboard {
		empty := b.EmptyMask()
		k := rng.IntN(bits.OnesCount64(empty))
		for ; k > 0; k-- {
			empty &= empty - 1
		}
		t := uint64(1)
		if rng.Float64() < four {
			t = 2
		}
		return b | game2048.Bitboard(t<<bits.TrailingZeros64(empty))
	}
	b := spawn(spawn(0))
	var prev game2048.Bitboard
	havePrev := false
	var score int64
	for {
		best, bestV, bestR := greedyMove(n, b)
		if bestV < 0 { // no move: the game is lost
			if havePrev {
				n.update(prev, float32(-n.Value(prev))*alpha)
			}
			return score
		}
		if havePrev {
			n.update(prev, float32(bestV-n.Value(prev))*alpha)
		}
		prev, havePrev = best, true
		score += bestR
		b = spawn(best)
	}
}

// network4 is a 4-tuple network as train teaches it.
type network4 struct{ *solver.Network }

// images is the number of weights a board reads.
func (n network4) images() int { return solver.Placements4 }

// update adds delta to every weight b reads.
func (n network4) update(b game2048.Bitboard, delta float32) {
	for i, j := range solver.Indexes4(b) {
		n.W[i/8][j] += delta
	}
}
