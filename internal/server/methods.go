package server

import (
	"net/http"
	"strings"
)

// apiFallbackPattern is the pattern of the handler that answers the /api/
// requests no route takes.
const apiFallbackPattern = "/api/"

// probeMethods are the methods apiFallback tries when it looks for the routes
// of a path; HEAD follows from GET, as the mux serves it.
var probeMethods = []string{http.MethodGet, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete}

// apiFallback answers an /api/ request that no route took: 405 with an Allow
// header when the path is a route under other methods, else 404. Both are
// JSON errors, as every API answer is.
func (s *Server) apiFallback(w http.ResponseWriter, r *http.Request) {
	if allow := s.allowedMethods(r); allow != "" {
		w.Header().Set("Allow", allow)
		writeError(w, CodeMethodNotAllowed, "method %s not allowed on %s; allowed: %s", r.Method, r.URL.Path, allow)
		return
	}
	writeError(w, CodeNotFound, "no such API endpoint: %s %s", r.Method, r.URL.Path)
}

// allowedMethods lists, as an Allow header value, the methods for which a
// route other than the fallback matches r's path ("GET, HEAD" or "POST"), or
// "" when none does.
func (s *Server) allowedMethods(r *http.Request) string {
	var allow []string
	probe := *r
	for _, m := range probeMethods {
		probe.Method = m
		if _, pattern := s.mux.Handler(&probe); pattern != "" && pattern != apiFallbackPattern {
			allow = append(allow, m)
			if m == http.MethodGet {
				allow = append(allow, http.MethodHead)
			}
		}
	}
	return strings.Join(allow, ", ")
}
