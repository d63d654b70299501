package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"

	"github.com/gridgames/gridgames/internal/store"
)

// maxBody bounds every request body.
const maxBody = 16 << 10

// apiError is an error with the code (and so the HTTP status) to answer it
// with, and its message for people.
type apiError struct {
	code Code
	msg  string
}

func (e *apiError) Error() string { return e.msg }

// errorf returns the API error with code and the formatted message.
func errorf(code Code, format string, args ...any) *apiError {
	return &apiError{code: code, msg: fmt.Sprintf(format, args...)}
}

// errorBody is every error answer: the message for people and the code for
// programs (see Code).
type errorBody struct {
	Error string `json:"error"`
	Code  Code   `json:"code"`
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

// writeError answers the error with code and the formatted message, with the
// code's status.
func writeError(w http.ResponseWriter, code Code, format string, args ...any) {
	writeJSON(w, code.Status(), errorBody{Error: fmt.Sprintf(format, args...), Code: code})
}

// fail answers err: an *apiError with its code; a request that ended because
// its client went away (or its deadline passed) as a quiet 503, logged at debug
// level only; a store that cannot keep or read data now (store.ErrUnavailable)
// as a 503 logged once (see storeUnavailable); anything else as a 500 whose details go to the log only.
func (s *Server) fail(w http.ResponseWriter, r *http.Request, err error) {
	var ae *apiError
	if errors.As(err, &ae) {
		writeError(w, ae.code, "%s", ae.msg)
		return
	}
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		s.log.Debug("request cancelled", "method", r.Method, "path", r.URL.Path, "err", err)
		writeError(w, CodeUnavailable, "request cancelled")
		return
	}
	if errors.Is(err, store.ErrUnavailable) {
		s.storeUnavailable(w, r, err)
		return
	}
	s.log.Error("request failed", "method", r.Method, "path", r.URL.Path, "err", err)
	writeError(w, CodeInternal, "internal error")
}

// decode reads a JSON body into v. An empty body leaves v as it is; a body that is
// too large is a 413, anything malformed or with unknown fields a 400.
func decode(w http.ResponseWriter, r *http.Request, v any) error {
	r.Body = http.MaxBytesReader(w, r.Body, maxBody)
	dec := json.NewDecoder(r.Body)
	dec.DisallowUnknownFields()
	err := dec.Decode(v)
	var tooBig *http.MaxBytesError
	switch {
	case errors.Is(err, io.EOF):
		return nil
	case errors.As(err, &tooBig):
		return errorf(CodeTooLarge, "request body larger than %d bytes", maxBody)
	case err != nil:
		return errorf(CodeBadRequest, "malformed JSON body: %v", err)
	}
	if dec.More() {
		return errorf(CodeBadRequest, "malformed JSON body: more than one value")
	}
	return nil
}
