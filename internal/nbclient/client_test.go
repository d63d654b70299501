package nbclient

import (
	"context"
	"errors"
	"io"
	"testing"
	"time"

	"github.com/gridgames/gridgames/internal/nboard"
	"github.com/gridgames/gridgames/othello"
)

// ourEngine runs gridgames' own NBoard session in process, behind a Client.
func ourEngine(t *testing.T) *Client {
	t.Helper()
	inR, inW := io.Pipe()   // commands to the session
	outR, outW := io.Pipe() // its replies
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		err := nboard.Serve(ctx, inR, outW, io.Discard, nboard.Options{Depth: 2})
		outW.Close()
		done <- err
	}()
	c := New(outR, inW, "in-process", nil, func() error {
		cancel()
		return <-done
	})
	t.Cleanup(func() { _ = c.Close() })
	return c
}

func TestClientPlaysOurEngine(t *testing.T) {
	ctx := context.Background()
	c := ourEngine(t)
	if err := c.Hello(ctx, 3); err != nil {
		t.Fatal(err)
	}
	if c.Name() != "gridgames3" {
		t.Errorf("Name() = %q after set depth 3, want gridgames3", c.Name())
	}
	start := othello.StartPosition()
	_, pos, err := othello.PlayTranscript(start, "f5d6")
	if err != nil {
		t.Fatal(err)
	}
	g := othello.GGF{Start: start, Moves: []othello.GGFMove{{Square: mustSquare(t, "f5")}, {Square: mustSquare(t, "d6")}}}
	if err := c.NewGame(ctx, g); err != nil {
		t.Fatal(err)
	}
	for range 6 {
		r, err := c.Go(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if !pos.IsLegal(r.Move) {
			t.Fatalf("Go in %v = %v (%q), not a legal move", pos, r.Move, r.Text)
		}
		if err := c.Play(r.Move); err != nil {
			t.Fatal(err)
		}
		pos = pos.Play(r.Move)
	}
	if _, err := c.CPU(); err == nil {
		t.Error("CPU of an engine made by New without cpu: no error")
	}
}

// TestClientBrokenAfterTimeout: a go that gets no answer breaks the Client.
func TestClientBrokenAfterTimeout(t *testing.T) {
	outR, outW := io.Pipe() // nothing is ever written: a silent engine
	defer outW.Close()
	c := New(outR, io.Discard, "silent", nil, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
	defer cancel()
	if _, err := c.Go(ctx); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Go to a silent engine: %v, want the deadline", err)
	}
	if _, err := c.Go(context.Background()); !errors.Is(err, ErrBroken) {
		t.Errorf("Go after a timeout: %v, want ErrBroken", err)
	}
}

// TestClientExited: an engine whose output ends is reported as ended.
func TestClientExited(t *testing.T) {
	outR, outW := io.Pipe()
	outW.Close()
	c := New(outR, io.Discard, "gone", nil, nil)
	if _, err := c.Go(context.Background()); !errors.Is(err, ErrExited) {
		t.Errorf("Go to an engine whose output ended: %v, want ErrExited", err)
	}
}

func TestStartEmpty(t *testing.T) {
	if c, err := Start(context.Background(), Spec{Command: "  "}); err == nil {
		c.Close()
		t.Error("Start with an empty command: no error")
	}
}

func TestCommandName(t *testing.T) {
	tests := map[string]string{
		"cd /tmp/ntest/run && ./ntest":      "ntest",
		"/usr/bin/gridgames othello nboard": "gridgames",
		"edax -n 1":                         "edax",
		"":                                  "engine",
	}
	for command, want := range tests {
		if got := commandName(command); got != want {
			t.Errorf("commandName(%q) = %q, want %q", command, got, want)
		}
	}
}
