package server

import (
	"bytes"
	"path"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/gridgames/gridgames/web"
)

// TestEmbeddedAssets: package web's files prepare without error (New panics
// otherwise), every page and module links its files by a versioned URL, and
// every file but the tiniest has a gzip form.
func TestEmbeddedAssets(t *testing.T) {
	set, err := newAssetSet(web.FS)
	if err != nil {
		t.Fatal(err)
	}
	for name, a := range set.files {
		if a.gz == nil && len(a.body) > 200 {
			t.Errorf("%s (%d bytes) has no gzip form", name, len(a.body))
		}
		for _, re := range []struct {
			pattern *regexp.Regexp
			group   int
		}{{htmlRef, 2}, {jsImport, 3}} {
			for _, m := range re.pattern.FindAllSubmatchIndex(a.body, -1) {
				// The path of the reference, and what follows it (the module
				// pattern takes the ?v= in, the page pattern stops before it).
				ref, _, _ := strings.Cut(string(a.body[m[2*re.group]:m[2*re.group+1]]), "?")
				after := a.body[m[2*re.group]+len(ref):]
				if ext := path.Ext(ref); ext == "" || ext == ".html" {
					continue // a link to a page
				}
				target := strings.TrimPrefix(ref, "/")
				if strings.HasPrefix(ref, ".") {
					target = path.Join(path.Dir(name), ref)
				}
				dep := set.files[target]
				if dep == nil || !bytes.HasPrefix(after, []byte("?v="+dep.hash)) {
					t.Errorf("%s links %s without its version", name, ref)
				}
			}
		}
	}
}

func mapFS(files map[string]string) fstest.MapFS {
	fsys := fstest.MapFS{}
	for name, text := range files {
		fsys[name] = &fstest.MapFile{Data: []byte(text)}
	}
	return fsys
}

// TestAssetVersions: a page's links and a module's imports gain the hash of
// their target, and a change deep in the imports changes the hash of every
// module and page above it, so a page never mixes old and new modules.
func TestAssetVersions(t *testing.T) {
	files := map[string]string{
		"p.html":     `<link rel="stylesheet" href="/css/a.css"><script type="module" src="/js/main.js"></script><a href="/2048">x</a><a href="/">home</a>`,
		"css/a.css":  `body { color: red }`,
		"js/main.js": "import { f } from './lib.js';\nimport \"./side.js\";\nconst g = await import('./lib.js');\nexport { h } from \"../js/lib.js\";\nimport x from 'bare';\nconst s = 'taken from here';\n",
		"js/lib.js":  `import { deep } from './deep.js'; export const f = deep;`,
		"js/side.js": `console.log(1)`,
		"js/deep.js": `export const deep = 1;`,
	}
	before, err := newAssetSet(mapFS(files))
	if err != nil {
		t.Fatal(err)
	}
	v := func(set *assetSet, name string) string { return "?v=" + set.files[name].hash }
	main := string(before.files["js/main.js"].body)
	for _, want := range []string{
		"from './lib.js" + v(before, "js/lib.js") + "'",
		`import "./side.js` + v(before, "js/side.js") + `"`,
		"import('./lib.js" + v(before, "js/lib.js") + "')",
		`from "../js/lib.js` + v(before, "js/lib.js") + `"`,
		"import x from 'bare';", // not a file of ours: left alone
		"'taken from here'",
	} {
		if !strings.Contains(main, want) {
			t.Errorf("main.js lacks %q:\n%s", want, main)
		}
	}
	page := string(before.files["p.html"].body)
	for _, want := range []string{`href="/css/a.css` + v(before, "css/a.css") + `"`, `src="/js/main.js` + v(before, "js/main.js") + `"`, `href="/2048"`, `href="/"`} {
		if !strings.Contains(page, want) {
			t.Errorf("p.html lacks %q:\n%s", want, page)
		}
	}

	files["js/deep.js"] = `export const deep = 2;`
	after, err := newAssetSet(mapFS(files))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name    string
		changes bool
	}{{"js/deep.js", true}, {"js/lib.js", true}, {"js/main.js", true}, {"p.html", true}, {"js/side.js", false}, {"css/a.css", false}} {
		if changed := before.files[c.name].hash != after.files[c.name].hash; changed != c.changes {
			t.Errorf("%s: hash changed %v, want %v", c.name, changed, c.changes)
		}
	}
}

