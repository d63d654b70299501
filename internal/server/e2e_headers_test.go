package server_test

// Browser tests of the answers' headers: every page works under the strict
// Content-Security-Policy, and static files come compressed once and are not
// downloaded again on a reload.

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// recordCSPViolations makes every document the tab opens collect its
// securitypolicyviolation events in window.cspViolations. The script comes
// from DevTools, so the policy does not stop it.
func recordCSPViolations() chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
			Source: `window.cspViolations = [];
document.addEventListener('securitypolicyviolation',
  (e) => window.cspViolations.push(e.violatedDirective + ' blocked ' + (e.blockedURI || 'inline') + ' at ' + e.sourceFile + ':' + e.lineNumber));`})
		return err
	})
}

// cspConsole collects the console messages that name the Content Security Policy.
type cspConsole struct {
	mu   sync.Mutex
	msgs []string
}

func watchCSPConsole(t *testing.T, ctx context.Context) *cspConsole {
	t.Helper()
	c := &cspConsole{}
	messages := chromedp.Console(ctx)
	go func() {
		for m, err := range messages {
			if err != nil {
				return
			}
			if strings.Contains(m.Text, "Content Security Policy") {
				c.mu.Lock()
				c.msgs = append(c.msgs, m.String())
				c.mu.Unlock()
			}
		}
	}()
	return c
}

func (c *cspConsole) take() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := c.msgs
	c.msgs = nil
	return out
}

// TestBrowserCSP loads every page under the server's policy, plays a move in
// each game, and finds no violation, neither as a securitypolicyviolation event
// nor in the console; an inline script the test adds is refused, so the watch
// does see violations.
func TestBrowserCSP(t *testing.T) {
	srv, _ := newTestServer(t)
	ctx := browser(t, 1200, 900)
	do(t, ctx, recordCSPViolations())
	console := watchCSPConsole(t, ctx)

	open := func(t *testing.T, path string) {
		t.Helper()
		resp, err := chromedp.Run(ctx, chromedp.NavigateResponse(srv.URL+path))
		if err != nil {
			t.Fatal(err)
		}
		if csp := header(resp.Headers, "Content-Security-Policy"); !strings.Contains(csp, "script-src 'self'") {
			t.Fatalf("GET %s: Content-Security-Policy %q, want a strict policy", path, csp)
		}
	}
	clean := func(t *testing.T, path string) {
		t.Helper()
		if v := eval[[]string](t, ctx, `window.cspViolations`); len(v) > 0 {
			t.Errorf("%s: CSP violations: %q", path, v)
		}
		if m := console.take(); len(m) > 0 {
			t.Errorf("%s: console: %q", path, m)
		}
	}

	t.Run("home", func(t *testing.T) {
		open(t, "/")
		waitFor(t, ctx, "the theme script", `document.getElementById('theme')`)
		do(t, ctx, chromedp.Click("#theme")) // theme.js runs: the button toggles the theme
		waitFor(t, ctx, "the toggled theme", `document.documentElement.dataset.theme`)
		clean(t, "/")
	})
	t.Run("2048 moves", func(t *testing.T) {
		open(t, "/2048")
		waitFor(t, ctx, "the first tiles", `document.querySelectorAll('#tiles .tile').length >= 2`)
		for i := 0; fetch2048(t, ctx).Moves == 0; i++ {
			if i == 40 {
				t.Fatal("no key press moved the board")
			}
			key(t, ctx, []string{kb.ArrowLeft, kb.ArrowUp, kb.ArrowRight, kb.ArrowDown}[i%4])
		}
		st := fetch2048(t, ctx)
		waitFor(t, ctx, "the page to show the move", fmt.Sprintf(`[...document.querySelectorAll('#tiles .tile')].map(e => e.dataset.cell + '=' + e.textContent).sort().join(' ') === %q`, boardText(st.Board)))
		do(t, ctx, chromedp.Click("#settings")) // a dialog and its form work too
		waitFor(t, ctx, "the settings dialog", `document.getElementById('dlg-settings').open`)
		do(t, ctx, chromedp.Click(`#settings-form button[value=cancel]`))
		waitFor(t, ctx, "the dialog to close", `!document.getElementById('dlg-settings').open`)
		clean(t, "/2048")
	})
	t.Run("othello moves", func(t *testing.T) {
		open(t, "/othello")
		waitFor(t, ctx, "the board", `document.querySelectorAll('#oboard .sq.legal').length > 0`)
		clickLegal(t, ctx)
		waitFor(t, ctx, "the evaluation graph", `document.querySelectorAll('#graph *').length > 0`)
		clean(t, "/othello")
	})
	t.Run("an inline script is refused", func(t *testing.T) {
		eval[bool](t, ctx, `(() => { const s = document.createElement('script'); s.textContent = 'window.inlineRan = true';
			document.body.append(s); return true })()`)
		waitFor(t, ctx, "the violation", `window.cspViolations.length > 0`)
		if eval[bool](t, ctx, `!!window.inlineRan`) {
			t.Fatal("an inline script ran under the policy")
		}
	})
}

