package server_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/gridgames/gridgames/game2048"
	"github.com/gridgames/gridgames/game2048/session"
	"github.com/gridgames/gridgames/internal/server"
	"github.com/gridgames/gridgames/internal/store"
)

// The fairness rules of issue 34 through the HTTP handlers: a ranked game's
// seed kept secret behind a commitment and revealed at the end, help counted
// only with the token, undo ending the ranking, stale tabs refused, and bad
// names and ids refused before any store sees them.

// TestFairSeedSealed: a ranked game shows its commitment from the start and
// its seed and salt only once it is over; its record then verifies against the
// commitment seen at the start. A practice game shows its seed at once.
func TestFairSeedSealed(t *testing.T) {
	srv, _ := newTestServer(t)
	p := newPlayer(t, srv)
	g, created := p.create(`{"rows":2,"cols":2}`)
	commitment, _ := created["commitment"].(string)
	if len(commitment) != 64 || created["ranked"] != true {
		t.Fatalf("created %v: want a ranked game with a 64-digit commitment", created)
	}
	for what, st := range map[string]map[string]any{"the create reply": created, "an anonymous GET": g.state()} {
		if _, ok := st["seed"]; ok {
			t.Fatalf("%s shows the seed of a ranked game in play: %v", what, st["seed"])
		}
		if _, ok := st["salt"]; ok {
			t.Fatalf("%s shows the salt of a ranked game in play", what)
		}
	}
	if code, out := p.do("GET", "/api/2048/games/"+g.id+"/record", "", ""); code != http.StatusConflict ||
		!strings.Contains(out["error"].(string), commitment) {
		t.Fatalf("record of a game in play: %d %v; want 409 naming the commitment", code, out)
	}
	end := g.play(-1)
	seed, _ := end["seed"].(string)
	salt, _ := end["salt"].(string)
	sum := sha256.Sum256([]byte("gridgames-2048:" + salt + ":" + seed))
	if seed == "" || len(salt) != 32 || hex.EncodeToString(sum[:]) != commitment || end["commitment"] != commitment {
		t.Fatalf("over: seed %q, salt %q, commitment %v; want them to hash to %s", seed, salt, end["commitment"], commitment)
	}
	res, err := p.c.Get(srv.URL + "/api/2048/games/" + g.id + "/record")
	if err != nil {
		t.Fatal(err)
	}
	data, _ := io.ReadAll(res.Body)
	res.Body.Close()
	rec, err := session.ParseRecord(data)
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("record: %d %s: %v", res.StatusCode, data, err)
	}
	s, err := session.Verify(rec)
	if err != nil || rec.Commitment != commitment || s.Game().Score() != int64(end["score"].(float64)) {
		t.Fatalf("record %s: %v", data, err)
	}
	// A practice game's seed is its client's: shown from the start.
	_, practice := p.create(`{"rows":2,"cols":2,"seed":"42"}`)
	if practice["seed"] != "42" || len(practice["commitment"].(string)) != 64 {
		t.Fatalf("practice game %v: want its seed 42 and a commitment", practice)
	}
}

// TestFairHintNeedsToken: a hint without the token is answered but changes
// nothing; with the token it is counted.
func TestFairHintNeedsToken(t *testing.T) {
	srv, _ := newTestServer(t)
	p := newPlayer(t, srv)
	g, _ := p.create(`{"rows":3,"cols":3}`)
	g.play(2)
	var replies []map[string]any
	for range 2 {
		code, out := p.do("POST", "/api/2048/games/"+g.id+"/hint", "", "")
		if code != 200 || out["best"] == "" {
			t.Fatalf("anonymous hint: %d %v", code, out)
		}
		replies = append(replies, out)
	}
	if st := g.state(); st["hints"] != 0.0 || st["assisted"] != false || st["canSubmit"] != false {
		t.Fatalf("after anonymous hints: hints %v, assisted %v; want 0, false", st["hints"], st["assisted"])
	}
	if st := g.state(); st["seq"] != 2.0 {
		t.Fatalf("after anonymous hints: seq %v, want 2 (the two moves)", st["seq"])
	}
	for _, out := range replies {
		if out["counted"] != false {
			t.Fatalf("anonymous hint %v: want counted false", out)
		}
	}
	if code, out := p.do("POST", "/api/2048/games/"+g.id+"/hint", "not-the-token", ""); code != http.StatusForbidden {
		t.Fatalf("hint with a wrong token: %d %v", code, out)
	}
	if code, out := g.post("hint", ""); code != 200 || out["counted"] != true {
		t.Fatalf("hint with the token: %d %v", code, out)
	}
	if st := g.state(); st["hints"] != 1.0 || st["assisted"] != true || st["seq"] != 3.0 {
		t.Fatalf("after a hint with the token: hints %v, assisted %v, seq %v", st["hints"], st["assisted"], st["seq"])
	}
	if code, out := p.do("POST", "/api/2048/games/"+g.id+"/auto", "", ""); code != http.StatusForbidden {
		t.Fatalf("auto without the token: %d %v", code, out)
	}
}

