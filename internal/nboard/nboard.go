// Package nboard speaks the NBoard protocol, the text protocol between the NBoard
// Othello GUI and engines such as NTest and Edax, with othello/engine doing the
// thinking. It speaks version 2, the one NBoard 2 greets with ("nboard 2"), and
// takes version 1's lines too (Edax still expects "nboard 1").
//
// The GUI sends one command a line (version 1's bare moves, "F5", are accepted
// too); the session answers on its output, one reply a line, and writes a
// complaint about each line it cannot use to its error output as "error: ...",
// or "note: ..." for a line carried out with part of it ignored (NBoard reads
// the engine's stderr along with its output and ignores lines it does not know).
// A bad line never ends the session.
//
//	nboard 2             -> set myname gridgames10 (the name and the depth in force)
//	set depth N          -> set myname gridgamesN, as NTest ("Ntest15") and Edax
//	                        ("Edax6") answer (1 to 60; see DepthLimits)
//	set game GGF         the game (othello.ParseGGF); commands apply to its end
//	set contempt N       accepted and ignored
//	move f5/1.23/0.5     a move played in the game: square or pa, eval and time
//	                     optional; an eval or time that cannot be read is
//	                     ignored with a note, the move is played all the same
//	hint N               -> status thinking, then for each depth from 1 to the
//	                        depth set (until all are exact or the move time is
//	                        up) the N best moves, best first, as
//	                        search <pv> <eval> 0 <depth>, then status waiting
//	go                   -> status thinking, nodestats <nodes> <seconds> while it
//	                        thinks, === <move>/<eval>/<seconds>, status waiting
//	ping N               -> pong N, after the replies to every earlier command
//	learn                -> learned, the protocol's answer (there is no book to
//	                        learn into; NBoard clears the engine's status)
//	quit                 ends the session, as the end of the input does
//
// Squares are written in lower case, a pass as "pa"; a pv runs its moves
// together ("f5d6c3"); evals are discs for the side to move with two decimals;
// the depth is the search depth in plies, or "100%" when the value is an exact
// solve. A go where the side to move must pass answers "=== pa".
//
// NBoard asks nothing once its game is over. Asked anyway (the GUI's game and
// the session's differ), hint answers "status game over", and go answers
// "=== pa" then "status game over", so a GUI waiting for the move gets one it
// can refuse rather than waiting for ever; both also complain on the error output.
//
// As the protocol asks, a ping stops the thinking: a hint or go that is running,
// or still waiting its turn, when a later ping arrives stops at once and answers
// with what it has (a legal move, the moves valued so far). quit and the end of
// the input stop it the same way.
package nboard

import (
	"context"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/gridgames/gridgames/othello"
	"github.com/gridgames/gridgames/othello/engine"
)

// Version is the NBoard protocol version spoken.
const Version = 2

// DefaultDepth is the search depth until the GUI sends "set depth".
const DefaultDepth = 10

// DefaultMoveTime bounds the thinking of one hint or go unless Options say otherwise.
const DefaultMoveTime = 10 * time.Second

// Options configure a session. The zero value is ready to use.
type Options struct {
	// Engine searches; nil means a new engine with its default options.
	Engine *engine.Engine
	// Name is what "set myname" tells the GUI, followed by the depth in force
	// (spaces become '-'); empty means "gridgames".
	Name string
	// Depth is the search depth until "set depth" (1 to 60); 0 means DefaultDepth.
	Depth int
	// MoveTime bounds the thinking of one hint or go; 0 means DefaultMoveTime.
	MoveTime time.Duration
	// Perfect plays every go perfectly on 4x4 and 6x6 games (engine.PerfectMove,
	// however long the solve takes) and values every move of a hint exactly when
	// that takes at most half of MoveTime (else the hint searches by depth in the
	// other half); 8x8 games are played by the depth set, with a
	// note on errOut when such a game is set.
	Perfect bool
}

// session is the state of one conversation with a GUI.
type session struct {
	eng      *engine.Engine
	name     string
	depth    int
	moveTime time.Duration
	perfect  bool        // perfect play on 4x4 and 6x6 (Options.Perfect)
	out      *lineWriter // replies
	errOut   *lineWriter // complaints
	in       *input
	game     othello.GGF      // the game: its start and the moves played
	pos      othello.Position // the position at the game's end
}

