package weights

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"strings"
	"testing"
)

// testData is a file of several reads' worth, so that a read can be stopped
// halfway.
var testData = []byte(strings.Repeat("0123456789abcdef", 4096))

func sumOf(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

// readAll is a read function that takes small reads, as the decoders do.
func readAll(r io.Reader) (string, error) {
	var sb strings.Builder
	buf := make([]byte, 512)
	for {
		n, err := r.Read(buf)
		sb.Write(buf[:n])
		if err == io.EOF {
			return sb.String(), nil
		}
		if err != nil {
			return "", err
		}
	}
}

// cancellingReader cancels its context once n reads have gone through, standing
// in for a Ctrl+C that lands while the file is read.
type cancellingReader struct {
	r      io.Reader
	n      int
	cancel context.CancelFunc
}

func (c *cancellingReader) Read(p []byte) (int, error) {
	if c.n--; c.n == 0 {
		c.cancel()
	}
	return c.r.Read(p)
}

// A read stops when its context ends, returns the context's error, leaves
// nothing behind, and the next call reads the file in full, once.
func TestLoadCancelled(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	opened, reads := 0, 0
	f := New("test: broken", sumOf(testData), func() io.Reader {
		opened++
		if opened == 1 {
			return &cancellingReader{r: Bytes(testData)(), n: 3, cancel: cancel}
		}
		return Bytes(testData)()
	}, func(r io.Reader) (string, error) {
		reads++
		return readAll(r)
	})
	if v, err := f.Load(ctx); !errors.Is(err, context.Canceled) || v != "" {
		t.Fatalf("cancelled read: %d bytes, %v; want none, context.Canceled", len(v), err)
	}
	if f.Loaded() {
		t.Fatal("a cancelled read left a value behind")
	}
	first, err := f.Load(t.Context())
	if err != nil || first != string(testData) {
		t.Fatalf("read after a cancelled one: %d bytes, %v; want %d", len(first), err, len(testData))
	}
	if again := f.Get(); again != first || opened != 2 || reads != 2 {
		t.Fatalf("third call: file opened %d times, read %d; want 2 and 2", opened, reads)
	}
}

// A caller waiting for another's read gives up when its own context ends.
func TestLoadWaiterCancelled(t *testing.T) {
	t.Parallel()
	f := New("test: broken", sumOf(testData), Bytes(testData), readAll)
	f.sem <- struct{}{} // another caller is reading
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if v, err := f.Load(ctx); !errors.Is(err, context.Canceled) || v != "" {
		t.Fatalf("waiter: %d bytes, %v; want none, context.Canceled", len(v), err)
	}
}

// A file that does not read, or does not match its sum (also in bytes its reader
// leaves unread), is a broken build: Get panics with the message given, naming
// why.
func TestBrokenFilePanics(t *testing.T) {
	t.Parallel()
	head := func(r io.Reader) (string, error) { // reads only the first 16 bytes
		b := make([]byte, 16)
		_, err := io.ReadFull(r, b)
		return string(b), err
	}
	for _, tc := range []struct {
		name string
		sum  string
		read func(io.Reader) (string, error)
		want string
	}{
		{"read error", sumOf(testData), func(io.Reader) (string, error) { return "", errors.New("bad header") }, "test: broken: bad header"},
		{"wrong sum", sumOf([]byte("other")), readAll, "test: broken: its SHA-256 is " + sumOf(testData) + ", want " + sumOf([]byte("other"))},
		{"wrong sum, tail unread", sumOf(testData[:16]), head, "test: broken: its SHA-256 is " + sumOf(testData)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := New("test: broken", tc.sum, Bytes(testData), tc.read)
			defer func() {
				msg, _ := recover().(string)
				if !strings.HasPrefix(msg, tc.want) {
					t.Fatalf("panic %q, want one starting %q", msg, tc.want)
				}
				if f.Loaded() {
					t.Fatal("a broken file left a value behind")
				}
			}()
			f.Get()
		})
	}
}

// The value is read once and shared.
func TestGetReadsOnce(t *testing.T) {
	t.Parallel()
	reads := 0
	f := New("test: broken", sumOf(testData), Bytes(testData), func(r io.Reader) (*string, error) {
		reads++
		s, err := readAll(r)
		return &s, err
	})
	if f.Loaded() {
		t.Fatal("New read the file")
	}
	a, b := f.Get(), f.Get()
	if a != b || reads != 1 || *a != string(testData) {
		t.Fatalf("two Gets: %p and %p after %d reads; want one value, one read", a, b, reads)
	}
}
