package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/gridgames/gridgames/internal/server"
	"github.com/gridgames/gridgames/internal/store"
)

// call sends a JSON request and decodes the JSON answer into a map.
func call(t *testing.T, srv *httptest.Server, method, path, token, body string) (int, map[string]any) {
	t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, srv.URL+path, rd)
	if err != nil {
		t.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if ct := res.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Fatalf("%s %s: content type %q", method, path, ct)
	}
	var out map[string]any
	if err := json.NewDecoder(res.Body).Decode(&out); err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	return res.StatusCode, out
}

func create(t *testing.T, srv *httptest.Server, kind, body string) (id, token string, state map[string]any) {
	t.Helper()
	code, out := call(t, srv, "POST", "/api/"+kind+"/games", "", body)
	if code != http.StatusCreated {
		t.Fatalf("create %s %s: %d %v", kind, body, code, out)
	}
	state = out["state"].(map[string]any)
	return state["id"].(string), out["token"].(string), state
}

// faultyStore fails the leaderboards of two board sizes: 2x2 as a store that
// cannot serve now (store.ErrUnavailable), 3x3 with a fault of its own.
type faultyStore struct{ store.Store }

func (f faultyStore) Leaderboard(ctx context.Context, board string, n int) ([]store.Score, error) {
	switch board {
	case "2048:2x2":
		return nil, fmt.Errorf("%w: the disk is gone", store.ErrUnavailable)
	case "2048:3x3":
		return nil, errors.New("a fault of the store")
	}
	return f.Store.Leaderboard(ctx, board, n)
}

// illegal2048 creates seeded 2048 games until one has a direction that moves
// no tile, and returns the game and that direction.
func illegal2048(t *testing.T, srv *httptest.Server) (id, token, dir string) {
	t.Helper()
	for seed := 1; seed < 100; seed++ {
		id, token, st := create(t, srv, "2048", `{"rows":2,"cols":2,"seed":"`+strconv.Itoa(seed)+`"}`)
		for _, d := range []string{"left", "right", "up", "down"} {
			if !slices.Contains(st["legal"].([]any), any(d)) {
				return id, token, d
			}
		}
	}
	t.Fatal("no 2x2 game of seeds 1 to 99 starts with a direction that moves nothing")
	return
}

// over2048 plays a seeded 2x2 game until no move is left and returns it.
func over2048(t *testing.T, srv *httptest.Server) (id, token string) {
	t.Helper()
	id, token, st := create(t, srv, "2048", `{"rows":2,"cols":2,"seed":"3"}`)
	for i := 0; st["over"] != true; i++ {
		if i > 1000 {
			t.Fatal("a 2x2 game still going after 1000 moves")
		}
		legal := st["legal"].([]any)
		code, out := call(t, srv, "POST", "/api/2048/games/"+id+"/moves", token, `{"dir":"`+legal[i%len(legal)].(string)+`"}`)
		if code != http.StatusOK {
			t.Fatalf("move: %d %v", code, out)
		}
		st = out["state"].(map[string]any)
	}
	return id, token
}

