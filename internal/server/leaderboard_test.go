package server_test

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/gridgames/gridgames/game2048"
	"github.com/gridgames/gridgames/internal/server"
	"github.com/gridgames/gridgames/internal/store"
)

// The fairness rules of issue 17, through the HTTP handlers: which games are
// ranked, which may submit a score and when, help counted across restarts, and
// a Best that is the player's own.

// player is an HTTP client with a cookie jar: one browser.
type player struct {
	t   *testing.T
	srv *httptest.Server
	c   *http.Client
}

func newPlayer(t *testing.T, srv *httptest.Server) *player {
	t.Helper()
	jar, err := cookiejar.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	return &player{t: t, srv: srv, c: &http.Client{Jar: jar}}
}

// on returns the same browser talking to another server at the same address
// (its cookies are kept by host).
func (p *player) on(srv *httptest.Server) *player { return &player{t: p.t, srv: srv, c: p.c} }

// do sends a JSON request and decodes the JSON answer.
func (p *player) do(method, path, token, body string) (int, map[string]any) {
	p.t.Helper()
	req, err := http.NewRequest(method, p.srv.URL+path, strings.NewReader(body))
	if err != nil {
		p.t.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := p.c.Do(req)
	if err != nil {
		p.t.Fatal(err)
	}
	defer res.Body.Close()
	var out map[string]any
	if err := json.NewDecoder(res.Body).Decode(&out); err != nil {
		p.t.Fatalf("%s %s: %d: %v", method, path, res.StatusCode, err)
	}
	return res.StatusCode, out
}

// game is a 2048 game of a player's.
type game struct {
	p         *player
	id, token string
}

func (p *player) create(body string) (*game, map[string]any) {
	p.t.Helper()
	code, out := p.do("POST", "/api/2048/games", "", body)
	if code != http.StatusCreated {
		p.t.Fatalf("create %s: %d %v", body, code, out)
	}
	st := out["state"].(map[string]any)
	return &game{p: p, id: st["id"].(string), token: out["token"].(string)}, st
}

func (g *game) post(what, body string) (int, map[string]any) {
	g.p.t.Helper()
	return g.p.do("POST", "/api/2048/games/"+g.id+"/"+what, g.token, body)
}

func (g *game) state() map[string]any {
	g.p.t.Helper()
	code, out := g.p.do("GET", "/api/2048/games/"+g.id, "", "")
	if code != http.StatusOK {
		g.p.t.Fatalf("get %s: %d %v", g.id, code, out)
	}
	return out["state"].(map[string]any)
}

// play makes n moves (all of them: n < 0) by trying the directions in turn and
// returns the state after the last.
func (g *game) play(n int) map[string]any {
	g.p.t.Helper()
	st := g.state()
	for i := 0; n != 0 && st["over"] != true; i++ {
		if i > 10000 {
			g.p.t.Fatalf("game %s: no end after %d tries", g.id, i)
		}
		dir := []string{"left", "up", "right", "down"}[i%4]
		code, out := g.post("moves", `{"dir":"`+dir+`"}`)
		switch code {
		case http.StatusOK:
			st = out["state"].(map[string]any)
			n--
		case http.StatusConflict: // that direction moves nothing
		default:
			g.p.t.Fatalf("move %s: %d %v", dir, code, out)
		}
	}
	return st
}

func (g *game) submit(name string) (int, map[string]any) {
	g.p.t.Helper()
	return g.post("score", `{"name":"`+name+`"}`)
}

func TestLeaderboardRankedGames(t *testing.T) {
	srv, _ := newTestServer(t)
	p := newPlayer(t, srv)
	for _, tc := range []struct {
		name, body string
		ranked     bool
	}{
		{"the defaults", `{}`, true},
		{"the standard rules spelled out", `{"rows":4,"cols":4,"fourChance":0.1,"winTile":2048}`, true},
		{"another size", `{"rows":3,"cols":5}`, true},
		{"a seed of the client's", `{"seed":"42"}`, false},
		{"a seed and the standard rules", `{"seed":"1","fourChance":0.1,"winTile":2048}`, false},
		{"fours every time", `{"fourChance":1}`, false},
		{"never a four", `{"fourChance":0}`, false},
		{"another win tile", `{"winTile":64}`, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, st := p.create(tc.body)
			if st["ranked"] != tc.ranked {
				t.Fatalf("created ranked %v, want %v", st["ranked"], tc.ranked)
			}
			if got := g.state()["ranked"]; got != tc.ranked {
				t.Fatalf("read back ranked %v, want %v", got, tc.ranked)
			}
		})
	}
}

