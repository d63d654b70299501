package server_test

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/gridgames/gridgames/internal/server"
	"github.com/gridgames/gridgames/othello"
)

// TestOthelloSeatsEndpoint changes seats mid-game: refusals first, then a level
// change and a person taking over, each stored as an action that a server
// rebuilding the game from the store replays.
func TestOthelloSeatsEndpoint(t *testing.T) {
	st := openStore(t)
	srv := serve(t, st, server.Options{})
	id, token, first := create(t, srv, "othello", `{"size":6,"black":"human","white":"1"}`)
	firstMove := first["legal"].([]any)[0].(string)
	seats := "/api/othello/games/" + id + "/seats"

	for _, tc := range []struct {
		name, path, token, body string
		want                    int
		says                    string
	}{
		{"level out of range", seats, token, `{"white":"level 11"}`, 400, "white"},
		{"not a seat", seats, token, `{"black":"robot"}`, 400, "black"},
		{"a baseline", seats, token, `{"white":"random"}`, 400, "engine matches"},
		{"a classic level", seats, token, `{"white":"classic 3"}`, 400, "engine matches"},
		{"no seat named", seats, token, `{}`, 400, "name a seat"},
		{"no body", seats, token, ``, 400, "name a seat"},
		{"an unknown colour", seats, token, `{"green":"human"}`, 400, "unknown field"},
		{"a number", seats, token, `{"white":5}`, 400, "malformed"},
		{"no token", seats, "", `{"white":"level 2"}`, 403, "token"},
		{"wrong token", seats, "nope", `{"white":"level 2"}`, 403, "wrong player token"},
		{"no such game", "/api/othello/games/nothing/seats", token, `{"white":"level 2"}`, 404, "no game"},
		{"GET", seats, token, ``, 405, "not allowed"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			method := "POST"
			if tc.name == "GET" {
				method = "GET"
			}
			req, _ := http.NewRequest(method, srv.URL+tc.path, strings.NewReader(tc.body))
			if tc.token != "" {
				req.Header.Set("Authorization", "Bearer "+tc.token)
			}
			res, err := srv.Client().Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			var out map[string]any
			decodeJSON(res.Body, &out)
			msg, _ := out["error"].(string)
			if res.StatusCode != tc.want || !strings.Contains(msg, tc.says) {
				t.Fatalf("got %d %q, want %d saying %q", res.StatusCode, msg, tc.want, tc.says)
			}
		})
	}
	if g, err := st.Game(context.Background(), id); err != nil || len(g.Actions) != 0 {
		t.Fatalf("refused requests stored actions: %v %v", g.Actions, err)
	}

	players := func(state map[string]any) string {
		p := state["players"].(map[string]any)
		return fmt.Sprintf("%v/%v", p["black"], p["white"])
	}
	// Black moves; white (level 1) is to move; its level becomes 5, then a person.
	code, out := call(t, srv, "POST", "/api/othello/games/"+id+"/moves", token, `{"square":"`+firstMove+`"}`)
	if code != 200 {
		t.Fatalf("move: %d %v", code, out)
	}
	code, out = call(t, srv, "POST", seats, token, `{"white":"Level 5"}`)
	if code != 200 || players(out["state"].(map[string]any)) != "0/5" || out["state"].(map[string]any)["computerToMove"] != true {
		t.Fatalf("white to level 5: %d %v", code, out)
	}
	code, out = call(t, srv, "POST", seats, token, `{"white":"level 5"}`) // no change: nothing stored
	if code != 200 {
		t.Fatalf("the same seat again: %d %v", code, out)
	}
	code, out = call(t, srv, "POST", seats, token, `{"white":"human","black":"level 2"}`)
	state := out["state"].(map[string]any)
	if code != 200 || players(state) != "2/0" || state["computerToMove"] != false {
		t.Fatalf("white to a person, black to level 2: %d %v", code, out)
	}
	// A person plays white's move now; then black, the computer, is to move.
	legal := state["legal"].([]any)
	code, out = call(t, srv, "POST", "/api/othello/games/"+id+"/moves", token, `{"square":"`+legal[0].(string)+`"}`)
	if code != 200 || out["state"].(map[string]any)["computerToMove"] != true {
		t.Fatalf("the person's move for white: %d %v", code, out)
	}
	code, out = call(t, srv, "POST", "/api/othello/games/"+id+"/engine", token, "")
	if code != 200 {
		t.Fatalf("black's computer move at level 2: %d %v", code, out)
	}

	g, err := st.Game(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{firstMove, "seat white level 5", "seat black level 2", "seat white human", legal[0].(string)}
	if len(g.Actions) != 6 || !slices.Equal(g.Actions[:5], want) {
		t.Fatalf("stored actions %q, want %q and black's move", g.Actions, want)
	}
	if !strings.Contains(string(g.Params), `"white":"level 1"`) {
		t.Fatalf("stored params %s: the config keeps the starting seats", g.Params)
	}

	// A fresh server over the same store rebuilds the game with the seats as set.
	again := serve(t, st, server.Options{})
	code, out = call(t, again, "GET", "/api/othello/games/"+id, "", "")
	if code != 200 || players(out["state"].(map[string]any)) != "2/0" {
		t.Fatalf("rebuilt game: %d %v", code, out)
	}

	t.Run("after the end", func(t *testing.T) {
		oid, otok, st := create(t, srv, "othello", `{"size":4,"black":"human","white":"human"}`)
		for st["over"] != true {
			sq := st["legal"].([]any)[0].(string)
			code, out := call(t, srv, "POST", "/api/othello/games/"+oid+"/moves", otok, `{"square":"`+sq+`"}`)
			if code != 200 {
				t.Fatalf("move %s: %d %v", sq, code, out)
			}
			st = out["state"].(map[string]any)
		}
		code, out := call(t, srv, "POST", "/api/othello/games/"+oid+"/seats", otok, `{"white":"level 3"}`)
		if msg, _ := out["error"].(string); code != 409 || !strings.Contains(msg, "over") {
			t.Fatalf("seat change after the end: %d %v", code, out)
		}
	})
}

