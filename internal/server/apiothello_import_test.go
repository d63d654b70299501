package server

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/gridgames/gridgames/othello/session"
)

// FuzzOthelloImport: whatever the text and size, the import never panics; it
// either refuses with a 400 that starts "import: ", or starts a game whose own
// exports (its GGF record, its game text, its board text) import to the same
// game again (the board text: to its position).
func FuzzOthelloImport(f *testing.F) {
	for _, seed := range []struct {
		text string
		size int
	}{
		{"f5d6c3d3c4", 8},
		{" F5 d6\nC3 ", 0},
		{"c4c3", 6},
		{"(;GM[Othello]PC[gridgames]PB[human]PW[level 2]RE[?]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[D6];)", 4},
		{"(;GM[Othello]TY[4]BO[4 -----O*--*O----- *]B[b1//1]W[pa];)", 0},
		{"---------------------------OX------XO--------------------------- X f5", 0},
		{"----\n-OX-\n-XO-\n----\nO", 8},
		{"-----------------OX------XO----------------- O pass", 0},
		{"XOZ", 0},
		{"(;", 0},
		{"", 0},
	} {
		f.Add(seed.text, seed.size)
	}
	f.Fuzz(func(t *testing.T, text string, size int) {
		ses, err := importOthello(text, size, session.Human, session.Human)
		if err != nil {
			var ae *apiError
			if !errors.As(err, &ae) || ae.code != CodeBadRequest || !strings.HasPrefix(ae.msg, "import: ") {
				t.Fatalf("import %q (size %d): %v, want a 400 starting \"import: \"", text, size, err)
			}
			return
		}
		g := ses.Game()
		for _, form := range []string{ggfOf(&othelloActor{s: ses}), g.String()} {
			if form == "" {
				continue // the 8x8 start's game text
			}
			again, err := importOthello(form, g.Size(), session.Human, session.Human)
			if err != nil {
				t.Fatalf("import %q gives a game whose export %q does not import: %v", text, form, err)
			}
			if h := again.Game(); h.Start() != g.Start() || !slices.Equal(h.Plies(), g.Plies()) {
				t.Fatalf("import %q: its export %q imports to %v %v, want %v %v", text, form, h.Start(), h.Plies(), g.Start(), g.Plies())
			}
		}
		again, err := importOthello(g.Position().String(), 0, session.Human, session.Human)
		if err != nil || again.Position() != ses.Position() {
			t.Fatalf("import %q: its board text %q imports to %v (%v)", text, g.Position(), again, err)
		}
	})
}