// header reads a response header whatever the case of its name.
func header(h network.Headers, name string) string {
	for k, v := range h {
		if strings.EqualFold(k, name) {
			return fmt.Sprint(v)
		}
	}
	return ""
}

// netEntry is one request the tab made, as the network domain reported it.
type netEntry struct {
	path      string
	status    int64 // on the wire: a revalidated answer is 304
	headers   network.Headers
	fromCache bool    // served from the memory or disk cache, nothing sent
	bytes     float64 // bytes on the wire, headers included
	done      bool
}

// netLog records the requests of a tab, load by load.
type netLog struct {
	mu      sync.Mutex
	entries map[network.RequestID]*netEntry
	order   []network.RequestID
	wire    map[network.RequestID]int64 // status codes as received (responseReceived says 200 after a 304)
}

func watchNetwork(t *testing.T, ctx context.Context) *netLog {
	t.Helper()
	l := &netLog{entries: map[network.RequestID]*netEntry{}, wire: map[network.RequestID]int64{}}
	err := chromedp.Listen(ctx, func(ev any) {
		l.mu.Lock()
		defer l.mu.Unlock()
		switch ev := ev.(type) {
		case *network.EventRequestWillBeSent:
			u, _ := url.Parse(ev.Request.URL)
			if u == nil || u.Scheme != "http" {
				return
			}
			if _, ok := l.entries[ev.RequestID]; !ok {
				l.order = append(l.order, ev.RequestID)
			}
			l.entries[ev.RequestID] = &netEntry{path: u.Path}
		case *network.EventRequestServedFromCache:
			if e := l.entries[ev.RequestID]; e != nil {
				e.fromCache = true
			}
		case *network.EventResponseReceived:
			if e := l.entries[ev.RequestID]; e != nil {
				e.status, e.headers = ev.Response.Status, ev.Response.Headers
				e.fromCache = e.fromCache || ev.Response.FromDiskCache
			}
		case *network.EventResponseReceivedExtraInfo:
			l.wire[ev.RequestID] = ev.StatusCode
		case *network.EventLoadingFinished:
			if e := l.entries[ev.RequestID]; e != nil {
				e.bytes, e.done = ev.EncodedDataLength, true
			}
		case *network.EventLoadingFailed:
			if e := l.entries[ev.RequestID]; e != nil {
				e.done = true
			}
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	do(t, ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, network.Enable, network.EnableParams{})
		return err
	}))
	return l
}

