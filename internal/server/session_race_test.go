package server_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/gridgames/gridgames/internal/server"
)

// request sends a request from any goroutine and decodes the answer's state.
func request(srv *httptest.Server, method, path, token, body string) (int, map[string]any, error) {
	req, err := http.NewRequest(method, srv.URL+path, strings.NewReader(body))
	if err != nil {
		return 0, nil, err
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := srv.Client().Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer res.Body.Close()
	var out map[string]any
	if err := json.NewDecoder(res.Body).Decode(&out); err != nil {
		return res.StatusCode, nil, fmt.Errorf("%s %s: %w", method, path, err)
	}
	st, _ := out["state"].(map[string]any)
	return res.StatusCode, st, nil
}

// TestSessionCacheConcurrent plays more games than the server keeps in memory,
// from several goroutines at once, so that games are forgotten and reloaded
// while others are used: every request is answered and every game ends as its
// player's moves left it. Under the race detector (.ci/run runs this package
// with -race) it also checks the cache's bookkeeping: a game's last-use time
// was written under the game's lock and read under the server's, a data race.
func TestSessionCacheConcurrent(t *testing.T) {
	srv := serve(t, openStore(t), server.Options{MaxSessions: 2})
	const players, moves = 8, 100
	type game struct {
		id, token string
		board     any // as the player's last move left it
		score     float64
	}
	games := make([]*game, players)
	for p := range games {
		id, token, _ := create(t, srv, "2048", fmt.Sprintf(`{"seed":"%d"}`, p+1))
		games[p] = &game{id: id, token: token}
	}
	dirs := []string{"left", "up", "right", "down"}
	var wg sync.WaitGroup
	errs := make(chan error, players*moves*2)
	for p, g := range games {
		other := games[(p+1)%players]
		wg.Go(func() {
			for m := range moves {
				code, st, err := request(srv, "POST", "/api/2048/games/"+g.id+"/moves", g.token, `{"dir":"`+dirs[m%4]+`"}`)
				switch {
				case err != nil:
					errs <- err
				case code == http.StatusOK:
					g.board, g.score = st["board"], st["score"].(float64)
				case code != http.StatusConflict: // a direction that moves nothing
					errs <- fmt.Errorf("player %d move %d: status %d", p, m, code)
				}
				if code, _, err := request(srv, "GET", "/api/2048/games/"+other.id, "", ""); err != nil || code != http.StatusOK {
					errs <- fmt.Errorf("player %d reading game %s: %d, %v", p, other.id, code, err)
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	for p, g := range games {
		code, st, err := request(srv, "GET", "/api/2048/games/"+g.id, "", "")
		if err != nil || code != http.StatusOK {
			t.Fatalf("game %d: %d, %v", p, code, err)
		}
		got, _ := json.Marshal(st["board"])
		want, _ := json.Marshal(g.board)
		if string(got) != string(want) || st["score"] != g.score {
			t.Errorf("game %d ends with board %s score %v; its last move left %s score %v", p, got, st["score"], want, g.score)
		}
	}
}