// TestAPIErrors sends a request that should fail for each reason, and checks
// the answer's status, its code (every code of server.Codes is produced by
// some row) and the human message.
func TestAPIErrors(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games.db")
	st, err := store.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	srv := httptest.NewServer(server.New(faultyStore{st}, server.Options{}).Handler())
	defer srv.Close()

	id, token, _ := create(t, srv, "2048", `{"rows":3,"cols":3,"seed":"7"}`)
	oid, otoken, _ := create(t, srv, "othello", `{"size":4}`)
	fid, ftoken, _ := create(t, srv, "othello", `{"board":"XXXXXXXXXXXXXXXO X"}`) // over: no empty square
	iid, itoken, idir := illegal2048(t, srv)
	gid, gtoken := over2048(t, srv)
	rid, _, _ := create(t, srv, "2048", `{}`) // ranked: its seed is secret while it goes on
	huge := `{"dir":"` + strings.Repeat("x", 20000) + `"}`
	tests := []struct {
		name, method, path, token, body string
		want                            int
		code                            server.Code
		says                            string
	}{
		{"malformed json", "POST", "/api/2048/games/" + id + "/moves", token, `{"dir":`, 400, server.CodeBadRequest, "malformed"},
		{"unknown field", "POST", "/api/2048/games", "", `{"rowz":4}`, 400, server.CodeBadRequest, "unknown field"},
		{"bad direction", "POST", "/api/2048/games/" + id + "/moves", token, `{"dir":"sideways"}`, 400, server.CodeBadRequest, "sideways"},
		{"board too large", "POST", "/api/2048/games", "", `{"rows":17,"cols":4}`, 400, server.CodeBadRequest, "size"},
		{"bad four chance", "POST", "/api/2048/games", "", `{"fourChance":1.5}`, 400, server.CodeBadRequest, "chance of a 4"},
		{"bad seed", "POST", "/api/2048/games", "", `{"seed":"-1"}`, 400, server.CodeBadRequest, "seed"},
		{"bad game id", "GET", "/api/2048/games/a%20b", "", "", 400, server.CodeBadRequest, "not a game id"},
		{"body too large", "POST", "/api/2048/games/" + id + "/moves", token, huge, 413, server.CodeTooLarge, "larger"},
		{"no token", "POST", "/api/2048/games/" + id + "/moves", "", `{"dir":"left"}`, 403, server.CodeForbidden, "token"},
		{"wrong token", "POST", "/api/2048/games/" + id + "/moves", otoken, `{"dir":"left"}`, 403, server.CodeForbidden, "wrong"},
		{"unknown game", "GET", "/api/2048/games/nope", "", "", 404, server.CodeNotFound, "nope"},
		{"othello id as 2048", "GET", "/api/2048/games/" + oid, "", "", 404, server.CodeNotFound, oid},
		{"unknown endpoint", "GET", "/api/chess", "", "", 404, server.CodeNotFound, "no such"},
		{"method not allowed", "POST", "/api/limits", "", "", 405, server.CodeMethodNotAllowed, "not allowed"},
		{"undo with no moves", "POST", "/api/2048/games/" + id + "/undo", token, "", 409, server.CodeConflict, "nothing to undo"},
		{"2048 move that moves nothing", "POST", "/api/2048/games/" + iid + "/moves", itoken, `{"dir":"` + idir + `"}`, 409, server.CodeIllegalMove, "does not change the board"},
		{"2048 stale seq", "POST", "/api/2048/games/" + id + "/moves", token, `{"dir":"left","seq":99}`, 409, server.CodeStale, "moved on"},
		{"2048 move after the end", "POST", "/api/2048/games/" + gid + "/moves", gtoken, `{"dir":"left"}`, 409, server.CodeGameOver, "over"},
		{"2048 hint after the end", "POST", "/api/2048/games/" + gid + "/hint", "", "", 409, server.CodeGameOver, "no move"},
		{"2048 record before the end", "GET", "/api/2048/games/" + rid + "/record", "", "", 409, server.CodeConflict, "secret"},
		{"othello bad size", "POST", "/api/othello/games", "", `{"size":5}`, 400, server.CodeBadRequest, "4, 6 or 8"},
		{"othello bad player", "POST", "/api/othello/games", "", `{"white":"level 11"}`, 400, server.CodeBadRequest, "level"},
		{"othello bad board text", "POST", "/api/othello/games", "", `{"board":"XO"}`, 400, server.CodeBadRequest, "start position"},
		{"othello bad import", "POST", "/api/othello/games", "", `{"import":"f5z9"}`, 400, server.CodeBadRequest, "read as a transcript"},
		{"othello illegal move", "POST", "/api/othello/games/" + oid + "/moves", otoken, `{"square":"a1"}`, 409, server.CodeIllegalMove, "illegal move"},
		{"othello off the board", "POST", "/api/othello/games/" + oid + "/moves", otoken, `{"square":"h8"}`, 400, server.CodeBadRequest, "h8"},
		{"othello engine on a person's turn", "POST", "/api/othello/games/" + oid + "/engine", otoken, "", 409, server.CodeWrongTurn, "person"},
		{"othello redo nothing", "POST", "/api/othello/games/" + oid + "/redo", otoken, "", 409, server.CodeConflict, "nothing to redo"},
		{"othello move after the end", "POST", "/api/othello/games/" + fid + "/moves", ftoken, `{"square":"a1"}`, 409, server.CodeGameOver, "over"},
		{"othello analysis after the end", "POST", "/api/othello/games/" + fid + "/analyze", "", "", 409, server.CodeGameOver, "over"},
		{"leaderboard bad size", "GET", "/api/2048/leaderboard?rows=1&cols=4", "", "", 400, server.CodeBadRequest, "rows"},
		{"leaderboard store unavailable", "GET", "/api/2048/leaderboard?rows=2&cols=2", "", "", 503, server.CodeUnavailable, "unavailable"},
		{"leaderboard store fault", "GET", "/api/2048/leaderboard?rows=3&cols=3", "", "", 500, server.CodeInternal, "internal error"},
		{"score with no moves", "POST", "/api/2048/games/" + id + "/score", token, `{"name":"ann"}`, 409, server.CodeConflict, "no moves"},
		{"score without a name", "POST", "/api/2048/games/" + id + "/score", token, `{"name":"  "}`, 400, server.CodeBadRequest, "name"},
	}
	produced := map[server.Code]bool{}
	for _, tc := range tests {
		produced[tc.code] = true
		t.Run(tc.name, func(t *testing.T) {
			code, out := call(t, srv, tc.method, tc.path, tc.token, tc.body)
			msg, _ := out["error"].(string)
			if code != tc.want || out["code"] != string(tc.code) || msg == "" || !strings.Contains(msg, tc.says) {
				t.Fatalf("got %d %v, want %d with code %q and an error saying %q", code, out, tc.want, tc.code, tc.says)
			}
			if tc.code.Status() != tc.want {
				t.Fatalf("code %q has status %d, want %d", tc.code, tc.code.Status(), tc.want)
			}
		})
	}
	for _, c := range server.Codes() {
		if !produced[c] {
			t.Errorf("no request of the table produces code %q", c)
		}
	}
}

