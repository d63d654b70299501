package server_test

import (
	"encoding/json"
	"math/rand/v2"
	"net/http"
	"reflect"
	"strings"
	"testing"

	"github.com/gridgames/gridgames/othello"
)

// randomTranscript plays random moves from the start of size, stopping after
// plies moves or at the end, and returns the transcript; with pass, it goes on
// to the first game of the seed's stream that has a forced pass in it.
func randomTranscript(t *testing.T, size, plies int, pass bool) string {
	t.Helper()
	rng := rand.New(rand.NewPCG(uint64(size), uint64(plies)))
	for range 1000 {
		start, _ := othello.NewPosition(size)
		pos, moves, passed := start, []othello.Square{}, false
		for len(moves) < plies && !pos.Over() {
			if pos.MustPass() {
				pos, passed = pos.Pass(), true
				continue
			}
			legal := pos.LegalMoves()
			m := legal[rng.IntN(len(legal))]
			moves, pos = append(moves, m), pos.Play(m)
		}
		if passed || !pass {
			return othello.Transcript(moves)
		}
	}
	t.Fatal("no random game with a pass")
	return ""
}

// importBody is a create request importing text with the seats the page sends.
func importBody(t *testing.T, text string, size int) string {
	t.Helper()
	b, err := json.Marshal(map[string]any{"import": text, "size": size, "black": "human", "white": "level 2"})
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// sameGame fails unless two states are of one game: everything but the id.
func sameGame(t *testing.T, what string, got, want map[string]any) {
	t.Helper()
	g, w := map[string]any{}, map[string]any{}
	for k, v := range got {
		g[k] = v
	}
	for k, v := range want {
		w[k] = v
	}
	delete(g, "id")
	delete(w, "id")
	if !reflect.DeepEqual(g, w) {
		t.Errorf("%s: imported game %v\nwant %v", what, g, w)
	}
}

// What the page exports pastes back into the page's import as an equal game:
// the GGF record and the game text always, the transcript for a game from its
// size's start; the board text gives the position (as the start of a new game).
func TestOthelloImportRoundTrip(t *testing.T) {
	srv, _ := newTestServer(t)
	for _, tc := range []struct {
		name    string
		size    int
		body    string // the game to export
		fromOwn bool   // from a board text start: no transcript alone says it
	}{
		{"8x8 start", 8, `{"size":8}`, false},
		{"8x8 midgame", 8, `{"size":8,"transcript":"` + randomTranscript(t, 8, 20, false) + `"}`, false},
		{"8x8 with a pass, to the end", 8, `{"size":8,"transcript":"` + randomTranscript(t, 8, 60, true) + `"}`, false},
		{"6x6 with a pass", 6, `{"size":6,"transcript":"` + randomTranscript(t, 6, 32, true) + `"}`, false},
		{"4x4", 4, `{"size":4,"transcript":"` + randomTranscript(t, 4, 5, false) + `"}`, false},
		{"from board text", 8, `{"board":"` + strings.Repeat("-", 27) + `OX------XXX` + strings.Repeat("-", 26) + ` O","transcript":"f6"}`, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, want := create(t, srv, "othello", strings.Replace(tc.body, "{", `{"black":"human","white":"level 2",`, 1))
			forms := map[string]string{"ggf": want["ggf"].(string), "gameText": want["gameText"].(string)}
			if !tc.fromOwn {
				forms["transcript"] = want["transcript"].(string)
			}
			for form, text := range forms {
				if text == "" {
					continue // the 8x8 start's transcript: an empty import is refused
				}
				_, _, got := create(t, srv, "othello", importBody(t, text, tc.size))
				sameGame(t, form+" "+text, got, want)
			}
			// Board text, on one line or a row a line, gives the position.
			text := want["text"].(string)
			for _, board := range []string{text, strings.Join(stringsOf(want["board"]), "\n") + "\n" + text[len(text)-1:]} {
				_, _, got := create(t, srv, "othello", importBody(t, board, 0))
				if got["text"] != text || !reflect.DeepEqual(got["board"], want["board"]) {
					t.Errorf("board text %q: imported %v, want %v", board, got["text"], text)
				}
			}
		})
	}
}

// stringsOf is a JSON array of strings.
func stringsOf(v any) []string {
	var out []string
	for _, x := range v.([]any) {
		out = append(out, x.(string))
	}
	return out
}

// Records as NBoard and Edax write them read too: evals and times on the moves,
// lower case, tags the page does not write, a pass left out.
func TestOthelloImportForeignGGF(t *testing.T) {
	srv, _ := newTestServer(t)
	const board = "BO[8 ---------------------------O*------*O--------------------------- *]"
	for _, tc := range []struct {
		name, text, transcript string
	}{
		{"NBoard's", "(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[./mEdax]PW[chris]RE[?]TI[15:00]TY[8]" +
			board + "B[F5//1.5]W[F6/-0.5/2]B[D3]W[C5];)", "f5f6d3c5"},
		{"lower case, spaced", "  (; gm[othello] " + strings.ToLower(board) + " b[f5] w[d6/1.25] ;)\n", "f5d6"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, got := create(t, srv, "othello", importBody(t, tc.text, 6))
			if got["transcript"] != tc.transcript || got["size"] != 8.0 {
				t.Errorf("imported %v (size %v), want %s on 8x8", got["transcript"], got["size"], tc.transcript)
			}
		})
	}
}

// Text that cannot be read is a 400 that says what it was read as and what in
// it is wrong; nothing is created.
func TestOthelloImportErrors(t *testing.T) {
	srv, _ := newTestServer(t)
	start := "(;GM[Othello]BO[8 ---------------------------O*------*O--------------------------- *]"
	for _, tc := range []struct {
		name, body string
		says       []string
	}{
		{"empty", `{"import":"  "}`, []string{"nothing to read"}},
		{"a GGF record cut short", `{"import":"` + start + `B[F5]"}`, []string{"read as a GGF record", "GGF"}},
		{"a GGF record with an illegal move", `{"import":"` + start + `B[A1];)"}`, []string{"read as a GGF record", "move 1", "a1"}},
		{"a GGF record of another game", `{"import":"(;GM[Chess];)"}`, []string{"read as a GGF record", "not Othello"}},
		{"a transcript with an illegal move", `{"import":"f5d6a1"}`, []string{"read as a transcript", "move 3", "a1"}},
		{"a transcript on a bad size", `{"import":"f5","size":5}`, []string{"read as a transcript", "size"}},
		{"board text with a bad character", `{"import":"XOZ"}`, []string{"read as board text", "character 3", "Z"}},
		{"board text too short", `{"import":"XO-- X"}`, []string{"read as board text", "want 16, 36 or 64"}},
		{"board text then an illegal move", `{"import":"` + strings.Repeat("-", 27) + `OX------XO` + strings.Repeat("-", 27) + ` X a1"}`,
			[]string{"read as board text", "a1"}},
		{"import beside board", `{"import":"f5","board":"x"}`, []string{"import alone"}},
		{"too long", `{"import":"` + strings.Repeat("f5", 4097) + `"}`, []string{"8194 bytes", "8192"}},
		{"not text", `{"import":5}`, []string{"malformed"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out := call(t, srv, "POST", "/api/othello/games", "", tc.body)
			msg, _ := out["error"].(string)
			if code != http.StatusBadRequest {
				t.Fatalf("%d %v, want 400", code, out)
			}
			for _, s := range tc.says {
				if !strings.Contains(msg, s) {
					t.Errorf("error %q does not say %q", msg, s)
				}
			}
		})
	}
}
