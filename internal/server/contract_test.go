package server_test

import (
	"context"
	"encoding/json"
	"net/http"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/gridgames/gridgames/game2048"
	session2048 "github.com/gridgames/gridgames/game2048/session"
	"github.com/gridgames/gridgames/internal/server"
	"github.com/gridgames/gridgames/othello/session"
)

// TestStoredParams checks what a new game stores as its params: an Othello game
// its session.Config with the seats by name, a 2048 game its session.Config
// (rules, seed, salt), which rebuilds the game as created.
func TestStoredParams(t *testing.T) {
	st := openStore(t)
	srv := serve(t, st, server.Options{})
	ctx := context.Background()
	t.Run("othello", func(t *testing.T) {
		id, _, _ := create(t, srv, "othello", `{"size":6,"black":"human","white":"Level 2"}`)
		g, err := st.Game(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		var raw map[string]any
		if err := json.Unmarshal(g.Params, &raw); err != nil {
			t.Fatal(err)
		}
		if raw["black"] != "human" || raw["white"] != "level 2" || raw["size"] != 6.0 {
			t.Fatalf("stored params %s, want the seats by name", g.Params)
		}
		var cfg session.Config
		if err := json.Unmarshal(g.Params, &cfg); err != nil {
			t.Fatal(err)
		}
		if _, err := session.New(cfg); err != nil {
			t.Fatalf("stored params %s do not start a session: %v", g.Params, err)
		}
	})
	t.Run("2048", func(t *testing.T) {
		id, _, state := create(t, srv, "2048", `{"rows":3,"cols":5,"fourChance":0.25,"winTile":512,"seed":"18446744073709551615"}`)
		g, err := st.Game(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		cfg, err := session2048.ParseConfig(g.Params)
		if err != nil {
			t.Fatalf("stored params %s are not a session config: %v", g.Params, err)
		}
		want := game2048.Rules{Rows: 3, Cols: 5, FourChance: 0.25, WinTile: 512, StartTiles: 2}
		if cfg.Rules != want || cfg.Seed != 18446744073709551615 || cfg.Moves != "" || cfg.Drawn || len(cfg.Salt) != 32 {
			t.Fatalf("stored config %+v", cfg)
		}
		s, err := session2048.Restore(cfg)
		if err != nil {
			t.Fatal(err)
		}
		if s.Commitment() != state["commitment"] {
			t.Fatalf("stored config commits to %s, the game showed %v", s.Commitment(), state["commitment"])
		}
		gm := s.Game()
		var board [][]int
		b, _ := json.Marshal(state["board"])
		json.Unmarshal(b, &board)
		for r := range board {
			for c := range board[r] {
				if int(gm.At(r, c)) != board[r][c] {
					t.Fatalf("config restores another board than %v", board)
				}
			}
		}
	})
}

// TestErrorMessagesFromLibraries checks that what the libraries refuse answers
// with the status that fits and the library's reason, readable: no package
// prefixes, no reason said twice.
func TestErrorMessagesFromLibraries(t *testing.T) {
	srv, _ := newTestServer(t)
	oid, otoken, _ := create(t, srv, "othello", `{"size":4}`)
	cid, ctoken, _ := create(t, srv, "othello", `{"size":6,"black":"2","white":"human"}`)
	gid, gtoken, _ := create(t, srv, "2048", `{"rows":2,"cols":2,"fourChance":1,"seed":"3"}`)
	// Play the 2x2 game to its end.
	for i := 0; i < 200; i++ {
		code, out := call(t, srv, "POST", "/api/2048/games/"+gid+"/moves", gtoken, `{"dir":"`+[]string{"left", "up", "right", "down"}[i%4]+`"}`)
		if code == http.StatusConflict && strings.Contains(out["error"].(string), "over") {
			break
		}
	}
	tests := []struct {
		name, method, path, token, body string
		want                            int
		says                            string
	}{
		{"othello flips nothing", "POST", "/api/othello/games/" + oid + "/moves", otoken, `{"square":"a1"}`, 409, "illegal move: a1 flips nothing"},
		{"othello occupied", "POST", "/api/othello/games/" + oid + "/moves", otoken, `{"square":"b2"}`, 409, "occupied"},
		{"othello pass", "POST", "/api/othello/games/" + oid + "/moves", otoken, `{"square":"pass"}`, 409, "legal move"},
		{"othello not a square", "POST", "/api/othello/games/" + oid + "/moves", otoken, `{"square":"e5"}`, 400, `"e5" is not a square of the 4x4 board`},
		{"othello computer's turn", "POST", "/api/othello/games/" + cid + "/moves", ctoken, `{"square":"c2"}`, 409, "computer's turn"},
		{"othello person's turn", "POST", "/api/othello/games/" + oid + "/engine", otoken, "", 409, "person's turn"},
		{"othello nothing to undo", "POST", "/api/othello/games/" + oid + "/undo", otoken, "", 409, "nothing to undo"},
		{"othello size", "POST", "/api/othello/games", "", `{"size":10}`, 400, "board size: 10 (want 4, 6 or 8)"},
		{"othello size against board text", "POST", "/api/othello/games", "", `{"size":6,"board":"` + strings.Repeat("-", 16) + ` X"}`, 400, "4x4, not 6x6"},
		{"othello seat", "POST", "/api/othello/games", "", `{"black":"champion"}`, 400, `black: unknown seat: "champion"`},
		{"othello engine-match seat", "POST", "/api/othello/games", "", `{"white":"random"}`, 400, "white"},
		{"othello transcript", "POST", "/api/othello/games", "", `{"transcript":"f5f5"}`, 400, "move 2"},
		{"2048 rules", "POST", "/api/2048/games", "", `{"winTile":3}`, 400, "win tile 3"},
		{"2048 size", "POST", "/api/2048/games", "", `{"rows":1}`, 400, "size"},
		{"2048 move after the end", "POST", "/api/2048/games/" + gid + "/moves", gtoken, `{"dir":"left"}`, 409, "game is over"},
		{"2048 hint after the end", "POST", "/api/2048/games/" + gid + "/hint", "", "", 409, "no move changes the board"},
	}
	prefix := regexp.MustCompile(`\b(othello|session|engine|game2048|solver): `)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out := call(t, srv, tc.method, tc.path, tc.token, tc.body)
			msg, _ := out["error"].(string)
			if code != tc.want || !strings.Contains(msg, tc.says) {
				t.Fatalf("got %d %q, want %d saying %q", code, msg, tc.want, tc.says)
			}
			if prefix.MatchString(msg) || strings.Count(msg, "illegal move") > 1 {
				t.Fatalf("message %q is not readable: a package prefix or its reason twice", msg)
			}
		})
	}
}

