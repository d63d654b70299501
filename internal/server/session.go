package server

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"

	"github.com/gridgames/gridgames/internal/store"
)

// liveGame is a game held in memory: the live game plus what is needed to check
// tokens and append actions in sequence. Its mutex serialises everything done to
// the game, so actions are applied and stored in one order.
type liveGame struct {
	mu        sync.Mutex
	id        string
	kind      string
	tokenHash []byte
	seq       int // actions stored
	game      actor
	// dead marks a session whose live game may differ from the store (a commit
	// failed); whoever finds it dead reloads the game.
	dead bool
}

// actor is a game the server can replay actions on.
type actor interface {
	// apply performs one stored action; replaying all actions rebuilds the game.
	apply(action string) error
	// summary is what the store keeps beside the actions.
	summary() store.Summary
}

// owned is an actor that keeps, beside its params, who created it and whether it
// is ranked (store.Game's Player and Ranked).
type owned interface {
	owner() (player string, ranked bool)
	setOwner(player string, ranked bool)
}

func newID(n int) string {
	b := make([]byte, n)
	rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

func hashToken(token string) []byte {
	h := sha256.Sum256([]byte(token))
	return h[:]
}

// create stores a new game and caches its session; it returns the player token.
func (s *Server) create(ctx context.Context, kind string, params []byte, g actor) (*liveGame, string, error) {
	token := newID(24)
	sess := &liveGame{id: newID(16), kind: kind, tokenHash: hashToken(token), game: g}
	sg := store.Game{ID: sess.id, Kind: kind, TokenHash: sess.tokenHash, Params: params}
	if o, ok := g.(owned); ok {
		sg.Player, sg.Ranked = o.owner()
	}
	if err := s.store.CreateGame(ctx, sg); err != nil {
		return nil, "", err
	}
	s.cache(sess)
	return sess, token, nil
}

// cache keeps sess in memory (Options.MaxSessions bounds them: the least
// recently used are forgotten, and reload from the store when next used).
func (s *Server) cache(sess *liveGame) { s.sessions.Add(sess.id, sess) }

// drop marks sess dead, for whoever holds it to reload the game as stored, and
// forgets it (unless another session for the game replaced it already: should
// one do so between the look and the removal, it is reloaded once more).
func (s *Server) drop(sess *liveGame) {
	sess.dead = true
	if cur, ok := s.sessions.Peek(sess.id); ok && cur == sess {
		s.sessions.Remove(sess.id)
	}
}

// answerCreated stores a new game made from params (JSON) and answers 201 with its
// player token and its state.
func (s *Server) answerCreated(w http.ResponseWriter, r *http.Request, kind string, params []byte, g actor,
	state func(*liveGame) (any, error)) {
	sess, token, err := s.create(r.Context(), kind, params, g)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	sess.mu.Lock()
	defer sess.mu.Unlock()
	st, err := state(sess)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, map[string]any{"token": token, "state": st})
}

// load returns the game id of the given kind, from memory or rebuilt from the store,
// locked and up to date with the store; the caller unlocks it.
func (s *Server) load(ctx context.Context, kind, id string, rebuild func(params []byte) (actor, error)) (*liveGame, error) {
	if err := checkGameID(id); err != nil {
		return nil, err
	}
	for {
		sess, err := s.loadOnce(ctx, kind, id, rebuild)
		if err != nil || !sess.dead {
			return sess, err
		}
		sess.mu.Unlock()
	}
}

func (s *Server) loadOnce(ctx context.Context, kind, id string, rebuild func(params []byte) (actor, error)) (*liveGame, error) {
	sess, _ := s.sessions.Get(id)
	fresh := false // rebuilt from the store just now
	if sess == nil {
		g, err := s.store.Game(ctx, id)
		if errors.Is(err, store.ErrNotFound) {
			return nil, errorf(CodeNotFound, "no game with id %q", id)
		}
		if err != nil {
			return nil, err
		}
		if g.Kind != kind {
			return nil, errorf(CodeNotFound, "no %s game with id %q", kind, id)
		}
		a, err := rebuild(g.Params)
		if err != nil {
			return nil, err
		}
		if o, ok := a.(owned); ok {
			o.setOwner(g.Player, g.Ranked)
		}
		for i, act := range g.Actions {
			if err := a.apply(act); err != nil {
				return nil, fmt.Errorf("game %s: replaying stored action %d: %w", id, i+1, err)
			}
		}
		sess = &liveGame{id: id, kind: kind, tokenHash: g.TokenHash, seq: len(g.Actions), game: a}
		if cached, loaded, _ := s.sessions.PeekOrAdd(id, sess); loaded {
			sess = cached // another request loaded it first
		} else {
			fresh = true
		}
	}
	if sess.kind != kind {
		return nil, errorf(CodeNotFound, "no %s game with id %q", kind, id)
	}
	sess.mu.Lock()
	if !sess.dead && !fresh {
		if err := s.catchUp(ctx, sess); err != nil {
			sess.mu.Unlock()
			return nil, err
		}
	}
	return sess, nil
}