// TestAssetErrors: a missing target, an import cycle and an unknown file type
// stop the server at start with the file named.
func TestAssetErrors(t *testing.T) {
	for _, c := range []struct {
		name  string
		files map[string]string
		want  string
	}{
		{"missing script", map[string]string{"p.html": `<script src="/js/gone.js"></script>`}, `p.html refers to "/js/gone.js"`},
		{"missing import", map[string]string{"js/a.js": `import './gone.js'`}, `js/a.js refers to "./gone.js"`},
		{"import above the root", map[string]string{"js/a.js": `import '../../a.js'`, "a.js": ``}, `js/a.js refers to "../../a.js"`},
		{"cycle", map[string]string{"js/a.js": `import './b.js'`, "js/b.js": `import './a.js'`}, "cycle: js/a.js -> js/b.js -> js/a.js"},
		{"self import", map[string]string{"js/a.js": `import './a.js'`}, "cycle: js/a.js -> js/a.js"},
		{"unknown type", map[string]string{"data.qqq9": `x`}, `data.qqq9: unknown content type for ".qqq9"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := newAssetSet(mapFS(c.files))
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %v, want one containing %q", err, c.want)
			}
		})
	}
}

func TestAcceptsGzip(t *testing.T) {
	for _, c := range []struct {
		header string
		want   bool
	}{
		{"", false},
		{"gzip", true},
		{"GZip", true},
		{"x-gzip", true},
		{"gzip, deflate, br", true},
		{"br;q=1.0, gzip;q=0.8, *;q=0.1", true},
		{"gzip;q=0", false},
		{"gzip;q=0.000", false},
		{"gzip; q=0.001", true},
		{"gzip;q=0, *", false},
		{"*", true},
		{"*;q=0", false},
		{"identity", false},
		{"deflate, br", false},
		{"gzip;q=2", false},
		{"gzip;q=abc", false},
		{"gzip;level=9", true},
		{" , gzip ,", true},
		{"gzipx", false},
	} {
		t.Run(c.header, func(t *testing.T) {
			if got := acceptsGzip(c.header); got != c.want {
				t.Errorf("acceptsGzip(%q) = %v, want %v", c.header, got, c.want)
			}
		})
	}
}

func TestETagListHas(t *testing.T) {
	const tag = `"abc-gz"`
	for _, c := range []struct {
		list string
		want bool
	}{
		{tag, true},
		{"*", true},
		{" * ", true},
		{`W/"abc-gz"`, true},
		{`"x", "abc-gz"`, true},
		{`"x",W/"abc-gz"`, true},
		{`"x"`, false},
		{`"abc"`, false},
		{`abc-gz`, false},
		{`"abc-gz`, false},
		{`"x" "abc-gz"`, true}, // missing comma: read on
		{`"x", junk, "abc-gz"`, false},
		{`"*"`, false},
		{"", false},
	} {
		t.Run(c.list, func(t *testing.T) {
			if got := etagListHas(c.list, tag); got != c.want {
				t.Errorf("etagListHas(%q, %s) = %v, want %v", c.list, tag, got, c.want)
			}
		})
	}
}

// FuzzAcceptsGzip: any header is answered without a panic, and gzip is only
// ever chosen when the header names it or "*".
func FuzzAcceptsGzip(f *testing.F) {
	for _, s := range []string{"gzip", "gzip;q=0, *", "br;q=1.0, gzip;q=0.8", "*;q=0", ";;,=;q=", "GZIP;Q=0.5"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, header string) {
		if acceptsGzip(header) {
			low := strings.ToLower(header)
			if !strings.Contains(low, "gzip") && !strings.Contains(low, "*") {
				t.Fatalf("acceptsGzip(%q) = true without gzip or *", header)
			}
		}
	})
}

// FuzzETagListHas: any If-None-Match value is read without a panic, "*" and
// the tag itself always match, and a match needs the tag's text or "*".
func FuzzETagListHas(f *testing.F) {
	for _, s := range []string{`"a"`, `W/"a", "b"`, "*", `"`, `W/`, `,,,"a"`} {
		f.Add(s, `"a"`)
	}
	f.Fuzz(func(t *testing.T, list, tag string) {
		got := etagListHas(list, tag)
		if tag == "" || !strings.HasPrefix(tag, `"`) {
			return
		}
		if !etagListHas(tag, tag) && strings.Count(tag, `"`) == 2 && strings.HasSuffix(tag, `"`) {
			t.Fatalf("etagListHas(%q, %q) = false", tag, tag)
		}
		if got && strings.TrimSpace(list) != "*" && !strings.Contains(list, tag) {
			t.Fatalf("etagListHas(%q, %q) = true, but the list does not hold the tag", list, tag)
		}
	})
}