func TestAPI2048Flow(t *testing.T) {
	srv, path := newTestServer(t)
	id, token, st := create(t, srv, "2048", `{"rows":4,"cols":4,"seed":"42"}`)
	if st["seed"] != "42" || len(st["board"].([]any)) != 4 {
		t.Fatalf("created %v", st)
	}
	moves := 0
	var lastScore float64
	for i := 0; moves < 40 && i < 400; i++ {
		dir := []string{"left", "up", "right", "down"}[i%4]
		code, out := call(t, srv, "POST", "/api/2048/games/"+id+"/moves", token, `{"dir":"`+dir+`"}`)
		if code == http.StatusConflict {
			continue
		}
		if code != http.StatusOK {
			t.Fatalf("move %s: %d %v", dir, code, out)
		}
		mv := out["move"].(map[string]any)
		if mv["moved"] != true || mv["spawn"] == nil || mv["tiles"] == nil {
			t.Fatalf("move result %v", mv)
		}
		moves++
		lastScore = out["state"].(map[string]any)["score"].(float64)
	}
	code, out := call(t, srv, "POST", "/api/2048/games/"+id+"/undo", token, "")
	if code != 200 || out["state"].(map[string]any)["moves"].(float64) != float64(moves-1) {
		t.Fatalf("undo: %d %v", code, out)
	}
	code, out = call(t, srv, "POST", "/api/2048/games/"+id+"/hint", "", "")
	if code != 200 || out["best"] == "" || len(out["values"].(map[string]any)) == 0 {
		t.Fatalf("hint: %d %v", code, out)
	}
	code, out = call(t, srv, "POST", "/api/2048/games/"+id+"/auto", token, "")
	if code != 200 || out["move"].(map[string]any)["direction"] != out["hint"].(map[string]any)["best"] {
		t.Fatalf("auto: %d %v", code, out)
	}
	// A game with a seed of the client's is practice: off the leaderboard (the
	// leaderboard's rules are tested in leaderboard_test.go).
	code, out = call(t, srv, "POST", "/api/2048/games/"+id+"/score", token, `{"name":"ann"}`)
	if code != http.StatusConflict || !strings.Contains(out["error"].(string), "practice") {
		t.Fatalf("score of a practice game: %d %v", code, out)
	}
	code, out = call(t, srv, "GET", "/api/2048/leaderboard?rows=4&cols=4", "", "")
	if code != 200 || len(out["scores"].([]any)) != 0 {
		t.Fatalf("leaderboard: %d %v", code, out)
	}
	_, before := call(t, srv, "GET", "/api/2048/games/"+id, "", "")
	if before["state"].(map[string]any)["best"].(float64) < lastScore {
		t.Errorf("best %v below a score reached (%v)", before["state"].(map[string]any)["best"], lastScore)
	}

	// A second server on the same file rebuilds the game from its stored actions.
	st2, err := store.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer st2.Close()
	srv2 := httptest.NewServer(server.New(st2, server.Options{}).Handler())
	defer srv2.Close()
	_, after := call(t, srv2, "GET", "/api/2048/games/"+id, "", "")
	b1, _ := json.Marshal(before["state"])
	b2, _ := json.Marshal(after["state"])
	if !bytes.Equal(b1, b2) {
		t.Fatalf("reloaded state differs:\n%s\n%s", b1, b2)
	}
}

