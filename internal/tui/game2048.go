package tui

import (
	"context"
	"fmt"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"github.com/gridgames/gridgames/game2048"
	"github.com/gridgames/gridgames/game2048/solver"
	"github.com/gridgames/gridgames/internal/store"
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
	// SlideTime is how long a move is shown before keys count again (0 means 90ms).
	SlideTime time.Duration
	// HintTime is the solver's budget per hint or autoplay move (0 means 120ms).
	HintTime time.Duration
}

// Model2048 is the 2048 program's state. Create it with New2048.
type Model2048 struct {
	opt    Options2048
	game   *game2048.Game
	best   int64
	solver *solver.Solver

	width, height int
	sliding       bool // a move is on show: direction keys typed now are dropped
	slideSeq      int
	last          *game2048.MoveResult
	confirm       bool // asking whether to start a new game
	help          bool
	auto          bool
	thinking      bool // the solver is searching
	hint          string
	status        string
}

// slideDoneMsg ends the showing of move number seq.
type slideDoneMsg struct{ seq int }

// solvedMsg carries the solver's answer for the position after moves moves.
type solvedMsg struct {
	moves int
	auto  bool
	a     solver.Analysis
	err   error
}

// autoStepMsg asks for the next autoplay move.
type autoStepMsg struct{}

// New2048 starts a game with opt.
func New2048(opt Options2048) (*Model2048, error) {
	if opt.SlideTime <= 0 {
		opt.SlideTime = 90 * time.Millisecond
	}
	if opt.HintTime <= 0 {
		opt.HintTime = 120 * time.Millisecond
	}
	m := &Model2048{opt: opt, width: 80, height: 24,
		solver: solver.New(solver.Options{Time: opt.HintTime, Depth: 6})}
	if err := m.newGame(); err != nil {
		return nil, err
	}
	return m, nil
}

func (m *Model2048) newGame() error {
	opts := []game2048.Option{game2048.WithRules(m.opt.Rules)}
	if m.opt.HasSeed {
		opts = append(opts, game2048.WithSeed(m.opt.Seed))
		m.opt.HasSeed = false // the next new game is a fresh one
	}
	g, err := game2048.NewGame(opts...)
	if err != nil {
		return err
	}
	m.game, m.last, m.hint, m.auto, m.sliding = g, nil, "", false, false
	m.status = fmt.Sprintf("New %dx%d game: reach %d. ? shows the keys.", g.Rows(), g.Cols(), g.Rules().WinTile)
	if m.opt.Scores != nil {
		if b, err := m.opt.Scores.Best(context.Background(), m.bestKey()); err == nil {
			m.best = b
		}
	}
	return nil
}

func (m *Model2048) bestKey() string { return store.BoardKey("2048", m.game.Rows(), m.game.Cols()) }

// Game returns the game being played.
func (m *Model2048) Game() *game2048.Game { return m.game }

// Init implements tea.Model.
func (m *Model2048) Init() tea.Cmd { return nil }

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
		if msg.seq == m.slideSeq {
			m.sliding = false
		}
	case solvedMsg:
		return m, m.solved(msg)
	case autoStepMsg:
		if m.auto && !m.thinking && !m.game.Over() {
			return m, m.search(true)
		}
	case tea.KeyPressMsg:
		return m, m.key(keyName(msg))
	}
	return m, nil
}

func (m *Model2048) key(k string) tea.Cmd {
	if k == "ctrl+c" {
		return tea.Quit
	}
	if m.help {
		m.help = false
		return nil
	}
	if m.confirm {
		m.confirm = false
		if k == "y" || k == "Y" || k == "enter" {
			m.newGame()
		} else {
			m.status = "Still playing."
		}
		return nil
	}
	switch k {
	case "q", "esc":
		return tea.Quit
	case "?":
		m.help = true
	case "u":
		m.auto = false
		if m.game.Undo() {
			m.last, m.hint, m.status = nil, "", "Move undone."
		} else {
			m.status = "Nothing to undo."
		}
	case "n":
		if m.game.MoveCount() > 0 && !m.game.Over() {
			m.confirm = true
			m.auto = false
		} else {
			m.newGame()
		}
	case "H":
		if m.game.Over() || m.thinking {
			return nil
		}
		m.status = "Thinking..."
		return m.search(false)
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
		if m.sliding {
			return nil // typed during the slide: dropped, never replayed as a burst
		}
		if m.auto {
			m.auto = false
			m.status = "Autoplay off."
		}
		return m.move(d)
	}
	return nil
}

