package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/gridgames/gridgames/game2048"
	"github.com/gridgames/gridgames/game2048/solver"
	"github.com/spf13/cobra"
)

// liveGame is a game under way, for the progress line.
type liveGame struct {
	seed  uint64
	moves int
	score int64
	max   game2048.Tile
}

// autoplayRun is the state shared by the games of one run.
type autoplayRun struct {
	mu    sync.Mutex
	live  map[int]*liveGame
	done  int
	moves int // moves of all games, finished or not
	start time.Time
	bar   *progress
	total int
}

// show updates the progress line: the games under way and the rate.
func (r *autoplayRun) show() {
	r.mu.Lock()
	defer r.mu.Unlock()
	keys := make([]int, 0, len(r.live))
	for k := range r.live {
		keys = append(keys, k)
	}
	sort.Ints(keys)
	parts := []string{fmt.Sprintf("%d of %d done", r.done, r.total)}
	for _, k := range keys {
		g := r.live[k]
		parts = append(parts, fmt.Sprintf("seed %d: %d moves, %d points, max %s", g.seed, g.moves, g.score, g.max))
	}
	rate := float64(r.moves) / max(time.Since(r.start).Seconds(), 1e-9)
	parts = append(parts, fmt.Sprintf("%.0f moves/s", rate))
	r.bar.status(strings.Join(parts, " · "))
}

// tick redraws the progress line every 250 ms until the stop it returns is
// called; stop clears the line.
func (r *autoplayRun) tick() (stop func()) {
	done := make(chan struct{})
	go func() {
		tick := time.NewTicker(250 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-tick.C:
				r.show()
			}
		}
	}()
	return func() {
		close(done)
		r.bar.finish()
	}
}

// runAutoplay plays the games, min(workers, games) at a time, and writes each
// record to out as soon as its game ends. If the context ends, the games under way
// stop, are written as they stood and come back unfinished, with the context's
// error; games not started are left out. A game that earlier (if not nil) holds
// is counted as it is when it is over, else played on from where it stood.
func runAutoplay(cmd *cobra.Command, rules game2048.Rules, games int, seed uint64, opts solver.Options,
	workers int, out io.Writer, earlier *resumeFile) ([]autoplayGame, time.Duration, error) {
	parallel := min(workers, games)
	opts.Workers = max(1, workers/parallel)
	b := &autoplayBatch{ctx: cmd.Context(), rules: rules, seed: seed, out: out, earlier: earlier,
		results: make([]autoplayGame, games), started: make([]bool, games), errs: make([]error, games),
		run: &autoplayRun{live: map[int]*liveGame{}, start: time.Now(), bar: newProgress(cmd, ""), total: games}}
	stop := b.run.tick()
	runJobs(cmd.Context(), games, parallel, func() *solver.Solver { return solver.New(opts) }, b.play, b.finished)
	stop()
	elapsed := time.Since(b.run.start)
	if b.writeErr != nil {
		return nil, 0, b.writeErr
	}
	played, err := b.played()
	if err != nil && !errors.Is(err, context.Canceled) {
		return nil, 0, err
	}
	return played, elapsed, err
}

// autoplayBatch is the games of one autoplay run, game i of seed seed+i: what
// they share and what each came to.
type autoplayBatch struct {
	ctx      context.Context // stops the games under way
	rules    game2048.Rules
	seed     uint64
	out      io.Writer   // each game's record as it ends; nil: none kept
	earlier  *resumeFile // the games an earlier run played (--resume), or nil
	run      *autoplayRun
	results  []autoplayGame
	started  []bool
	errs     []error
	writeErr error // the first record that could not be written
}

// play plays game i with s (or takes it as the earlier run left it, if over).
func (b *autoplayBatch) play(s *solver.Solver, i int) {
	b.started[i] = true
	seed := b.seed + uint64(i)
	g, prior := resumedGame(b.earlier, seed)
	if g != nil && g.Over() {
		b.results[i] = finishedEarlier(seed, g)
		return
	}
	if g == nil {
		var err error
		if g, err = game2048.NewGame(game2048.WithRules(b.rules), game2048.WithSeed(seed)); err != nil {
			b.errs[i] = err
			return
		}
	}
	run := b.run
	lg := &liveGame{seed: seed, moves: prior, score: g.Score(), max: g.Board().MaxTile()}
	run.mu.Lock()
	run.live[i] = lg
	run.mu.Unlock()
	run.show() // at once, not only on the ticker: a game may take less than a tick
	st, err := s.Play(b.ctx, g, func(_ solver.Analysis, res game2048.MoveResult) {
		run.mu.Lock()
		lg.moves++
		lg.score += res.Points
		for _, m := range res.Merges {
			lg.max = max(lg.max, m.Tile)
		}
		run.moves++
		run.mu.Unlock()
	})
	st.Moves += prior
	b.results[i] = autoplayGame{Seed: seed, Stats: st, Record: g.Record(), Finished: err == nil, Earlier: prior}
	b.errs[i] = err
}

// finished takes game i off the progress line and writes its record, unless
// nothing of it was played in this run (the file has it already).
func (b *autoplayBatch) finished(i, _ int) {
	b.run.mu.Lock()
	delete(b.run.live, i)
	if b.errs[i] == nil {
		b.run.done++
	}
	b.run.mu.Unlock()
	again := b.results[i].Earlier == b.results[i].Stats.Moves // nothing played: the file has it
	if b.out != nil && b.started[i] && !again && (b.errs[i] == nil || errors.Is(b.errs[i], context.Canceled)) && b.writeErr == nil {
		b.writeErr = json.NewEncoder(b.out).Encode(b.results[i].Record)
	}
}

// played returns the games that started, with context.Canceled if any was
// stopped (or the context ended), or the first game's error.
func (b *autoplayBatch) played() ([]autoplayGame, error) {
	var played []autoplayGame
	interrupted := false
	for i, err := range b.errs {
		switch {
		case !b.started[i]:
			continue
		case errors.Is(err, context.Canceled):
			interrupted = true
		case err != nil:
			return nil, fmt.Errorf("game %d (seed %d): %w", i+1, b.seed+uint64(i), err)
		}
		played = append(played, b.results[i])
	}
	if interrupted || b.ctx.Err() != nil {
		return played, context.Canceled
	}
	return played, nil
}
