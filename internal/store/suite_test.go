package store

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"
)

// newDatabase makes a new, empty database and returns a function that opens a
// Store on it. Each call of that function opens another handle on the same
// database: a reopen, or a second writer such as another server instance.
type newDatabase func(t *testing.T) (open func() (Store, error))

// testStore is the suite every Store implementation passes; each subtest gets a
// new database.
func testStore(t *testing.T, newDB newDatabase) {
	for _, tc := range []struct {
		name string
		run  func(t *testing.T, open func() Store)
	}{
		{"games and actions", testGamesAndActions},
		{"actions from", testActionsFrom},
		{"best scores", testBest},
		{"leaderboard", testLeaderboard},
		{"concurrent appends", testConcurrentAppends},
		{"players and ranked games", testPlayers},
		{"player best scores", testPlayerBest},
		{"score times", testScoreTimes},
		{"health", testHealth},
	} {
		t.Run(tc.name, func(t *testing.T) {
			openDB := newDB(t)
			tc.run(t, func() Store {
				t.Helper()
				s, err := openDB()
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { s.Close() })
				return s
			})
		})
	}
}

func newGame(id string) Game {
	return Game{ID: id, Kind: "2048", TokenHash: []byte{1, 2, 3, 0, 255}, Params: []byte(`{"seed":1}`)}
}

func testGamesAndActions(t *testing.T, open func() Store) {
	ctx := context.Background()
	s := open()
	start := time.Now()
	if err := s.CreateGame(ctx, newGame("g1")); err != nil {
		t.Fatal(err)
	}
	if err := s.CreateGame(ctx, newGame("g1")); err == nil {
		t.Error("creating a game twice: no error")
	}
	if g, err := s.Game(ctx, "g1"); err != nil || len(g.Actions) != 0 {
		t.Fatalf("new game = %+v, %v; want no actions", g, err)
	}
	steps := []struct {
		name   string
		seq    int
		action string
		want   error
	}{
		{"first", 0, "L", nil},
		{"second", 1, "U", nil},
		{"stale sequence", 1, "R", ErrConflict},
		{"gap", 5, "R", ErrConflict},
		{"negative", -1, "R", ErrConflict},
		{"third", 2, "Z", nil},
	}
	for _, st := range steps {
		t.Run(st.name, func(t *testing.T) {
			err := s.AppendAction(ctx, "g1", st.seq, st.action, Summary{Score: int64(st.seq * 4), BestKey: "2048:4x4"})
			if !errors.Is(err, st.want) {
				t.Fatalf("AppendAction = %v, want %v", err, st.want)
			}
		})
	}
	if err := s.AppendAction(ctx, "nope", 0, "L", Summary{}); !errors.Is(err, ErrNotFound) {
		t.Errorf("append to unknown game = %v, want ErrNotFound", err)
	}
	if _, err := s.Game(ctx, "nope"); !errors.Is(err, ErrNotFound) {
		t.Errorf("Game(nope) = %v, want ErrNotFound", err)
	}
	// Reopen: everything acknowledged is there.
	s.Close()
	s2 := open()
	got, err := s2.Game(ctx, "g1")
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"L", "U", "Z"}; !slices.Equal(got.Actions, want) {
		t.Errorf("actions = %q, want %q", got.Actions, want)
	}
	if string(got.Params) != `{"seed":1}` || got.Kind != "2048" || string(got.TokenHash) != "\x01\x02\x03\x00\xff" {
		t.Errorf("game = %+v", got)
	}
	const slack = 2 * time.Second // the database's clock may be another machine's
	if got.Created.Before(start.Add(-slack)) || got.Updated.Before(got.Created) || got.Updated.After(time.Now().Add(slack)) {
		t.Errorf("created %v, updated %v: want from %v to now", got.Created, got.Updated, start)
	}
	if best, err := s2.Best(ctx, "2048:4x4"); err != nil || best != 8 {
		t.Errorf("best = %d, %v; want 8", best, err)
	}
}