// TestFairUndoEndsRanking: the first undo turns a ranked game into practice for
// good, on this server and on one that replays the stored game.
func TestFairUndoEndsRanking(t *testing.T) {
	st := openStore(t)
	srv := serve(t, st, server.Options{})
	p := newPlayer(t, srv)
	g, _ := p.create(`{"rows":2,"cols":3}`)
	g.play(3)
	code, out := g.post("undo", "")
	if code != 200 {
		t.Fatalf("undo: %d %v", code, out)
	}
	s := out["state"].(map[string]any)
	if s["ranked"] != false || s["practiceReason"] != "undo" || s["undos"] != 1.0 {
		t.Fatalf("after an undo: %v; want ranked false, practiceReason undo", s)
	}
	g.play(-1)
	if code, out := g.submit("ann"); code != http.StatusConflict || !strings.Contains(out["error"].(string), "undo") {
		t.Fatalf("submit after an undo: %d %v", code, out)
	}
	other := &game{p: p.on(serve(t, st, server.Options{})), id: g.id, token: g.token}
	if s := other.state(); s["ranked"] != false || s["practiceReason"] != "undo" {
		t.Fatalf("replayed on another server: ranked %v, practiceReason %v", s["ranked"], s["practiceReason"])
	}
}

// TestFairStaleSeq: a request naming another action count than the stored one
// is refused with 409 and stores nothing; without seq it is taken.
func TestFairStaleSeq(t *testing.T) {
	st := openStore(t)
	srv := serve(t, st, server.Options{})
	p := newPlayer(t, srv)
	g, created := p.create(`{"rows":4,"cols":4,"seed":"5"}`)
	if created["seq"] != 0.0 {
		t.Fatalf("created with seq %v, want 0", created["seq"])
	}
	legal := func() []string {
		var ds []string
		for _, d := range g.state()["legal"].([]any) {
			ds = append(ds, d.(string))
		}
		return ds
	}
	move := func(seq string) (int, map[string]any) {
		return g.post("moves", `{"dir":"`+legal()[0]+`"`+seq+`}`)
	}
	for i, tc := range []struct {
		name, what, seq string
		code            int
		seqAfter        float64
	}{
		{"a move at the right seq", "moves", `,"seq":0`, 200, 1},
		{"a move a tab behind", "moves", `,"seq":0`, 409, 1},
		{"a move ahead", "moves", `,"seq":7`, 409, 1},
		{"a move without seq", "moves", ``, 200, 2},
		{"an undo a tab behind", "undo", `{"seq":1}`, 409, 2},
		{"an undo at the right seq", "undo", `{"seq":2}`, 200, 3},
		{"an auto move a tab behind", "auto", `{"seq":2}`, 409, 3},
		{"an auto move at the right seq", "auto", `{"seq":3}`, 200, 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var code int
			var out map[string]any
			if tc.what == "moves" {
				code, out = move(tc.seq)
			} else {
				code, out = g.post(tc.what, tc.seq)
			}
			if code != tc.code {
				t.Fatalf("step %d: %d %v, want %d", i, code, out, tc.code)
			}
			if code == 409 && !strings.Contains(out["error"].(string), "moved on") {
				t.Fatalf("409 %q: want it to say the game moved on", out["error"])
			}
			if s := g.state(); s["seq"] != tc.seqAfter {
				t.Fatalf("seq %v after, want %v", s["seq"], tc.seqAfter)
			}
			stored, err := st.Game(context.Background(), g.id)
			if err != nil || float64(len(stored.Actions)) != tc.seqAfter {
				t.Fatalf("%d actions stored (%v), want %v", len(stored.Actions), err, tc.seqAfter)
			}
		})
	}
	if code, out := g.post("moves", `{"dir":"left","seq":"one"}`); code != http.StatusBadRequest {
		t.Fatalf("a seq that is no number: %d %v", code, out)
	}
}

