package drive_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"testing"

	"github.com/gridgames/gridgames/internal/drive"
)

// chromium returns the browser's path. Without one the test skips, unless
// GRIDGAMES_E2E=1 demands browser tests, when it fails.
func chromium(t *testing.T) string {
	t.Helper()
	path, err := drive.FindChromium()
	if err == nil {
		return path
	}
	if os.Getenv("GRIDGAMES_E2E") == "1" {
		t.Fatalf("GRIDGAMES_E2E=1 but %v", err)
	}
	t.Skipf("browser test skipped: %v (or set GRIDGAMES_E2E=1 to require it)", err)
	return ""
}

// classicServer serves testdata/: the classic-layout test page is /classic.html.
func classicServer(t *testing.T) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.FileServer(http.Dir("testdata")))
	t.Cleanup(srv.Close)
	return srv
}

// open opens url with the test's browser and closes it when the test ends.
func open(t *testing.T, ctx context.Context, url string, opt drive.Options) *drive.Page {
	t.Helper()
	opt.ExecPath = chromium(t)
	p, err := drive.Open(ctx, url, opt)
	if err != nil {
		t.Fatalf("open %s: %v", url, err)
	}
	t.Cleanup(func() { p.Close() })
	return p
}