// catchUp brings a cached game up to date with the store, which other server
// instances sharing the database may have moved on: one small query per request
// (the stored action count, with the actions past the cached ones when there are
// any), whose new actions are applied to the live game. A game that cannot catch
// up that way is dropped, for load to rebuild it as stored.
func (s *Server) catchUp(ctx context.Context, sess *liveGame) error {
	n, actions, err := s.store.ActionsFrom(ctx, sess.id, sess.seq)
	if errors.Is(err, store.ErrNotFound) {
		s.drop(sess)
		return errorf(CodeNotFound, "no %s game with id %q", sess.kind, sess.id)
	}
	if err != nil {
		return err
	}
	if n < sess.seq || len(actions) != n-sess.seq {
		s.drop(sess) // not the game cached: rebuild it
		return nil
	}
	for _, a := range actions {
		if err := sess.game.apply(a); err != nil {
			s.drop(sess) // the rebuild reports the stored action that fails
			return nil
		}
		sess.seq++
	}
	return nil
}

// authorize checks the request's bearer token against the session's.
func authorize(r *http.Request, sess *liveGame) error {
	auth := r.Header.Get("Authorization")
	token, ok := strings.CutPrefix(auth, "Bearer ")
	if !ok || token == "" {
		return errorf(CodeForbidden, "this game needs its player token (Authorization: Bearer TOKEN)")
	}
	if subtle.ConstantTimeCompare(hashToken(token), sess.tokenHash) != 1 {
		return errorf(CodeForbidden, "wrong player token for game %s", sess.id)
	}
	return nil
}

// commit stores action, which the caller has already applied to the live game.
// On failure the session is dropped from memory so the next request reloads the
// game as stored, and the action counts as not made. When another writer (another
// server instance) stored an action first, the error is a *staleError: withGame
// runs the request again on the game reloaded.
func (s *Server) commit(ctx context.Context, sess *liveGame, action string) error {
	err := s.store.AppendAction(ctx, sess.id, sess.seq, action, sess.game.summary())
	if err != nil {
		s.drop(sess)
		if errors.Is(err, store.ErrConflict) {
			return &staleError{errorf(CodeStale, "game %s was changed elsewhere; reload it", sess.id)}
		}
		return err
	}
	sess.seq++
	s.storeUp()
	return nil
}

// staleError is commit's answer when the game had moved on in the store: a 409
// if the request, run again on the game as stored, still finds it moved on.
type staleError struct{ err *apiError }

func (e *staleError) Error() string { return e.err.Error() }
func (e *staleError) Unwrap() error { return e.err }

// maxAttempts bounds how many times withGame runs a request whose commit found the
// game moved on by another writer.
const maxAttempts = 4

// withGame loads the game of the given kind named in the path, checks the player
// token when write is set, runs f on the game locked and answers f's result as
// JSON (or its error with its status). When f's commit finds that another server
// instance moved the game on first, f runs again on the game reloaded (up to
// maxAttempts times), so a player switching instances loses no move.
func withGame[A actor](s *Server, w http.ResponseWriter, r *http.Request, kind string,
	rebuild func([]byte) (actor, error), write bool, f func(sess *liveGame, a A) (any, error)) {
	for attempt := 1; ; attempt++ {
		if !runGame(s, w, r, kind, rebuild, write, f, attempt < maxAttempts) {
			return
		}
		s.log.Debug("game moved on elsewhere: running the request again", "method", r.Method, "path", r.URL.Path,
			"attempt", attempt+1)
	}
}

// runGame is one attempt of withGame: it answers the request and returns false,
// or, when retry is set and f's commit was stale, answers nothing and returns
// true.
func runGame[A actor](s *Server, w http.ResponseWriter, r *http.Request, kind string,
	rebuild func([]byte) (actor, error), write bool, f func(sess *liveGame, a A) (any, error), retry bool) bool {
	sess, err := s.load(r.Context(), kind, r.PathValue("id"), rebuild)
	if err != nil {
		s.fail(w, r, err)
		return false
	}
	defer sess.mu.Unlock()
	if write {
		if err := authorize(r, sess); err != nil {
			s.fail(w, r, err)
			return false
		}
	}
	out, err := f(sess, sess.game.(A))
	var stale *staleError
	if retry && errors.As(err, &stale) {
		return true
	}
	if err != nil {
		s.fail(w, r, err)
		return false
	}
	writeJSON(w, http.StatusOK, out)
	return false
}
