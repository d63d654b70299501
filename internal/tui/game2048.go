package tui

import (
	"context"
	"fmt"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/gridgames/gridgames/game2048"
	"github.com/gridgames/gridgames/game2048/session"
	"github.com/gridgames/gridgames/game2048/solver"
	"github.com/gridgames/gridgames/game2048/solver/exact"
)

// Options2048 configure the 2048 program.
type Options2048 struct {
	Rules game2048.Rules
	// Seed starts the first game when HasSeed is set; otherwise games are random.
	Seed    uint64
	HasSeed bool
	// Scores, if not nil, keeps the best score per board size.
	Scores  Scores
	NoColor bool
	// SlideTime is how long a move is shown (0 means 90ms). Keys typed meanwhile
	// wait their turn and cut the showing to a quarter of it; when it ends, every
	// waiting key acts, in order, and the last move made is shown.
	SlideTime time.Duration
	// HintTime, if set, is the solver's time budget per hint or autoplay move.
	// 0 means the solver's default (solver.Options' zero value: the depth the
	// board calls for within DefaultMoveNodes, DefaultMoveTime as a guard), the
	// setting `gridgames 2048 autoplay` plays and its proofs measure.
	HintTime time.Duration
	// Tables is the directory of exact tables for perfect hints (key P) on 3x3;
	// smaller boards are solved on first need.
	Tables string
}

// maxQueued bounds the memory the keys waiting for a slide take, far above what
// anyone types (a held key repeats about 30 times a second, and a slide lasts a
// fraction of one): every key acts, and only a key past this many waiting ones is
// dropped.
const maxQueued = 4096

// Model2048 is the 2048 program's state. Create it with New2048.
type Model2048 struct {
	opt Options2048
	// sess holds the game and applies every action to it (moves, undo, hints,
	// auto-play moves), as the web server's games do; game is sess.Game().
	sess   *session.Session
	game   *game2048.Game
	best   int64
	solver *solver.Solver
	start  tea.Cmd // what Init runs: reading the best score

	width, height int
	// gen counts the changes of the game (moves, undos, new games); an answer of
	// the solver is used only if it was asked for at the current gen.
	gen      int
	sliding  bool // a move is on show: direction keys and u typed now are queued
	slideSeq int
	hurried  bool     // this slide ends early, as keys wait
	queue    []string // keys waiting for the slide to end, oldest first
	last     *game2048.MoveResult
	confirm  bool // asking whether to start a new game
	help     bool
	auto     bool
	thinking bool               // the solver is searching
	cancel   context.CancelFunc // stops that search
	wantHint bool               // a hint was asked for and is not shown yet
	hint     string
	status   string
	perfect  bool         // hints and autoplay from the exact tables (game2048_perfect.go)
	exact    *exact.Store // those tables
}

// slideDoneMsg ends the showing of move number seq.
type slideDoneMsg struct{ seq int }

// New2048 starts a game with opt.
func New2048(opt Options2048) (*Model2048, error) {
	if opt.SlideTime <= 0 {
		opt.SlideTime = 90 * time.Millisecond
	}
	var so solver.Options // the default, as autoplay plays it
	if opt.HintTime > 0 {
		so = solver.Options{Time: opt.HintTime, Depth: 6}
	}
	m := &Model2048{opt: opt, width: 80, height: 24,
		solver: solver.New(so), exact: &exact.Store{Dir: opt.Tables}}
	go solver.Warm() // so that the first hint need not wait for the network to unpack
	cmd, err := m.newGame()
	if err != nil {
		return nil, err
	}
	m.start = cmd
	return m, nil
}

