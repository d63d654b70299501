package server_test

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gridgames/gridgames/game2048"
	"github.com/gridgames/gridgames/internal/server"
	"github.com/gridgames/gridgames/internal/store"
	"github.com/gridgames/gridgames/othello"
)

// openStore opens a fresh SQLite store, closed when the test ends.
func openStore(t *testing.T) store.Store {
	t.Helper()
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "games.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// serve runs a server over st, closed when the test ends.
func serve(t *testing.T, st store.Store, opt server.Options) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(server.New(st, opt).Handler())
	t.Cleanup(srv.Close)
	return srv
}

// storeOld writes a game straight into the store, as an older server stored it.
func storeOld(t *testing.T, st store.Store, id, kind, token, params string, actions []string) {
	t.Helper()
	ctx := context.Background()
	h := sha256.Sum256([]byte(token))
	if err := st.CreateGame(ctx, store.Game{ID: id, Kind: kind, TokenHash: h[:], Params: []byte(params)}); err != nil {
		t.Fatal(err)
	}
	for i, a := range actions {
		if err := st.AppendAction(ctx, id, i, a, store.Summary{}); err != nil {
			t.Fatal(err)
		}
	}
}

// TestOldStoredOthelloGames loads games stored before seats had names (players
// as numbers, 0 a person) and replays their actions exactly.
func TestOldStoredOthelloGames(t *testing.T) {
	start6 := strings.Repeat("-", 14) + "OX----XO" + strings.Repeat("-", 14) + " X"
	tests := []struct {
		name, params string
		actions      []string
		transcript   string
		players      map[string]any
		computer     bool
		canRedo      bool
	}{
		{"against level 3, undo and redo", `{"size":8,"black":0,"white":3}`,
			[]string{"f5", "d6", "c3", "d3", "undo", "redo", "c4"},
			"f5d6c3d3c4", map[string]any{"black": 0.0, "white": 3.0}, true, false},
		{"two people, an import, undone", `{"size":6,"start":"` + start6 + `","transcript":"d5","black":0,"white":0}`,
			[]string{"e3", "d2", "undo"},
			"d5e3", map[string]any{"black": 0.0, "white": 0.0}, false, true},
		{"the computer against itself", `{"size":8,"black":2,"white":1}`,
			[]string{"f5", "f6"},
			"f5f6", map[string]any{"black": 2.0, "white": 1.0}, true, false},
	}
	st := openStore(t)
	srv := serve(t, st, server.Options{})
	for i, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			id, token := fmt.Sprintf("old-othello-%d", i), fmt.Sprintf("token-%d", i)
			storeOld(t, st, id, "othello", token, tc.params, tc.actions)
			code, out := call(t, srv, "GET", "/api/othello/games/"+id, "", "")
			if code != http.StatusOK {
				t.Fatalf("load: %d %v", code, out)
			}
			s := out["state"].(map[string]any)
			if s["transcript"] != tc.transcript || s["computerToMove"] != tc.computer || s["canRedo"] != tc.canRedo {
				t.Fatalf("replayed to transcript %v, computerToMove %v, canRedo %v; want %q, %v, %v",
					s["transcript"], s["computerToMove"], s["canRedo"], tc.transcript, tc.computer, tc.canRedo)
			}
			if fmt.Sprint(s["players"]) != fmt.Sprint(tc.players) {
				t.Fatalf("players %v, want %v", s["players"], tc.players)
			}
			// The same game built by the library gives the same board text.
			var cfg struct{ Start string }
			json.Unmarshal([]byte(tc.params), &cfg)
			opts := []othello.Option{othello.WithTranscript(tc.transcript)}
			if cfg.Start != "" {
				pos, err := othello.ParsePosition(cfg.Start)
				if err != nil {
					t.Fatal(err)
				}
				opts = append([]othello.Option{othello.WithPosition(pos)}, opts...)
			}
			g, err := othello.NewGame(opts...)
			if err != nil {
				t.Fatal(err)
			}
			if s["text"] != g.Position().String() {
				t.Fatalf("board %v, want %v", s["text"], g.Position().String())
			}
			// The game goes on, and the new action is stored after the old ones.
			path, body := "/moves", `{"square":"`+g.LegalMoves()[0].String()+`"}`
			if tc.computer {
				path, body = "/engine", ""
			}
			if code, out := call(t, srv, "POST", "/api/othello/games/"+id+path, token, body); code != http.StatusOK {
				t.Fatalf("play on: %d %v", code, out)
			}
			stored, err := st.Game(context.Background(), id)
			if err != nil || len(stored.Actions) != len(tc.actions)+1 {
				t.Fatalf("stored actions %v, %v", stored.Actions, err)
			}
		})
	}
}

// TestOldStored2048Games loads a game stored as {"rules":...,"seed":N} (before
// the params were a game2048.Record) and replays its moves and undos exactly.
func TestOld2048StoredGames(t *testing.T) {
	tests := []struct {
		name, params string
		rules        game2048.Rules
		seed         uint64
	}{
		{"original rules", `{"rules":{"rows":4,"cols":4,"fourChance":0.1,"winTile":2048,"startTiles":2},"seed":42}`,
			game2048.DefaultRules(), 42},
		{"3x5, fours only", `{"rules":{"rows":3,"cols":5,"fourChance":1,"winTile":64,"startTiles":2},"seed":9007199254740993}`,
			game2048.Rules{Rows: 3, Cols: 5, FourChance: 1, WinTile: 64, StartTiles: 2}, 9007199254740993},
	}
	st := openStore(t)
	srv := serve(t, st, server.Options{})
	for i, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g, err := game2048.NewGame(game2048.WithRules(tc.rules), game2048.WithSeed(tc.seed))
			if err != nil {
				t.Fatal(err)
			}
			var actions []string
			for j := 0; len(actions) < 12 && j < 100; j++ {
				d := game2048.Directions[j%4]
				if res, err := g.Move(d); err == nil && res.Moved {
					actions = append(actions, string(d.Letter()))
				}
			}
			g.Undo()
			actions = append(actions, "Z")
			id, token := fmt.Sprintf("old-2048-%d", i), "secret"
			storeOld(t, st, id, "2048", token, tc.params, actions)
			code, out := call(t, srv, "GET", "/api/2048/games/"+id, "", "")
			if code != http.StatusOK {
				t.Fatalf("load: %d %v", code, out)
			}
			s := out["state"].(map[string]any)
			board := make([][]int, g.Rows())
			for r := range board {
				board[r] = make([]int, g.Cols())
				for c := range board[r] {
					board[r][c] = int(g.At(r, c))
				}
			}
			if fmt.Sprint(s["board"]) != fmt.Sprint(board) || s["score"] != float64(g.Score()) ||
				s["moves"] != float64(g.MoveCount()) || s["seed"] != fmt.Sprint(tc.seed) {
				t.Fatalf("replayed to %v score %v moves %v seed %v; want %v %d %d %d",
					s["board"], s["score"], s["moves"], s["seed"], board, g.Score(), g.MoveCount(), tc.seed)
			}
			for _, dir := range []string{"left", "up", "right", "down"} {
				if code, _ := call(t, srv, "POST", "/api/2048/games/"+id+"/moves", token, `{"dir":"`+dir+`"}`); code == http.StatusOK {
					return
				}
			}
			t.Fatal("no move accepted after the reload")
		})
	}
}
