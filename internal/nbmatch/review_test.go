package nbmatch

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/gridgames/gridgames/othello"
	"github.com/gridgames/gridgames/othello/engine"
)

// referenceSolve is plain negamax over every move to the end: slow, and
// obviously the exact value for the side to move.
func referenceSolve(_ context.Context, pos othello.Position) (int, error) {
	return negamax(pos), nil
}

func negamax(pos othello.Position) int {
	if pos.Over() {
		return pos.ScoreFor()
	}
	if pos.MustPass() {
		return -negamax(pos.Pass())
	}
	best := -65
	for _, sq := range pos.LegalMoves() {
		best = max(best, -negamax(pos.Play(sq)))
	}
	return best
}

// randomGame plays a game of random legal moves from the start, seeded, with
// perfect moves (by the reference) from perfectFrom empty squares on when it is
// above 0, and returns its transcript and final position.
func randomGame(seed uint64, perfectFrom int) (string, othello.Position) {
	rnd := rand.New(rand.NewPCG(seed, 7))
	pos := othello.StartPosition()
	var plies []othello.Square
	for !pos.Over() {
		if pos.MustPass() {
			plies = append(plies, othello.Pass)
			pos = pos.Pass()
			continue
		}
		legal := pos.LegalMoves()
		sq := legal[rnd.IntN(len(legal))]
		if pos.Empties() <= perfectFrom {
			best := -65
			for _, m := range legal {
				if v := -negamax(pos.Play(m)); v > best {
					best, sq = v, m
				}
			}
		}
		plies = append(plies, sq)
		pos = pos.Play(sq)
	}
	return othello.Transcript(plies), pos
}

// discsFor is the final score of pos for the first engine.
func discsFor(pos othello.Position, firstBlack bool) int {
	if firstBlack {
		return pos.Score()
	}
	return -pos.Score()
}

func TestReviewAccounts(t *testing.T) {
	engineSolve := func(e *engine.Engine) Solver {
		return func(ctx context.Context, pos othello.Position) (int, error) {
			r, err := e.Search(ctx, pos, engine.Limits{Endgame: 64})
			if err == nil && !r.Exact {
				t.Fatalf("engine solve of %v is not exact", pos)
			}
			return int(r.Score), err
		}
	}
	for _, tc := range []struct {
		name        string
		seed        uint64
		firstBlack  bool
		perfectFrom int
		empties     int
	}{
		{"random, first black", 1, true, 0, 8},
		{"random, first white", 2, false, 0, 8},
		{"random, from 4", 3, true, 0, 4},
		{"perfect from 8", 4, false, 8, 8},
		{"perfect from 6, review from 9", 5, true, 6, 9},
	} {
		t.Run(tc.name, func(t *testing.T) {
			transcript, final := randomGame(tc.seed, tc.perfectFrom)
			g := Game{Number: 1, FirstBlack: tc.firstBlack, Transcript: transcript, Discs: discsFor(final, tc.firstBlack)}
			ref, err := NewReview(tc.empties)
			if err != nil {
				t.Fatal(err)
			}
			if err := ref.AddGame(t.Context(), referenceSolve, othello.StartPosition(), g); err != nil {
				t.Fatal(err)
			}
			// The first reviewed position's value, for the first engine, moves by
			// each side's losses to the final score.
			plies, _, _ := othello.PlayTranscript(othello.StartPosition(), transcript)
			pos := othello.StartPosition()
			for _, sq := range plies {
				if sq != othello.Pass && pos.Empties() <= tc.empties {
					break
				}
				pos = pos.Play(sq)
			}
			v0 := negamax(pos)
			if (pos.Turn() == othello.Black) != tc.firstBlack {
				v0 = -v0
			}
			if got := v0 - ref.Sides[0].Lost + ref.Sides[1].Lost; got != g.Discs {
				t.Errorf("value %d - first's loss %d + second's %d = %d, want the final %d", v0, ref.Sides[0].Lost, ref.Sides[1].Lost, got, g.Discs)
			}
			moves := 0
			for side, s := range ref.Sides {
				sum, lost := 0, 0
				for _, c := range s.ByEmpties {
					sum += c.Moves
					lost += c.Lost
					if c.Lost < 0 {
						t.Errorf("side %d: a negative loss %d", side, c.Lost)
					}
				}
				if sum != s.Moves || lost != s.Lost || s.Errors > s.Moves {
					t.Errorf("side %d: by empties %d moves, %d lost; totals %+v", side, sum, lost, s)
				}
				moves += s.Moves
			}
			if moves == 0 || moves > tc.empties {
				t.Errorf("%d moves reviewed from %d empties", moves, tc.empties)
			}
			if tc.perfectFrom >= tc.empties && ref.Sides[0].Lost+ref.Sides[1].Lost != 0 {
				t.Errorf("perfect play lost %d and %d discs", ref.Sides[0].Lost, ref.Sides[1].Lost)
			}
			// The engine's exact solver reviews alike.
			got, _ := NewReview(tc.empties)
			if err := got.AddGame(t.Context(), engineSolve(engine.New(engine.Options{Workers: 1, TableBits: 16})), othello.StartPosition(), g); err != nil {
				t.Fatal(err)
			}
			for side := range got.Sides {
				if got.Sides[side].Lost != ref.Sides[side].Lost || got.Sides[side].Moves != ref.Sides[side].Moves {
					t.Errorf("side %d: the engine's solver gives %+v, the reference %+v", side, got.Sides[side], ref.Sides[side])
				}
			}
		})
	}
}

func TestReviewOpeningAndErrors(t *testing.T) {
	transcript, final := randomGame(9, 0)
	g := Game{Number: 3, FirstBlack: true, Transcript: transcript, Discs: discsFor(final, true)}
	// An opening as long as the game leaves nothing to review.
	all, _ := NewReview(6)
	g.Opening = 60
	if err := all.AddGame(t.Context(), referenceSolve, othello.StartPosition(), g); err != nil {
		t.Fatal(err)
	}
	if all.Sides[0].Moves+all.Sides[1].Moves != 0 {
		t.Errorf("opening moves reviewed: %+v", all.Sides)
	}
	g.Opening = 0

	for _, empties := range []int{0, -1, MaxReviewEmpties + 1} {
		if _, err := NewReview(empties); err == nil {
			t.Errorf("NewReview(%d) accepted", empties)
		}
	}
	r, _ := NewReview(6)
	bad := g
	bad.Transcript = "f5f5"
	if err := r.AddGame(t.Context(), referenceSolve, othello.StartPosition(), bad); err == nil {
		t.Error("an illegal transcript was reviewed")
	}
	boom := errors.New("boom")
	failing := func(context.Context, othello.Position) (int, error) { return 0, boom }
	if err := r.AddGame(t.Context(), failing, othello.StartPosition(), g); !errors.Is(err, boom) {
		t.Errorf("solver's error: got %v", err)
	}
	if r.Sides[0].Moves+r.Sides[1].Moves != 0 {
		t.Errorf("a failed game changed the review: %+v", r.Sides)
	}
	if got := (ReviewSide{}).MeanLoss(); got != 0 {
		t.Errorf("MeanLoss without moves = %v", got)
	}
	if got := (ReviewSide{Moves: 4, Lost: 6}).MeanLoss(); got != 1.5 {
		t.Errorf("MeanLoss = %v, want 1.5", got)
	}
}