// Serve speaks the NBoard protocol with a GUI: it reads commands from in, one a
// line, writes replies to out and complaints to errOut, until a quit line or the
// end of in (it then returns nil), an error reading in or writing out (returned),
// or the end of ctx (ctx's error). Until the GUI sends "set game" the game is the
// 8x8 start. Serve returns without waiting for a Read of in that has not returned.
func Serve(ctx context.Context, in io.Reader, out, errOut io.Writer, opt Options) error {
	s := &session{eng: opt.Engine, name: opt.Name, depth: opt.Depth, moveTime: opt.MoveTime, perfect: opt.Perfect,
		out: &lineWriter{w: out}, errOut: &lineWriter{w: errOut}}
	if s.eng == nil {
		s.eng = engine.New(engine.Options{})
	}
	if s.name = strings.Join(strings.Fields(s.name), "-"); s.name == "" {
		s.name = "gridgames"
	}
	if s.depth < 1 || s.depth > 60 {
		s.depth = DefaultDepth
	}
	if s.moveTime <= 0 {
		s.moveTime = DefaultMoveTime
	}
	s.pos = othello.StartPosition()
	s.game = othello.GGF{Start: s.pos, Type: "8"}
	s.in = readInput(in)
	defer s.in.close()
	for {
		var l line
		var ok bool
		select {
		case <-ctx.Done():
			return ctx.Err()
		case l, ok = <-s.in.lines:
		}
		if !ok {
			return s.in.err()
		}
		quit := s.handle(ctx, l)
		if err := s.out.err(); err != nil {
			return err
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		if quit {
			return nil
		}
	}
}

// handle runs one command line and reports whether it was quit. Errors go to
// errOut; the session goes on.
func (s *session) handle(ctx context.Context, l line) bool {
	if l.tooLong {
		s.fail(fmt.Errorf("line %d is longer than %d bytes; ignored", l.seq+1, maxLine))
		return false
	}
	cmd, rest := cutWord(l.text)
	var err error
	switch strings.ToLower(cmd) {
	case "":
		return false
	case "quit":
		return true
	case "nboard":
		err = s.nboard(rest)
	case "set":
		err = s.set(rest)
	case "move":
		err = s.move(rest)
	case "hint":
		err = s.hint(ctx, l.seq, rest)
	case "go":
		err = s.goMove(ctx, l.seq, rest)
	case "ping":
		err = s.ping(rest)
	case "learn":
		// The engine keeps no book, so there is nothing to learn; the protocol's
		// answer tells the GUI the command is done.
		s.out.println("learned")
	default:
		err = fmt.Errorf("unknown command %q (want nboard, set, move, hint, go, ping, learn or quit)", cmd)
		// NBoard 1.1 sent a bare move ("F5") for "move F5".
		name, _, _ := strings.Cut(cmd, "/")
		if _, serr := othello.ParseGGFMove(name, s.pos.Size()); serr == nil && rest == "" {
			err = s.move(cmd)
		}
	}
	if err != nil {
		s.fail(err)
	}
	return false
}

// fail writes one complaint line: the command was not carried out.
func (s *session) fail(err error) {
	s.errOut.println("error: " + strings.ReplaceAll(err.Error(), "\n", " "))
}

// note writes one line about a command carried out with part of it ignored.
func (s *session) note(err error) {
	s.errOut.println("note: " + strings.ReplaceAll(err.Error(), "\n", " "))
}

// cutWord splits off the first space-separated word of text.
func cutWord(text string) (word, rest string) {
	text = strings.TrimSpace(text)
	if i := strings.IndexAny(text, " \t"); i >= 0 {
		return text[:i], strings.TrimSpace(text[i+1:])
	}
	return text, ""
}

// lineWriter writes whole lines, one Write each, from any goroutine, and keeps
// the first write error.
type lineWriter struct {
	mu    sync.Mutex
	w     io.Writer
	first error
}

func (lw *lineWriter) println(text string) {
	lw.mu.Lock()
	defer lw.mu.Unlock()
	if lw.first != nil {
		return
	}
	if _, err := io.WriteString(lw.w, text+"\n"); err != nil {
		lw.first = err
	}
}

func (lw *lineWriter) printf(format string, args ...any) { lw.println(fmt.Sprintf(format, args...)) }

func (lw *lineWriter) err() error {
	lw.mu.Lock()
	defer lw.mu.Unlock()
	return lw.first
}
