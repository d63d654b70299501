package tui

import (
	"context"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/gridgames/gridgames/game2048"
	"github.com/gridgames/gridgames/othello"
	"github.com/gridgames/gridgames/othello/session"
)

// press builds the message for a key as the terminal would send it.
func press(k string) tea.KeyPressMsg {
	switch k {
	case "left":
		return tea.KeyPressMsg{Code: tea.KeyLeft}
	case "right":
		return tea.KeyPressMsg{Code: tea.KeyRight}
	case "up":
		return tea.KeyPressMsg{Code: tea.KeyUp}
	case "down":
		return tea.KeyPressMsg{Code: tea.KeyDown}
	case "enter":
		return tea.KeyPressMsg{Code: tea.KeyEnter}
	case "space":
		return tea.KeyPressMsg{Code: tea.KeySpace, Text: " "}
	case "ctrl+c":
		return tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl}
	}
	r := []rune(k)[0]
	if r >= 'A' && r <= 'Z' {
		return tea.KeyPressMsg{Code: r + 'a' - 'A', ShiftedCode: r, Text: k, Mod: tea.ModShift}
	}
	return tea.KeyPressMsg{Code: r, Text: k}
}

// send feeds msg to the model and returns the command it asked for.
func send(t *testing.T, m tea.Model, msg tea.Msg) tea.Cmd {
	t.Helper()
	_, cmd := m.Update(msg)
	return cmd
}

// drain runs cmd and feeds its messages back, as the program would, for at most
// 300 messages.
func drain(t *testing.T, m tea.Model, cmd tea.Cmd) {
	t.Helper()
	queue := []tea.Cmd{cmd}
	for n := 0; len(queue) > 0 && n < 300; n++ {
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		switch msg := c().(type) {
		case nil:
		case tea.BatchMsg:
			queue = append(queue, msg...)
		default:
			_, next := m.Update(msg)
			queue = append(queue, next)
		}
	}
}

// oneLine joins a view's words with single spaces, undoing its wrapping.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

type memScores map[string]int64

func (s memScores) Best(_ context.Context, key string) (int64, error) { return s[key], nil }
func (s memScores) RaiseBest(_ context.Context, key string, score int64) error {
	s[key] = max(s[key], score)
	return nil
}

