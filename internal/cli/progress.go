package cli

import (
	"os"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
)

// progress shows a bar on stderr for long work, only when stderr is a terminal and
// the work has run for more than a second; otherwise it does nothing.
type progress struct {
	bar     *progressbar.ProgressBar
	label   string
	started time.Time
	tty     bool
}

func newProgress(cmd *cobra.Command, label string) *progress {
	f, ok := cmd.ErrOrStderr().(*os.File)
	tty := false
	if ok {
		if st, err := f.Stat(); err == nil && st.Mode()&os.ModeCharDevice != 0 {
			tty = true
		}
	}
	return &progress{label: label, started: time.Now(), tty: tty}
}

// report records done of total units; safe to call from one goroutine at a time.
func (p *progress) report(done, total int) {
	if p == nil || !p.tty || time.Since(p.started) < time.Second {
		return
	}
	if p.bar == nil {
		p.bar = progressbar.NewOptions(total,
			progressbar.OptionSetWriter(os.Stderr),
			progressbar.OptionSetDescription(p.label),
			progressbar.OptionShowCount(),
			progressbar.OptionClearOnFinish(),
			progressbar.OptionThrottle(100*time.Millisecond))
	}
	_ = p.bar.Set(done)
}

// finish removes the bar.
func (p *progress) finish() {
	if p != nil && p.bar != nil {
		_ = p.bar.Finish()
		_ = p.bar.Clear()
	}
}
