package tui

import (
	"context"
	"fmt"
	"math"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"github.com/gridgames/gridgames/othello"
	"github.com/gridgames/gridgames/othello/engine"
)

// OptionsOthello configure the Othello program.
type OptionsOthello struct {
	Size int // 4, 6 or 8
	// Players by colour (othello.Black, othello.White): 0 a person, else the
	// computer's level from 1 to engine.MaxLevel.
	Players [2]int
	NoColor bool
	// Pause is how long the computer waits before its move shows, so a person can
	// follow (0 means 500ms).
	Pause time.Duration
	// HintTime bounds the hint's analysis (0 means 500ms).
	HintTime time.Duration
}

// ModelOthello is the Othello program's state. Create it with NewOthello.
type ModelOthello struct {
	opt  OptionsOthello
	game *othello.Game
	eng  *engine.Engine

	width, height int
	cursor        [2]int // column, row
	thinking      bool   // the computer is choosing a move
	hints         []engine.MoveValue
	hintPly       int
	help          bool
	status        string
}

// engineMsg is the computer's move for the position after ply plies.
type engineMsg struct {
	ply  int
	move othello.Square
	err  error
}

// analysisMsg is the hint for the position after ply plies.
type analysisMsg struct {
	ply  int
	vals []engine.MoveValue
	err  error
}

// NewOthello starts a game with opt.
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
	for _, p := range opt.Players {
		if p < 0 || p > engine.MaxLevel {
			return nil, fmt.Errorf("level %d: want 1 to %d", p, engine.MaxLevel)
		}
	}
	g, err := othello.NewGame(othello.WithSize(opt.Size))
	if err != nil {
		return nil, err
	}
	m := &ModelOthello{opt: opt, game: g, width: 80, height: 24, hintPly: -1,
		eng: engine.New(engine.Options{TableBits: 20})}
	if moves := g.LegalMoves(); len(moves) > 0 {
		m.cursor = [2]int{moves[0].Col(), moves[0].Row()}
	}
	return m, nil
}

// Game returns the game being played.
func (m *ModelOthello) Game() *othello.Game { return m.game }

func (m *ModelOthello) ply() int { return len(m.game.Plies()) }

func (m *ModelOthello) computerToMove() bool {
	return !m.game.Over() && m.opt.Players[m.game.Turn()] > 0
}

// Init implements tea.Model: the computer may have the first move.
func (m *ModelOthello) Init() tea.Cmd { return m.next() }

// next starts the computer's move when it is due.
func (m *ModelOthello) next() tea.Cmd {
	if !m.computerToMove() || m.thinking {
		return nil
	}
	m.thinking = true
	lim, _ := engine.LevelLimits(m.opt.Players[m.game.Turn()])
	pos, ply, eng, pause := m.game.Position(), m.ply(), m.eng, m.opt.Pause
	return func() tea.Msg {
		start := time.Now()
		res, err := eng.Search(context.Background(), pos, lim)
		time.Sleep(pause - time.Since(start))
		return engineMsg{ply: ply, move: res.Move, err: err}
	}
}

// Update implements tea.Model.
func (m *ModelOthello) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
	case engineMsg:
		m.thinking = false
		if msg.ply != m.ply() || msg.err != nil {
			if msg.err != nil {
				m.status = "The computer failed: " + msg.err.Error()
			}
			return m, m.next()
		}
		return m, m.play(msg.move)
	case analysisMsg:
		if msg.ply == m.ply() && msg.err == nil {
			m.hints, m.hintPly = msg.vals, msg.ply
			m.status = m.hintText()
		}
	case tea.MouseClickMsg:
		mouse := msg.Mouse()
		if mouse.Button != tea.MouseLeft || m.help {
			return m, nil
		}
		c, r := (mouse.X-boardLeft)/3, mouse.Y-boardTop
		if mouse.X < boardLeft || c >= m.opt.Size || r < 0 || r >= m.opt.Size {
			return m, nil
		}
		m.cursor = [2]int{c, r}
		return m, m.playCursor()
	case tea.KeyPressMsg:
		return m, m.key(keyName(msg))
	}
	return m, nil
}