// TestFairLegal: state.legal names exactly the directions that move.
func TestFairLegal(t *testing.T) {
	srv, _ := newTestServer(t)
	p := newPlayer(t, srv)
	g, _ := p.create(`{"rows":2,"cols":2,"seed":"3"}`)
	for !g.p.t.Failed() {
		st := g.state()
		var legal []string
		for _, d := range st["legal"].([]any) {
			legal = append(legal, d.(string))
		}
		for _, dir := range []string{"left", "right", "up", "down"} {
			want := slices.Contains(legal, dir)
			code, out := g.post("moves", `{"dir":"`+dir+`","seq":`+fmt.Sprint(st["seq"])+`}`)
			if (code == 200) != want {
				t.Fatalf("legal %v, but %s answers %d %v", legal, dir, code, out)
			}
			if code == 200 {
				break
			}
		}
		if st["over"] == true {
			if len(legal) != 0 {
				t.Fatalf("legal %v once over", legal)
			}
			return
		}
	}
}

// failingBest is a store whose best scores cannot be read.
type failingBest struct{ store.Store }

func (failingBest) Best(context.Context, string) (int64, error) {
	return 0, errors.New("best scores unreadable")
}

// TestFairCommittedMoveAnswered: once a move is stored, a failed read of the
// best score does not turn the reply into an error (a client that retried would
// play twice): the reply goes without best. The move is made on a second server
// sharing the database, whose best scores cannot be read (its cache is empty,
// so it reads them from the store); a game created there is answered the same.
func TestFairCommittedMoveAnswered(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games.db")
	open := func() store.Store {
		st, err := store.Open(context.Background(), path)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		return st
	}
	st := open()
	p := newPlayer(t, serve(t, st, server.Options{}))
	g, _ := p.create(`{"rows":4,"cols":4,"seed":"9"}`)
	broken := &game{p: p.on(serve(t, failingBest{open()}, server.Options{})), id: g.id, token: g.token}
	code, out := http.StatusConflict, map[string]any{}
	for _, dir := range []string{"left", "right", "up", "down"} { // the first that moves
		if code, out = broken.post("moves", `{"dir":"`+dir+`"}`); code != http.StatusConflict {
			break
		}
	}
	if code != 200 || out["state"].(map[string]any)["moves"] != 1.0 {
		t.Fatalf("move: %d %v; want it answered as accepted", code, out)
	}
	if _, ok := out["state"].(map[string]any)["best"]; ok {
		t.Fatalf("move answered with best %v though the store cannot read it", out["state"].(map[string]any)["best"])
	}
	stored, err := st.Game(context.Background(), g.id)
	if err != nil || len(stored.Actions) != 1 {
		t.Fatalf("stored %v, %v", stored.Actions, err)
	}
	code, out = broken.p.do("POST", "/api/2048/games", "", `{"rows":3,"cols":3}`)
	if code != http.StatusCreated {
		t.Fatalf("create: %d %v; want it answered as created", code, out)
	}
}

// TestFairSubmitOnce: a won game submitted reveals its seed, and may not be
// submitted again (its player knows the seed now).
func TestFairSubmitOnce(t *testing.T) {
	st := openStore(t)
	srv := serve(t, st, server.Options{})
	p := newPlayer(t, srv)
	wonGame(t, st, "won-game", "secret", "")
	g := &game{p: p, id: "won-game", token: "secret"}
	if s := g.state(); s["canSubmit"] != true || s["seed"] != nil {
		t.Fatalf("won game in play: canSubmit %v, seed %v", s["canSubmit"], s["seed"])
	}
	code, out := g.submit("winner")
	if code != 200 {
		t.Fatalf("submit: %d %v", code, out)
	}
	if s := out["state"].(map[string]any); s["seed"] != "1" || s["submitted"] != true || s["canSubmit"] != false {
		t.Fatalf("state after the submission: %v; want seed 1 revealed", s)
	}
	g.play(5)
	if code, out := g.submit("winner"); code != http.StatusConflict || !strings.Contains(out["error"].(string), "submitted already") {
		t.Fatalf("a second submission: %d %v", code, out)
	}
}

