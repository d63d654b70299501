package server_test

import (
	"strings"
	"testing"

	"github.com/gridgames/gridgames/internal/server"
)

// TestOthelloPerfect: the Perfect seat is refused on 8x8 with a message naming
// the boards it plays, plays on 4x4, and the hint on 4x4 is exact and says so.
func TestOthelloPerfect(t *testing.T) {
	st := openStore(t)
	srv := serve(t, st, server.Options{})
	code, out := call(t, srv, "POST", "/api/othello/games", "", `{"size":8,"black":"human","white":"perfect"}`)
	if msg, _ := out["error"].(string); code != 400 || !strings.Contains(msg, "4x4 and 6x6") {
		t.Fatalf("Perfect on 8x8: %d %v", code, out)
	}
	id8, tok8, _ := create(t, srv, "othello", `{"size":8,"black":"human","white":"1"}`)
	code, out = call(t, srv, "POST", "/api/othello/games/"+id8+"/seats", tok8, `{"white":"perfect"}`)
	if msg, _ := out["error"].(string); code != 400 || !strings.Contains(msg, "4x4 and 6x6") {
		t.Fatalf("Perfect seat on 8x8 mid-game: %d %v", code, out)
	}

	id, token, state := create(t, srv, "othello", `{"size":4,"black":"human","white":"perfect"}`)
	if seats := state["seats"].(map[string]any); seats["white"] != "perfect" || seats["black"] != "human" {
		t.Fatalf("seats %v", seats)
	}
	code, out = call(t, srv, "POST", "/api/othello/games/"+id+"/analyze", "", "")
	if code != 200 || out["exact"] != true {
		t.Fatalf("4x4 hint: %d %v", code, out)
	}
	for _, m := range out["moves"].([]any) {
		if m.(map[string]any)["exact"] != true {
			t.Fatalf("4x4 hint value not exact: %v", m)
		}
	}
	first := state["legal"].([]any)[0].(string)
	if code, out = call(t, srv, "POST", "/api/othello/games/"+id+"/moves", token, `{"square":"`+first+`"}`); code != 200 {
		t.Fatalf("move: %d %v", code, out)
	}
	if code, out = call(t, srv, "POST", "/api/othello/games/"+id+"/engine", token, ""); code != 200 {
		t.Fatalf("Perfect's move: %d %v", code, out)
	}
}