// TestLeaderboardScoreRules submits games in every state the rules tell apart;
// only the finished (or won, below), ranked, unassisted ones are taken.
func TestLeaderboardScoreRules(t *testing.T) {
	srv, _ := newTestServer(t)
	p := newPlayer(t, srv)
	for _, tc := range []struct {
		name   string
		body   string             // creates the game
		before func(g *game)      // what is done to it
		code   int                // the submission's answer
		says   string             // in the error
		check  func(g *game) bool // optional: the state after
	}{
		{"finished ranked game", `{"rows":2,"cols":2}`, func(g *game) { g.play(-1) }, 200, "", nil},
		{"finished ranked game with an undo", `{"rows":2,"cols":3}`, func(g *game) {
			g.play(3)
			if code, out := g.post("undo", ""); code != 200 {
				t.Fatalf("undo: %d %v", code, out)
			}
			g.play(-1)
		}, 409, "undo ends the ranking", nil},
		{"no moves", `{"rows":2,"cols":2}`, func(g *game) {}, 409, "no moves", nil},
		{"mid-game", `{}`, func(g *game) { g.play(3) }, 409, "still going", nil},
		{"a seed of the client's", `{"rows":2,"cols":2,"seed":"7"}`, func(g *game) { g.play(-1) }, 409, "seed was chosen by the client", nil},
		{"fours every time", `{"rows":2,"cols":2,"fourChance":1}`, func(g *game) { g.play(-1) }, 409, "standard rules", nil},
		{"another win tile", `{"rows":2,"cols":2,"winTile":8}`, func(g *game) { g.play(-1) }, 409, "standard rules", nil},
		{"a hint", `{"rows":2,"cols":2}`, func(g *game) {
			g.play(1)
			if code, out := g.post("hint", ""); code != 200 {
				t.Fatalf("hint: %d %v", code, out)
			}
			g.play(-1)
		}, 409, "1 hints, 0 auto-play moves", nil},
		{"an auto-play move", `{"rows":2,"cols":2}`, func(g *game) {
			if code, out := g.post("auto", ""); code != 200 {
				t.Fatalf("auto: %d %v", code, out)
			}
			g.play(-1)
		}, 409, "0 hints, 1 auto-play moves", nil},
		{"an auto-play move, undone", `{"rows":2,"cols":2}`, func(g *game) {
			if code, out := g.post("auto", ""); code != 200 {
				t.Fatalf("auto: %d %v", code, out)
			}
			if code, out := g.post("undo", ""); code != 200 {
				t.Fatalf("undo: %d %v", code, out)
			}
			g.play(-1)
		}, 409, "undo ends the ranking", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, _ := p.create(tc.body)
			tc.before(g)
			st := g.state()
			if st["canSubmit"] != (tc.code == 200) {
				t.Errorf("canSubmit %v before a submission answered %d", st["canSubmit"], tc.code)
			}
			start := time.Now()
			code, out := g.submit("ann")
			if code != tc.code {
				t.Fatalf("submit: %d %v, want %d", code, out, tc.code)
			}
			if code != 200 {
				if msg, _ := out["error"].(string); !strings.Contains(msg, tc.says) {
					t.Fatalf("error %q, want it to say %q", msg, tc.says)
				}
				return
			}
			acc := out["accepted"].(map[string]any)
			created, err := time.Parse(time.RFC3339Nano, acc["created"].(string))
			const slack = 2 * time.Second
			if err != nil || created.Before(start.Add(-slack)) || created.After(time.Now().Add(slack)) {
				t.Errorf("created %v (%v): want the time stored, from %v to now", acc["created"], err, start)
			}
			if acc["gameId"] != g.id || acc["score"] != st["score"] || acc["name"] != "ann" {
				t.Errorf("accepted %v for a game with score %v", acc, st["score"])
			}
			rules := st["rules"].(map[string]any)
			_, top := p.do("GET", fmt.Sprintf("/api/2048/leaderboard?rows=%v&cols=%v", rules["rows"], rules["cols"]), "", "")
			found := false
			for _, e := range top["scores"].([]any) {
				e := e.(map[string]any)
				found = found || e["gameId"] == g.id && e["created"] == acc["created"]
			}
			if !found {
				t.Errorf("leaderboard %v lacks the entry %v", top, acc)
			}
		})
	}
	// Of all those 2x2 games, the one accepted is the only entry.
	_, top := p.do("GET", "/api/2048/leaderboard?rows=2&cols=2", "", "")
	if n := len(top["scores"].([]any)); n != 1 {
		t.Errorf("2x2 leaderboard has %d entries, want 1: %v", n, top)
	}
}

