package drive

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// chromiumNames are the browser binaries FindChromium looks for, in order.
var chromiumNames = []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"}

// FindChromium returns the path of a Chromium (or Chrome) on PATH, or an error
// wrapping ErrNoBrowser that says how to get one.
func FindChromium() (string, error) {
	for _, name := range chromiumNames {
		if p, err := exec.LookPath(name); err == nil {
			return p, nil
		}
	}
	return "", fmt.Errorf("%w found on PATH (install it: apt-get install -y chromium)", ErrNoBrowser)
}

// browser is a headless Chromium with one tab.
type browser struct {
	tab    context.Context // the tab's chromedp context; lives until close
	cancel []context.CancelFunc
}

// startBrowser starts headless Chromium at path with a window of w x h. A loaded
// machine occasionally fails a start; it tries three times.
func startBrowser(path string, w, h int, reducedMotion bool) (*browser, error) {
	if st, err := os.Stat(path); err != nil || st.IsDir() {
		return nil, fmt.Errorf("%w at %s", ErrNoBrowser, path)
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.NoSandbox,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("hide-scrollbars", true),
		chromedp.WindowSize(w, h),
	)
	var err error
	for range 3 {
		// The browser's life is the Page's, not a caller's context: Close ends it.
		actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
		tab, cancelTab := chromedp.NewContext(actx)
		b := &browser{tab: tab, cancel: []context.CancelFunc{cancelTab, cancelAlloc}}
		if err = chromedp.Do(tab, chromedp.Navigate("about:blank")); err == nil {
			if reducedMotion {
				_, err = chromedp.Call(tab, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
					Features: []*emulation.MediaFeature{{Name: "prefers-reduced-motion", Value: "reduce"}},
				})
			}
			if err == nil {
				return b, nil
			}
		}
		b.close()
	}
	return nil, fmt.Errorf("%w: starting %s: %w", ErrNoBrowser, path, err)
}

// close ends the browser and waits for it to exit.
func (b *browser) close() {
	for _, c := range b.cancel {
		c()
	}
	b.cancel = nil
}

// op returns a context on the tab that also ends when ctx does.
func (b *browser) op(ctx context.Context) (context.Context, context.CancelFunc) {
	octx, cancel := context.WithCancel(b.tab)
	stop := context.AfterFunc(ctx, cancel)
	return octx, func() { stop(); cancel() }
}

// loadError rewrites a navigation's failure as ErrLoad, keeping the browser's
// reason (net::ERR_CONNECTION_REFUSED).
func loadError(err error) error {
	var le *chromedp.LoadError
	if errors.As(err, &le) {
		return loadErrorf(": %s", le.ErrorText)
	}
	return loadErrorf(": %w", err)
}