// move plays d and shows it for SlideTime.
func (m *Model2048) move(d game2048.Direction) tea.Cmd {
	if m.game.Over() {
		m.status = "Game over: u undoes, n starts a new game."
		return nil
	}
	res, err := m.game.Move(d)
	if err != nil || !res.Moved {
		m.status = fmt.Sprintf("Nothing moves %s.", d)
		return nil
	}
	m.last, m.hint = &res, ""
	m.status = ""
	if res.Points > 0 {
		m.status = fmt.Sprintf("+%d", res.Points)
	}
	if s := m.game.Score(); s > m.best {
		m.best = s
		if m.opt.Scores != nil {
			m.opt.Scores.RaiseBest(context.Background(), m.bestKey(), s)
		}
	}
	switch {
	case res.Won:
		m.status = fmt.Sprintf("You win! You made %d. Keep going, or n for a new game.", m.game.Rules().WinTile)
	case res.Over:
		m.auto = false
		m.status = fmt.Sprintf("Game over with %d points. u undoes, n starts a new game.", m.game.Score())
	}
	m.sliding = true
	m.slideSeq++
	seq := m.slideSeq
	return tea.Tick(m.opt.SlideTime, func(time.Time) tea.Msg { return slideDoneMsg{seq} })
}

// search runs the solver on the current board as a command.
func (m *Model2048) search(auto bool) tea.Cmd {
	m.thinking = true
	b, four, moves, sv := m.game.Board(), m.game.Rules().FourChance, m.game.MoveCount(), m.solver
	return func() tea.Msg {
		a, err := sv.BestMove(context.Background(), b, four)
		return solvedMsg{moves: moves, auto: auto, a: a, err: err}
	}
}

func (m *Model2048) solved(msg solvedMsg) tea.Cmd {
	m.thinking = false
	if msg.moves != m.game.MoveCount() || msg.err != nil {
		if m.auto {
			return func() tea.Msg { return autoStepMsg{} }
		}
		return nil // the board changed while it searched
	}
	if !msg.auto {
		m.hint = msg.a.Best.String()
		m.status = fmt.Sprintf("Hint: %s (searched %d deep).", m.hint, msg.a.Depth)
		return nil
	}
	if !m.auto {
		return nil
	}
	cmd := m.move(msg.a.Best)
	if m.game.Over() {
		return cmd
	}
	return tea.Batch(cmd, tea.Tick(m.opt.SlideTime, func(time.Time) tea.Msg { return autoStepMsg{} }))
}

// tile colours, as the web page's.
var tileColors = []struct{ bg, fg string }{
	{"#cdc1b4", "#776e65"}, {"#eee4da", "#776e65"}, {"#ede0c8", "#776e65"}, {"#f2b179", "#f9f6f2"},
	{"#f59563", "#f9f6f2"}, {"#f67c5f", "#f9f6f2"}, {"#f65e3b", "#f9f6f2"}, {"#edcf72", "#f9f6f2"},
	{"#edcc61", "#f9f6f2"}, {"#edc850", "#f9f6f2"}, {"#edc53f", "#f9f6f2"}, {"#edc22e", "#f9f6f2"},
}

func tileStyle(t game2048.Tile) lipgloss.Style {
	c := tileColors[min(int(t), len(tileColors)-1)]
	if int(t) >= len(tileColors) {
		c = struct{ bg, fg string }{"#3c3a32", "#f9f6f2"}
	}
	return lipgloss.NewStyle().Background(lipgloss.Color(c.bg)).Foreground(lipgloss.Color(c.fg)).Bold(true)
}