// wonGame plays a ranked 6x6 game with the library until it makes 2048 (trying
// the directions in turn, as play does) and stores it as the server would have,
// for player; it returns the game and its moves.
func wonGame(t *testing.T, st store.Store, id, token, player string) *game2048.Game {
	t.Helper()
	ctx := context.Background()
	g, err := game2048.NewGame(game2048.WithSize(6, 6), game2048.WithSeed(1))
	if err != nil {
		t.Fatal(err)
	}
	params := rankedParams(t, g.Rules(), 1)
	h := sha256.Sum256([]byte(token))
	if err := st.CreateGame(ctx, store.Game{ID: id, Kind: "2048", TokenHash: h[:], Params: params, Player: player, Ranked: true}); err != nil {
		t.Fatal(err)
	}
	for i := 0; !g.Won(); i++ {
		if g.Over() || i > 20000 {
			t.Fatalf("the game ended (or went on for %d tries) before 2048", i)
		}
		d := game2048.Directions[i%4]
		if res, err := g.Move(d); err == nil && res.Moved {
			if err := st.AppendAction(ctx, id, g.MoveCount()-1, string(d.Letter()), store.Summary{Score: g.Score()}); err != nil {
				t.Fatal(err)
			}
		}
	}
	return g
}

// A won game may submit while it plays on; the submission reveals its seed, so
// the entry stays as submitted: a later submission is refused, and help later
// leaves the entry alone.
func TestLeaderboardWonGamePlaysOn(t *testing.T) {
	st := openStore(t)
	srv := serve(t, st, server.Options{})
	p := newPlayer(t, srv)
	lib := wonGame(t, st, "won-game", "secret", "")
	g := &game{p: p, id: "won-game", token: "secret"}
	s := g.state()
	if s["won"] != true || s["over"] == true || s["ranked"] != true || s["canSubmit"] != true {
		t.Fatalf("stored won game reads as %v", s)
	}
	code, out := g.submit("winner")
	if code != 200 || out["accepted"].(map[string]any)["score"] != float64(lib.Score()) ||
		out["accepted"].(map[string]any)["maxTile"] != 2048.0 {
		t.Fatalf("submit at the win: %d %v, want score %d", code, out, lib.Score())
	}
	first := out["accepted"].(map[string]any)["score"].(float64)
	later := g.play(20)
	if later["score"].(float64) <= first {
		t.Fatalf("score %v after 20 more moves, not above %v", later["score"], first)
	}
	if code, out := g.submit("winner"); code != 409 || !strings.Contains(out["error"].(string), "submitted already") {
		t.Fatalf("submit later: %d %v", code, out)
	}
	if code, out := g.post("auto", ""); code != 200 {
		t.Fatalf("auto: %d %v", code, out)
	}
	_, top := p.do("GET", "/api/2048/leaderboard?rows=6&cols=6", "", "")
	if scores := top["scores"].([]any); len(scores) != 1 || scores[0].(map[string]any)["score"] != first {
		t.Fatalf("leaderboard %v: want the one entry with score %v", scores, first)
	}
}

// Hints and auto-play moves are stored actions: another server on the same
// database (a restart, or another instance) counts them the same and refuses
// the game.
func TestLeaderboardHelpSurvivesRestart(t *testing.T) {
	for _, be := range sharedBackends {
		t.Run(be.name, func(t *testing.T) {
			open := be.newDB(t)
			var srvs [2]*httptest.Server
			for i := range srvs {
				st, err := open()
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { st.Close() })
				srvs[i] = serve(t, st, server.Options{})
			}
			p := newPlayer(t, srvs[0])
			g, _ := p.create(`{"rows":3,"cols":3}`)
			g.play(2)
			for _, what := range []string{"hint", "hint", "auto"} {
				if code, out := g.post(what, ""); code != 200 {
					t.Fatalf("%s: %d %v", what, code, out)
				}
			}
			g.play(1)
			for i, srv := range srvs {
				s := (&game{p: p.on(srv), id: g.id, token: g.token}).state()
				if s["hints"] != 2.0 || s["autoMoves"] != 1.0 || s["assisted"] != true || s["ranked"] != true {
					t.Fatalf("server %d counts hints %v, auto moves %v, assisted %v, ranked %v; want 2, 1, true, true",
						i, s["hints"], s["autoMoves"], s["assisted"], s["ranked"])
				}
			}
			g2 := &game{p: p.on(srvs[1]), id: g.id, token: g.token}
			g2.play(-1)
			if code, out := g2.submit("ann"); code != 409 || !strings.Contains(out["error"].(string), "2 hints, 1 auto-play moves") {
				t.Fatalf("submit on the other server: %d %v", code, out)
			}
		})
	}
}