func testActionsFrom(t *testing.T, open func() Store) {
	ctx := context.Background()
	s := open()
	if err := s.CreateGame(ctx, newGame("g")); err != nil {
		t.Fatal(err)
	}
	if n, a, err := s.ActionsFrom(ctx, "g", 0); err != nil || n != 0 || len(a) != 0 {
		t.Errorf("ActionsFrom(new game, 0) = %d, %q, %v; want 0, none", n, a, err)
	}
	for i, a := range []string{"L", "R", "U"} {
		if err := s.AppendAction(ctx, "g", i, a, Summary{}); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		from int
		want []string
	}{
		{0, []string{"L", "R", "U"}},
		{1, []string{"R", "U"}},
		{2, []string{"U"}},
		{3, nil},
		{7, nil},
	} {
		t.Run(fmt.Sprint("from ", tc.from), func(t *testing.T) {
			n, got, err := s.ActionsFrom(ctx, "g", tc.from)
			if err != nil || n != 3 || !slices.Equal(got, tc.want) {
				t.Errorf("ActionsFrom(%d) = %d, %q, %v; want 3, %q", tc.from, n, got, err, tc.want)
			}
		})
	}
	if _, _, err := s.ActionsFrom(ctx, "nope", 0); !errors.Is(err, ErrNotFound) {
		t.Errorf("ActionsFrom(nope) = %v, want ErrNotFound", err)
	}
}

func testBest(t *testing.T, open func() Store) {
	ctx := context.Background()
	s := open()
	const key = "2048:4x4"
	if best, err := s.Best(ctx, key); err != nil || best != 0 {
		t.Fatalf("best of a new board = %d, %v; want 0", best, err)
	}
	if err := s.CreateGame(ctx, newGame("g")); err != nil {
		t.Fatal(err)
	}
	seq := 0
	for _, tc := range []struct {
		name  string
		raise func() error
		want  int64
	}{
		{"append without a key", func() error { return s.AppendAction(ctx, "g", seq, "L", Summary{Score: 50}) }, 0},
		{"append with a zero score", func() error { return s.AppendAction(ctx, "g", seq, "L", Summary{Score: 0, BestKey: key}) }, 0},
		{"append", func() error { return s.AppendAction(ctx, "g", seq, "L", Summary{Score: 12, BestKey: key}) }, 12},
		{"append lower", func() error { return s.AppendAction(ctx, "g", seq, "L", Summary{Score: 4, BestKey: key}) }, 12},
		{"raise lower", func() error { return s.RaiseBest(ctx, key, 5) }, 12},
		{"raise higher", func() error { return s.RaiseBest(ctx, key, 20) }, 20},
		{"append higher", func() error { return s.AppendAction(ctx, "g", seq, "L", Summary{Score: 30, BestKey: key}) }, 30},
		{"raise equal", func() error { return s.RaiseBest(ctx, key, 30) }, 30},
		{"conflicting append", func() error {
			err := s.AppendAction(ctx, "g", seq+1, "L", Summary{Score: 99, BestKey: key})
			if errors.Is(err, ErrConflict) {
				return nil
			}
			return fmt.Errorf("got %v, want ErrConflict", err)
		}, 30},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := tc.raise(); err != nil {
				t.Fatal(err)
			}
			if best, err := s.Best(ctx, key); err != nil || best != tc.want {
				t.Errorf("best = %d, %v; want %d", best, err, tc.want)
			}
			if n, _, _ := s.ActionsFrom(ctx, "g", 0); n > seq {
				seq = n
			}
		})
	}
	if best, _ := s.Best(ctx, "2048:5x5"); best != 0 {
		t.Errorf("another board's best = %d, want 0", best)
	}
}

