package server_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// startBinary runs `gridgames serve` on a free port over db and returns its URL.
func startBinary(t *testing.T, bin, db string) (*exec.Cmd, string) {
	t.Helper()
	cmd := exec.Command(bin, "serve", "--addr", "127.0.0.1:0", "--db", db)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	urlRE := regexp.MustCompile(`url=(http://\S+)`)
	found := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			if m := urlRE.FindStringSubmatch(sc.Text()); m != nil {
				found <- m[1]
			}
		}
	}()
	select {
	case u := <-found:
		return cmd, u
	case <-time.After(20 * time.Second):
		t.Fatal("server did not report its address")
	}
	return nil, ""
}

func post(t *testing.T, url, token, body string) (int, map[string]any) {
	t.Helper()
	req, _ := http.NewRequest("POST", url, strings.NewReader(body))
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var out map[string]any
	b, _ := io.ReadAll(res.Body)
	json.Unmarshal(b, &out)
	return res.StatusCode, out
}

// TestKilledServerLosesNoMove kills the real server process with SIGKILL in the
// middle of a game and starts it again on the same database: every move it
// acknowledged is there.
func TestKilledServerLosesNoMove(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the gridgames binary")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "gridgames")
	build := exec.Command("go", "build", "-o", bin, "github.com/gridgames/gridgames/cmd/gridgames")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	db := filepath.Join(dir, "games.db")
	cmd, url := startBinary(t, bin, db)

	code, out := post(t, url+"/api/2048/games", "", `{"seed":"99"}`)
	if code != http.StatusCreated {
		t.Fatalf("create: %d %v", code, out)
	}
	id, token := out["state"].(map[string]any)["id"].(string), out["token"].(string)
	code, out = post(t, url+"/api/othello/games", "", `{"size":8,"white":"2"}`)
	if code != http.StatusCreated {
		t.Fatalf("create othello: %d %v", code, out)
	}
	oid, otoken := out["state"].(map[string]any)["id"].(string), out["token"].(string)

	// Moves go on in the background until the kill; count the acknowledged ones.
	acked := 0
	var lastBoard any
	done := make(chan struct{})
	go func() {
		defer close(done)
		for i := 0; ; i++ {
			req, _ := http.NewRequest("POST", url+"/api/2048/games/"+id+"/moves",
				strings.NewReader(fmt.Sprintf(`{"dir":%q}`, []string{"left", "up", "right", "down"}[i%4])))
			req.Header.Set("Authorization", "Bearer "+token)
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				return // the server is gone
			}
			var body map[string]any
			json.NewDecoder(res.Body).Decode(&body)
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				acked++
				lastBoard = body["state"].(map[string]any)["board"]
			}
		}
	}()
	code, out = post(t, url+"/api/othello/games/"+oid+"/moves", otoken, `{"square":"f5"}`)
	if code != 200 {
		t.Fatalf("othello move: %d %v", code, out)
	}
	if code, out = post(t, url+"/api/othello/games/"+oid+"/engine", otoken, ``); code != 200 {
		t.Fatalf("othello engine: %d %v", code, out)
	}
	time.Sleep(700 * time.Millisecond)
	cmd.Process.Kill() // SIGKILL: no shutdown, no flush
	cmd.Wait()
	<-done
	if acked < 10 {
		t.Fatalf("only %d moves acknowledged before the kill", acked)
	}

	_, url = startBinary(t, bin, db)
	res, err := http.Get(url + "/api/2048/games/" + id)
	if err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	json.NewDecoder(res.Body).Decode(&got)
	res.Body.Close()
	st := got["state"].(map[string]any)
	// The kill may land between a commit and its reply: then one move more is
	// stored than was acknowledged, which loses nothing.
	moves := int(st["moves"].(float64))
	if moves != acked && moves != acked+1 {
		t.Fatalf("after restart the game has %d moves, %d were acknowledged", moves, acked)
	}
	if moves == acked && fmt.Sprint(st["board"]) != fmt.Sprint(lastBoard) {
		t.Fatalf("board after restart %v, last acknowledged %v", st["board"], lastBoard)
	}
	res, err = http.Get(url + "/api/othello/games/" + oid)
	if err != nil {
		t.Fatal(err)
	}
	json.NewDecoder(res.Body).Decode(&got)
	res.Body.Close()
	if tr := got["state"].(map[string]any)["transcript"].(string); len(tr) != 4 || tr[:2] != "f5" {
		t.Fatalf("othello transcript after restart %q, want f5 and the engine's reply", tr)
	}
	t.Logf("%d acknowledged moves survived SIGKILL", acked)
}
