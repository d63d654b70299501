package server

import (
	"context"
	"net/http"
	"sync"
	"sync/atomic"
	"time"
)

// healthTimeout bounds the store's check behind /healthz.
const healthTimeout = 5 * time.Second

// storeLogEvery is how often the log repeats that the store is unavailable
// while it stays so.
const storeLogEvery = time.Minute

// storeHealth remembers whether the store was last found unavailable, so that
// the log says so once when that happens (and once a minute while it lasts)
// and once when the store is back, not at every request refused meanwhile.
type storeHealth struct {
	down   atomic.Bool // read without the lock by storeUp, at every write
	mu     sync.Mutex
	logged time.Time // when the log last said so
}

// storeDown logs err (an error wrapping store.ErrUnavailable) at error level
// if it is news, at debug level otherwise.
func (s *Server) storeDown(r *http.Request, err error) {
	h := &s.health
	h.mu.Lock()
	news := !h.down.Load() || time.Since(h.logged) >= storeLogEvery
	if news {
		h.logged = time.Now()
	}
	h.down.Store(true)
	h.mu.Unlock()
	if news {
		s.log.Error("store unavailable: requests that need it are refused with 503 until it is back", "method", r.Method, "path", r.URL.Path, "err", err)
		return
	}
	s.log.Debug("store unavailable", "method", r.Method, "path", r.URL.Path, "err", err)
}

// storeUp notes that the store took a write (or passed its check), logging it
// if it was unavailable.
func (s *Server) storeUp() {
	if s.health.down.Load() && s.health.down.CompareAndSwap(true, false) {
		s.log.Info("store available again")
	}
}

// storeUnavailable answers a request that failed because the store cannot
// keep or read data now: 503, nothing saved, the reason in the log.
func (s *Server) storeUnavailable(w http.ResponseWriter, r *http.Request, err error) {
	s.storeDown(r, err)
	w.Header().Set("Retry-After", "10")
	writeError(w, CodeUnavailable, "the game store is unavailable, so nothing was saved; try again later")
}

// healthz answers 200 {"status":"ok"} when the store can keep what it is
// given, else 503 {"status":"unavailable","error":REASON}.
func (s *Server) healthz(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), healthTimeout)
	defer cancel()
	if err := s.store.Check(ctx); err != nil {
		if r.Context().Err() == nil {
			s.storeDown(r, err)
		}
		writeJSON(w, http.StatusServiceUnavailable, map[string]string{"status": "unavailable", "error": err.Error(), "code": string(CodeUnavailable)})
		return
	}
	s.storeUp()
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
}
