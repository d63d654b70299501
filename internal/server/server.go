// Package server is the gridgames web app: a JSON API over the game libraries and
// the static page from package web. The server is authoritative: pages send
// intents (a direction, a square) and draw the state the server answers with.
// Every accepted action is committed to the store before the reply.
package server

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"runtime"
	"sync"
	"time"

	"github.com/gridgames/gridgames/game2048/solver/exact"

	"github.com/gridgames/gridgames/game2048/solver"

	"github.com/gridgames/gridgames/internal/store"
	lru "github.com/hashicorp/golang-lru/v2"
)

// Options configure a Server.
type Options struct {
	// Logger receives one line per request and the server's events; nil discards.
	Logger *slog.Logger
	// MaxSessions bounds the games kept in memory (0 means 10000); others are
	// reloaded from the store when next used.
	MaxSessions int
	// HintTime, if set, is the 2048 solver's time budget per hint or autoplay
	// move. 0 means the solver's default (solver.Options' zero value: the depth
	// the board calls for within DefaultMoveNodes, DefaultMoveTime as a guard),
	// the setting `gridgames 2048 autoplay` plays, searched by one worker.
	HintTime time.Duration
	// AnalyzeTime is the Othello engine's budget for a hint (0 means 500ms).
	AnalyzeTime time.Duration
	// PerfectTime bounds the exact hint on the 4x4 and 6x6 boards (0 means 20
	// times AnalyzeTime: 10s by default); past it the hint is the engine's
	// estimate within AnalyzeTime.
	PerfectTime time.Duration
	// AIWorkers bounds the searches (2048 hints, Othello moves and analyses) run at
	// once; others wait for a free slot (0 means one per CPU, GOMAXPROCS).
	AIWorkers int
	// Now is the clock by which cached best scores age (nil means time.Now); a
	// test moves it on instead of sleeping.
	Now func() time.Time
	// Tables2048 is the directory of exact 2048 tables ("gridgames 2048 solve --out")
	// for perfect hints on 3x3 (9 cells); smaller boards are solved on
	// first need. "" means none.
	Tables2048 string
}

// Server serves the API and the pages. Create it with New.
type Server struct {
	store store.Store
	log   *slog.Logger
	opt   Options
	mux   *http.ServeMux

	// sessions holds the games in memory, the least recently used forgotten
	// first (they reload from the store); bests the best 2048 score by board
	// key, with mu serialising their read-modify-write.
	sessions *lru.Cache[string, *liveGame]
	mu       sync.Mutex
	bests    *lru.Cache[string, bestScore]

	ai     *aiPool
	static *assetSet // the web files, prepared once (assets.go)

	exact2048, goals2048 *exact.Store // perfect play's tables (perfect2048.go)

	health storeHealth // see health.go
}

// New returns a server over st.
func New(st store.Store, opt Options) *Server {
	if opt.Logger == nil {
		opt.Logger = slog.New(slog.DiscardHandler)
	}
	if opt.MaxSessions <= 0 {
		opt.MaxSessions = 10000
	}
	if opt.AnalyzeTime <= 0 {
		opt.AnalyzeTime = 500 * time.Millisecond
	}
	if opt.PerfectTime <= 0 {
		opt.PerfectTime = 20 * opt.AnalyzeTime
	}
	if opt.AIWorkers <= 0 {
		opt.AIWorkers = runtime.GOMAXPROCS(0)
	}
	if opt.Now == nil {
		opt.Now = time.Now
	}
	static, err := embeddedAssets()
	if err != nil {
		panic("server: the embedded web files: " + err.Error()) // fixed at build time; TestEmbeddedAssets guards it
	}
	sessions, _ := lru.New[string, *liveGame](opt.MaxSessions) // a positive size never fails
	bests, _ := lru.New[string, bestScore](maxBests)
	s := &Server{store: st, log: opt.Logger, opt: opt, mux: http.NewServeMux(),
		sessions: sessions, bests: bests, ai: newAIPool(opt.AIWorkers), static: static}
	s.exact2048 = &exact.Store{Dir: opt.Tables2048}
	s.goals2048 = &exact.Store{Dir: opt.Tables2048, SolveCells: goalSolveCells}
	s.routes()
	go solver.Warm() // the first 2048 hint need not wait for the network to unpack
	return s
}