// TestOldOthelloGamesWithoutSeatActions: a game stored before seat changes
// existed (numbers for players, moves and undo only) loads with its seats.
func TestOldOthelloGamesWithoutSeatActions(t *testing.T) {
	st := openStore(t)
	storeOld(t, st, "old-seats", "othello", "tok", `{"size":8,"black":0,"white":3}`, []string{"f5", "d6", "undo"})
	srv := serve(t, st, server.Options{})
	code, out := call(t, srv, "GET", "/api/othello/games/old-seats", "", "")
	state, _ := out["state"].(map[string]any)
	if code != 200 || state["transcript"] != "" || state["players"].(map[string]any)["white"] != 3.0 {
		t.Fatalf("old game: %d %v", code, out)
	}
	code, out = call(t, srv, "POST", "/api/othello/games/old-seats/seats", "tok", `{"white":"level 4"}`)
	if code != 200 || out["state"].(map[string]any)["players"].(map[string]any)["white"] != 4.0 {
		t.Fatalf("seat change in an old game: %d %v", code, out)
	}
}

// TestOthelloEvaluations values every position of a game for the graph, from
// black's side, and in parts with ?from=.
func TestOthelloEvaluations(t *testing.T) {
	srv, _ := newTestServer(t)
	id, token, _ := create(t, srv, "othello", `{"size":6,"black":"human","white":"human"}`)
	var st map[string]any
	for range 8 {
		_, out := call(t, srv, "GET", "/api/othello/games/"+id, "", "")
		st = out["state"].(map[string]any)
		sq := st["legal"].([]any)[0].(string)
		if code, out := call(t, srv, "POST", "/api/othello/games/"+id+"/moves", token, `{"square":"`+sq+`"}`); code != 200 {
			t.Fatalf("move: %d %v", code, out)
		}
	}
	_, out := call(t, srv, "GET", "/api/othello/games/"+id, "", "")
	st = out["state"].(map[string]any)
	plies := len(st["history"].([]any))

	code, out := call(t, srv, "GET", "/api/othello/games/"+id+"/evaluations", "", "")
	if code != 200 || int(out["plies"].(float64)) != plies || out["transcript"] != st["transcript"] {
		t.Fatalf("evaluations: %d %v", code, out)
	}
	evals := out["evaluations"].([]any)
	if len(evals) != plies {
		t.Fatalf("%d evaluations for %d positions", len(evals), plies)
	}
	for i, e := range evals {
		if int(e.(map[string]any)["ply"].(float64)) != i {
			t.Fatalf("evaluation %d is of ply %v", i, e)
		}
	}
	start := evals[0].(map[string]any)["score"].(float64)
	if start < -4 || start > 4 {
		t.Errorf("the 6x6 start is worth %v to black; want near 0", start)
	}
	code, out = call(t, srv, "GET", "/api/othello/games/"+id+"/evaluations?from=5", "", "")
	if code != 200 || len(out["evaluations"].([]any)) != plies-5 ||
		out["evaluations"].([]any)[0].(map[string]any)["ply"] != 5.0 {
		t.Fatalf("from=5: %d %v", code, out)
	}
	if code, out = call(t, srv, "GET", fmt.Sprintf("/api/othello/games/%s/evaluations?from=%d", id, plies), "", ""); code != 200 || len(out["evaluations"].([]any)) != 0 {
		t.Fatalf("from the end: %d %v", code, out)
	}
	for _, q := range []string{"?from=-1", "?from=x", fmt.Sprintf("?from=%d", plies+1)} {
		if code, out := call(t, srv, "GET", "/api/othello/games/"+id+"/evaluations"+q, "", ""); code != 400 {
			t.Errorf("%s: %d %v, want 400", q, code, out)
		}
	}
	if code, _ := call(t, srv, "GET", "/api/othello/games/nothing/evaluations", "", ""); code != 404 {
		t.Errorf("unknown game: %d", code)
	}

	// A finished game: its last position is valued exactly, as its result.
	oid, otok, fin := create(t, srv, "othello", `{"size":4,"black":"human","white":"human"}`)
	for fin["over"] != true {
		sq := fin["legal"].([]any)[0].(string)
		_, out := call(t, srv, "POST", "/api/othello/games/"+oid+"/moves", otok, `{"square":"`+sq+`"}`)
		fin = out["state"].(map[string]any)
	}
	_, out = call(t, srv, "GET", "/api/othello/games/"+oid+"/evaluations", "", "")
	evals = out["evaluations"].([]any)
	last := evals[len(evals)-1].(map[string]any)
	b, w := fin["black"].(float64), fin["white"].(float64)
	if last["exact"] != true || (b > w) != (last["score"].(float64) > 0) {
		t.Fatalf("final evaluation %v for %v-%v", last, b, w)
	}
	// Every 4x4 position is solved exactly by the cheap search (few empties).
	for _, e := range evals {
		if e.(map[string]any)["exact"] != true {
			t.Errorf("4x4 evaluation %v is not exact", e)
		}
	}
}

