package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	session2048 "github.com/gridgames/gridgames/game2048/session"
	"github.com/gridgames/gridgames/internal/server"
	"github.com/gridgames/gridgames/internal/store"
	"github.com/gridgames/gridgames/internal/store/pgtest"
	"github.com/gridgames/gridgames/othello/session"
)

// sharedDB makes a new database and returns a function opening another handle on
// it, as another server process would.
type sharedDB func(t *testing.T) func() (store.Store, error)

// sharedBackends are the databases several server instances can share: an
// SQLite file that two processes open, and PostgreSQL (skipped where it is not
// installed, failing under GRIDGAMES_E2E=1).
var sharedBackends = []struct {
	name  string
	newDB sharedDB
}{
	{"sqlite", func(t *testing.T) func() (store.Store, error) {
		path := filepath.Join(t.TempDir(), "games.db")
		return func() (store.Store, error) { return store.Open(context.Background(), path) }
	}},
	{"postgres", func(t *testing.T) func() (store.Store, error) {
		url := pgtest.URL(t)
		return func() (store.Store, error) { return store.OpenPostgres(context.Background(), url) }
	}},
}

// instances starts n servers, each over its own handle on one new database, and
// returns them with one more handle, to read what is stored. wrap, if not nil,
// wraps the store of each server.
func instances(t *testing.T, newDB sharedDB, n int, wrap func(i int, st store.Store) store.Store) ([]*httptest.Server, store.Store) {
	t.Helper()
	open := newDB(t)
	handle := func() store.Store {
		st, err := open()
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		return st
	}
	srvs := make([]*httptest.Server, n)
	for i := range srvs {
		st := handle()
		if wrap != nil {
			st = wrap(i, st)
		}
		srvs[i] = serve(t, st, server.Options{Logger: slog.New(slog.NewTextHandler(&retries, &slog.HandlerOptions{Level: slog.LevelDebug})),
			Now: clock.now})
	}
	return srvs, handle()
}

// retries counts the requests the servers of instances ran again, in all tests.
var retries retryCounter

// clock is the instances' clock: the time now plus however far tests moved it on.
var clock testClock

type testClock struct{ ahead atomic.Int64 }

func (c *testClock) now() time.Time          { return time.Now().Add(time.Duration(c.ahead.Load())) }
func (c *testClock) advance(d time.Duration) { c.ahead.Add(int64(d)) }

// retryCounter counts the log lines of requests run again.
type retryCounter struct{ n atomic.Int64 }

func (c *retryCounter) Write(p []byte) (int, error) {
	c.n.Add(int64(bytes.Count(p, []byte("running the request again"))))
	return len(p), nil
}