func testLeaderboard(t *testing.T, open func() Store) {
	ctx := context.Background()
	s := open()
	for _, id := range []string{"a", "b", "c", "d", "e"} {
		if err := s.CreateGame(ctx, newGame(id)); err != nil {
			t.Fatal(err)
		}
	}
	for _, sc := range []Score{
		{GameID: "a", Board: "2048:4x4", Name: "ann", Score: 100, MaxTile: 8, Moves: 10},
		{GameID: "b", Board: "2048:4x4", Name: "  bob ", Score: 300, MaxTile: 1 << 62, Moves: 30},
		{GameID: "c", Board: "2048:5x5", Name: "cy", Score: 999},
		{GameID: "d", Board: "2048:4x4", Name: "dee", Score: 200},
		{GameID: "a", Board: "2048:4x4", Name: "ann", Score: 200, MaxTile: 16, Moves: 20}, // replaces a's entry, after d's
		{GameID: "e", Board: "2048:4x4", Name: "eve", Score: 50},
	} {
		stored, err := s.AddScore(ctx, sc)
		if err != nil {
			t.Fatal(err)
		}
		if stored.Created.IsZero() || stored.GameID != sc.GameID || stored.Score != sc.Score {
			t.Fatalf("AddScore(%+v) = %+v: want the entry with its time", sc, stored)
		}
		time.Sleep(2 * time.Millisecond) // entries made at distinct times, for the ties
	}
	if _, err := s.AddScore(ctx, Score{GameID: "nope", Board: "2048:4x4", Name: "x", Score: 1}); err == nil {
		t.Error("AddScore for a game that does not exist: no error")
	}
	type entry struct {
		id, name       string
		score, maxTile int64
		moves          int
	}
	for _, tc := range []struct {
		board string
		n     int
		want  []entry
	}{
		{"2048:4x4", 10, []entry{{"b", "bob", 300, 1 << 62, 30}, {"d", "dee", 200, 0, 0}, {"a", "ann", 200, 16, 20}, {"e", "eve", 50, 0, 0}}},
		{"2048:4x4", 2, []entry{{"b", "bob", 300, 1 << 62, 30}, {"d", "dee", 200, 0, 0}}},
		{"2048:4x4", 0, []entry{}},
		{"2048:5x5", 10, []entry{{"c", "cy", 999, 0, 0}}},
		{"2048:3x3", 10, []entry{}},
	} {
		t.Run(fmt.Sprintf("%s top %d", tc.board, tc.n), func(t *testing.T) {
			got, err := s.Leaderboard(ctx, tc.board, tc.n)
			if err != nil {
				t.Fatal(err)
			}
			if got == nil {
				t.Error("nil leaderboard, want an empty list")
			}
			var es []entry
			for _, sc := range got {
				if sc.Board != tc.board || sc.Created.IsZero() {
					t.Errorf("entry %+v: board or time wrong", sc)
				}
				es = append(es, entry{sc.GameID, sc.Name, sc.Score, int64(sc.MaxTile), sc.Moves})
			}
			if !slices.Equal(es, tc.want) && !(len(es) == 0 && len(tc.want) == 0) {
				t.Errorf("leaderboard = %+v, want %+v", es, tc.want)
			}
		})
	}
}