// TestOthelloGGF: the state's GGF record reads back to the game.
func TestOthelloGGF(t *testing.T) {
	srv, _ := newTestServer(t)
	id, token, _ := create(t, srv, "othello", `{"size":8,"black":"human","white":"level 2"}`)
	call(t, srv, "POST", "/api/othello/games/"+id+"/moves", token, `{"square":"f5"}`)
	_, out := call(t, srv, "POST", "/api/othello/games/"+id+"/engine", token, "")
	st := out["state"].(map[string]any)
	rec, err := othello.ParseGGF(st["ggf"].(string))
	if err != nil {
		t.Fatalf("ggf %q: %v", st["ggf"], err)
	}
	final, err := rec.Final()
	if err != nil || final.String() != st["text"] || rec.Black != "human" || rec.White != "level 2" || rec.Result != "?" {
		t.Fatalf("ggf %q gives %v %+v (%v), want %v", st["ggf"], final, rec, err, st["text"])
	}
}

// TestOthelloTableKeys: the new replies' keys are camelCase and documented.
func TestOthelloTableKeys(t *testing.T) {
	doc, err := os.ReadFile("../../docs/api.md")
	if err != nil {
		t.Fatal(err)
	}
	srv, _ := newTestServer(t)
	id, token, _ := create(t, srv, "othello", `{"size":6,"white":"1"}`)
	for _, step := range []struct{ method, path, body string }{
		{"POST", "/api/othello/games/" + id + "/seats", `{"white":"level 3"}`},
		{"GET", "/api/othello/games/" + id + "/evaluations", ""},
	} {
		code, out := call(t, srv, step.method, step.path, token, step.body)
		if code != 200 {
			t.Fatalf("%s %s: %d %v", step.method, step.path, code, out)
		}
		var walk func(key string, v any)
		walk = func(key string, v any) {
			switch v := v.(type) {
			case map[string]any:
				for k, x := range v {
					if key != "players" && !strings.Contains(string(doc), `"`+k+`"`) {
						t.Errorf("%s: key %q is not in docs/api.md", step.path, k)
					}
					walk(k, x)
				}
			case []any:
				for _, x := range v {
					walk(key, x)
				}
			}
		}
		walk("", out)
	}
}
