package cli

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/gridgames/gridgames/game2048"
	"github.com/gridgames/gridgames/game2048/solver"
	"github.com/gridgames/gridgames/internal/drive"
)

// needChromium skips a browser test when there is no Chromium, unless
// GRIDGAMES_E2E=1 demands browser tests, when it fails.
func needChromium(t *testing.T) {
	t.Helper()
	if _, err := drive.FindChromium(); err != nil {
		if os.Getenv("GRIDGAMES_E2E") == "1" {
			t.Fatalf("GRIDGAMES_E2E=1 but %v", err)
		}
		t.Skipf("browser test skipped: %v (or set GRIDGAMES_E2E=1 to require it)", err)
	}
}

// testPage serves the drive package's classic-layout test page.
func testPage(t *testing.T, query string) string {
	t.Helper()
	srv := httptest.NewServer(http.FileServer(http.Dir("../drive/testdata")))
	t.Cleanup(srv.Close)
	return srv.URL + "/classic.html?" + query
}

// Bad flags exit 2 with one line naming the flag, before any browser starts.
func TestDriveBadInput(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"no url", nil, "--url is required"},
		{"not an address", []string{"--url", "localhost:8080"}, `--url "localhost:8080": want an http://, https:// or file:// address`},
		{"no host", []string{"--url", "http://"}, `--url "http://"`},
		{"other scheme", []string{"--url", "ftp://example.com/2048"}, `--url "ftp://example.com/2048"`},
		{"layout", []string{"--url", "http://localhost/", "--layout", "tetris"}, `--layout "tetris": want auto, classic or gridgames`},
		{"moves", []string{"--url", "http://localhost/", "--moves", "-1"}, "--moves -1"},
		{"depth", []string{"--url", "http://localhost/", "--depth", "13"}, "--depth 13"},
		{"timeout", []string{"--url", "http://localhost/", "--timeout", "0s"}, "--timeout 0s"},
		{"chromium", []string{"--url", "http://localhost/", "--chromium", "/no/such/chromium"}, "--chromium /no/such/chromium: no such program"},
		{"depth and time", []string{"--url", "http://localhost/", "--depth", "2", "--time", "1s"}, "--depth and --time cannot be used together"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, code := run(t, "", append([]string{"2048", "drive"}, tc.args...)...)
			if code != exitBadInput || out != "" || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, tc.want) {
				t.Fatalf("exit %d, stdout %q, stderr %q; want 2 and %q", code, out, errOut, tc.want)
			}
		})
	}
}

// A page that does not load, or holds no 2048 board, is bad input naming --url.
func TestDriveUnreachable(t *testing.T) {
	needChromium(t)
	closed := httptest.NewServer(http.NotFoundHandler())
	closed.Close()
	page := testPage(t, "")
	for _, tc := range []struct{ name, url, want string }{
		{"refused", closed.URL + "/2048", "ERR_CONNECTION_REFUSED"},
		{"not found", strings.Replace(page, "classic.html", "missing.html", 1), "HTTP 404"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, code := run(t, "", "2048", "drive", "--url", tc.url)
			if code != exitBadInput || out != "" || strings.Count(errOut, "\n") != 1 ||
				!strings.Contains(errOut, fmt.Sprintf("--url %q", tc.url)) || !strings.Contains(errOut, tc.want) {
				t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errOut)
			}
		})
	}
}

// The page's reason reaches the user after the address, without the drive
// package's prefix: the whole line.
func TestDriveNotFoundLine(t *testing.T) {
	needChromium(t)
	url := strings.Replace(testPage(t, ""), "classic.html", "missing.html", 1)
	out, errOut, code := run(t, "", "2048", "drive", "--url", url)
	want := fmt.Sprintf("gridgames: --url %q: the page did not load: HTTP 404 Not Found\n", url)
	if code != exitBadInput || out != "" || errOut != want {
		t.Fatalf("exit %d, stdout %q, stderr %q; want %d and %q", code, out, errOut, exitBadInput, want)
	}
}

// The command plays a whole 3x3 game on the test page; its figures are those of
// the same solver playing game2048 with the page's seed.
func TestDrivePlaysToTheEnd(t *testing.T) {
	needChromium(t)
	const seed, win = 7, 64
	url := testPage(t, fmt.Sprintf("seed=%d&size=3&win=%d&anim=10", seed, win))
	out, errOut, code := run(t, "", "2048", "drive", "--url", url, "--depth", "1", "--workers", "1", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var got driveOutput
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%q: %v", out, err)
	}
	g, err := game2048.NewGame(game2048.WithSize(3, 3), game2048.WithSeed(seed), game2048.WithWinTile(win))
	if err != nil {
		t.Fatal(err)
	}
	want, err := solver.New(solver.Options{Depth: 1, Workers: 1}).Play(t.Context(), g, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got.Score != want.Score || got.MaxTile != want.MaxTile || got.Moves != want.Moves || !got.Over || !got.Won || got.Seconds <= 0 {
		t.Fatalf("drive printed %+v; game2048 gives %+v", got, want)
	}
	if got.Mismatches != 0 || got.PageWaits < got.Moves || got.PageSeconds <= 0 || got.SolverSeconds <= 0 ||
		got.KeySeconds <= 0 || got.KeySeconds > got.PageSeconds || got.PageSeconds+got.SolverSeconds > got.Seconds*1.0001 ||
		got.MovesPerSecond <= 0 || got.MovesPerSecond*got.Seconds > float64(got.Moves)*1.0001 {
		t.Fatalf("drive's time figures do not add up: %+v", got)
	}
	for _, key := range []string{`"score":`, `"maxTile":`, `"moves":`, `"seconds":`, `"movesPerSecond":`, `"pageSeconds":`,
		`"solverSeconds":`, `"keySeconds":`, `"pageWaits":`, `"mismatches":`, `"over":`, `"won":`} {
		if !strings.Contains(out, key) {
			t.Errorf("JSON %s lacks %s", out, key)
		}
	}
}

// --moves stops early; the text line gives score, max tile and moves.
func TestDriveText(t *testing.T) {
	needChromium(t)
	out, errOut, code := run(t, "", "2048", "drive", "--url", testPage(t, "seed=2&anim=10"), "--depth", "1", "--moves", "12")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var score, tile, moves int
	if n, err := fmt.Sscanf(out, "score %d, max tile %d, %d moves\n", &score, &tile, &moves); n != 3 || err != nil || moves != 12 || tile < 4 {
		t.Fatalf("output %q (%v)", out, err)
	}
}

// Ctrl+C stops the game and prints the score so far, exit status 130.
func TestDriveInterrupted(t *testing.T) {
	needChromium(t)
	url := testPage(t, "seed=4&size=6")
	// Ctrl+C once the page has taken moves (the progress shows them), however
	// long Chromium takes to start on a busy machine.
	forceProgress = true
	defer func() { forceProgress = false }()
	out, errOut, code := runCancelledWhen(t, func(stderr string) bool { return regexp.MustCompile(`\b[1-9]\d* moves`).MatchString(stderr) },
		2*time.Minute, "2048", "drive", "--url", url, "--depth", "1", "--json")
	if code != exitInterrupted || !strings.Contains(errOut, "interrupted") {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	var got driveOutput
	if err := json.Unmarshal([]byte(out), &got); err != nil || got.Moves == 0 || got.Over {
		t.Fatalf("output %q (%v)", out, err)
	}
}
