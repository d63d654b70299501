package server

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"mime"
	"path"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/gridgames/gridgames/web"
)

// The web files are prepared once, when the first server starts: each page's
// links to scripts, styles and icons, and each module's imports, gain the
// content hash of their target (/js/2048.js?v=HASH), so a versioned URL always
// names the same bytes and can be cached for a year. A module's hash covers
// its rewritten text, so it changes when any module it imports changes: a page
// never mixes an old module with a new one. Every file is also gzipped once.

// asset is one web file as served: its bytes after rewriting, their gzip form
// when that is smaller, and the hash of the bytes.
type asset struct {
	name  string // path in the file system: "js/2048.js"
	ctype string // Content-Type
	body  []byte
	gz    []byte // nil when gzip saves nothing
	hash  string // hex SHA-256 of body, shortened
	page  bool   // an HTML page, served only at its route
}

// assetSet is the web app's files by path ("js/2048.js", "2048.html").
type assetSet struct {
	files map[string]*asset
}

// hashLen is the length of the hex hash in ETags and versioned URLs (64 bits).
const hashLen = 16

// contentTypes are the types of the web files by extension; others come from
// package mime, and a file of an unknown type is refused at start.
var contentTypes = map[string]string{
	".html": "text/html; charset=utf-8",
	".js":   "text/javascript; charset=utf-8",
	".css":  "text/css; charset=utf-8",
	".svg":  "image/svg+xml",
	".json": "application/json",
	".txt":  "text/plain; charset=utf-8",
}

// embeddedAssets prepares package web's files once for every server.
var embeddedAssets = sync.OnceValues(func() (*assetSet, error) { return newAssetSet(web.FS) })

var (
	// htmlRef finds src="/..." and href="/..." attributes in a page.
	htmlRef = regexp.MustCompile(`\b(src|href)="(/[^"?#]*)"`)
	// jsImport finds the specifier of a static import, an export ... from, a
	// side-effect import and a dynamic import with a literal argument.
	jsImport = regexp.MustCompile(`(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])([^'"\n]*)(['"])`)
)

// newAssetSet reads every file of fsys and prepares it. It fails, naming the
// file, when a page or module refers to a file that is not there, when modules
// import each other in a cycle (no content hash can cover both), or when a
// file's type is unknown.
func newAssetSet(fsys fs.FS) (*assetSet, error) {
	raw := map[string][]byte{}
	err := fs.WalkDir(fsys, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(fsys, name)
		raw[name] = b
		return err
	})
	if err != nil {
		return nil, err
	}
	set := &assetSet{files: map[string]*asset{}}
	b := &assetBuilder{raw: raw, set: set, visiting: map[string]bool{}}
	names := make([]string, 0, len(raw))
	for name := range raw {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		if _, err := b.build(name); err != nil {
			return nil, err
		}
	}
	return set, nil
}

// assetBuilder builds files depth first: a file's references are built (and
// hashed) before the file itself.
type assetBuilder struct {
	raw      map[string][]byte
	set      *assetSet
	visiting map[string]bool
	stack    []string
}

func (b *assetBuilder) build(name string) (*asset, error) {
	if a := b.set.files[name]; a != nil {
		return a, nil
	}
	if b.visiting[name] {
		i := slices.Index(b.stack, name)
		return nil, fmt.Errorf("web files import each other in a cycle: %s", strings.Join(append(b.stack[i:], name), " -> "))
	}
	body, ok := b.raw[name]
	if !ok {
		return nil, fmt.Errorf("no web file %s", name)
	}
	ext := path.Ext(name)
	ctype := contentTypes[ext]
	if ctype == "" {
		ctype = mime.TypeByExtension(ext)
	}
	if ctype == "" {
		return nil, fmt.Errorf("web file %s: unknown content type for %q", name, ext)
	}
	b.visiting[name] = true
	b.stack = append(b.stack, name)
	var err error
	switch ext {
	case ".html":
		body, err = b.rewrite(name, body, htmlRef, 2, func(ref string) (string, bool) {
			target := strings.TrimPrefix(ref, "/")
			// Links to pages (/2048, /) have no extension; anything else is a file.
			return target, path.Ext(target) != "" && path.Ext(target) != ".html"
		})
	case ".js":
		body, err = b.rewrite(name, body, jsImport, 3, func(ref string) (string, bool) {
			switch {
			case strings.HasPrefix(ref, "/"):
				return strings.TrimPrefix(ref, "/"), true
			case strings.HasPrefix(ref, "./"), strings.HasPrefix(ref, "../"):
				return path.Join(path.Dir(name), ref), true
			}
			return "", false // a bare specifier: not a file of ours
		})
	}
	b.stack = b.stack[:len(b.stack)-1]
	delete(b.visiting, name)
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256(body)
	a := &asset{name: name, ctype: ctype, body: body, hash: hex.EncodeToString(sum[:])[:hashLen], page: ext == ".html"}
	if a.gz, err = gzipped(body); err != nil {
		return nil, fmt.Errorf("web file %s: %w", name, err)
	}
	b.set.files[name] = a
	return a, nil
}

// rewrite appends ?v=HASH to every reference re finds in body (its submatch
// group) for which target names a file; a named file that is missing is an error.
func (b *assetBuilder) rewrite(name string, body []byte, re *regexp.Regexp, group int, target func(ref string) (string, bool)) ([]byte, error) {
	var out bytes.Buffer
	last := 0
	for _, m := range re.FindAllSubmatchIndex(body, -1) {
		start, end := m[2*group], m[2*group+1]
		ref := string(body[start:end])
		file, ok := target(ref)
		if !ok {
			continue
		}
		if _, exists := b.raw[file]; !exists || strings.HasPrefix(file, "..") {
			return nil, fmt.Errorf("web file %s refers to %q, which is not a web file", name, ref)
		}
		dep, err := b.build(file)
		if err != nil {
			return nil, err
		}
		out.Write(body[last:end])
		out.WriteString("?v=" + dep.hash)
		last = end
	}
	out.Write(body[last:])
	return out.Bytes(), nil
}

// gzipped compresses body at the best level, or returns nil when that does not
// make it smaller.
func gzipped(body []byte) ([]byte, error) {
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		return nil, err
	}
	if _, err := zw.Write(body); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	if buf.Len() >= len(body) {
		return nil, nil
	}
	return buf.Bytes(), nil
}
