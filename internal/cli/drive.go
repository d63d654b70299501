package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"time"

	"github.com/gridgames/gridgames/game2048"
	"github.com/gridgames/gridgames/game2048/solver"
	"github.com/gridgames/gridgames/internal/drive"
	"github.com/spf13/cobra"
)

// driveOutput is what `2048 drive --json` prints.
type driveOutput struct {
	Score   int64   `json:"score"`
	MaxTile uint64  `json:"maxTile"`
	Moves   int     `json:"moves"`
	Seconds float64 `json:"seconds"`
	// MovesPerSecond is moves over seconds.
	MovesPerSecond float64 `json:"movesPerSecond"`
	// PageSeconds is the part of seconds spent on the page: sending each key
	// (KeySeconds, the browser's acknowledgements) and then waiting for its
	// move's board, read and checked. SolverSeconds is the rest. PageWaits
	// counts the round trips to the page's watch (one a move at best).
	PageSeconds   float64 `json:"pageSeconds"`
	SolverSeconds float64 `json:"solverSeconds"`
	KeySeconds    float64 `json:"keySeconds"`
	PageWaits     int     `json:"pageWaits"`
	// Mismatches counts the moves after which the page's board was not the
	// rules' slide plus one new tile (the first one ends the game with an error).
	Mismatches int  `json:"mismatches"`
	Over       bool `json:"over"`
	Won        bool `json:"won"`
}

// driveFlags are the command line of `2048 drive`.
type driveFlags struct {
	url, layout, chromium string
	depth, workers, moves int
	perMove, timeout      time.Duration
	fourChance            float64
	reducedMotion, json   bool
	ev                    evalFlags
}

