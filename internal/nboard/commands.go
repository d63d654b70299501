package nboard

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/gridgames/gridgames/othello"
	"github.com/gridgames/gridgames/othello/engine"
)

// nboard answers the greeting "nboard VERSION" with the engine's name.
func (s *session) nboard(arg string) error {
	v, err := strconv.Atoi(arg)
	if err != nil {
		return fmt.Errorf("nboard %q: want the protocol version, %d", arg, Version)
	}
	s.sendName()
	// Version 1 differs only in what version 2 still accepts (bare moves).
	if v != Version && v != 1 {
		return fmt.Errorf("nboard %d: this engine speaks version %d; going on with it", v, Version)
	}
	return nil
}

// sendName tells the GUI the engine's name with the depth in force,
// "set myname gridgames6", as NTest ("Ntest15") and Edax ("Edax6") name
// themselves, so a GUI showing several levels of one engine tells them apart.
func (s *session) sendName() {
	s.out.printf("set myname %s%d", s.name, s.depth)
}

// set handles "set depth N", "set game GGF" and "set contempt N".
func (s *session) set(arg string) error {
	name, value := cutWord(arg)
	switch strings.ToLower(name) {
	case "depth":
		n, err := strconv.Atoi(value)
		if err != nil {
			return fmt.Errorf("set depth %q: want a whole number from 1 to 60", value)
		}
		if _, err := DepthLimits(n, s.moveTime); err != nil {
			return fmt.Errorf("set %w", err)
		}
		s.depth = n
		s.sendName()
	case "game":
		g, err := othello.ParseGGF(value)
		if err != nil {
			return fmt.Errorf("set game: %w", err)
		}
		pos, err := g.Final()
		if err != nil {
			return fmt.Errorf("set game: %w", err)
		}
		s.game, s.pos = g, pos
		if s.perfect && !engine.PerfectSize(pos.Size()) {
			s.note(fmt.Errorf("set game: %w, not %dx%d: this game is played at depth %d", engine.ErrPerfectSize, pos.Size(), pos.Size(), s.depth))
		}
	case "contempt":
		// Contempt is how much the engine dislikes a draw. The engine has no such
		// setting (an exact draw scores 0), so the value is checked and ignored.
		if _, err := strconv.Atoi(value); err != nil {
			return fmt.Errorf("set contempt %q: want a whole number (centidiscs)", value)
		}
	default:
		return fmt.Errorf("set %q: unknown setting (want depth, game or contempt)", name)
	}
	return nil
}

// move plays "square[/eval[/time]]" at the end of the game. Only the square
// decides: the eval and time are what the GUI knows of the move, so a move whose
// eval or time cannot be read is still played (they are left out of the game,
// with a note), and the session's position stays the GUI's. A square that is not
// a legal move refuses the whole line.
func (s *session) move(arg string) error {
	name, _, _ := strings.Cut(arg, "/")
	m, err := othello.ParseGGFMove(name, s.pos.Size())
	if err != nil {
		return fmt.Errorf("move %q: %w", arg, err)
	}
	switch {
	case s.pos.Over():
		return fmt.Errorf("move %q: the game is over", arg)
	case m.Square == othello.Pass && !s.pos.MustPass():
		return fmt.Errorf("move %q: %v has a move, so cannot pass", arg, s.pos.Turn())
	case m.Square != othello.Pass && !s.pos.IsLegal(m.Square):
		return fmt.Errorf("move %q: %v cannot play %v here", arg, s.pos.Turn(), m.Square)
	}
	if full, err := othello.ParseGGFMove(arg, s.pos.Size()); err == nil {
		m = full
	} else {
		s.note(fmt.Errorf("move %q: %s played, its eval and time ignored: %w", arg, moveText(m.Square), err))
	}
	s.game.Moves = append(s.game.Moves, m)
	s.pos = s.pos.Play(m.Square)
	return nil
}

// ping answers "pong N"; the commands before it have all been answered.
func (s *session) ping(arg string) error {
	n, err := strconv.Atoi(arg)
	if err != nil {
		return fmt.Errorf("ping %q: want a whole number", arg)
	}
	s.out.printf("pong %d", n)
	return nil
}

// limits are the engine limits of the depth set.
func (s *session) limits() engine.Limits {
	lim, err := DepthLimits(s.depth, s.moveTime)
	if err != nil {
		panic(err) // s.depth is checked when set
	}
	return lim
}