// TestReplyKeys walks every kind of reply: keys are camelCase and documented in
// docs/api.md, times are in milliseconds named ...Ms, and Othello moves are
// square names.
func TestReplyKeys(t *testing.T) {
	doc, err := os.ReadFile("../../docs/api.md")
	if err != nil {
		t.Fatal(err)
	}
	srv, _ := newTestServer(t)
	gid, gtoken, _ := create(t, srv, "2048", `{"seed":"5"}`)
	oid, otoken, _ := create(t, srv, "othello", `{"size":6,"white":"1"}`)
	steps := []struct{ method, path, token, body string }{
		{"POST", "/api/2048/games", "", `{"rows":3,"cols":3}`},
		{"GET", "/api/2048/games/" + gid, "", ""},
		{"POST", "/api/2048/games/" + gid + "/moves", gtoken, `{"dir":"left"}`},
		{"POST", "/api/2048/games/" + gid + "/moves", gtoken, `{"dir":"up"}`},
		{"POST", "/api/2048/games/" + gid + "/undo", gtoken, ""},
		{"POST", "/api/2048/games/" + gid + "/hint", "", ""},
		{"POST", "/api/2048/games/" + gid + "/auto", gtoken, ""},
		{"POST", "/api/2048/games/" + gid + "/score", gtoken, `{"name":"ann"}`},
		{"GET", "/api/2048/games/" + gid + "/record", "", ""},
		{"GET", "/api/2048/leaderboard?rows=4&cols=4", "", ""},
		{"POST", "/api/othello/games", "", `{"size":8,"black":"human","white":"level 3"}`},
		{"POST", "/api/othello/games/" + oid + "/moves", otoken, `{"square":"c2"}`},
		{"POST", "/api/othello/games/" + oid + "/engine", otoken, ""},
		{"POST", "/api/othello/games/" + oid + "/analyze", "", ""},
		{"POST", "/api/othello/games/" + oid + "/undo", otoken, ""},
		{"POST", "/api/othello/games/" + oid + "/redo", otoken, ""},
		{"GET", "/api/othello/games/" + oid, "", ""},
		{"GET", "/api/nothing", "", ""},
		{"GET", "/healthz", "", ""},
	}
	camel := regexp.MustCompile(`^[a-z][a-zA-Z0-9]*$`)
	square := regexp.MustCompile(`^([a-h][1-8]|pass)?$`)
	timeKey := regexp.MustCompile(`(?i)elapsed|time|duration|ms$|rate`)
	squareKeys := map[string]bool{"move": true, "last": true, "legal": true, "flipped": true, "pv": true}
	// Keys of these objects are values (directions, colours), not field names.
	valueMaps := map[string]bool{"values": true, "players": true}
	elapsed := map[string]bool{}
	for _, step := range steps {
		t.Run(step.method+" "+step.path, func(t *testing.T) {
			_, out := call(t, srv, step.method, step.path, step.token, step.body)
			othello := strings.Contains(step.path, "othello")
			var walk func(key string, v any)
			walk = func(key string, v any) {
				if othello && squareKeys[key] {
					names, ok := v.([]any)
					if !ok {
						names = []any{v}
					}
					for _, n := range names {
						if s, ok := n.(string); !ok || !square.MatchString(s) {
							t.Errorf("%s: %v is not a square name", key, n)
						}
					}
				}
				switch v := v.(type) {
				case map[string]any:
					for k, x := range v {
						if !valueMaps[key] {
							if !camel.MatchString(k) {
								t.Errorf("key %q is not camelCase", k)
							}
							if !strings.Contains(string(doc), `"`+k+`"`) {
								t.Errorf("key %q is not in docs/api.md", k)
							}
							if timeKey.MatchString(k) && !strings.HasSuffix(k, "Ms") {
								t.Errorf("key %q: times are milliseconds named ...Ms", k)
							}
							if k == "elapsedMs" {
								elapsed[step.path] = true
							}
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
		})
	}
	for _, p := range []string{"/api/2048/games/" + gid + "/hint", "/api/othello/games/" + oid + "/analyze"} {
		if !elapsed[p] {
			t.Errorf("%s: the search's time is not given as elapsedMs", p)
		}
	}
}
