package tui

import (
	"errors"
	"fmt"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/gridgames/gridgames/othello"
	"github.com/gridgames/gridgames/othello/engine"
	"github.com/gridgames/gridgames/othello/session"
)

// OptionsOthello configure the Othello program.
type OptionsOthello struct {
	Size int // 4, 6 or 8; 0 means 8
	// Black and White are the seats; the zero value is a person. A computer seat
	// is usually a level (session.Level) or, on 4x4 and 6x6, session.Perfect;
	// the baselines (session.Random, session.Greedy) play too.
	Black, White session.Seat
	NoColor      bool
	// Pause is how long the computer waits before its move shows, so a person can
	// follow (0 means 500ms).
	Pause time.Duration
	// HintTime bounds the analysis behind a hint or the values (0 means 500ms).
	HintTime time.Duration
	// PerfectTime bounds the exact values of a hint on 4x4 and 6x6 (0 means 20
	// times HintTime: 10s by default); past it the hint is the engine's estimate
	// within HintTime.
	PerfectTime time.Duration
}

// ModelOthello is the Othello program's state. Create it with NewOthello.
type ModelOthello struct {
	opt  OptionsOthello
	sess *session.Session
	eng  *engine.Engine // the computer's moves
	ana  *engine.Engine // hints and values (never used by two searches at once)

	width, height int
	cursor        [2]int // column, row
	jobs          othelloJobs
	vals          []engine.MoveValue // the engine's values of the legal moves, best first,
	valsAt        stamp              // for this game and version
	valsExact     bool               // every value is exact (perfect play)
	showValues    bool               // each legal square shows its value
	wantHint      bool               // a hint was asked for and is not shown yet
	hintShown     bool               // the hint is shown: its best square is marked
	typed         string             // a column letter typed, waiting for its row digit
	confirm       bool               // asking whether to start a new game
	help          bool
	status        string
}

// NewOthello starts a game with opt. A size other than 4, 6 or 8 is an error
// wrapping othello.ErrSize.
func NewOthello(opt OptionsOthello) (*ModelOthello, error) {
	if opt.Size == 0 {
		opt.Size = 8
	}
	if opt.Pause <= 0 {
		opt.Pause = 500 * time.Millisecond
	}
	if opt.HintTime <= 0 {
		opt.HintTime = 500 * time.Millisecond
	}
	if opt.PerfectTime <= 0 {
		opt.PerfectTime = 20 * opt.HintTime
	}
	m := &ModelOthello{opt: opt, width: 80, height: 24,
		eng: engine.New(engine.Options{TableBits: 20, Book: engine.DefaultBook()}), ana: engine.New(engine.Options{TableBits: 18, Book: engine.DefaultBook()})}
	if err := m.newGame(); err != nil {
		return nil, err
	}
	return m, nil
}

func (m *ModelOthello) newGame() error {
	s, err := session.New(session.Config{Size: m.opt.Size, Black: m.opt.Black, White: m.opt.White})
	if err != nil {
		return err
	}
	m.jobs.stop()
	m.sess, m.typed, m.hintShown, m.wantHint, m.confirm = s, "", false, false, false
	m.vals = nil
	m.placeCursor(true)
	m.status = fmt.Sprintf("New %dx%d game: black is %s, white is %s.", m.opt.Size, m.opt.Size, seatName(m.opt.Black), seatName(m.opt.White))
	return nil
}

func seatName(s session.Seat) string {
	if s.IsHuman() {
		return "a person"
	}
	return s.String()
}

// Game returns the game being played.
func (m *ModelOthello) Game() *othello.Game { return m.sess.Game() }

// Session returns the session being played.
func (m *ModelOthello) Session() *session.Session { return m.sess }

// Init implements tea.Model: the computer may have the first move.
func (m *ModelOthello) Init() tea.Cmd { return m.kick() }

// Update implements tea.Model.
func (m *ModelOthello) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
	case engineMsg:
		return m, m.computerMoved(msg)
	case analysisMsg:
		return m, m.analysed(msg)
	case tea.MouseClickMsg:
		mouse := msg.Mouse()
		if mouse.Button != tea.MouseLeft || m.help || m.confirm {
			return m, nil
		}
		c, r := (mouse.X-boardLeft)/3, mouse.Y-boardTop
		if mouse.X < boardLeft || c >= m.opt.Size || r < 0 || r >= m.opt.Size {
			return m, nil
		}
		m.cursor, m.typed = [2]int{c, r}, ""
		return m, m.playSquare(othello.SquareAt(c, r))
	case tea.KeyPressMsg:
		return m, m.key(keyName(msg))
	}
	return m, nil
}