// send makes a JSON request and decodes the answer into a T; safe to call from
// any goroutine.
func send[T any](srv *httptest.Server, method, path, token, body string) (int, T, error) {
	var out T
	req, err := http.NewRequest(method, srv.URL+path, strings.NewReader(body))
	if err != nil {
		return 0, out, err
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := srv.Client().Do(req)
	if err != nil {
		return 0, out, err
	}
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	if err != nil {
		return 0, out, err
	}
	if err := json.Unmarshal(data, &out); err != nil {
		return res.StatusCode, out, fmt.Errorf("%s %s: %d %s: %v", method, path, res.StatusCode, data, err)
	}
	return res.StatusCode, out, nil
}

// reply2048 is what the 2048 endpoints answer, as far as these tests look.
type reply2048 struct {
	State struct {
		Board   [][]int `json:"board"`
		Score   int64   `json:"score"`
		Best    int64   `json:"best"`
		Moves   int     `json:"moves"`
		Over    bool    `json:"over"`
		CanUndo bool    `json:"canUndo"`
	} `json:"state"`
	Error string `json:"error"`
}

// snapshot is the state a reply shows: the board and score.
func (r reply2048) snapshot() string { return fmt.Sprint(r.State.Board, r.State.Score) }

// replyOthello is what the Othello endpoints answer, as far as these tests look.
type replyOthello struct {
	State struct {
		Text       string   `json:"text"`
		Legal      []string `json:"legal"`
		Transcript string   `json:"transcript"`
		Over       bool     `json:"over"`
		CanUndo    bool     `json:"canUndo"`
		CanRedo    bool     `json:"canRedo"`
	} `json:"state"`
	Error string `json:"error"`
}

// ack is an acknowledged action: how many actions the game had after it, and the
// state its reply showed.
type ack struct {
	count int
	state string
}

// replay2048 rebuilds a stored 2048 game with the session library, returning
// the state after each number of actions (index 0: none).
func replay2048(t *testing.T, g store.Game) []string {
	t.Helper()
	cfg, err := session2048.ParseConfig(g.Params)
	if err != nil {
		t.Fatal(err)
	}
	s, err := session2048.Restore(cfg)
	if err != nil {
		t.Fatal(err)
	}
	game := s.Game()
	snap := func() string {
		board := make([][]int, game.Rows())
		for r := range board {
			board[r] = make([]int, game.Cols())
			for c := range board[r] {
				board[r][c] = int(game.At(r, c))
			}
		}
		return fmt.Sprint(board, game.Score())
	}
	states := []string{snap()}
	for i, a := range g.Actions {
		if _, err := s.Apply(a); err != nil {
			t.Fatalf("stored action %d (%s): %v", i, a, err)
		}
		states = append(states, snap())
	}
	return states
}

// replayOthello rebuilds a stored Othello game with the library, returning the
// position text after each number of actions.
func replayOthello(t *testing.T, g store.Game) []string {
	t.Helper()
	var cfg session.Config
	if err := json.Unmarshal(g.Params, &cfg); err != nil {
		t.Fatal(err)
	}
	s, err := session.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	states := []string{s.Position().String()}
	for i, a := range g.Actions {
		if err := s.Apply(a); err != nil {
			t.Fatalf("stored action %d (%s): %v", i, a, err)
		}
		states = append(states, s.Position().String())
	}
	return states
}

// checkAcks checks that every acknowledged action is stored where its reply
// said, showing the state replaying the stored actions gives, and that no
// sequence number was acknowledged twice.
func checkAcks(t *testing.T, acks []ack, states []string) {
	t.Helper()
	seen := map[int]bool{}
	for _, a := range acks {
		if seen[a.count] {
			t.Errorf("action %d acknowledged twice", a.count)
		}
		seen[a.count] = true
		if a.count < 1 || a.count >= len(states) {
			t.Errorf("acknowledged action %d is not stored (%d stored)", a.count, len(states)-1)
			continue
		}
		if a.state != states[a.count] {
			t.Errorf("action %d: reply showed %s, replay gives %s", a.count, a.state, states[a.count])
		}
	}
	if len(acks) != len(states)-1 {
		t.Errorf("%d actions acknowledged, %d stored", len(acks), len(states)-1)
	}
}

// TestInstances2048 plays one 2048 game on two server instances sharing a
// database: requests alternate between them, then both take a burst of
// concurrent moves. Every acknowledged move is stored, in the order its reply
// showed, and no sequence number is acknowledged twice.
func TestInstances2048(t *testing.T) {
	for _, be := range sharedBackends {
		t.Run(be.name, func(t *testing.T) {
			ctx := context.Background()
			srvs, st := instances(t, be.newDB, 2, nil)
			id, token, _ := create(t, srvs[0], "2048", `{"rows":4,"cols":4,"seed":"11"}`)
			path := "/api/2048/games/" + id
			var acks []ack
			last := ""
			dirs := []string{"left", "up", "right", "down"}
			// Alternating: each request goes to the other instance, which must
			// show the state the last reply showed and accept the next move.
			for i := 0; i < 60; i++ {
				srv := srvs[i%2]
				code, got, err := send[reply2048](srv, "GET", path, "", "")
				if err != nil || code != http.StatusOK {
					t.Fatalf("step %d: GET %d %v", i, code, err)
				}
				if last != "" && got.snapshot() != last {
					t.Fatalf("step %d: instance %d shows %s, the last reply showed %s", i, i%2, got.snapshot(), last)
				}
				if got.State.Over {
					break
				}
				if i%7 == 6 && got.State.CanUndo {
					code, rep, err := send[reply2048](srv, "POST", path+"/undo", token, "")
					if err != nil || code != http.StatusOK {
						t.Fatalf("step %d: undo %d %v %s", i, code, err, rep.Error)
					}
					acks = append(acks, ack{len(acks) + 1, rep.snapshot()})
					last = rep.snapshot()
					continue
				}
				for k := range dirs {
					code, rep, err := send[reply2048](srv, "POST", path+"/moves", token, `{"dir":"`+dirs[(i+k)%4]+`"}`)
					if err != nil {
						t.Fatal(err)
					}
					if code == http.StatusOK {
						acks = append(acks, ack{len(acks) + 1, rep.snapshot()})
						last = rep.snapshot()
						break
					}
					if code != http.StatusConflict || strings.Contains(rep.Error, "elsewhere") {
						t.Fatalf("step %d: move %s: %d %s", i, dirs[(i+k)%4], code, rep.Error)
					}
				}
			}
			// Burst: moves on both instances at once.
			_, before, _ := send[reply2048](srvs[0], "GET", path, "", "")
			n0, m0 := len(acks), before.State.Moves
			const players, moves = 6, 10
			var mu sync.Mutex
			stale := 0
			var wg sync.WaitGroup
			for p := range players {
				wg.Go(func() {
					rng := rand.New(rand.NewPCG(uint64(p), 1))
					for k := range moves {
						srv := srvs[(p+k)%2]
						code, rep, err := send[reply2048](srv, "POST", path+"/moves", token, `{"dir":"`+dirs[rng.IntN(4)]+`"}`)
						mu.Lock()
						switch {
						case err != nil:
							t.Error(err)
						case code == http.StatusOK:
							acks = append(acks, ack{n0 + rep.State.Moves - m0, rep.snapshot()})
						case code == http.StatusConflict && strings.Contains(rep.Error, "elsewhere"):
							stale++
						case code != http.StatusConflict:
							t.Errorf("burst move: %d %s", code, rep.Error)
						}
						mu.Unlock()
					}
				})
			}
			wg.Wait()
			t.Logf("%d actions acknowledged (%d in the burst), %d refused as changed elsewhere; %d requests run again so far",
				len(acks), len(acks)-n0, stale, retries.n.Load())
			g, err := st.Game(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			states := replay2048(t, g)
			checkAcks(t, acks, states)
			for i, srv := range srvs {
				_, got, _ := send[reply2048](srv, "GET", path, "", "")
				if got.snapshot() != states[len(states)-1] {
					t.Errorf("instance %d shows %s, the stored game replays to %s", i, got.snapshot(), states[len(states)-1])
				}
			}
			// A best score made through one instance shows on the other within a
			// second (the best of the game's player): the clock moves on past it.
			clock.advance(1100 * time.Millisecond)
			best, err := st.Best(ctx, store.PlayerKey("2048:4x4", g.Player))
			if err != nil || best == 0 {
				t.Fatalf("stored best %d, %v", best, err)
			}
			for i, srv := range srvs {
				_, got, _ := send[reply2048](srv, "GET", path, "", "")
				if got.State.Best != best {
					t.Errorf("instance %d: best %d, stored %d", i, got.State.Best, best)
				}
			}
		})
	}
}

// TestInstancesOthello plays one Othello game between two people on two server
// instances sharing a database, as TestInstances2048 does, with undo and redo.
func TestInstancesOthello(t *testing.T) {
	for _, be := range sharedBackends {
		t.Run(be.name, func(t *testing.T) {
			ctx := context.Background()
			srvs, st := instances(t, be.newDB, 2, nil)
			id, token, _ := create(t, srvs[1], "othello", `{"size":8}`)
			path := "/api/othello/games/" + id
			var acks []ack
			last := ""
			for i := 0; i < 40; i++ {
				srv := srvs[i%2]
				code, got, err := send[replyOthello](srv, "GET", path, "", "")
				if err != nil || code != http.StatusOK {
					t.Fatalf("step %d: GET %d %v", i, code, err)
				}
				if last != "" && got.State.Text != last {
					t.Fatalf("step %d: instance %d shows %s, the last reply showed %s", i, i%2, got.State.Text, last)
				}
				if got.State.Over {
					break
				}
				req, body := "/moves", `{"square":"`+got.State.Legal[i%len(got.State.Legal)]+`"}`
				switch {
				case i%9 == 8 && got.State.CanUndo:
					req, body = "/undo", ""
				case i%9 == 0 && got.State.CanRedo:
					req, body = "/redo", ""
				}
				code, rep, err := send[replyOthello](srv, "POST", path+req, token, body)
				if err != nil || code != http.StatusOK {
					t.Fatalf("step %d: %s %s: %d %v %s", i, req, body, code, err, rep.Error)
				}
				acks = append(acks, ack{len(acks) + 1, rep.State.Text})
				last = rep.State.Text
			}
			// Burst: each player reads the game from one instance and plays one of
			// its legal moves there; most find the game moved on already.
			_, before, _ := send[replyOthello](srvs[0], "GET", path, "", "")
			n0, t0 := len(acks), len(before.State.Transcript)
			const players, moves = 6, 8
			var mu sync.Mutex
			stale := 0
			var wg sync.WaitGroup
			for p := range players {
				wg.Go(func() {
					rng := rand.New(rand.NewPCG(uint64(p), 2))
					for k := range moves {
						srv := srvs[(p+k)%2]
						_, cur, err := send[replyOthello](srv, "GET", path, "", "")
						if err != nil || cur.State.Over {
							return
						}
						sq := cur.State.Legal[rng.IntN(len(cur.State.Legal))]
						code, rep, err := send[replyOthello](srv, "POST", path+"/moves", token, `{"square":"`+sq+`"}`)
						mu.Lock()
						switch {
						case err != nil:
							t.Error(err)
						case code == http.StatusOK:
							acks = append(acks, ack{n0 + (len(rep.State.Transcript)-t0)/2, rep.State.Text})
						case code == http.StatusConflict && strings.Contains(rep.Error, "elsewhere"):
							stale++
						case code != http.StatusConflict:
							t.Errorf("burst move %s: %d %s", sq, code, rep.Error)
						}
						mu.Unlock()
					}
				})
			}
			wg.Wait()
			t.Logf("%d actions acknowledged (%d in the burst), %d refused as changed elsewhere; %d requests run again so far",
				len(acks), len(acks)-n0, stale, retries.n.Load())
			g, err := st.Game(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			states := replayOthello(t, g)
			checkAcks(t, acks, states)
			for i, srv := range srvs {
				_, got, _ := send[replyOthello](srv, "GET", path, "", "")
				if got.State.Text != states[len(states)-1] {
					t.Errorf("instance %d shows %s, the stored game replays to %s", i, got.State.Text, states[len(states)-1])
				}
			}
		})
	}
}

// racingStore is a store whose next AppendAction first runs a hook: another
// instance's move slipping in between this instance's check and its commit.
type racingStore struct {
	store.Store
	mu   sync.Mutex
	hook func()
	runs int // hooks run
}

func (s *racingStore) AppendAction(ctx context.Context, id string, seq int, action string, sum store.Summary) error {
	s.mu.Lock()
	hook := s.hook
	s.mu.Unlock()
	if hook != nil {
		hook()
		s.mu.Lock()
		s.runs++
		s.mu.Unlock()
	}
	return s.Store.AppendAction(ctx, id, seq, action, sum)
}

func (s *racingStore) set(hook func()) {
	s.mu.Lock()
	s.hook, s.runs = hook, 0
	s.mu.Unlock()
}

// A commit that finds the game moved on by another instance reloads the game and
// runs the request again: the player's move is kept, after the other one. When the
// game keeps moving on, the request gives up with a 409 after a few attempts.
func TestStaleCommitRunsAgain(t *testing.T) {
	for _, be := range sharedBackends {
		t.Run(be.name, func(t *testing.T) {
			ctx := context.Background()
			var racing *racingStore
			srvs, st := instances(t, be.newDB, 2, func(i int, st store.Store) store.Store {
				if i == 0 {
					racing = &racingStore{Store: st}
					return racing
				}
				return st
			})
			id, token, _ := create(t, srvs[0], "othello", `{"size":8}`)
			path := "/api/othello/games/" + id
			// other is the other instance's action, slipping in before this one's
			// commit.
			other := func(req, body string) {
				code, rep, err := send[replyOthello](srvs[1], "POST", path+req, token, body)
				if err != nil || code != http.StatusOK {
					t.Errorf("other instance's %s %s: %d %v %s", req, body, code, err, rep.Error)
				}
			}
			other("/moves", `{"square":"f5"}`)
			other("/moves", `{"square":"f6"}`)
			for _, tc := range []struct {
				name             string
				other, otherBody string
				mine, mineBody   string
				code             int
				says             string
				stored           []string
			}{
				{"kept after the other action", "/undo", "", "/undo", "", http.StatusOK, "",
					[]string{"f5", "f6", "undo", "undo"}},
				{"illegal after the other action", "/moves", `{"square":"f5"}`, "/moves", `{"square":"d3"}`,
					http.StatusConflict, "illegal", []string{"f5", "f6", "undo", "undo", "f5"}},
			} {
				t.Run(tc.name, func(t *testing.T) {
					racing.set(func() { racing.set(nil); other(tc.other, tc.otherBody) })
					code, rep, err := send[replyOthello](srvs[0], "POST", path+tc.mine, token, tc.mineBody)
					if err != nil || code != tc.code || !strings.Contains(rep.Error, tc.says) {
						t.Fatalf("%s %s: %d %v %q; want %d %q", tc.mine, tc.mineBody, code, err, rep.Error, tc.code, tc.says)
					}
					g, err := st.Game(ctx, id)
					if err != nil {
						t.Fatal(err)
					}
					if strings.Join(g.Actions, " ") != strings.Join(tc.stored, " ") {
						t.Errorf("stored %q, want %q", g.Actions, tc.stored)
					}
					if states := replayOthello(t, g); code == http.StatusOK && rep.State.Text != states[len(states)-1] {
						t.Errorf("reply shows %s, the stored game replays to %s", rep.State.Text, states[len(states)-1])
					}
				})
			}
			t.Run("gives up", func(t *testing.T) {
				// Before each commit of this instance, the other one plays a move.
				racing.set(func() {
					_, cur, err := send[replyOthello](srvs[1], "GET", path, "", "")
					if err != nil || len(cur.State.Legal) == 0 {
						t.Errorf("other instance: %v, legal %q", err, cur.State.Legal)
						return
					}
					other("/moves", `{"square":"`+cur.State.Legal[0]+`"}`)
				})
				defer racing.set(nil)
				code, rep, err := send[replyOthello](srvs[0], "POST", path+"/undo", token, "")
				if err != nil || code != http.StatusConflict || !strings.Contains(rep.Error, "changed elsewhere") {
					t.Fatalf("undo: %d %v %q; want 409 changed elsewhere", code, err, rep.Error)
				}
				if racing.runs < 2 || racing.runs > 10 {
					t.Errorf("%d attempts, want a few", racing.runs)
				}
			})
		})
	}
}

// A player's new best score, made through one instance, shows on another
// instance's game of theirs once its copy of the best is older than a second
// (the instances' clock is moved on, not waited for).
func TestInstancesBestAges(t *testing.T) {
	srvs, _ := instances(t, sharedBackends[0].newDB, 2, nil)
	player := strings.Repeat("p", 22)
	do := func(srv *httptest.Server, method, path, token, body string) reply2048 {
		t.Helper()
		req, err := http.NewRequest(method, srv.URL+path, strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		req.AddCookie(&http.Cookie{Name: "gridgames_player", Value: player})
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		res, err := srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		data, _ := io.ReadAll(res.Body)
		var rep reply2048
		if err := json.Unmarshal(data, &rep); err != nil || res.StatusCode >= 300 && res.StatusCode != http.StatusConflict {
			t.Fatalf("%s %s: %d %s", method, path, res.StatusCode, data)
		}
		return rep
	}
	newGame := func(srv *httptest.Server) (string, string) {
		t.Helper()
		req, _ := http.NewRequest("POST", srv.URL+"/api/2048/games", strings.NewReader(`{"rows":4,"cols":4}`))
		req.AddCookie(&http.Cookie{Name: "gridgames_player", Value: player})
		res, err := srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		var created struct {
			Token string `json:"token"`
			State struct {
				ID string `json:"id"`
			} `json:"state"`
		}
		data, _ := io.ReadAll(res.Body)
		if err := json.Unmarshal(data, &created); err != nil || created.State.ID == "" {
			t.Fatalf("create: %d %s", res.StatusCode, data)
		}
		return created.State.ID, created.Token
	}
	a, tokenA := newGame(srvs[0])
	b, _ := newGame(srvs[1])
	if got := do(srvs[1], "GET", "/api/2048/games/"+b, "", ""); got.State.Best != 0 {
		t.Fatalf("a new player's best is %d", got.State.Best)
	}
	score := int64(0)
	for i := 0; score == 0 && i < 200; i++ {
		rep := do(srvs[0], "POST", "/api/2048/games/"+a+"/moves", tokenA, `{"dir":"`+[]string{"left", "up", "right", "down"}[i%4]+`"}`)
		score = max(score, rep.State.Score)
	}
	if score == 0 {
		t.Fatal("no points in 200 moves")
	}
	clock.advance(1100 * time.Millisecond)
	if got := do(srvs[1], "GET", "/api/2048/games/"+b, "", ""); got.State.Best != score {
		t.Fatalf("the other instance shows a best of %d a second later, the player made %d", got.State.Best, score)
	}
}
