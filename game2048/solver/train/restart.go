package train

import "github.com/gridgames/gridgames/game2048"

// restartTile is the smallest tile whose first appearance in a training game
// saves the board for restarts: 8192, so restarted games spend their moves on
// the boards of 16384 and 32768 that a game from the start seldom reaches.
const restartTile game2048.Tile = 13

// restartPoolSize is how many saved boards a trainer keeps; a new one replaces
// the oldest.
const restartPoolSize = 4096

// restartPool is a ring of saved late boards (Bitboard bits).
type restartPool struct {
	boards []uint64
	next   int // where the next board goes once the ring is full
}

func (p *restartPool) add(b uint64) {
	if len(p.boards) < restartPoolSize {
		p.boards = append(p.boards, b)
		return
	}
	p.boards[p.next] = b
	p.next = (p.next + 1) % restartPoolSize
}