// testConcurrentAppends races writers on two handles to one database: every
// append acknowledged is stored at its seq, and no seq is acknowledged twice.
func testConcurrentAppends(t *testing.T, open func() Store) {
	ctx := context.Background()
	stores := []Store{open(), open()}
	if err := stores[0].CreateGame(ctx, newGame("g")); err != nil {
		t.Fatal(err)
	}
	const writers, total = 8, 120
	var mu sync.Mutex
	acked := map[int]string{} // seq -> action
	var wg sync.WaitGroup
	errc := make(chan error, writers)
	for w := range writers {
		wg.Go(func() {
			s := stores[w%len(stores)]
			for k := 0; ; k++ {
				n, _, err := s.ActionsFrom(ctx, "g", 0)
				if err != nil {
					errc <- err
					return
				}
				if n >= total {
					return
				}
				action := fmt.Sprintf("w%d.%d", w, k)
				err = s.AppendAction(ctx, "g", n, action, Summary{Score: int64(n), BestKey: "2048:4x4"})
				switch {
				case errors.Is(err, ErrConflict):
				case err != nil:
					errc <- err
					return
				default:
					mu.Lock()
					if prev, dup := acked[n]; dup {
						errc <- fmt.Errorf("seq %d acknowledged twice: %s and %s", n, prev, action)
					}
					acked[n] = action
					mu.Unlock()
				}
			}
		})
	}
	wg.Wait()
	close(errc)
	for err := range errc {
		t.Error(err)
	}
	g, err := stores[1].Game(ctx, "g")
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Actions) != total || len(acked) != total {
		t.Fatalf("%d actions stored, %d acknowledged; want %d", len(g.Actions), len(acked), total)
	}
	for seq, a := range g.Actions {
		if acked[seq] != a {
			t.Errorf("action %d stored %q, acknowledged %q", seq, a, acked[seq])
		}
	}
	if best, _ := stores[0].Best(ctx, "2048:4x4"); best != total-1 {
		t.Errorf("best = %d, want %d", best, total-1)
	}
}

// testPlayers: a game keeps its player and whether it is ranked across a reopen;
// a game stored without them has neither.
func testPlayers(t *testing.T, open func() Store) {
	ctx := context.Background()
	s := open()
	games := []Game{newGame("anon"), newGame("ranked"), newGame("practice")}
	games[1].Player, games[1].Ranked = "p1", true
	games[2].Player = "p2"
	for _, g := range games {
		if err := s.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
	}
	s.Close()
	s = open()
	for _, want := range games {
		t.Run(want.ID, func(t *testing.T) {
			got, err := s.Game(ctx, want.ID)
			if err != nil {
				t.Fatal(err)
			}
			if got.Player != want.Player || got.Ranked != want.Ranked {
				t.Errorf("player %q, ranked %v; want %q, %v", got.Player, got.Ranked, want.Player, want.Ranked)
			}
		})
	}
}

// testPlayerBest: an append raises the board's best and its player's, each only
// upwards; other players' bests stay as they are.
func testPlayerBest(t *testing.T, open func() Store) {
	ctx := context.Background()
	s := open()
	const board = "2048:4x4"
	p1, p2 := PlayerKey(board, "p1"), PlayerKey(board, "p2")
	if p1 != "2048:4x4@p1" {
		t.Fatalf("PlayerKey = %q", p1)
	}
	for _, id := range []string{"g1", "g2"} {
		if err := s.CreateGame(ctx, newGame(id)); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		name       string
		id         string
		seq        int
		sum        Summary
		board, one int64 // bests wanted after: the board's, p1's
		two        int64 // p2's
	}{
		{"p1 scores", "g1", 0, Summary{Score: 40, BestKey: board, PlayerBestKey: p1}, 40, 40, 0},
		{"p2 scores more", "g2", 0, Summary{Score: 100, BestKey: board, PlayerBestKey: p2}, 100, 40, 100},
		{"p1 scores more, below the board", "g1", 1, Summary{Score: 60, BestKey: board, PlayerBestKey: p1}, 100, 60, 100},
		{"p1 lower (an undo)", "g1", 2, Summary{Score: 8, BestKey: board, PlayerBestKey: p1}, 100, 60, 100},
		{"a player key alone", "g1", 3, Summary{Score: 70, PlayerBestKey: p1}, 100, 70, 100},
		{"both keys the same", "g2", 1, Summary{Score: 120, BestKey: board, PlayerBestKey: board}, 120, 70, 100},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := s.AppendAction(ctx, tc.id, tc.seq, "L", tc.sum); err != nil {
				t.Fatal(err)
			}
			for key, want := range map[string]int64{board: tc.board, p1: tc.one, p2: tc.two} {
				if got, err := s.Best(ctx, key); err != nil || got != want {
					t.Errorf("best of %s = %d, %v; want %d", key, got, err, want)
				}
			}
		})
	}
}

