package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gridgames/gridgames/game2048"
)

func Test2048Move(t *testing.T) {
	tests := []struct {
		name     string
		args     []string
		stdin    string
		wantOut  string
		wantCode int
		wantErr  string
	}{
		{"single", []string{"--board", "2,2,0,4/0,0,0,0", "--dir", "left"}, "",
			`{"board":"4,4,0,0/0,0,0,0","score":4,"moved":true}` + "\n", 0, ""},
		{"no change", []string{"--board", "2,4/0,0", "--dir", "L"}, "",
			`{"board":"2,4/0,0","score":0,"moved":false}` + "\n", 0, ""},
		{"batch", nil, "2,2/0,0 left\n\n 2,0/2,0   up \n8,8,8,8/0,0,0,0 right\n",
			`{"board":"4,0/0,0","score":4,"moved":true}` + "\n" +
				`{"board":"4,0/0,0","score":4,"moved":true}` + "\n" +
				`{"board":"0,0,16,16/0,0,0,0","score":32,"moved":true}` + "\n", 0, ""},
		{"batch bad line stops", nil, "2,2/0,0 left\n2,3/0,0 up\n2,2/0,0 left\n",
			`{"board":"4,0/0,0","score":4,"moved":true}` + "\n", 2, "line 2: game2048: bad tile: row 1, column 2: 3"},
		{"batch missing dir", nil, "2,2/0,0\n", "", 2, `line 1: want "BOARD DIR"`},
		{"bad dir", []string{"--board", "2,2/0,0", "--dir", "sideways"}, "", "", 2, `unknown direction: "sideways"`},
		{"missing dir", []string{"--board", "2,2/0,0"}, "", "", 2, "--dir is required"},
		{"short row", []string{"--board", "2,2/0", "--dir", "up"}, "", "", 2, "row 2 has 1 cells, want 2"},
		{"too big", []string{"--board", strings.Repeat("0,", 17) + "2/2", "--dir", "up"}, "", "", 2, "size out of range"},
		{"dir without board", []string{"--dir", "up"}, "", "", 2, "--dir needs --board"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, code := run(t, tc.stdin, append([]string{"2048", "move"}, tc.args...)...)
			if out != tc.wantOut || code != tc.wantCode {
				t.Fatalf("got code %d, stdout %q; want %d, %q (stderr %q)", code, out, tc.wantCode, tc.wantOut, errOut)
			}
			if tc.wantErr != "" && (!strings.Contains(errOut, tc.wantErr) || strings.Count(errOut, "\n") != 1) {
				t.Fatalf("stderr %q, want one line containing %q", errOut, tc.wantErr)
			}
		})
	}
}

func Test2048Replay(t *testing.T) {
	g, err := game2048.NewGame(game2048.WithSize(3, 5), game2048.WithSeed(5))
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 200 && !g.Over(); i++ {
		g.Move(game2048.Directions[i%4])
	}
	data, _ := json.Marshal(g.Record())
	dir := t.TempDir()
	path := filepath.Join(dir, "rec.json")
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}

	out, errOut, code := run(t, "", "2048", "replay", "--record", path, "--json")
	var got replayOutput
	if code != 0 || json.Unmarshal([]byte(out), &got) != nil {
		t.Fatalf("code %d, out %q, err %q", code, out, errOut)
	}
	if got.Board != g.Board().String() || got.Score != g.Score() || got.Moves != g.MoveCount() || got.Over != g.Over() {
		t.Fatalf("replay printed %+v, game is %s score %d", got, g.Board(), g.Score())
	}

	out, _, code = run(t, string(data), "2048", "replay", "--record", "-")
	if code != 0 || !strings.Contains(out, "score ") || strings.Count(out, "\n") != 4 {
		t.Fatalf("text replay: code %d, %q", code, out)
	}

	bad := filepath.Join(dir, "bad.json")
	os.WriteFile(bad, []byte(`{"rules":{"rows":4,"cols":4,"fourChance":0.1,"winTile":2048,"startTiles":2},"seed":1,"moves":"LQ"}`), 0o600)
	for _, tc := range []struct{ name, path, want string }{
		{"bad move letter", bad, "move 2"},
		{"missing file", filepath.Join(dir, "nope.json"), "nope.json"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, errOut, code := run(t, "", "2048", "replay", "--record", tc.path)
			if code != 2 || !strings.Contains(errOut, tc.want) {
				t.Fatalf("code %d, stderr %q, want 2 and %q", code, errOut, tc.want)
			}
		})
	}
}