// Handler returns the server's HTTP handler. Every answer carries the security
// headers (headers.go); a known path asked with a method it does not take
// answers 405 with Allow, an unknown path 404.
func (s *Server) Handler() http.Handler { return s.logRequests(withSecurityHeaders(s.mux)) }

func (s *Server) routes() {
	// Pages and static files answer GET and HEAD, others 405; see static.go.
	s.mux.Handle("/{$}", s.static.page("index.html"))
	s.mux.Handle("/2048", s.static.page("2048.html"))
	s.mux.Handle("/othello", s.static.page("othello.html"))
	s.mux.Handle("/css/", s.static)
	s.mux.Handle("/js/", s.static)
	s.mux.Handle("/favicon.svg", s.static)
	s.mux.HandleFunc("GET /healthz", s.healthz)
	s.mux.HandleFunc("GET /api/limits", s.limitsAPI)

	s.mux.HandleFunc("POST /api/2048/games", s.create2048)
	s.mux.HandleFunc("GET /api/2048/games/{id}", s.get2048)
	s.mux.HandleFunc("POST /api/2048/games/{id}/moves", s.move2048)
	s.mux.HandleFunc("POST /api/2048/games/{id}/undo", s.undo2048)
	s.mux.HandleFunc("POST /api/2048/games/{id}/hint", s.hint2048)
	s.mux.HandleFunc("POST /api/2048/games/{id}/auto", s.auto2048)
	s.mux.HandleFunc("POST /api/2048/games/{id}/score", s.score2048)
	s.mux.HandleFunc("GET /api/2048/games/{id}/record", s.record2048)
	s.mux.HandleFunc("GET /api/2048/games/{id}/review", s.review2048)
	s.mux.HandleFunc("GET /api/2048/leaderboard", s.leaderboard2048)

	s.mux.HandleFunc("POST /api/othello/games", s.createOthello)
	s.mux.HandleFunc("GET /api/othello/games/{id}", s.getOthello)
	s.mux.HandleFunc("POST /api/othello/games/{id}/moves", s.moveOthello)
	s.mux.HandleFunc("POST /api/othello/games/{id}/engine", s.engineOthello)
	s.mux.HandleFunc("POST /api/othello/games/{id}/undo", s.undoOthello)
	s.mux.HandleFunc("POST /api/othello/games/{id}/redo", s.redoOthello)
	s.mux.HandleFunc("POST /api/othello/games/{id}/analyze", s.analyzeOthello)
	s.mux.HandleFunc("POST /api/othello/games/{id}/seats", s.seatsOthello)
	s.mux.HandleFunc("GET /api/othello/games/{id}/evaluations", s.evaluationsOthello)

	s.mux.HandleFunc(apiFallbackPattern, s.apiFallback) // 405 with Allow, or 404; see methods.go
}

type statusRecorder struct {
	http.ResponseWriter
	status int
}

func (r *statusRecorder) WriteHeader(code int) {
	r.status = code
	r.ResponseWriter.WriteHeader(code)
}

func (s *Server) logRequests(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &statusRecorder{ResponseWriter: w, status: http.StatusOK}
		defer func() {
			if v := recover(); v != nil {
				s.log.Error("panic", "method", r.Method, "path", r.URL.Path, "panic", v)
				writeError(rec, CodeInternal, "internal error")
			}
			s.log.Debug("request", "method", r.Method, "path", r.URL.Path, "status", rec.status,
				"duration", time.Since(start))
		}()
		h.ServeHTTP(rec, r)
	})
}

// ListenAndServe serves on addr until ctx is cancelled, then shuts down
// gracefully: requests in flight finish (for up to 10 seconds) before it returns.
// ready, if not nil, is called with the bound address once the server listens.
func (s *Server) ListenAndServe(ctx context.Context, addr string, ready func(net.Addr)) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	srv := &http.Server{
		Handler:           s.Handler(),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    64 << 10,
	}
	if ready != nil {
		ready(ln.Addr())
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	s.log.Info("shutting down")
	shutCtx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutCtx); err != nil {
		return err
	}
	if err := <-errc; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
