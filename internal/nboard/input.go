package nboard

import (
	"bufio"
	"context"
	"errors"
	"io"
	"math"
	"strings"
	"sync"
)

// maxLine bounds a command line; a game record is a few kilobytes.
const maxLine = 1 << 20

// line is one command line and its number from 0.
type line struct {
	text    string
	seq     int64
	tooLong bool // the line was longer than maxLine; text is empty
}

// input reads command lines on its own goroutine, so that a ping (or quit, or the
// end of the input) can stop the thinking of the commands before it while they
// run or wait.
type input struct {
	lines chan line
	done  chan struct{} // closed when the session ends

	mu       sync.Mutex
	stopped  int64              // number of the last stop line read; -1 before any
	running  int64              // number of the command whose search runs
	cancel   context.CancelFunc // stops that search, or nil
	readErr  error
	closeOne sync.Once
}

// readInput starts reading r.
func readInput(r io.Reader) *input {
	in := &input{lines: make(chan line, 256), done: make(chan struct{}), stopped: -1}
	go in.read(r)
	return in
}

// isStop reports whether a command line stops the thinking of those before it.
func isStop(text string) bool {
	cmd, _ := cutWord(text)
	return strings.EqualFold(cmd, "ping") || strings.EqualFold(cmd, "quit")
}

func (in *input) read(r io.Reader) {
	defer close(in.lines)
	br := bufio.NewReaderSize(r, 64<<10)
	for seq := int64(0); ; seq++ {
		text, tooLong, err := readLine(br)
		if text != "" || tooLong || err == nil {
			if isStop(text) {
				in.stop(seq)
			}
			select {
			case in.lines <- line{text: text, seq: seq, tooLong: tooLong}:
			case <-in.done:
				return
			}
		}
		if err != nil {
			in.mu.Lock()
			if !errors.Is(err, io.EOF) {
				in.readErr = err
			}
			in.mu.Unlock()
			in.stop(math.MaxInt64)
			return
		}
	}
}

// readLine reads one line without its line ending; a line longer than maxLine is
// skipped and reported as tooLong.
func readLine(br *bufio.Reader) (string, bool, error) {
	var buf []byte
	tooLong := false
	for {
		chunk, err := br.ReadSlice('\n')
		if len(buf)+len(chunk) > maxLine {
			tooLong, buf = true, nil
		} else if !tooLong {
			buf = append(buf, chunk...)
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		return strings.TrimRight(string(buf), "\r\n"), tooLong, err
	}
}

// stop records a stop line numbered seq and stops a search of an earlier command.
func (in *input) stop(seq int64) {
	in.mu.Lock()
	defer in.mu.Unlock()
	in.stopped = seq
	if in.cancel != nil && in.running < seq {
		in.cancel()
	}
}

// search returns the context for the search of command seq: it ends with parent,
// or when a stop line after seq is read (it may already have been). done must be
// called when the search returns.
func (in *input) search(parent context.Context, seq int64) (ctx context.Context, done func()) {
	ctx, cancel := context.WithCancel(parent)
	in.mu.Lock()
	if in.stopped > seq {
		cancel()
	} else {
		in.running, in.cancel = seq, cancel
	}
	in.mu.Unlock()
	return ctx, func() {
		in.mu.Lock()
		in.cancel = nil
		in.mu.Unlock()
		cancel()
	}
}

// err is the error that ended the input, nil for its end.
func (in *input) err() error {
	in.mu.Lock()
	defer in.mu.Unlock()
	return in.readErr
}

// close lets the reading goroutine end (once its Read returns).
func (in *input) close() { in.closeOne.Do(func() { close(in.done) }) }
