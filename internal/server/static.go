package server

import (
	"net/http"
	"strconv"
	"strings"
)

// Cache policies. A versioned URL (?v= the file's hash, as the pages and
// modules link to them) always names the same bytes, so it is kept for a year
// without asking again. A page, and a file fetched by its bare URL, must be
// revalidated on every use: its ETag makes that a 304 without a body.
const (
	cacheImmutable   = "public, max-age=31536000, immutable"
	cacheRevalidate  = "no-cache"
	allowStatic      = "GET, HEAD"
	gzipETagSuffix   = "-gz"
	maxAcceptEntries = 64 // Accept-Encoding entries looked at; a longer header is someone's game
)

// page returns the handler of an HTML page of the set, for its route ("/2048").
func (set *assetSet) page(name string) http.Handler {
	a := set.files[name]
	if a == nil || !a.page {
		panic("server: no web page " + name) // the route table names a page that is not embedded
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { serveAsset(w, r, a) })
}

// ServeHTTP serves the set's files other than pages by their path (/js/2048.js):
// 404 for anything else, a directory included (there are no listings).
func (set *assetSet) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	a := set.files[strings.TrimPrefix(r.URL.Path, "/")]
	if a == nil || a.page {
		http.Error(w, "404 page not found", http.StatusNotFound)
		return
	}
	serveAsset(w, r, a)
}

// serveAsset answers GET and HEAD for a: gzipped when the client accepts it,
// with an ETag naming the bytes sent, 304 when If-None-Match has it, and the
// cache policy of the URL. Other methods get 405 with Allow.
func serveAsset(w http.ResponseWriter, r *http.Request, a *asset) {
	h := w.Header()
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		h.Set("Allow", allowStatic)
		http.Error(w, "method "+r.Method+" not allowed on "+r.URL.Path+"; allowed: "+allowStatic, http.StatusMethodNotAllowed)
		return
	}
	if !a.page && r.URL.Query().Get("v") == a.hash {
		h.Set("Cache-Control", cacheImmutable)
	} else {
		h.Set("Cache-Control", cacheRevalidate)
	}
	body, etag := a.body, `"`+a.hash+`"`
	if a.gz != nil {
		h.Set("Vary", "Accept-Encoding")
		if acceptsGzip(r.Header.Get("Accept-Encoding")) {
			body, etag = a.gz, `"`+a.hash+gzipETagSuffix+`"`
			h.Set("Content-Encoding", "gzip")
		}
	}
	h.Set("ETag", etag)
	if inm := r.Header.Get("If-None-Match"); inm != "" && etagListHas(inm, etag) {
		h.Del("Content-Encoding")
		w.WriteHeader(http.StatusNotModified)
		return
	}
	h.Set("Content-Type", a.ctype)
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(http.StatusOK)
	if r.Method == http.MethodGet {
		w.Write(body)
	}
}

// acceptsGzip reports whether an Accept-Encoding header value admits gzip:
// "gzip" (or "x-gzip") with a nonzero weight, or "*" with a nonzero weight
// when gzip is not listed. Names are case-insensitive; an entry with a
// malformed weight counts as refused, and an empty header admits only identity.
func acceptsGzip(header string) bool {
	gzipQ, starQ := -1.0, -1.0
	n := 0
	for entry := range strings.SplitSeq(header, ",") {
		if n++; n > maxAcceptEntries {
			break
		}
		coding, params, _ := strings.Cut(entry, ";")
		q := 1.0
		for p := range strings.SplitSeq(params, ";") {
			k, v, ok := strings.Cut(p, "=")
			if !ok || !strings.EqualFold(strings.TrimSpace(k), "q") {
				continue
			}
			f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
			if err != nil || f < 0 || f > 1 {
				f = 0
			}
			q = f
		}
		switch coding = strings.ToLower(strings.TrimSpace(coding)); coding {
		case "gzip", "x-gzip":
			gzipQ = max(gzipQ, q)
		case "*":
			starQ = max(starQ, q)
		}
	}
	if gzipQ >= 0 {
		return gzipQ > 0
	}
	return starQ > 0
}

// etagListHas reports whether an If-None-Match value matches etag: "*", or a
// list of entity tags one of which is etag under weak comparison (W/"x"
// matches "x"). A malformed list matches nothing after the fault.
func etagListHas(list, etag string) bool {
	if strings.TrimSpace(list) == "*" {
		return true
	}
	etag = strings.TrimPrefix(etag, "W/")
	for s := list; ; {
		s = strings.TrimLeft(s, " \t,")
		if s == "" {
			return false
		}
		s = strings.TrimPrefix(s, "W/")
		if !strings.HasPrefix(s, `"`) {
			return false
		}
		end := strings.IndexByte(s[1:], '"')
		if end < 0 {
			return false
		}
		if s[:end+2] == etag {
			return true
		}
		s = s[end+2:]
	}
}