func new2048(t *testing.T, rows, cols int, win uint64, seed uint64) *Model2048 {
	t.Helper()
	rules := game2048.DefaultRules()
	rules.Rows, rules.Cols, rules.WinTile = rows, cols, win
	m, err := New2048(Options2048{Rules: rules, Seed: seed, HasSeed: true, NoColor: true, Scores: memScores{}, SlideTime: time.Millisecond, HintTime: 20 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	send(t, m, tea.WindowSizeMsg{Width: 100, Height: 40})
	return m
}

// firstMove returns a key that moves the board.
func firstMove(m *Model2048) string {
	for _, k := range []string{"left", "up", "right", "down"} {
		if m.game.CanMove(dirKeys[k]) {
			return k
		}
	}
	return ""
}

func Test2048Keys(t *testing.T) {
	for _, tc := range []struct{ key, dir string }{
		{"left", "left"}, {"a", "left"}, {"h", "left"}, {"right", "right"}, {"d", "right"}, {"l", "right"},
		{"up", "up"}, {"w", "up"}, {"k", "up"}, {"down", "down"}, {"s", "down"}, {"j", "down"},
	} {
		t.Run(tc.key, func(t *testing.T) {
			m := new2048(t, 4, 4, 2048, 3)
			want := m.game.Board()
			d, _ := game2048.ParseDirection(tc.dir)
			_, moved := want.Move(d)
			send(t, m, press(tc.key))
			if !moved {
				if m.game.MoveCount() != 0 {
					t.Fatalf("a key that moves nothing made a move")
				}
				return
			}
			if m.game.MoveCount() != 1 || m.game.Moves()[0] != d {
				t.Fatalf("key %s: moves %v, want one %s", tc.key, m.game.Moves(), d)
			}
		})
	}
}

func Test2048UndoNewHelpQuit(t *testing.T) {
	m := new2048(t, 4, 4, 2048, 9)
	before := m.Render()
	send(t, m, press(firstMove(m)))
	send(t, m, slideDoneMsg{seq: m.slideSeq})
	send(t, m, press("u"))
	if m.game.MoveCount() != 0 {
		t.Fatal("u did not undo")
	}
	if got := m.Render(); got == before || !strings.Contains(got, "Move undone") {
		t.Errorf("view after undo:\n%s", got)
	}
	// n asks first while a game is on; anything but y keeps the game.
	send(t, m, press(firstMove(m)))
	send(t, m, slideDoneMsg{seq: m.slideSeq})
	send(t, m, press("n"))
	if !strings.Contains(m.Render(), "Start a new game? This one ends. y/n") {
		t.Fatalf("n did not ask:\n%s", m.Render())
	}
	send(t, m, press("x"))
	if m.game.MoveCount() != 1 {
		t.Fatal("declining a new game lost the game")
	}
	send(t, m, press("n"))
	send(t, m, press("y"))
	if m.game.MoveCount() != 0 {
		t.Fatal("y did not start a new game")
	}
	send(t, m, press("?"))
	if !strings.Contains(m.Render(), "autoplay on and off") {
		t.Fatalf("? shows no help:\n%s", m.Render())
	}
	send(t, m, press("z"))
	if strings.Contains(m.Render(), "autoplay on and off") {
		t.Fatal("a key did not close the help")
	}
	if cmd := send(t, m, press("q")); cmd == nil || cmd() != tea.Quit() {
		t.Fatal("q does not quit")
	}
}

func Test2048ViewAndWindow(t *testing.T) {
	m := new2048(t, 3, 3, 2048, 1)
	view := m.Render()
	if strings.Contains(view, "\x1b[") {
		t.Fatalf("no-colour view has escape codes: %q", view)
	}
	tiles := 0
	for r := range 3 {
		for c := range 3 {
			if m.game.At(r, c) != 0 {
				tiles++
			}
		}
	}
	if got := strings.Count(view, " 2 ") + strings.Count(view, " 4 "); got != tiles {
		t.Errorf("view shows %d tiles, the board has %d:\n%s", got, tiles, view)
	}
	send(t, m, tea.WindowSizeMsg{Width: 20, Height: 8})
	if got := oneLine(m.Render()); !strings.Contains(got, "too small") || !strings.Contains(got, "20x8") {
		t.Fatalf("small window view:\n%s", got)
	}
	send(t, m, tea.WindowSizeMsg{Width: 60, Height: 12}) // fits only with one-line cells
	if got := m.Render(); strings.Contains(got, "too small") || strings.Count(got, "\n") > 12 {
		t.Fatalf("compact view does not fit 12 lines:\n%s", got)
	}
}

func Test2048WinOverBestHintAuto(t *testing.T) {
	m := new2048(t, 2, 2, 8, 11)
	won, over := false, false
	for i := 0; i < 200 && !m.Game().Over(); i++ {
		cmd := send(t, m, press(firstMove(m)))
		won = won || strings.Contains(m.Render(), "You win!")
		drain(t, m, cmd) // the slide ends, the best score is saved
	}
	over = strings.Contains(m.Render(), "Game over")
	if !over {
		t.Fatalf("no game over message:\n%s", m.Render())
	}
	if m.game.Won() && !won {
		t.Error("the game was won but the view never said so")
	}
	if m.best != m.game.Score() || m.opt.Scores.(memScores)["2048:2x2"] != m.game.Score() {
		t.Errorf("best %d, stored %d, score %d", m.best, m.opt.Scores.(memScores)["2048:2x2"], m.game.Score())
	}

	m = new2048(t, 4, 4, 2048, 12)
	drain(t, m, send(t, m, press("H")))
	if !strings.Contains(m.Render(), "Hint: ") || m.game.MoveCount() != 0 {
		t.Fatalf("hint:\n%s", m.Render())
	}
	drain(t, m, send(t, m, press("A")))
	if m.game.MoveCount() < 10 {
		t.Fatalf("autoplay made %d moves", m.game.MoveCount())
	}
	send(t, m, press("A"))
	if m.auto {
		t.Fatal("A did not stop autoplay")
	}
}

// seat is a person for level 0, else the computer at that level.
func seat(t *testing.T, level int) session.Seat {
	t.Helper()
	if level == 0 {
		return session.Human
	}
	s, err := session.Level(level)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func newOthello(t *testing.T, size int, black, white int) *ModelOthello {
	t.Helper()
	m, err := NewOthello(OptionsOthello{Size: size, Black: seat(t, black), White: seat(t, white), NoColor: true, Pause: time.Millisecond, HintTime: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	send(t, m, tea.WindowSizeMsg{Width: 100, Height: 40})
	return m
}

// moveCursor presses arrows to bring the cursor to sq.
func moveCursor(t *testing.T, m *ModelOthello, sq othello.Square) {
	for m.cursor[0] > sq.Col() {
		send(t, m, press("left"))
	}
	for m.cursor[0] < sq.Col() {
		send(t, m, press("right"))
	}
	for m.cursor[1] > sq.Row() {
		send(t, m, press("up"))
	}
	for m.cursor[1] < sq.Row() {
		send(t, m, press("down"))
	}
}

func TestOthelloCursorAndPlay(t *testing.T) {
	m := newOthello(t, 8, 0, 0)
	f5, _ := othello.ParseSquare("f5", 8)
	moveCursor(t, m, f5)
	if !strings.Contains(m.Render(), "[·]") {
		t.Fatalf("cursor on a legal square is not drawn:\n%s", m.Render())
	}
	send(t, m, press("enter"))
	if m.Game().Transcript() != "f5" {
		t.Fatalf("transcript %q, want f5", m.Game().Transcript())
	}
	a1, _ := othello.ParseSquare("a1", 8)
	moveCursor(t, m, a1)
	send(t, m, press("space"))
	if !strings.Contains(m.Render(), "a1 is not a legal move") || m.Game().Transcript() != "f5" {
		t.Fatalf("illegal move:\n%s", m.Render())
	}
	// A click plays the square under the mouse.
	d6, _ := othello.ParseSquare("f6", 8)
	send(t, m, tea.MouseClickMsg{X: boardLeft + 3*d6.Col() + 1, Y: boardTop + d6.Row(), Button: tea.MouseLeft})
	if m.Game().Transcript() != "f5f6" {
		t.Fatalf("click: transcript %q, want f5f6", m.Game().Transcript())
	}
	view := m.Render()
	for _, want := range []string{"Black 3", "White 3", "(○)", "Black to move"} {
		if !strings.Contains(view, want) {
			t.Errorf("view lacks %q:\n%s", want, view)
		}
	}
	send(t, m, press("u"))
	if m.Game().Transcript() != "f5" {
		t.Fatalf("undo: %q", m.Game().Transcript())
	}
	send(t, m, tea.WindowSizeMsg{Width: 30, Height: 10})
	if !strings.Contains(oneLine(m.Render()), "too small") {
		t.Fatalf("small window:\n%s", m.Render())
	}
}

// TestOthelloAgainstComputer plays a 6x6 game against level 1 to the end: the
// computer answers, passes are announced, the result is shown, and undo goes back
// to the person's turn.
func TestOthelloAgainstComputer(t *testing.T) {
	m := newOthello(t, 6, 0, 1)
	sawPass := false
	for i := 0; i < 100 && !m.Game().Over(); i++ {
		moves := m.Game().LegalMoves()
		if m.sess.ComputerToMove() || len(moves) == 0 {
			t.Fatalf("a person's turn expected:\n%s", m.Render())
		}
		moveCursor(t, m, moves[0])
		drain(t, m, send(t, m, press("enter")))
		sawPass = sawPass || strings.Contains(m.Render(), "no legal move")
	}
	if !m.Game().Over() || !strings.Contains(m.Render(), "Game over: ") {
		t.Fatalf("game not over:\n%s", m.Render())
	}
	if !sawPass {
		t.Error("no pass notice in this game (it has passes)")
	}
	send(t, m, press("u"))
	if m.Game().Over() || m.sess.ComputerToMove() {
		t.Fatalf("undo at the end: over %v, computer to move %v", m.Game().Over(), m.sess.ComputerToMove())
	}
	drain(t, m, send(t, m, press("H")))
	if !strings.Contains(m.Render(), "Hint: ") {
		t.Fatalf("hint:\n%s", m.Render())
	}
}

func TestOthelloComputerOpens(t *testing.T) {
	m := newOthello(t, 4, 2, 0)
	drain(t, m, m.Init())
	if len(m.Game().Plies()) != 1 || m.sess.ComputerToMove() {
		t.Fatalf("computer as black did not open: %q", m.Game().Transcript())
	}
}