// newGame starts a game; the command reads its board's best score.
func (m *Model2048) newGame() (tea.Cmd, error) {
	var s *session.Session
	var err error
	if m.opt.HasSeed {
		s, err = session.NewSeeded(m.opt.Rules, m.opt.Seed)
		m.opt.HasSeed = false // the next new game is a fresh one
	} else {
		s, err = session.New(m.opt.Rules)
	}
	if err != nil {
		return nil, err
	}
	g := s.Game()
	m.changed()
	m.sess = s
	m.game, m.last, m.hint, m.auto, m.sliding, m.queue, m.wantHint = g, nil, "", false, false, nil, false
	r := g.Rules()
	m.status = fmt.Sprintf("New %dx%d game: reach %d. %s of new tiles are 4s.", g.Rows(), g.Cols(), r.WinTile, percent(r.FourChance))
	return m.loadBest(), nil
}

// changed marks a change of the game: answers asked for before it are stale, and
// a search still running for them is stopped.
func (m *Model2048) changed() {
	m.gen++
	if m.cancel != nil {
		m.cancel()
		m.cancel = nil
	}
}

// Game returns the game being played.
func (m *Model2048) Game() *game2048.Game { return m.game }

// Init implements tea.Model: it reads the best score.
func (m *Model2048) Init() tea.Cmd { return m.start }

var dirKeys = map[string]game2048.Direction{
	"left": game2048.Left, "right": game2048.Right, "up": game2048.Up, "down": game2048.Down,
	"a": game2048.Left, "d": game2048.Right, "w": game2048.Up, "s": game2048.Down,
	"h": game2048.Left, "l": game2048.Right, "k": game2048.Up, "j": game2048.Down,
}

// Update implements tea.Model.
func (m *Model2048) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
	case slideDoneMsg:
		if msg.seq == m.slideSeq && m.sliding {
			m.sliding = false
			return m, m.playQueued()
		}
	case solvedMsg:
		return m, m.solved(msg)
	case reviewMsg:
		m.reviewed(msg)
		return m, nil
	case autoStepMsg:
		if m.auto && !m.thinking && !m.game.Over() {
			return m, m.search(true)
		}
	case bestMsg:
		m.gotBest(msg)
	case savedMsg:
		if msg.err != nil {
			m.status = "Best score not saved: " + msg.err.Error()
		}
	case tea.KeyPressMsg:
		return m, m.key(keyName(msg))
	}
	return m, nil
}

func (m *Model2048) key(k string) tea.Cmd {
	if k == "ctrl+c" {
		return m.quit()
	}
	if m.help {
		m.help = false
		return nil
	}
	if m.confirm {
		m.confirm = false
		if k == "y" || k == "Y" || k == "enter" {
			cmd, _ := m.newGame() // the rules were good for the first game
			return cmd
		}
		m.status = "Still playing."
		return nil
	}
	switch k {
	case "q", "esc":
		return m.quit()
	case "?":
		m.help = true
	case "u":
		m.stopAuto()
		if m.sliding {
			return m.enqueue(k)
		}
		m.undo()
	case "n":
		if m.game.MoveCount() > 0 && !m.game.Over() {
			m.confirm = true
			m.stopAuto()
			return nil
		}
		cmd, _ := m.newGame()
		return cmd
	case "H":
		if m.game.Over() {
			return nil
		}
		m.status, m.wantHint = "Thinking...", true
		if !m.thinking {
			return m.search(false)
		}
	case "P":
		m.togglePerfect()
	case "R":
		return m.review()
	case "A":
		m.auto = !m.auto
		if !m.auto {
			m.status = "Autoplay off."
			return nil
		}
		m.status = "Autoplay on: A stops it."
		if !m.thinking {
			return m.search(true)
		}
	default:
		d, ok := dirKeys[k]
		if !ok {
			return nil
		}
		m.stopAuto()
		if m.sliding {
			return m.enqueue(k)
		}
		return m.move(d)
	}
	return nil
}

func (m *Model2048) quit() tea.Cmd {
	if m.cancel != nil {
		m.cancel()
		m.cancel = nil
	}
	return tea.Quit
}

func (m *Model2048) stopAuto() {
	if m.auto {
		m.auto = false
		m.status = "Autoplay off."
	}
}