// Best is the player's own: a new browser starts at 0 whatever others scored,
// and a player's best follows them to their next game.
func TestLeaderboardBestIsOwn(t *testing.T) {
	srv, _ := newTestServer(t)
	ann := newPlayer(t, srv)
	g, _ := ann.create(`{"rows":3,"cols":3}`)
	annBest := g.play(-1)["score"].(float64)
	if annBest == 0 {
		t.Fatal("a finished game with score 0")
	}
	// A client without a cookie jar is a new player at every game.
	if _, _, st := create(t, srv, "2048", `{"rows":3,"cols":3}`); st["best"] != 0.0 {
		t.Errorf("a client without cookies: best %v, want 0", st["best"])
	}
	for _, tc := range []struct {
		name string
		who  *player
		body string
		want float64
	}{
		{"the same player", ann, `{"rows":3,"cols":3}`, annBest},
		{"the same player, a practice game", ann, `{"rows":3,"cols":3,"seed":"3"}`, annBest},
		{"the same player, another size", ann, `{"rows":4,"cols":3}`, 0},
		{"a new browser", newPlayer(t, srv), `{"rows":3,"cols":3}`, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, st := tc.who.create(tc.body)
			if st["best"] != tc.want {
				t.Fatalf("best %v, want %v", st["best"], tc.want)
			}
		})
	}
	t.Run("a cookie the server did not make", func(t *testing.T) {
		req, _ := http.NewRequest("POST", srv.URL+"/api/2048/games", strings.NewReader(`{"rows":3,"cols":3}`))
		req.Header.Set("Cookie", "gridgames_player=not-an-id")
		res, err := srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		var got *http.Cookie
		for _, c := range res.Cookies() {
			if c.Name == "gridgames_player" {
				got = c
			}
		}
		if got == nil || got.Value == "not-an-id" || len(got.Value) != 22 || !got.HttpOnly || got.MaxAge <= 0 {
			t.Fatalf("cookie %+v: want a new player id, HttpOnly, lasting", got)
		}
	})
}

// A cookieless client's create answers with the player cookie.
func TestLeaderboardSetsPlayerCookie(t *testing.T) {
	srv, _ := newTestServer(t)
	res, err := srv.Client().Post(srv.URL+"/api/2048/games", "application/json", strings.NewReader(`{}`))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	for _, c := range res.Cookies() {
		if c.Name == "gridgames_player" && c.Path == "/" && c.SameSite == http.SameSiteLaxMode {
			return
		}
	}
	t.Fatalf("cookies %v: no gridgames_player for /", res.Cookies())
}

// Games stored before players, ranks and help counts still load and play on:
// practice games, showing their own score as Best, off the leaderboard.
func TestLeaderboardOldGames(t *testing.T) {
	st := openStore(t)
	srv := serve(t, st, server.Options{})
	// Another game raised the board's best, as an old server kept it.
	if err := st.RaiseBest(context.Background(), "2048:2x2", 99999); err != nil {
		t.Fatal(err)
	}
	for i, params := range []string{
		`{"rules":{"rows":2,"cols":2,"fourChance":0.1,"winTile":2048,"startTiles":2},"seed":5}`,
		`{"rules":{"rows":2,"cols":2,"fourChance":0.1,"winTile":2048,"startTiles":2},"seed":6,"moves":""}`,
	} {
		t.Run(fmt.Sprint("params ", i), func(t *testing.T) {
			lib, err := game2048.NewGame(game2048.WithSize(2, 2), game2048.WithSeed(uint64(5+i)))
			if err != nil {
				t.Fatal(err)
			}
			var actions []string
			for j := 0; len(actions) < 2 && j < 8; j++ {
				d := game2048.Directions[j%4]
				if res, err := lib.Move(d); err == nil && res.Moved {
					actions = append(actions, string(d.Letter()))
				}
			}
			id := fmt.Sprintf("old-%d", i)
			storeOld(t, st, id, "2048", "secret", params, actions)
			g := &game{p: newPlayer(t, srv), id: id, token: "secret"}
			s := g.state()
			if s["ranked"] != false || s["hints"] != 0.0 || s["score"] != float64(lib.Score()) || s["best"] != s["score"] {
				t.Fatalf("old game reads as %v; want practice, score %d and best its own", s, lib.Score())
			}
			end := g.play(-1)
			if end["best"] != end["score"] {
				t.Errorf("best %v at the end, want the game's own score %v", end["best"], end["score"])
			}
			if code, out := g.submit("old"); code != 409 || !strings.Contains(out["error"].(string), "practice") {
				t.Fatalf("submit an old game: %d %v", code, out)
			}
		})
	}
}
