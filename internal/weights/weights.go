// Package weights loads the built-in weight files that the game libraries embed
// (networks, patterns, books, opening tables): each is read on first use, once,
// its SHA-256 checked against the one it was built with, and shared by every
// caller after. A read that is slow can be cancelled by its context, leaving
// nothing behind for the next caller.
package weights

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"sync/atomic"
)

// File is one built-in weight file and the value read from it. The zero File is
// not usable: make one with New.
type File[T any] struct {
	broken string           // the panic message's start: "solver: the embedded network is broken"
	sum    string           // the file's SHA-256 in hex
	open   func() io.Reader // the file's bytes
	read   func(io.Reader) (T, error)
	sem    chan struct{}     // one slot, held while reading: waiters can give up
	v      atomic.Pointer[T] // set once read
}

// New returns the built-in file that open gives (Bytes for an embedded one),
// whose SHA-256 is sum (hex) and whose value read returns. broken starts the
// message of the panic that a file which does not read or does not match its sum
// raises: the file is fixed when the program is built, so either is a broken
// build. Nothing is read until Get or Load.
func New[T any](broken, sum string, open func() io.Reader, read func(io.Reader) (T, error)) *File[T] {
	return &File[T]{broken: broken, sum: sum, open: open, read: read, sem: make(chan struct{}, 1)}
}

// Bytes returns an open function for New over embedded data.
func Bytes(data []byte) func() io.Reader {
	return func() io.Reader { return bytes.NewReader(data) }
}

// Get returns the file's value, reading it first if no one has; it panics if the
// file does not read or its SHA-256 is not the one given to New.
func (f *File[T]) Get() T {
	v, _ := f.Load(context.Background())
	return v
}

// Loaded reports whether the file has been read.
func (f *File[T]) Loaded() bool { return f.v.Load() != nil }

// Load is Get that gives up when ctx ends: if ctx ends before the file is read
// (or while another caller reads it) Load returns ctx's error within one read of
// the file (a few kilobytes), and a later call reads it again. It panics as Get
// does on a broken file.
func (f *File[T]) Load(ctx context.Context) (T, error) {
	if v := f.v.Load(); v != nil {
		return *v, nil
	}
	var zero T
	select {
	case f.sem <- struct{}{}:
	case <-ctx.Done():
		return zero, ctx.Err()
	}
	defer func() { <-f.sem }()
	if v := f.v.Load(); v != nil { // read by the caller we waited for
		return *v, nil
	}
	h := sha256.New()
	r := io.TeeReader(f.open(), h)
	v, err := f.read(CtxReader{Ctx: ctx, R: r})
	if ctx.Err() != nil {
		return zero, ctx.Err()
	}
	if err != nil {
		panic(f.broken + ": " + err.Error())
	}
	if _, err := io.Copy(io.Discard, r); err != nil { // hashes what the reader left unread
		panic(f.broken + ": " + err.Error())
	}
	if got := hex.EncodeToString(h.Sum(nil)); got != f.sum {
		panic(f.broken + ": its SHA-256 is " + got + ", want " + f.sum)
	}
	f.v.Store(&v)
	return v, nil
}

// CtxReader reads from R until Ctx ends, then returns Ctx's error: a long read
// wrapped in it stops within one Read of the context's end.
type CtxReader struct {
	Ctx context.Context
	R   io.Reader
}

// Read reads from R, or returns Ctx's error once Ctx has ended.
func (c CtxReader) Read(p []byte) (int, error) {
	if err := c.Ctx.Err(); err != nil {
		return 0, err
	}
	return c.R.Read(p)
}
