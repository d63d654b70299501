package server_test

import (
	"bytes"
	"compress/gzip"
	"io"
	"io/fs"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/gridgames/gridgames/web"
)

func gunzip(t *testing.T, b []byte) []byte {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	out, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// version matches the ?v=HASH the server adds to links and imports.
var version = regexp.MustCompile(`\?v=[0-9a-f]{16}`)

// staticURLs are the web files by URL, and the routes of the pages.
var staticURLs = map[string]string{
	"/":                "index.html",
	"/2048":            "2048.html",
	"/othello":         "othello.html",
	"/css/app.css":     "css/app.css",
	"/css/othello.css": "css/othello.css",
	"/js/2048.js":      "js/2048.js",
	"/js/othello.js":   "js/othello.js",
	"/js/api.js":       "js/api.js",
	"/js/theme.js":     "js/theme.js",
	"/favicon.svg":     "favicon.svg",
}

// TestStaticFiles: every page and file answers gzip to a client that accepts
// it and plain bytes otherwise, both (once the server's ?v= are taken out) the
// embedded file; Vary, ETag, Content-Type and Content-Length are set, and HEAD
// gives the headers of GET with no body.
func TestStaticFiles(t *testing.T) {
	srv, _ := newTestServer(t)
	embedded := 0
	fs.WalkDir(web.FS, ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && !strings.HasSuffix(p, ".go") {
			embedded++
		}
		return nil
	})
	if embedded != len(staticURLs) {
		t.Fatalf("package web embeds %d files, the test knows %d: add the new ones to staticURLs", embedded, len(staticURLs))
	}
	types := map[string]string{".html": "text/html; charset=utf-8", ".css": "text/css; charset=utf-8",
		".js": "text/javascript; charset=utf-8", ".svg": "image/svg+xml"}
	for url, name := range staticURLs {
		t.Run(url, func(t *testing.T) {
			want, err := fs.ReadFile(web.FS, name)
			if err != nil {
				t.Fatal(err)
			}
			plain, body := rawRequest(t, srv, "GET", url)
			if plain.StatusCode != 200 || plain.Header.Get("Content-Encoding") != "" {
				t.Fatalf("GET without Accept-Encoding: %d, Content-Encoding %q", plain.StatusCode, plain.Header.Get("Content-Encoding"))
			}
			if got := version.ReplaceAll(body, nil); !bytes.Equal(got, want) {
				t.Errorf("plain body (versions removed) differs from the embedded %s:\n%s", name, got)
			}
			ext := name[strings.LastIndex(name, "."):]
			if ct := plain.Header.Get("Content-Type"); ct != types[ext] {
				t.Errorf("Content-Type %q, want %q", ct, types[ext])
			}
			zipped, zbody := rawRequest(t, srv, "GET", url, "Accept-Encoding", "br, gzip;q=0.8")
			if zipped.Header.Get("Content-Encoding") != "gzip" {
				t.Fatalf("GET with Accept-Encoding gzip: Content-Encoding %q", zipped.Header.Get("Content-Encoding"))
			}
			if len(zbody) >= len(body) || zipped.ContentLength != int64(len(zbody)) {
				t.Errorf("gzip body %d bytes (Content-Length %d), plain %d", len(zbody), zipped.ContentLength, len(body))
			}
			if got := gunzip(t, zbody); !bytes.Equal(got, body) {
				t.Errorf("gzip body decodes to other bytes than the plain body")
			}
			for _, res := range []*http.Response{plain, zipped} {
				if res.Header.Get("Vary") != "Accept-Encoding" {
					t.Errorf("Vary %q", res.Header.Get("Vary"))
				}
			}
			if plain.Header.Get("ETag") == "" || plain.Header.Get("ETag") == zipped.Header.Get("ETag") {
				t.Errorf("ETags plain %q, gzip %q: want two different tags", plain.Header.Get("ETag"), zipped.Header.Get("ETag"))
			}
			head, hbody := rawRequest(t, srv, "HEAD", url, "Accept-Encoding", "gzip")
			if head.StatusCode != 200 || len(hbody) != 0 || head.ContentLength != int64(len(zbody)) || head.Header.Get("ETag") != zipped.Header.Get("ETag") {
				t.Errorf("HEAD: %d, %d body bytes, Content-Length %d, ETag %q; want GET's headers without the body",
					head.StatusCode, len(hbody), head.ContentLength, head.Header.Get("ETag"))
			}
		})
	}
}