// testScoreTimes: AddScore answers with the time stored, the one the
// leaderboard shows, and a replacement entry gets a new one.
func testScoreTimes(t *testing.T, open func() Store) {
	ctx := context.Background()
	s := open()
	if err := s.CreateGame(ctx, newGame("g")); err != nil {
		t.Fatal(err)
	}
	const slack = 2 * time.Second // the database's clock may be another machine's
	var prev time.Time
	for i, score := range []int64{100, 300} {
		start := time.Now()
		got, err := s.AddScore(ctx, Score{GameID: "g", Board: "2048:4x4", Name: " ann ", Score: score, MaxTile: 64, Moves: 9})
		if err != nil {
			t.Fatal(err)
		}
		if got.Name != "ann" || got.Created.Before(start.Add(-slack)) || got.Created.After(time.Now().Add(slack)) {
			t.Fatalf("entry %d: %+v; want the name trimmed and a time from %v to now", i, got, start)
		}
		if got.Created.Before(prev) {
			t.Errorf("entry %d made at %v, before the one it replaced (%v)", i, got.Created, prev)
		}
		prev = got.Created
		top, err := s.Leaderboard(ctx, "2048:4x4", 10)
		if err != nil {
			t.Fatal(err)
		}
		if len(top) != 1 || !top[0].Created.Equal(got.Created) || top[0].Score != score {
			t.Fatalf("leaderboard %+v; want the one entry %+v", top, got)
		}
	}
}

// testMigrateV1 checks a database of schema 1 (made by setup) after the store
// opened it: its games load without a player, not ranked, and its leaderboard
// entries moved to the unverified boards.
func testMigrateV1(t *testing.T, s Store) {
	t.Helper()
	ctx := context.Background()
	g, err := s.Game(ctx, "old")
	if err != nil {
		t.Fatal(err)
	}
	if g.Player != "" || g.Ranked || string(g.Params) != `{"seed":1}` || !slices.Equal(g.Actions, []string{"L", "U"}) {
		t.Fatalf("old game = %+v", g)
	}
	if top, err := s.Leaderboard(ctx, "2048:4x4", 10); err != nil || len(top) != 0 {
		t.Errorf("ranked board = %+v, %v; want no entries", top, err)
	}
	top, err := s.Leaderboard(ctx, UnverifiedPrefix+"2048:4x4", 10)
	if err != nil || len(top) != 1 || top[0].Name != "old" || top[0].Score != 500 {
		t.Errorf("unverified board = %+v, %v; want the old entry", top, err)
	}
	if best, err := s.Best(ctx, "2048:4x4"); err != nil || best != 500 {
		t.Errorf("best = %d, %v; want 500", best, err)
	}
	// The old game goes on.
	if err := s.AppendAction(ctx, "old", 2, "R", Summary{Score: 504, BestKey: "2048:4x4"}); err != nil {
		t.Fatal(err)
	}
}

// v1Rows are the rows testMigrateV1 expects, in schema 1.
const v1Rows = `INSERT INTO games (id, kind, token_hash, params, actions, score, created, updated)
		VALUES ('old', '2048', 'x', '{"seed":1}', 2, 500, %s, %s);
	INSERT INTO actions (game_id, seq, action) VALUES ('old', 0, 'L'), ('old', 1, 'U');
	INSERT INTO best (key, score) VALUES ('2048:4x4', 500);
	INSERT INTO scores (game_id, board, name, score, max_tile, moves, created)
		VALUES ('old', '2048:4x4', 'old', 500, 64, 2, %s);`

// testHealth: a store that works says so, and a Check whose context is done
// says that.
func testHealth(t *testing.T, open func() Store) {
	s := open()
	if err := s.Check(context.Background()); err != nil {
		t.Fatalf("Check of a new store: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := s.Check(ctx); !errors.Is(err, context.Canceled) {
		t.Errorf("Check with its context cancelled: %v, want context.Canceled", err)
	}
}