func tileText(t game2048.Tile) string {
	if t == 0 {
		return ""
	}
	return fmt.Sprint(uint64(1) << t)
}

// View implements tea.Model.
func (m *Model2048) View() tea.View {
	v := tea.NewView(m.Render())
	v.AltScreen = true
	v.WindowTitle = "2048"
	return v
}

const help2048 = `Keys
  arrows, w a s d, h j k l   slide the tiles (each key acts at once)
  u                          undo the last move (as often as you like)
  n                          new game (asks first while a game is on)
  H (shift+h)                hint: the solver's move
  A (shift+a)                autoplay on and off
  ?                          this help
  q                          quit

Equal tiles merge when they slide into each other. Make the win tile.
Any key closes this help.`

// Render draws the screen as text (coloured unless NoColor).
func (m *Model2048) Render() string {
	p := palette{plain: m.opt.NoColor}
	if m.help {
		return help2048
	}
	g := m.game
	rows, cols := g.Rows(), g.Cols()
	cellW := 6
	for r := range rows {
		for c := range cols {
			cellW = max(cellW, len(tileText(g.At(r, c)))+2)
		}
	}
	gridW := cols*(cellW+1) + 1
	const chrome = 4 // title, blank, status, keys
	cellH := 3
	if rows*(cellH+1)+1+chrome > m.height {
		cellH = 1
	}
	needH := rows*(cellH+1) + 1 + chrome
	needW := max(gridW, 40)
	if m.width < needW || m.height < needH {
		return tooSmall(m.width, m.height, needW, needH)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s   Score %s   Best %d\n\n", p.render(titleStyle, "2048"), p.render(titleStyle, fmt.Sprint(g.Score())), m.best)
	fresh := map[[2]int]bool{}
	if m.last != nil && m.sliding {
		for _, mg := range m.last.Merges {
			fresh[[2]int{mg.At.Row, mg.At.Col}] = true
		}
		if m.last.Spawn != nil {
			fresh[[2]int{m.last.Spawn.At.Row, m.last.Spawn.At.Col}] = true
		}
	}
	line := func(left, mid, right string) {
		b.WriteString(left)
		for c := range cols {
			b.WriteString(strings.Repeat("─", cellW))
			if c < cols-1 {
				b.WriteString(mid)
			}
		}
		b.WriteString(right + "\n")
	}
	line("┌", "┬", "┐")
	for r := range rows {
		for y := range cellH {
			b.WriteString("│")
			for c := range cols {
				t := g.At(r, c)
				text := ""
				if y == cellH/2 {
					text = tileText(t)
					if t == 0 && p.plain {
						text = "·"
					}
				}
				cell := center(text, cellW)
				if !p.plain {
					st := tileStyle(t)
					if fresh[[2]int{r, c}] {
						st = st.Underline(y == cellH/2)
					}
					cell = st.Render(cell)
				}
				b.WriteString(cell + "│")
			}
			b.WriteString("\n")
		}
		if r < rows-1 {
			line("├", "┼", "┤")
		}
	}
	line("└", "┴", "┘")
	switch {
	case m.confirm:
		b.WriteString(p.render(noteStyle, "Start a new game? This one ends. y/n") + "\n")
	case m.status != "":
		b.WriteString(p.render(noteStyle, m.status) + "\n")
	default:
		b.WriteString("\n")
	}
	auto := ""
	if m.auto {
		auto = " [autoplay]"
	}
	b.WriteString(p.render(faintStyle, "arrows/wasd/hjkl move · u undo · n new · H hint · A auto"+auto+" · ? help · q quit"))
	return b.String()
}

// center pads text to width w, centred.
func center(text string, w int) string {
	n := lipgloss.Width(text)
	if n >= w {
		return text
	}
	left := (w - n) / 2
	return strings.Repeat(" ", left) + text + strings.Repeat(" ", w-n-left)
}