// TestStaticConditional: an If-None-Match naming the answer's ETag gets 304 with
// no body, whatever the list around it; another tag, or the tag of the other
// encoding, gets the file.
func TestStaticConditional(t *testing.T) {
	srv, _ := newTestServer(t)
	res, _ := rawRequest(t, srv, "GET", "/js/2048.js", "Accept-Encoding", "gzip")
	gz := res.Header.Get("ETag")
	res, _ = rawRequest(t, srv, "GET", "/js/2048.js")
	plain := res.Header.Get("ETag")
	page, _ := rawRequest(t, srv, "GET", "/2048", "Accept-Encoding", "gzip")
	for _, c := range []struct {
		name, path, enc, inm string
		want                 int
	}{
		{"same tag", "/js/2048.js", "gzip", gz, 304},
		{"weak form", "/js/2048.js", "gzip", "W/" + gz, 304},
		{"in a list", "/js/2048.js", "gzip", `"other", ` + gz, 304},
		{"star", "/js/2048.js", "gzip", "*", 304},
		{"plain tag, plain answer", "/js/2048.js", "", plain, 304},
		{"page", "/2048", "gzip", page.Header.Get("ETag"), 304},
		{"another tag", "/js/2048.js", "gzip", `"0123456789abcdef-gz"`, 200},
		{"gzip tag, plain answer", "/js/2048.js", "", gz, 200},
		{"malformed", "/js/2048.js", "gzip", strings.Trim(gz, `"`), 200},
	} {
		t.Run(c.name, func(t *testing.T) {
			res, body := rawRequest(t, srv, "GET", c.path, "Accept-Encoding", c.enc, "If-None-Match", c.inm)
			if res.StatusCode != c.want {
				t.Fatalf("If-None-Match %s: status %d, want %d", c.inm, res.StatusCode, c.want)
			}
			if c.want == 304 && (len(body) != 0 || res.Header.Get("ETag") == "" || res.Header.Get("Cache-Control") == "") {
				t.Errorf("304 with %d body bytes, ETag %q, Cache-Control %q", len(body), res.Header.Get("ETag"), res.Header.Get("Cache-Control"))
			}
		})
	}
}

// TestStaticCaching: pages link their files, and modules import each other, by
// versioned URLs, which are cached for a year; the hash in a URL is the file's
// ETag. A bare or stale URL, and a page, must be revalidated every time.
func TestStaticCaching(t *testing.T) {
	srv, _ := newTestServer(t)
	ref := regexp.MustCompile(`(?:src|href)="(/[^"]+\?v=[0-9a-f]+)"|from '\./([^']+\?v=[0-9a-f]+)'`)
	seen := map[string]bool{}
	queue := []string{"/", "/2048", "/othello"}
	for len(queue) > 0 {
		url := queue[0]
		queue = queue[1:]
		res, body := rawRequest(t, srv, "GET", url)
		if res.StatusCode != 200 {
			t.Fatalf("GET %s: %d", url, res.StatusCode)
		}
		cc := res.Header.Get("Cache-Control")
		if strings.Contains(url, "?v=") {
			if cc != "public, max-age=31536000, immutable" {
				t.Errorf("GET %s: Cache-Control %q, want a year, immutable", url, cc)
			}
			if v := url[strings.Index(url, "?v=")+3:]; res.Header.Get("ETag") != `"`+v+`"` {
				t.Errorf("GET %s: ETag %s, want the URL's hash", url, res.Header.Get("ETag"))
			}
		} else if cc != "no-cache" {
			t.Errorf("GET %s: Cache-Control %q, want no-cache", url, cc)
		}
		for _, m := range ref.FindAllStringSubmatch(string(body), -1) {
			next := m[1]
			if next == "" {
				next = "/js/" + m[2] // the modules all live in js/
			}
			if !seen[next] {
				seen[next] = true
				queue = append(queue, next)
			}
		}
	}
	for _, want := range []string{"/css/app.css", "/css/othello.css", "/js/theme.js", "/js/2048.js", "/js/othello.js", "/js/api.js", "/favicon.svg"} {
		found := false
		for u := range seen {
			found = found || strings.HasPrefix(u, want+"?v=")
		}
		if !found {
			t.Errorf("no page or module links %s by a versioned URL (links: %v)", want, seen)
		}
	}
	for _, url := range []string{"/js/2048.js", "/js/2048.js?v=0123456789abcdef", "/css/app.css?v="} {
		if res, _ := rawRequest(t, srv, "GET", url); res.Header.Get("Cache-Control") != "no-cache" {
			t.Errorf("GET %s: Cache-Control %q, want no-cache", url, res.Header.Get("Cache-Control"))
		}
	}
}

// TestNoListings: the directories of the static files, and paths that are not
// files, answer 404 whatever the method.
func TestNoListings(t *testing.T) {
	srv, _ := newTestServer(t)
	for _, c := range []struct{ method, path string }{
		{"GET", "/js/"}, {"GET", "/css/"}, {"HEAD", "/js/"}, {"GET", "/js/nope.js"},
		{"POST", "/js/nope.js"}, {"GET", "/index.html"}, {"GET", "/2048.html"}, {"GET", "/embed.go"},
		{"GET", "/js/../embed.go"}, {"GET", "/nope"}, {"DELETE", "/nope"},
	} {
		t.Run(c.method+" "+c.path, func(t *testing.T) {
			res, body := rawRequest(t, srv, c.method, c.path)
			if res.StatusCode/100 == 3 { // the mux cleans paths first
				res, body = rawRequest(t, srv, c.method, res.Header.Get("Location"))
			}
			if res.StatusCode != 404 {
				t.Errorf("status %d, want 404: %.200s", res.StatusCode, body)
			}
			if bytes.Contains(body, []byte("2048.js")) {
				t.Errorf("the answer lists files: %.200s", body)
			}
		})
	}
}
