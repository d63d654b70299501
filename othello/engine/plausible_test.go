package engine

import (
	"context"
	"math/rand/v2"

	"github.com/gridgames/gridgames/othello"
)

// plausibleMove picks a move of the games the calibration tests sample, as the
// training's sample games do (othello/engine/train, which this package's tests
// cannot import): usually the best of a one- to three-ply search with the
// hand-made evaluation, one time in eight a random one.
func plausibleMove(ctx context.Context, rnd *rand.Rand, player *Engine, pos othello.Position) othello.Square {
	legal := pos.LegalMoves()
	m := legal[rnd.IntN(len(legal))]
	if rnd.IntN(8) != 0 {
		if r, err := player.Search(ctx, pos, Limits{Depth: 1 + rnd.IntN(3), Classic: true}); err == nil {
			m = r.Move
		}
	}
	return m
}

// plausiblePosition plays plausible moves from the start until empties squares
// are left; ok is false if the game ended or the side to move must pass there.
func plausiblePosition(rnd *rand.Rand, player *Engine, empties int) (othello.Position, bool) {
	pos := othello.StartPosition()
	for !pos.Over() && pos.Empties() > empties {
		if pos.MustPass() {
			pos = pos.Pass()
			continue
		}
		pos = pos.Play(plausibleMove(context.Background(), rnd, player, pos))
	}
	return pos, !pos.Over() && !pos.MustPass()
}