// enqueue keeps k, typed during a slide, for when the slide ends, and makes the
// slide end sooner. Past maxQueued keys, k is dropped.
func (m *Model2048) enqueue(k string) tea.Cmd {
	if len(m.queue) >= maxQueued {
		m.status = fmt.Sprintf("%d keys are waiting already: key dropped.", maxQueued)
		return nil
	}
	m.queue = append(m.queue, k)
	if m.hurried {
		return nil
	}
	m.hurried = true
	seq := m.slideSeq
	return tea.Tick(m.shortSlide(), func(time.Time) tea.Msg { return slideDoneMsg{seq} })
}

func (m *Model2048) shortSlide() time.Duration { return max(m.opt.SlideTime/4, time.Millisecond) }

// playQueued plays every waiting key, in order, at once: only the last move
// made is shown, so the board catches up with the keys however many wait. It
// returns the command that ends that showing and saves a new best score.
func (m *Model2048) playQueued() tea.Cmd {
	var save tea.Cmd
	moved, won := false, ""
	for len(m.queue) > 0 {
		k := m.queue[0]
		m.queue = m.queue[1:]
		if k == "u" {
			m.undo()
			moved, won = false, ""
			continue
		}
		res, cmd := m.play(dirKeys[k], false)
		if cmd != nil {
			save = cmd // a later save carries a higher score: each is for a new best
		}
		if res.Moved {
			moved = true
		}
		if res.Won {
			won = m.status // the win is said until the next key typed
		}
	}
	if won != "" && !m.game.Over() {
		m.status = won
	}
	if !moved {
		return save // nothing moved since the last undo, or since the slide began
	}
	return tea.Batch(m.show(), save)
}

func (m *Model2048) undo() {
	if _, err := m.sess.Apply(session.Undo); err != nil {
		m.status = "Nothing to undo."
		return
	}
	m.changed()
	m.last, m.hint, m.status = nil, "", "Move undone."
}

// move plays d and shows it for SlideTime; the command ends the showing and
// saves a new best score.
func (m *Model2048) move(d game2048.Direction) tea.Cmd { return m.moveAs(d, false) }

// moveAs is move, for a move the solver chose when auto is set (counted as such).
func (m *Model2048) moveAs(d game2048.Direction, auto bool) tea.Cmd {
	res, save := m.play(d, auto)
	if !res.Moved {
		return nil
	}
	return tea.Batch(m.show(), save)
}

// play makes the move d (chosen by the solver when auto is set), if it moves
// anything, through the session and notes it as the last move; the command
// saves a new best score.
func (m *Model2048) play(d game2048.Direction, auto bool) (game2048.MoveResult, tea.Cmd) {
	if m.game.Over() {
		m.status = "Game over: u undoes, n starts a new game."
		return game2048.MoveResult{}, nil
	}
	r, err := m.sess.Apply(session.MoveAction(d, auto))
	if err != nil {
		m.status = fmt.Sprintf("Nothing moves %s.", d)
		return game2048.MoveResult{}, nil
	}
	res := *r.Move
	m.changed()
	m.last, m.hint = &res, ""
	m.status = ""
	if res.Points > 0 {
		m.status = fmt.Sprintf("+%d", res.Points)
	}
	save := m.raiseBest()
	switch {
	case res.Won:
		m.status = fmt.Sprintf("You win! You made %d. Keep going, or n for a new game.", m.game.Rules().WinTile)
	case res.Over:
		m.auto = false
		m.status = fmt.Sprintf("Game over: %d points. u undoes, n starts a new game.", m.game.Score())
	}
	return res, save
}

// show starts showing the last move for SlideTime; the command ends the showing.
func (m *Model2048) show() tea.Cmd {
	m.sliding, m.hurried = true, false
	m.slideSeq++
	seq := m.slideSeq
	return tea.Tick(m.opt.SlideTime, func(time.Time) tea.Msg { return slideDoneMsg{seq} })
}
