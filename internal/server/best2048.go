package server

import (
	"context"
	"time"
)

// bestTTL is how long a best score read from the store is trusted. Other server
// instances sharing the database raise it too, so it is read again once it is
// older than this: at most one query per board and second, and a new best made
// elsewhere shows here within a second. This instance's own moves raise its copy
// at once.
const bestTTL = time.Second

// bestScore is a board's best score as last read from the store and raised since.
type bestScore struct {
	score int64
	read  time.Time
}

// best returns the best score of a board, raised to score if that is higher. The
// store is read when the copy in memory is missing or older than bestTTL (by
// Options.Now); in between, the scores of this instance's games keep the copy up
// to date (the store raises its own copy in the same transaction as each move).
// Raising the copy does not make it younger: another instance's new best shows
// here within bestTTL however often this one's games move.
func (s *Server) best(ctx context.Context, key string, score int64) (int64, error) {
	b, ok := s.bests.Get(key)
	if !ok || s.opt.Now().Sub(b.read) >= bestTTL {
		stored, err := s.store.Best(ctx, key)
		if err != nil {
			return 0, err
		}
		b = bestScore{score: stored, read: s.opt.Now()}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if cur, ok := s.bests.Get(key); ok {
		if cur.read.After(b.read) {
			b.read = cur.read
		}
		b.score = max(b.score, cur.score)
	}
	b.score = max(b.score, score)
	s.bests.Add(key, b)
	return b.score, nil
}

// maxBests is the number of best scores kept in memory (each player has keys of
// their own); the least recently used are forgotten first, and read from the
// store again when next needed.
const maxBests = 10000