// hint values the moves deeper and deeper, from 1 ply to the depth set, and sends
// the n best of each depth, best first, as search lines, so the GUI shows values
// at once and better ones as they come. It stops after the depth set, when every
// value is an exact solve, or when the move time is up; the depth of each line is
// the depth its value comes from.
func (s *session) hint(ctx context.Context, seq int64, arg string) error {
	n, err := strconv.Atoi(arg)
	if err != nil || n < 1 {
		return fmt.Errorf("hint %q: want how many moves to value, 1 or more", arg)
	}
	if s.pos.Over() {
		// Nothing to value: the GUI's status says why (NBoard does not wait
		// for hints, and never asks once its own game is over).
		s.out.println(statusGameOver)
		return errors.New("hint: the game is over")
	}
	ctx, done := s.in.search(ctx, seq)
	defer done()
	s.out.println("status thinking")
	defer s.out.println("status waiting")
	lim := s.limits()
	if s.pos.MustPass() {
		r, err := s.eng.Search(ctx, s.pos.Pass(), lim)
		if err != nil && ctx.Err() == nil {
			return fmt.Errorf("hint: %w", err)
		}
		if ctx.Err() == nil || r.Depth > 0 || r.Exact {
			s.out.println(searchLine(append([]othello.Square{othello.Pass}, r.PV...), -r.Score, r.Exact, r.Depth))
		}
		return nil
	}
	ctx, cancel := context.WithTimeout(ctx, s.moveTime)
	defer cancel()
	if s.perfect && engine.PerfectSize(s.pos.Size()) {
		// Every value exact if the solves end within half the move time; else
		// the search by depth below, in the time left.
		pctx, pcancel := context.WithTimeout(ctx, s.moveTime/2)
		vals, err := s.eng.PerfectValues(pctx, s.pos)
		pcancel()
		if err == nil {
			for i, v := range vals {
				if i < n {
					s.out.println(searchLine(v.PV, v.Score, true, s.pos.Empties()))
				}
			}
			return nil
		}
	}
	for depth := 1; depth <= lim.Depth; depth++ {
		vals, err := s.eng.Analyze(ctx, s.pos, hintLimits(lim, depth))
		if err != nil && ctx.Err() == nil {
			return fmt.Errorf("hint: %w", err)
		}
		exact := true
		for i, v := range vals {
			if i < n && v.Book {
				s.out.println(bookLine(v.PV, v.Score))
			} else if i < n {
				s.out.println(searchLine(v.PV, v.Score, v.Exact, depth))
			}
			exact = exact && v.Exact
		}
		if len(vals) > 0 && vals[0].Book {
			return nil // the book's values: a deeper search would not change them
		}
		if ctx.Err() != nil || exact || depth >= s.pos.Empties() {
			return nil
		}
	}
	return nil
}

// hintLimits are the limits of a hint's search to the given depth: the depth set's
// endgame, and no time of their own (the hint's context bounds them).
func hintLimits(lim engine.Limits, depth int) engine.Limits {
	return engine.Limits{Depth: depth, Endgame: lim.Endgame}
}

// goMove sends the move the engine would play: "=== move/eval/seconds". The game
// is not changed: the GUI sends the move it plays.
func (s *session) goMove(ctx context.Context, seq int64, arg string) error {
	if arg != "" {
		return fmt.Errorf("go %q: go takes nothing after it", arg)
	}
	if s.pos.Over() {
		// NBoard waits for the "===" of every go, and asks only when its own game
		// goes on, so the games differ: a pass it can refuse out loud ("Illegal
		// move from engine") is better than a GUI waiting for ever. The status
		// after it, which NBoard shows, says why.
		s.out.println("=== pa")
		s.out.println(statusGameOver)
		return errors.New("go: the game is over")
	}
	ctx, done := s.in.search(ctx, seq)
	defer done()
	s.out.println("status thinking")
	defer s.out.println("status waiting")
	if s.pos.MustPass() {
		s.out.println("=== pa")
		return nil
	}
	lim := s.limits()
	lim.Progress = func(p engine.Progress) {
		s.out.printf("nodestats %d %.2f", p.Nodes, p.Elapsed.Seconds())
	}
	var r engine.Result
	var err error
	if s.perfect && engine.PerfectSize(s.pos.Size()) {
		start := time.Now()
		r, err = s.eng.PerfectMove(ctx, s.pos)
		r.Time = time.Since(start)
	} else {
		r, err = s.eng.Search(ctx, s.pos, lim)
	}
	if err != nil && ctx.Err() == nil {
		return fmt.Errorf("go: %w", err)
	}
	s.out.println(moveLine(r))
	return nil
}
