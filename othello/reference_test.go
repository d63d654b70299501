package othello

import "math/rand/v2"

// refBoard is the obviously correct reference: a plain array, square by square.
type refBoard struct {
	n     int
	cells [8][8]Color // [row][col]; None when empty
	turn  Color
}

func refOf(pos Position) refBoard {
	b := refBoard{n: pos.Size(), turn: pos.Turn()}
	for r := range 8 {
		for c := range 8 {
			b.cells[r][c] = None
			if r < b.n && c < b.n {
				b.cells[r][c] = pos.At(SquareAt(c, r))
			}
		}
	}
	return b
}

var refDirs = [8][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}}

// flips walks each direction from (col,row) over the opponent's discs and keeps them
// when a disc of the mover closes the line.
func (b refBoard) flips(col, row int, mover Color) []Square {
	if b.cells[row][col] != None {
		return nil
	}
	var out []Square
	for _, d := range refDirs {
		var line []Square
		c, r := col+d[0], row+d[1]
		for c >= 0 && c < b.n && r >= 0 && r < b.n && b.cells[r][c] == mover.Other() {
			line = append(line, SquareAt(c, r))
			c, r = c+d[0], r+d[1]
		}
		if len(line) > 0 && c >= 0 && c < b.n && r >= 0 && r < b.n && b.cells[r][c] == mover {
			out = append(out, line...)
		}
	}
	return out
}

func (b refBoard) moves(mover Color) []Square {
	var out []Square
	for r := range b.n {
		for c := range b.n {
			if len(b.flips(c, r, mover)) > 0 {
				out = append(out, SquareAt(c, r))
			}
		}
	}
	return out
}

func (b refBoard) play(sq Square) refBoard {
	if sq != Pass {
		for _, f := range b.flips(sq.Col(), sq.Row(), b.turn) {
			b.cells[f.Row()][f.Col()] = b.turn
		}
		b.cells[sq.Row()][sq.Col()] = b.turn
	}
	b.turn = b.turn.Other()
	return b
}

func (b refBoard) over() bool {
	return len(b.moves(Black)) == 0 && len(b.moves(White)) == 0
}

// score is black's disc difference with the empties given to the winner.
func (b refBoard) score() int {
	black, white, empty := 0, 0, 0
	for r := range b.n {
		for c := range b.n {
			switch b.cells[r][c] {
			case Black:
				black++
			case White:
				white++
			default:
				empty++
			}
		}
	}
	if black > white {
		return black - white + empty
	} else if white > black {
		return black - white - empty
	}
	return 0
}

// perft plays every move, passes included, without bulk counting.
func (b refBoard) perft(depth int) uint64 {
	if depth == 0 || b.over() {
		return 1
	}
	moves := b.moves(b.turn)
	if len(moves) == 0 {
		return b.play(Pass).perft(depth - 1)
	}
	var n uint64
	for _, m := range moves {
		n += b.play(m).perft(depth - 1)
	}
	return n
}

// randomPlayed returns the position after up to plies random moves from the start
// of a size x size board (passes taken when forced).
func randomPlayed(rnd *rand.Rand, size, plies int) Position {
	pos, _ := NewPosition(size)
	for range plies {
		if pos.Over() {
			break
		}
		moves := pos.LegalMoves()
		if len(moves) == 0 {
			pos = pos.Pass()
			continue
		}
		pos = pos.Play(moves[rnd.IntN(len(moves))])
	}
	return pos
}

// randomScattered returns a position with discs thrown at random: not reachable in
// play, but a harsher test of move generation near edges.
func randomScattered(rnd *rand.Rand, size int) Position {
	var black, white uint64
	for r := range size {
		for c := range size {
			switch rnd.IntN(3) {
			case 0:
				black |= SquareAt(c, r).Bit()
			case 1:
				white |= SquareAt(c, r).Bit()
			}
		}
	}
	turn := Black
	if rnd.IntN(2) == 1 {
		turn = White
	}
	pos, err := PositionOf(black, white, turn, size)
	if err != nil {
		panic(err)
	}
	return pos
}