func (m *ModelOthello) key(k string) tea.Cmd {
	if k == "ctrl+c" {
		return tea.Quit
	}
	if m.help {
		m.help = false
		return nil
	}
	n := m.opt.Size
	switch k {
	case "q", "esc":
		return tea.Quit
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
		return m.playCursor()
	case "u":
		return m.undo()
	case "h":
		if m.game.Over() {
			return nil
		}
		if m.thinking {
			m.status = "The computer is thinking; ask for a hint on your turn."
			return nil
		}
		m.status = "Thinking about a hint..."
		pos, ply, eng, lim := m.game.Position(), m.ply(), m.eng, engine.Limits{Time: m.opt.HintTime, Endgame: 12}
		return func() tea.Msg {
			vals, err := eng.Analyze(context.Background(), pos, lim)
			return analysisMsg{ply: ply, vals: vals, err: err}
		}
	}
	return nil
}

func (m *ModelOthello) playCursor() tea.Cmd {
	if m.game.Over() {
		m.status = "The game is over. u undoes, q quits."
		return nil
	}
	if m.computerToMove() {
		m.status = "Wait: it is the computer's move."
		return nil
	}
	sq := othello.SquareAt(m.cursor[0], m.cursor[1])
	if !m.game.Position().IsLegal(sq) {
		m.status = fmt.Sprintf("%s is not a legal move for %s.", sq, m.game.Turn())
		return nil
	}
	return m.play(sq)
}

// play makes sq for the side to move and reports what happened.
func (m *ModelOthello) play(sq othello.Square) tea.Cmd {
	mover := m.game.Turn()
	if err := m.game.Play(sq); err != nil {
		m.status = err.Error()
		return nil
	}
	m.hints = nil
	m.status = fmt.Sprintf("%s played %s.", title(mover.String()), sq)
	m.noticePass()
	if moves := m.game.LegalMoves(); len(moves) > 0 && !m.computerToMove() {
		c := othello.SquareAt(m.cursor[0], m.cursor[1])
		if !m.game.Position().IsLegal(c) {
			m.cursor = [2]int{moves[0].Col(), moves[0].Row()}
		}
	}
	return m.next()
}

func (m *ModelOthello) noticePass() {
	if res, over := m.game.Result(); over {
		m.status += " Game over: " + res.String() + "."
		return
	}
	// A pass in the last two plies: the one just forced, or the one before the
	// move just made, which the person may not have seen yet.
	plies := m.game.Plies()
	for i := max(0, len(plies)-2); i < len(plies); i++ {
		if plies[i] == othello.Pass {
			passer := m.game.PositionAt(i).Turn()
			m.status += fmt.Sprintf(" %s had no legal move and passed; %s plays again.", title(passer.String()), passer.Other())
		}
	}
}

// undo takes back a move; against the computer, back to a person's turn.
func (m *ModelOthello) undo() tea.Cmd {
	if !m.game.Undo() {
		m.status = "Nothing to undo."
		return nil
	}
	human := m.opt.Players[0] == 0 || m.opt.Players[1] == 0
	for human && m.computerToMove() && m.game.CanUndo() {
		m.game.Undo()
	}
	m.hints = nil
	m.thinking = false // a search still running answers for another ply and is ignored
	m.status = "Move undone."
	return m.next()
}

func (m *ModelOthello) hintText() string {
	if len(m.hints) == 0 {
		return ""
	}
	parts := make([]string, 0, 4)
	for i, v := range m.hints {
		if i == 4 {
			break
		}
		parts = append(parts, fmt.Sprintf("%s %+d", v.Move, int(math.Round(v.Score))))
	}
	return "Hint: " + strings.Join(parts, ", ") + " (discs for " + m.game.Turn().String() + ")"
}