// settle waits until no request is in flight on two looks in a row, then
// returns the requests since the last call and forgets them.
func (l *netLog) settle(t *testing.T) []netEntry {
	t.Helper()
	quiet := 0
	for i := 0; quiet < 2; i++ {
		if i == 200 {
			t.Fatal("requests still in flight after 20 s")
		}
		time.Sleep(100 * time.Millisecond)
		l.mu.Lock()
		busy := false
		for _, e := range l.entries {
			busy = busy || !e.done
		}
		l.mu.Unlock()
		if busy {
			quiet = 0
		} else {
			quiet++
		}
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []netEntry
	for _, id := range l.order {
		e := *l.entries[id]
		if st, ok := l.wire[id]; ok && !e.fromCache {
			e.status = st
		}
		out = append(out, e)
	}
	l.entries, l.order, l.wire = map[network.RequestID]*netEntry{}, nil, map[network.RequestID]int64{}
	return out
}

func isStatic(path string) bool {
	return strings.HasPrefix(path, "/js/") || strings.HasPrefix(path, "/css/") || path == "/favicon.svg"
}

// describe sums a load's bytes and lists its requests for the log.
func describe(entries []netEntry) (total float64, lines []string) {
	for _, e := range entries {
		total += e.bytes
		how := fmt.Sprint(e.status)
		if e.fromCache {
			how = "cache"
		}
		if enc := header(e.headers, "Content-Encoding"); enc != "" {
			how += " " + enc
		}
		lines = append(lines, fmt.Sprintf("%s %s %.0f B", e.path, how, e.bytes))
	}
	return total, lines
}

// TestBrowserStaticCaching loads /2048 cold, reloads it, then comes back to it
// from the home page: the first load gets the static files gzipped, and neither
// the reload nor the return downloads a static file again. The bytes on the
// wire of each load go to the test log.
func TestBrowserStaticCaching(t *testing.T) {
	srv, _ := newTestServer(t)
	ctx := browser(t, 1200, 900)
	net := watchNetwork(t, ctx)
	ready := `document.querySelectorAll('#tiles .tile').length >= 2`

	do(t, ctx, chromedp.Navigate(srv.URL+"/2048"))
	waitFor(t, ctx, "the first tiles", ready)
	cold := net.settle(t)
	do(t, ctx, chromedp.Reload())
	waitFor(t, ctx, "the tiles after the reload", ready)
	reload := net.settle(t)
	do(t, ctx, chromedp.Navigate(srv.URL+"/"))
	waitFor(t, ctx, "the home page", `document.querySelector('.cards')`)
	net.settle(t)
	do(t, ctx, chromedp.Click(`a.card[href="/2048"]`))
	waitFor(t, ctx, "the tiles on return", ready)
	back := net.settle(t)

	for _, load := range []struct {
		name    string
		entries []netEntry
	}{{"cold load", cold}, {"reload", reload}, {"return from /", back}} {
		total, lines := describe(load.entries)
		t.Logf("%s of /2048: %.0f bytes on the wire\n\t%s", load.name, total, strings.Join(lines, "\n\t"))
	}

	statics := 0
	for _, e := range cold {
		if !isStatic(e.path) {
			continue
		}
		statics++
		if e.status != 200 || !strings.EqualFold(header(e.headers, "Content-Encoding"), "gzip") {
			t.Errorf("cold load: %s: status %d, Content-Encoding %q; want 200 gzip", e.path, e.status, header(e.headers, "Content-Encoding"))
		}
	}
	if statics < 4 {
		t.Errorf("cold load fetched %d static files, want the CSS and three scripts at least", statics)
	}
	for _, load := range []struct {
		name    string
		entries []netEntry
	}{{"reload", reload}, {"return from /", back}} {
		for _, e := range load.entries {
			if isStatic(e.path) && !e.fromCache && e.status != 304 {
				t.Errorf("%s: %s downloaded again (status %d, %.0f bytes)", load.name, e.path, e.status, e.bytes)
			}
			if e.path == "/2048" && e.status != 304 {
				t.Errorf("%s: the page came back with status %d, not revalidated as 304", load.name, e.status)
			}
		}
	}
}
