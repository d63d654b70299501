package server

import "net/http"

// contentSecurityPolicy lets a page load scripts, styles, images and API
// answers from this server only: no inline script or style, no eval, no
// plugins, no <base>, forms posting only here, and no framing by any site.
// The pages keep every style in css/ and every script in js/ for it; scripts
// may still set element.style, which a policy does not govern.
const contentSecurityPolicy = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; " +
	"connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

// securityHeaders are set on every answer: pages, static files, the API and errors.
var securityHeaders = [][2]string{
	{"Content-Security-Policy", contentSecurityPolicy},
	{"X-Content-Type-Options", "nosniff"},
	{"X-Frame-Options", "DENY"}, // frame-ancestors for browsers older than CSP 2
	{"Referrer-Policy", "no-referrer"},
	{"Cross-Origin-Opener-Policy", "same-origin"},
	{"Cross-Origin-Resource-Policy", "same-origin"},
}

// withSecurityHeaders sets securityHeaders on every answer of h.
func withSecurityHeaders(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hdr := w.Header()
		for _, kv := range securityHeaders {
			hdr.Set(kv[0], kv[1])
		}
		h.ServeHTTP(w, r)
	})
}
