package server_test

import (
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// BenchmarkLoad2048 is the load test: many players at once, each playing its own
// 2048 game over HTTP against the real server and a real SQLite file, every move
// committed before its reply. It reports accepted moves per second and the 50th
// and 99th percentile latency of a move. Without a rate the players move as fast
// as they can (the server's capacity); with one, the players together send that
// many moves per second on a fixed schedule and latency counts from the scheduled
// time, so a stall is not hidden by the players waiting for it. Run it with
//
//	go test ./internal/server -run '^$' -bench Load2048 -benchtime 20000x
func BenchmarkLoad2048(b *testing.B) {
	for _, tc := range []struct{ players, rate int }{{16, 0}, {64, 0}, {64, 2500}, {256, 2500}} {
		players := tc.players
		name := fmt.Sprintf("players=%d", players)
		if tc.rate > 0 {
			name += fmt.Sprintf("/rate=%d", tc.rate)
		}
		b.Run(name, func(b *testing.B) {
			srv, _ := newTestServer(b)
			tr := &http.Transport{MaxIdleConnsPerHost: players}
			client := &http.Client{Transport: tr}
			defer tr.CloseIdleConnections()

			newGame := func() (string, string) {
				res, err := client.Post(srv.URL+"/api/2048/games", "application/json", strings.NewReader(`{}`))
				if err != nil {
					b.Fatal(err)
				}
				var out struct {
					Token string `json:"token"`
					State struct {
						ID string `json:"id"`
					} `json:"state"`
				}
				decodeJSON(res.Body, &out)
				res.Body.Close()
				return out.State.ID, out.Token
			}
			var accepted, budget atomic.Int64
			budget.Store(int64(b.N))
			lat := make([][]time.Duration, players)
			var wg sync.WaitGroup
			b.ResetTimer()
			start := time.Now().Add(100 * time.Millisecond) // after the games are made
			for p := range players {
				wg.Add(1)
				go func() {
					defer wg.Done()
					id, token := newGame()
					dirs := []string{"left", "down", "right", "down"}
					var interval time.Duration
					if tc.rate > 0 {
						interval = time.Duration(players) * time.Second / time.Duration(tc.rate)
					}
					next := start.Add(interval * time.Duration(p) / time.Duration(players))
					for i := 0; budget.Add(-1) >= 0; i++ {
						body := `{"dir":"` + dirs[i%4] + `"}`
						req, _ := http.NewRequest("POST", srv.URL+"/api/2048/games/"+id+"/moves", strings.NewReader(body))
						req.Header.Set("Authorization", "Bearer "+token)
						t0 := time.Now()
						if interval > 0 {
							time.Sleep(time.Until(next))
							t0 = next
							next = next.Add(interval)
						}
						res, err := client.Do(req)
						if err != nil {
							b.Error(err)
							return
						}
						io.Copy(io.Discard, res.Body)
						res.Body.Close()
						lat[p] = append(lat[p], time.Since(t0))
						switch res.StatusCode {
						case http.StatusOK:
							accepted.Add(1)
						case http.StatusConflict: // no move that way, or the game is over
							if i%16 == 15 {
								id, token = newGame()
							}
						default:
							b.Errorf("status %d", res.StatusCode)
							return
						}
					}
				}()
			}
			wg.Wait()
			elapsed := time.Since(start)
			b.StopTimer()
			all := slices.Concat(lat...)
			slices.Sort(all)
			if len(all) > 0 {
				b.ReportMetric(float64(all[len(all)*99/100].Microseconds())/1000, "p99-ms")
				b.ReportMetric(float64(all[len(all)/2].Microseconds())/1000, "p50-ms")
			}
			b.ReportMetric(float64(accepted.Load())/elapsed.Seconds(), "moves/s")
		})
	}
}
