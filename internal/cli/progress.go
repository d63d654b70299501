package cli

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
	"golang.org/x/term"
)

// progress shows how long work is going on stderr, only when stderr is a terminal
// and the work has run for more than a second; otherwise it does nothing. It is a
// bar when the amount of work is known (report) and a spinner with a status line
// when it is not (status). Safe for use from several goroutines.
type progress struct {
	mu      sync.Mutex
	bar     *progressbar.ProgressBar
	w       io.Writer
	label   string
	started time.Time
	tty     bool
	total   int
}

// forceProgress makes progress show even when stderr is not a terminal (for tests).
var forceProgress bool

// isTerminal reports whether w is a terminal (not merely a character device such
// as /dev/null).
func isTerminal(w any) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

func newProgress(cmd *cobra.Command, label string) *progress {
	w := cmd.ErrOrStderr()
	return &progress{w: w, label: label, started: time.Now(), tty: forceProgress || isTerminal(w)}
}

func (p *progress) shown() bool {
	return p != nil && p.tty && (forceProgress || time.Since(p.started) >= time.Second)
}

// report records done of total units.
func (p *progress) report(done, total int) {
	if !p.shown() {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.bar == nil || p.total != total {
		p.bar = progressbar.NewOptions(total,
			progressbar.OptionSetWriter(p.w),
			progressbar.OptionSetDescription(p.label),
			progressbar.OptionShowCount(),
			progressbar.OptionSetElapsedTime(true),
			progressbar.OptionClearOnFinish(),
			progressbar.OptionThrottle(100*time.Millisecond))
		p.total = total
	}
	_ = p.bar.Set(done)
}

// status shows text beside a spinner: work whose amount is not known.
func (p *progress) status(text string) {
	if !p.shown() {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	first := p.bar == nil
	if first {
		p.bar = progressbar.NewOptions(-1,
			progressbar.OptionSetWriter(p.w),
			progressbar.OptionSpinnerType(14),
			progressbar.OptionSetElapsedTime(false),
			progressbar.OptionClearOnFinish(),
			progressbar.OptionThrottle(100*time.Millisecond))
	}
	p.bar.Describe(p.label + text)
	_ = p.bar.Add(1)
	if first {
		// The throttle would hold back the first status too: work that ends
		// within 100 ms of its first report would then show nothing at all.
		_ = p.bar.RenderBlank()
	}
}

// note writes a line when stderr is not a terminal (a log file, a CI job), where
// no bar or spinner shows, so that long work still tells how it goes; on a
// terminal it does nothing: the bar or spinner says it.
func (p *progress) note(format string, args ...any) {
	if p == nil || p.tty {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	fmt.Fprintf(p.w, format+"\n", args...)
}

// finish removes the bar or spinner.
func (p *progress) finish() {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.bar != nil {
		_ = p.bar.Finish()
		_ = p.bar.Clear()
		p.bar = nil
	}
}
