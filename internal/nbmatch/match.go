package nbmatch

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/gridgames/gridgames/internal/nbclient"
	"github.com/gridgames/gridgames/othello"
)

// DefaultMoveTimeout is how long an engine may think about one move unless
// Config says otherwise.
const DefaultMoveTimeout = time.Minute

// startTimeout bounds starting an engine and a "set game": NTest checks itself
// for a second or two when it starts.
const startTimeout = time.Minute

// Engine is one side of a match.
type Engine struct {
	// Spec starts the engine.
	Spec nbclient.Spec
	// Depth is sent as "set depth N" when above 0 (NTest needs one before go).
	Depth int
}

// Config is a match.
type Config struct {
	// Engines are the first and the second engine; the first has black in the
	// odd games (1, 3, ...), the second in the even ones.
	Engines [2]Engine
	// Games is the number of games; games 2k+1 and 2k+2 start from the same opening.
	Games int
	// Opening is the number of random plies of each opening; Seed draws them
	// (see Openings).
	Opening int
	Seed    uint64
	// MoveTimeout bounds one move; 0 means DefaultMoveTimeout. An engine that has
	// not answered by then loses the game and is restarted for the next one.
	MoveTimeout time.Duration
	// OnGame, if not nil, is called after each game with its record.
	OnGame func(Game)
}

// Game is one game's record.
type Game struct {
	// Number counts the games from 1.
	Number int `json:"game"`
	// FirstBlack says whether the first engine had black.
	FirstBlack bool `json:"firstBlack"`
	// Transcript is the game's moves, the opening's included ("f5d6c3...").
	Transcript string `json:"transcript"`
	// Opening counts the transcript's first moves that were the opening's,
	// played by neither engine.
	Opening int `json:"opening"`
	// Discs is the first engine's final disc difference (empty squares to the
	// winner); 0 in a forfeited game.
	Discs int `json:"discs"`
	// Forfeit, if not nil, says which engine lost the game by failing to move.
	Forfeit *Forfeit `json:"forfeit,omitempty"`
}

// Winner is 0 if the first engine won, 1 if the second did, -1 for a draw.
func (g Game) Winner() int {
	if g.Forfeit != nil {
		return 1 - g.Forfeit.Side
	}
	return winner(g.Discs)
}

// Forfeit is a game lost by an engine that did not give a legal move.
type Forfeit struct {
	// Side is 0 for the first engine, 1 for the second.
	Side int `json:"side"`
	// Engine is its name; Color the colour it played.
	Engine string `json:"engine"`
	Color  string `json:"color"`
	// Position is the board where it was asked to move (othello.Position text).
	Position string `json:"position"`
	// Reply is what it answered ("b2", "=== z9"), empty if nothing.
	Reply string `json:"reply"`
	// Reason says what was wrong.
	Reason string `json:"reason"`
}

func (f Forfeit) String() string {
	reply := "no move"
	if f.Reply != "" {
		reply = fmt.Sprintf("%q", f.Reply)
	}
	return fmt.Sprintf("%s (%s) answered %s in %q: %s", f.Engine, f.Color, reply, f.Position, f.Reason)
}

// Play plays the match and sums it up. Engines are started once and told each
// new game with "set game"; one that fails is closed and started again for the
// next game. It returns an error, with the games finished so far summed up,
// when an engine cannot be started or greeted, when its CPU cannot be read, or
// when ctx ends.
func Play(ctx context.Context, cfg Config) (Summary, error) {
	if cfg.Games < 1 {
		return Summary{}, fmt.Errorf("nbmatch: %d games: want 1 or more", cfg.Games)
	}
	if cfg.MoveTimeout <= 0 {
		cfg.MoveTimeout = DefaultMoveTimeout
	}
	start := othello.StartPosition()
	openings := Openings(start, cfg.Opening, (cfg.Games+1)/2, cfg.Seed)
	m := &match{cfg: cfg}
	defer m.closeAll()
	var games []Game
	var err error
	for i := range cfg.Games {
		var g Game
		if g, err = m.game(ctx, i, start, openings[i/2]); err != nil {
			break
		}
		games = append(games, g)
		if cfg.OnGame != nil {
			cfg.OnGame(g)
		}
	}
	return m.summary(games), err
}

// match is a match under way.
type match struct {
	cfg     Config
	clients [2]*nbclient.Client // by side; nil until started, or after a failure
	names   [2]string
	cpu     [2]time.Duration // thinking time of the moves asked for
	moves   [2]int
}

func (m *match) closeAll() {
	for side := range m.clients {
		m.drop(side)
	}
}

// drop closes side's engine; it is started again when next needed.
func (m *match) drop(side int) {
	if m.clients[side] != nil {
		_ = m.clients[side].Close()
		m.clients[side] = nil
	}
}