// logCatcher keeps the server's log lines of level ERROR.
type logCatcher struct {
	mu    sync.Mutex
	lines []string
}

func (c *logCatcher) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, l := range bytes.Split(p, []byte("\n")) {
		if bytes.Contains(l, []byte("level=ERROR")) {
			c.lines = append(c.lines, string(l))
		}
	}
	return len(p), nil
}

// TestFairBadNamesAndIDs: names and ids no game could have are refused with 400,
// the same on SQLite and PostgreSQL, before the store sees them (no ERROR in
// the log).
func TestFairBadNamesAndIDs(t *testing.T) {
	for _, be := range sharedBackends {
		t.Run(be.name, func(t *testing.T) {
			open := be.newDB(t)
			st, err := open()
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { st.Close() })
			logs := &logCatcher{}
			srv := serve(t, st, server.Options{Logger: slog.New(slog.NewTextHandler(logs, nil))})
			p := newPlayer(t, srv)
			g, _ := p.create(`{"rows":2,"cols":2}`)
			g.play(-1)
			for _, tc := range []struct {
				name, method, path, token, body, says string
			}{
				{"a NUL in a 2048 id", "GET", "/api/2048/games/ab%00cd", "", "", "not a game id"},
				{"invalid UTF-8 in a 2048 id", "GET", "/api/2048/games/ab%FFcd", "", "", "not a game id"},
				{"a NUL in an id, moving", "POST", "/api/2048/games/%00/moves", "x", `{"dir":"left"}`, "not a game id"},
				{"a space in an id", "GET", "/api/2048/games/a%20b", "", "", "not a game id"},
				{"a long id", "GET", "/api/2048/games/" + strings.Repeat("a", 65), "", "", "not a game id"},
				{"a NUL in an Othello id", "GET", "/api/othello/games/ab%00cd", "", "", "not a game id"},
				{"invalid UTF-8 in an Othello id", "POST", "/api/othello/games/%C3%28/undo", "x", "", "not a game id"},
				{"a NUL in a name", "POST", "/api/2048/games/" + g.id + "/score", g.token, `{"name":"ann\u0000"}`, "U+0000"},
				{"invalid UTF-8 in a name", "POST", "/api/2048/games/" + g.id + "/score", g.token, "{\"name\":\"ann\xff\"}", "UTF-8"},
				{"a newline in a name", "POST", "/api/2048/games/" + g.id + "/score", g.token, `{"name":"ann\nbob"}`, "U+000A"},
				{"a right-to-left override", "POST", "/api/2048/games/" + g.id + "/score", g.token, `{"name":"ann\u202e"}`, "U+202E"},
				{"a zero-width space", "POST", "/api/2048/games/" + g.id + "/score", g.token, `{"name":"a\u200bnn"}`, "U+200B"},
				{"a name too long", "POST", "/api/2048/games/" + g.id + "/score", g.token, `{"name":"` + strings.Repeat("n", 25) + `"}`, "1 to 24"},
			} {
				t.Run(tc.name, func(t *testing.T) {
					code, out := p.do(tc.method, tc.path, tc.token, tc.body)
					if code != http.StatusBadRequest || !strings.Contains(fmt.Sprint(out["error"]), tc.says) {
						t.Fatalf("%s %s: %d %v; want 400 saying %q", tc.method, tc.path, code, out, tc.says)
					}
				})
			}
			if len(logs.lines) > 0 {
				t.Fatalf("errors logged: %q", logs.lines)
			}
			// A good name still goes on the board, trimmed.
			code, out := g.submit("  ann  ")
			if code != 200 || out["accepted"].(map[string]any)["name"] != "ann" {
				t.Fatalf("submit a good name: %d %v", code, out)
			}
		})
	}
}

// rankedParams is what the server stores as the params of a ranked game (a
// session.Config), for tests that build stored games by hand.
func rankedParams(t *testing.T, rules game2048.Rules, seed uint64) []byte {
	t.Helper()
	params, err := json.Marshal(session.Config{Rules: rules, Seed: seed, Salt: strings.Repeat("5a", 16), Drawn: true})
	if err != nil {
		t.Fatal(err)
	}
	return params
}