func new2048DriveCommand() *cobra.Command {
	var fl driveFlags
	cmd := &cobra.Command{
		Use:   "drive --url URL [--depth D | --time T]",
		Short: "Let the solver play a 2048 web page in headless Chromium",
		Long: `Open a 2048 page in headless Chromium, read the board from its DOM, and let the
solver play it with arrow keys until the game ends; then print
"score N, max tile T, M moves" (or with --json {"score","maxTile","moves","seconds",
"movesPerSecond","pageSeconds","solverSeconds","keySeconds","pageWaits","mismatches",
"over","won"},
seconds being the time spent playing, pageSeconds the part of it spent sending
keys and waiting for the page to draw each move, solverSeconds the rest).
The score is the page's.

Two page layouts are read (--layout, detected by default): the classic game's
(gabrielecirulli/2048 and its copies: tiles with the classes tile-<value>
tile-position-<col>-<row>), and this app's /2048 page. The board's size comes from
the page's grid. Each move's board is read a frame after the page has drawn it,
with no fixed wait, and checked: it must be the rules' slide plus exactly one new
tile, with the score raised by the slide's points, or the command stops with an
error that shows both boards. A win message is answered with Keep going; the
game-over message ends the game.

Chromium comes from PATH (chromium, chromium-browser, google-chrome) or --chromium.
On a terminal the moves and score show on stderr as it plays. Ctrl+C stops and
prints the score so far.`,
		Example: `  gridgames 2048 drive --url http://localhost:8080/2048 --depth 2
  gridgames 2048 drive --url https://play2048.co/ --time 50ms --json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return runDrive(cmd, fl) },
	}
	f := cmd.Flags()
	f.StringVar(&fl.url, "url", "", "the 2048 page (http, https or file address)")
	f.StringVar(&fl.layout, "layout", "auto", "the page's DOM: auto, classic or gridgames")
	f.IntVar(&fl.depth, "depth", 0, "fixed search depth in random-tile layers (0: adaptive)")
	f.DurationVar(&fl.perMove, "time", 0, "time budget per move, e.g. 50ms (deepens until it runs out)")
	f.IntVar(&fl.workers, "workers", 0, "CPUs the search uses (0: all)")
	newChanceFlag(f, &fl.fourChance, "four", 0.1, "the chance the solver assumes that a new tile is a 4,")
	f.IntVar(&fl.moves, "moves", 0, "stop after this many moves (0: play to the end)")
	f.DurationVar(&fl.timeout, "timeout", 10*time.Second, "how long to wait for the page after a key")
	f.BoolVar(&fl.reducedMotion, "reduced-motion", false, "ask the page for reduced motion (faster on pages that honour it)")
	f.StringVar(&fl.chromium, "chromium", "", "the Chromium or Chrome binary (default: found on PATH)")
	f.BoolVar(&fl.json, "json", false, "print the result as JSON")
	fl.ev.register(f)
	exclusiveFlags(cmd, "depth", "time")
	return cmd
}

// checkPageURL accepts an absolute http, https or file address.
func checkPageURL(raw string) error {
	if raw == "" {
		return badInputf("--url is required: the address of a 2048 page, e.g. --url http://localhost:8080/2048")
	}
	u, err := url.Parse(raw)
	ok := err == nil && ((u.Scheme == "http" || u.Scheme == "https") && u.Host != "" || u.Scheme == "file" && u.Path != "")
	if !ok {
		return badInputf("--url %q: want an http://, https:// or file:// address of a 2048 page", raw)
	}
	return nil
}

// options checks the flags and turns them into the page's and the solver's options.
func (fl driveFlags) options(cmd *cobra.Command) (drive.Options, solver.Options, error) {
	var dopt drive.Options
	var sopt solver.Options
	if err := checkPageURL(fl.url); err != nil {
		return dopt, sopt, err
	}
	layout, err := drive.ParseLayout(fl.layout)
	if err != nil {
		return dopt, sopt, badInputf("--layout %q: want auto, classic or gridgames", fl.layout)
	}
	switch {
	case fl.depth < 0 || fl.depth > 12:
		return dopt, sopt, badInputf("--depth %d: want 0 (adaptive) to 12", fl.depth)
	case cmd.Flags().Changed("time") && fl.perMove <= 0:
		return dopt, sopt, badInputf("--time %v: want a positive duration such as 50ms", fl.perMove)
	case fl.moves < 0:
		return dopt, sopt, badInputf("--moves %d: want 0 (to the end) or more", fl.moves)
	case fl.timeout <= 0:
		return dopt, sopt, badInputf("--timeout %v: want a positive duration such as 10s", fl.timeout)
	}
	if err := checkWorkers(fl.workers); err != nil {
		return dopt, sopt, err
	}
	if fl.chromium != "" {
		if st, err := os.Stat(fl.chromium); err != nil || st.IsDir() {
			return dopt, sopt, badInputf("--chromium %s: no such program", fl.chromium)
		}
	}
	four := fl.fourChance
	if four == 0 {
		four = -1 // the solver's way to say "never a 4"
	}
	sopt = solver.Options{Depth: fl.depth, Time: fl.perMove, Workers: fl.workers, FourChance: four}
	if err := fl.ev.apply(cmd.Context(), &sopt, 0, 0); err != nil { // the page's size is checked once it is open
		return dopt, sopt, err
	}
	dopt = drive.Options{ExecPath: fl.chromium, Layout: layout, MoveTimeout: fl.timeout, ReducedMotion: fl.reducedMotion}
	return dopt, sopt, nil
}

func runDrive(cmd *cobra.Command, fl driveFlags) error {
	dopt, sopt, err := fl.options(cmd)
	if err != nil {
		return err
	}
	ctx := cmd.Context()
	prog := newProgress(cmd, "drive ")
	prog.status("opening " + fl.url)
	page, err := drive.Open(ctx, fl.url, dopt)
	prog.finish()
	if page != nil {
		defer page.Close()
	}
	var pageErr *drive.PageError
	switch {
	case ctx.Err() != nil:
		return errInterrupted
	case errors.As(err, &pageErr):
		return badInputf("--url %q: %s", fl.url, pageErr.Reason)
	case errors.Is(err, drive.ErrNoBrowser) && fl.chromium == "":
		return fmt.Errorf("%w; or name one with --chromium PATH", err)
	case err != nil:
		return err
	}

	board := page.Board()
	if err := fl.ev.checkSize(board.Rows(), board.Cols()); err != nil {
		return err
	}
	var puzzle game2048.Puzzle = page
	if fl.moves > 0 {
		puzzle = movesLimit{page, fl.moves}
	}
	start := time.Now()
	_, err = solver.New(sopt).Play(ctx, puzzle, func(solver.Analysis, game2048.MoveResult) {
		prog.status(fmt.Sprintf("%d moves, score %d", page.Moves(), page.Score()))
	})
	prog.finish()
	if perr := printDrive(cmd.OutOrStdout(), fl.json, page, time.Since(start)); perr != nil {
		return perr
	}
	if ctx.Err() != nil && (err == nil || errors.Is(err, context.Canceled)) {
		return errInterrupted
	}
	return err
}

// movesLimit ends a game after n moves.
type movesLimit struct {
	*drive.Page
	n int
}

func (m movesLimit) Over() bool { return m.Page.Over() || m.Moves() >= m.n }

// printDrive writes the page's figures as text or JSON.
func printDrive(w io.Writer, asJSON bool, p *drive.Page, elapsed time.Duration) error {
	st := p.Stats()
	page := st.Key + st.Settle
	out := driveOutput{Score: p.Score(), MaxTile: p.Board().MaxTile().Value(), Moves: p.Moves(),
		Seconds: elapsed.Seconds(), PageSeconds: page.Seconds(), SolverSeconds: (elapsed - page).Seconds(),
		KeySeconds: st.Key.Seconds(), PageWaits: st.Waits, Mismatches: st.Mismatches,
		Over: p.Over(), Won: p.Won()}
	if elapsed > 0 {
		out.MovesPerSecond = float64(out.Moves) / elapsed.Seconds()
	}
	if asJSON {
		return json.NewEncoder(w).Encode(out)
	}
	_, err := fmt.Fprintf(w, "score %d, max tile %d, %d moves\n", out.Score, out.MaxTile, out.Moves)
	return err
}