// client returns side's engine, started and greeted.
func (m *match) client(ctx context.Context, side int) (*nbclient.Client, error) {
	if c := m.clients[side]; c != nil {
		return c, nil
	}
	e := m.cfg.Engines[side]
	c, err := nbclient.Start(ctx, e.Spec)
	if err != nil {
		return nil, err
	}
	hctx, cancel := context.WithTimeout(ctx, startTimeout)
	defer cancel()
	if err := c.Hello(hctx, e.Depth); err != nil {
		_ = c.Close()
		return nil, fmt.Errorf("nbmatch: engine %q does not answer nboard 2 and ping: %w", e.Spec.Command, err)
	}
	m.clients[side], m.names[side] = c, c.Name()
	return c, nil
}

// newGame tells side's engine the game, starting it again once if it fails.
func (m *match) newGame(ctx context.Context, side int, g othello.GGF) error {
	var err error
	for range 2 {
		var c *nbclient.Client
		if c, err = m.client(ctx, side); err != nil {
			return err
		}
		sctx, cancel := context.WithTimeout(ctx, startTimeout)
		err = c.NewGame(sctx, g)
		cancel()
		if err == nil {
			return nil
		}
		m.drop(side)
		if ctx.Err() != nil {
			return ctx.Err()
		}
	}
	return fmt.Errorf("nbmatch: engine %q cannot take a new game: %w", m.cfg.Engines[side].Spec.Command, err)
}

// game plays game i (from 0) from the opening.
func (m *match) game(ctx context.Context, i int, start othello.Position, opening []othello.Square) (Game, error) {
	firstBlack := i%2 == 0
	// sideOf[colour] is the side (0 first, 1 second) playing that colour.
	sideOf := map[othello.Color]int{othello.Black: 0, othello.White: 1}
	if !firstBlack {
		sideOf = map[othello.Color]int{othello.Black: 1, othello.White: 0}
	}
	rec := othello.GGF{Start: start, Type: "8", Place: "gridgames nbmatch"}
	pos := start
	for _, sq := range opening {
		rec.Moves = append(rec.Moves, othello.GGFMove{Square: sq})
		if sq == othello.Pass {
			pos = pos.Pass()
		} else {
			pos = pos.Play(sq)
		}
	}
	for side := range 2 {
		if err := m.newGame(ctx, side, rec); err != nil {
			return Game{}, err
		}
	}
	rec.Black, rec.White = m.names[sideOf[othello.Black]], m.names[sideOf[othello.White]]
	g := Game{Number: i + 1, FirstBlack: firstBlack}
	for _, sq := range opening {
		if sq != othello.Pass {
			g.Opening++
		}
	}
	played := append([]othello.Square(nil), opening...)
	for !pos.Over() {
		sq := othello.Pass
		if !pos.MustPass() {
			side := sideOf[pos.Turn()]
			var f *Forfeit
			var err error
			if sq, f, err = m.ask(ctx, side, pos); err != nil {
				return Game{}, err
			}
			if f != nil {
				g.Forfeit, g.Transcript = f, othello.Transcript(played)
				return g, nil
			}
		}
		for side := range 2 {
			// A failed write breaks the client; its next go reports it.
			_ = m.clients[side].Play(sq)
		}
		played = append(played, sq)
		if sq == othello.Pass {
			pos = pos.Pass()
		} else {
			pos = pos.Play(sq)
		}
	}
	g.Transcript = othello.Transcript(played)
	g.Discs = pos.Score()
	if !firstBlack {
		g.Discs = -g.Discs
	}
	return g, nil
}

// ask gets side's move in pos and checks it; a failure to give a legal move is
// a Forfeit (and an engine that failed to answer is dropped), an error is
// the match's end (ctx ended, CPU unreadable).
func (m *match) ask(ctx context.Context, side int, pos othello.Position) (othello.Square, *Forfeit, error) {
	c := m.clients[side]
	forfeit := func(reply, reason string) *Forfeit {
		return &Forfeit{Side: side, Engine: m.names[side], Color: pos.Turn().String(), Position: pos.String(),
			Reply: reply, Reason: reason}
	}
	before, err := c.CPU()
	if err != nil {
		return 0, nil, err
	}
	mctx, cancel := context.WithTimeout(ctx, m.cfg.MoveTimeout)
	r, goErr := c.Go(mctx)
	cancel()
	if ctx.Err() != nil {
		return 0, nil, ctx.Err()
	}
	after, err := c.CPU()
	if err == nil {
		m.cpu[side] += after - before
		m.moves[side]++
	}
	var reason string
	switch {
	case errors.Is(goErr, context.DeadlineExceeded):
		reason = fmt.Sprintf("no move within %v", m.cfg.MoveTimeout)
	case errors.Is(goErr, nbclient.ErrReply):
		return 0, forfeit(r.Text, goErr.Error()), nil
	case goErr != nil:
		reason = goErr.Error()
	case r.Move == othello.Pass:
		return 0, forfeit(r.Text, "a pass, but it has a legal move"), nil
	case !pos.IsLegal(r.Move):
		return 0, forfeit(r.Text, fmt.Sprintf("%v is not a legal move for %v", r.Move, pos.Turn())), nil
	default:
		if err != nil {
			return 0, nil, err
		}
		return r.Move, nil, nil
	}
	m.drop(side)
	return 0, forfeit("", reason), nil
}