func title(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// The board's place on the screen, for mouse clicks: row r is screen line
// boardTop+r, column c starts at boardLeft+3c.
const (
	boardTop  = 3
	boardLeft = 3
)

var (
	feltStyle  = lipgloss.NewStyle().Background(lipgloss.Color("#1f7a3a"))
	blackStyle = feltStyle.Foreground(lipgloss.Color("#000000")).Bold(true)
	whiteStyle = feltStyle.Foreground(lipgloss.Color("#ffffff")).Bold(true)
	dotStyle   = feltStyle.Foreground(lipgloss.Color("#0b2b14"))
	markStyle  = feltStyle.Foreground(lipgloss.Color("#ffeb3b")).Bold(true)
)

// View implements tea.Model.
func (m *ModelOthello) View() tea.View {
	v := tea.NewView(m.Render())
	v.AltScreen = true
	v.MouseMode = tea.MouseModeCellMotion
	v.WindowTitle = "Othello"
	return v
}

const helpOthello = `Keys
  arrows            move the cursor
  enter, space      play the square under the cursor (or click it)
  u                 undo (against the computer: back to your turn)
  h                 hint: the engine's value of your best moves
  ?                 this help
  q                 quit

Place a disc so that it outflanks a line of your opponent's discs; they flip.
A side with no legal move passes. Most discs at the end wins.
Any key closes this help.`

// Render draws the screen as text (coloured unless NoColor).
func (m *ModelOthello) Render() string {
	if m.help {
		return helpOthello
	}
	p := palette{plain: m.opt.NoColor}
	n := m.opt.Size
	needW, needH := max(boardLeft+3*n+1, 60), boardTop+n+4
	if m.width < needW || m.height < needH {
		return tooSmall(m.width, m.height, needW, needH)
	}
	g := m.game
	pos := g.Position()
	black, white := g.Counts()
	var b strings.Builder
	turn := title(g.Turn().String()) + " to move"
	switch {
	case g.Over():
		turn = "Game over"
	case m.computerToMove():
		turn += fmt.Sprintf(" (computer, level %d, thinking)", m.opt.Players[g.Turn()])
	}
	fmt.Fprintf(&b, "%s   ● Black %d   ○ White %d   %s\n\n", p.render(titleStyle, "Othello"), black, white, turn)
	b.WriteString(strings.Repeat(" ", boardLeft))
	for c := range n {
		b.WriteString(" " + string(rune('a'+c)) + " ")
	}
	b.WriteString("\n")
	legal := pos.Moves()
	last := g.LastMove()
	hinted := map[othello.Square]bool{}
	if len(m.hints) > 0 && m.hintPly == m.ply() {
		hinted[m.hints[0].Move] = true
	}
	for r := range n {
		fmt.Fprintf(&b, "%2d ", r+1)
		for c := range n {
			sq := othello.SquareAt(c, r)
			glyph, st := " ", feltStyle
			switch pos.At(sq) {
			case othello.Black:
				glyph, st = "●", blackStyle
			case othello.White:
				glyph, st = "○", whiteStyle
				if !p.plain {
					glyph = "●"
				}
			default:
				if legal&sq.Bit() != 0 && !m.computerToMove() {
					glyph, st = "·", dotStyle
					if hinted[sq] {
						glyph, st = "*", markStyle
					}
				}
			}
			left, right := " ", " "
			if sq == last {
				left, right = "(", ")"
			}
			if m.cursor == [2]int{c, r} && !g.Over() {
				left, right = "[", "]"
			}
			if p.plain {
				b.WriteString(left + glyph + right)
			} else {
				b.WriteString(markStyle.Render(left) + st.Render(glyph) + markStyle.Render(right))
			}
		}
		b.WriteString("\n")
	}
	b.WriteString("\n")
	status := m.status
	if g.Over() {
		if res, ok := g.Result(); ok {
			status = "Game over: " + res.String() + "."
		}
	}
	b.WriteString(p.render(noteStyle, status) + "\n")
	b.WriteString(p.render(faintStyle, "arrows move · enter plays · u undo · h hint · ? help · q quit"))
	return b.String()
}
