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
// store is read when the copy in memory is missing or older than bestTTL; in
// between, the scores of this instance's games keep the copy up to date (the
// store raises its own copy in the same transaction as each move).
func (s *Server) best(ctx context.Context, key string, score int64) (int64, error) {
	s.mu.Lock()
	b, ok := s.bests[key]
	s.mu.Unlock()
	if !ok || time.Since(b.read) >= bestTTL {
		stored, err := s.store.Best(ctx, key)
		if err != nil {
			return 0, err
		}
		b = bestScore{score: stored, read: time.Now()}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if cur, ok := s.bests[key]; ok && cur.read.After(b.read) {
		b.read = cur.read
	}
	b.score = max(b.score, score, s.bests[key].score)
	s.bests[key] = b
	if len(s.bests) > maxBests {
		// Each player has keys of their own: forget those the store would be read
		// for anyway.
		for k, o := range s.bests {
			if time.Since(o.read) >= bestTTL {
				delete(s.bests, k)
			}
		}
	}
	return b.score, nil
}

// maxBests is the number of best scores kept in memory past which the stale ones
// are forgotten.
const maxBests = 10000