func (m *ModelOthello) key(k string) tea.Cmd {
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
			m.newGame() // the options were good for the first game
			return m.kick()
		}
		m.status = "Still playing."
		return nil
	}
	n := m.opt.Size
	if len(k) == 1 && k[0] >= '1' && k[0] <= '9' {
		return m.typeRow(k[0])
	}
	if len(k) == 1 && k[0] >= 'a' && k[0] <= 'h' {
		m.typeColumn(k[0])
		return nil
	}
	switch k {
	case "esc", "backspace":
		if m.typed != "" {
			m.typed, m.status = "", ""
			return nil
		}
		if k == "esc" {
			return m.quit()
		}
	case "q":
		return m.quit()
	case "?":
		m.help = true
	case "left":
		m.cursor[0] = max(0, m.cursor[0]-1)
	case "right":
		m.cursor[0] = min(n-1, m.cursor[0]+1)
	case "up":
		m.cursor[1] = max(0, m.cursor[1]-1)
	case "down":
		m.cursor[1] = min(n-1, m.cursor[1]+1)
	case "enter", "space":
		m.typed = ""
		return m.playSquare(othello.SquareAt(m.cursor[0], m.cursor[1]))
	case "u":
		return m.undoRedo(m.sess.Undo, "Move undone.", "Nothing to undo.")
	case "r":
		return m.undoRedo(m.sess.Redo, "Move redone.", "Nothing to redo.")
	case "n":
		if len(m.Game().Plies()) > 0 && !m.sess.Over() {
			m.confirm = true
			return nil
		}
		m.newGame()
		return m.kick()
	case "H":
		return m.askHint()
	case "v":
		m.showValues = !m.showValues
		if !m.showValues {
			m.status = "Values off."
			return nil
		}
		m.status = "Values on: each legal square shows its value in discs."
		return m.kick()
	}
	return nil
}

func (m *ModelOthello) quit() tea.Cmd {
	m.jobs.stop()
	return tea.Quit
}

// typeColumn starts a typed square with its column letter.
func (m *ModelOthello) typeColumn(c byte) {
	n := m.opt.Size
	if int(c-'a') >= n {
		m.typed = ""
		m.status = fmt.Sprintf("%c is not a column of this %dx%d board (a to %c).", c, n, n, 'a'+n-1)
		if c == 'h' {
			m.status += " H (shift+h) is the hint."
		}
		return
	}
	m.typed = string(c)
	m.status = ""
}

// typeRow ends a typed square with its row digit and plays it.
func (m *ModelOthello) typeRow(d byte) tea.Cmd {
	n := m.opt.Size
	if m.typed == "" {
		m.status = fmt.Sprintf("Type the column letter first (a to %c), then the row (1 to %d).", 'a'+n-1, n)
		return nil
	}
	name := m.typed + string(d)
	m.typed = ""
	sq, err := othello.ParseSquare(name, n)
	if err != nil {
		m.status = fmt.Sprintf("%s is not a square of this %dx%d board (a1 to %c%d).", name, n, n, 'a'+n-1, n)
		return nil
	}
	m.cursor = [2]int{sq.Col(), sq.Row()}
	return m.playSquare(sq)
}

// playSquare plays a person's move at sq.
func (m *ModelOthello) playSquare(sq othello.Square) tea.Cmd {
	g := m.Game()
	switch {
	case g.Over():
		m.status = "The game is over. u undoes, n starts a new game, q quits."
		return nil
	case m.sess.ComputerToMove():
		m.status = "Wait: it is the computer's move."
		return nil
	case !g.Position().IsLegal(sq):
		m.status = fmt.Sprintf("%s is not a legal move for %s.", sq, g.Turn())
		return nil
	}
	mover := g.Turn()
	if err := m.sess.Play(sq); err != nil {
		m.status = err.Error()
		return nil
	}
	m.moved(mover, sq)
	return m.kick()
}

// moved reports a move just made and follows it.
func (m *ModelOthello) moved(mover othello.Color, sq othello.Square) {
	prev := m.status // the person's move the computer answers stays in view
	m.changed()
	m.status = fmt.Sprintf("%s played %s.", title(mover.String()), sq)
	if !m.sess.Seat(mover).IsHuman() && m.sess.Seat(mover.Other()).IsHuman() &&
		strings.HasPrefix(prev, title(mover.Other().String())+" played ") {
		m.status = prev + " " + m.status
	}
	m.noticePass()
	m.placeCursor(false)
}

// changed follows a change of the game: the analysis shown and any search still
// running are for a position the game has left.
func (m *ModelOthello) changed() {
	m.jobs.stop()
	m.hintShown, m.wantHint = false, false
}

// placeCursor puts the cursor on a legal move when it is not on one (always, if
// reset), on a person's turn.
func (m *ModelOthello) placeCursor(reset bool) {
	moves := m.Game().LegalMoves()
	if len(moves) == 0 || m.sess.ComputerToMove() {
		if reset {
			m.cursor = [2]int{m.opt.Size/2 - 1, m.opt.Size/2 - 1}
		}
		return
	}
	if reset || !m.Game().Position().IsLegal(othello.SquareAt(m.cursor[0], m.cursor[1])) {
		m.cursor = [2]int{moves[0].Col(), moves[0].Row()}
	}
}

func (m *ModelOthello) noticePass() {
	g := m.Game()
	if res, over := g.Result(); over {
		m.status += " Game over: " + res.String() + "."
		return
	}
	// A pass in the last two plies: the one just forced, or the one before the
	// move just made, which the person may not have seen yet.
	plies := g.Plies()
	for i := max(0, len(plies)-2); i < len(plies); i++ {
		if plies[i] == othello.Pass {
			passer := g.PositionAt(i).Turn()
			m.status += fmt.Sprintf(" %s had no legal move and passed.", title(passer.String()))
		}
	}
}

// undoRedo takes back or replays moves (against the computer, to the person's
// turn) with do, session.Undo or session.Redo.
func (m *ModelOthello) undoRedo(do func() error, done, nothing string) tea.Cmd {
	m.typed = ""
	if err := do(); err != nil {
		if errors.Is(err, session.ErrNothingToUndo) || errors.Is(err, session.ErrNothingToRedo) {
			m.status = nothing
		} else {
			m.status = err.Error()
		}
		return nil
	}
	m.changed()
	m.status = done
	m.placeCursor(false)
	return m.kick()
}

func title(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
