package nbmatch

import (
	"math/rand/v2"

	"github.com/gridgames/gridgames/othello"
)

// Openings returns n openings of the given number of random plies from start,
// drawn from seed: each ply a legal move chosen uniformly (a forced pass is a ply;
// an opening stops early if the game ends). `othello match` draws its openings the
// same way, so both drivers play the same openings from the same seed.
func Openings(start othello.Position, plies, n int, seed uint64) [][]othello.Square {
	rnd := rand.New(rand.NewPCG(seed, 99))
	out := make([][]othello.Square, n)
	for i := range out {
		pos := start
		moves := []othello.Square{}
		for range plies {
			if pos.Over() {
				break
			}
			if pos.MustPass() {
				moves = append(moves, othello.Pass)
				pos = pos.Pass()
				continue
			}
			legal := pos.LegalMoves()
			sq := legal[rnd.IntN(len(legal))]
			moves = append(moves, sq)
			pos = pos.Play(sq)
		}
		out[i] = moves
	}
	return out
}