func TestAPIOthelloFlow(t *testing.T) {
	srv, _ := newTestServer(t)
	id, token, st := create(t, srv, "othello", `{"size":6,"black":"human","white":"level 2"}`)
	if st["turn"] != "black" || st["computerToMove"] != false {
		t.Fatalf("created %v", st)
	}
	legal := st["legal"].([]any)
	code, out := call(t, srv, "POST", "/api/othello/games/"+id+"/moves", token, `{"square":"`+legal[0].(string)+`"}`)
	if code != 200 || len(out["flipped"].([]any)) == 0 || out["state"].(map[string]any)["computerToMove"] != true {
		t.Fatalf("move: %d %v", code, out)
	}
	code, out = call(t, srv, "POST", "/api/othello/games/"+id+"/moves", token, `{"square":"a1"}`)
	if code != http.StatusConflict || !strings.Contains(out["error"].(string), "computer") {
		t.Fatalf("move on the computer's turn: %d %v", code, out)
	}
	code, out = call(t, srv, "POST", "/api/othello/games/"+id+"/engine", token, "")
	if code != 200 || out["state"].(map[string]any)["turn"] != "black" {
		t.Fatalf("engine: %d %v", code, out)
	}
	if h := out["state"].(map[string]any)["history"].([]any); len(h) != 3 {
		t.Fatalf("history has %d entries, want 3", len(h))
	}
	code, out = call(t, srv, "POST", "/api/othello/games/"+id+"/analyze", "", "")
	if code != 200 || len(out["moves"].([]any)) == 0 {
		t.Fatalf("analyze: %d %v", code, out)
	}
	// Against the computer one undo takes back both plies.
	code, out = call(t, srv, "POST", "/api/othello/games/"+id+"/undo", token, "")
	if code != 200 || out["state"].(map[string]any)["transcript"] != "" {
		t.Fatalf("undo: %d %v", code, out)
	}
	code, out = call(t, srv, "POST", "/api/othello/games/"+id+"/redo", token, "")
	if code != 200 || len(out["state"].(map[string]any)["transcript"].(string)) != 4 {
		t.Fatalf("redo: %d %v", code, out)
	}
	// Import: board text with a transcript.
	_, _, imp := create(t, srv, "othello", `{"board":"`+strings.Repeat("-", 27)+`OX------XO`+strings.Repeat("-", 27)+` X","transcript":"f5"}`)
	if imp["transcript"] != "f5" || imp["turn"] != "white" {
		t.Fatalf("import: %v", imp)
	}
}

// TestEvictedGamesReload keeps only a few games in memory: the others are
// forgotten and rebuilt from the store when used again, with nothing lost.
func TestEvictedGamesReload(t *testing.T) {
	path := t.TempDir() + "/g.db"
	st, err := store.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	srv := httptest.NewServer(server.New(st, server.Options{MaxSessions: 4}).Handler())
	defer srv.Close()
	type game struct{ id, token, board string }
	var games []game
	for i := range 12 {
		id, token, _ := create(t, srv, "2048", `{"seed":"`+strconv.Itoa(i+1)+`"}`)
		for _, dir := range []string{"left", "up", "right", "down"} {
			call(t, srv, "POST", "/api/2048/games/"+id+"/moves", token, `{"dir":"`+dir+`"}`)
		}
		_, out := call(t, srv, "GET", "/api/2048/games/"+id, "", "")
		b, _ := json.Marshal(out["state"])
		games = append(games, game{id, token, string(b)})
	}
	for _, g := range games {
		_, out := call(t, srv, "GET", "/api/2048/games/"+g.id, "", "")
		if b, _ := json.Marshal(out["state"]); string(b) != g.board {
			t.Fatalf("game %s after eviction:\n%s\nwant\n%s", g.id, b, g.board)
		}
	}
}
