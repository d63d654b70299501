package othello_test

import (
	"errors"
	"fmt"

	"github.com/gridgames/gridgames/othello"
)

func ExampleNewGame() {
	g, err := othello.NewGame(othello.WithTranscript("f5d6c3"))
	if err != nil {
		panic(err)
	}
	fmt.Println(g.Turn(), g.LegalMoves())
	err = g.PlayText("a1")
	fmt.Println(errors.Is(err, othello.ErrIllegalMove), err)
	g.Undo()
	fmt.Println(g.Transcript())
	// Output:
	// white [d3 f3 f4 g5]
	// true othello: illegal move: a1 flips nothing for white
	// f5d6
}

func ExamplePosition_Play() {
	pos := othello.StartPosition()
	for _, m := range []string{"f5", "d6"} {
		sq, _ := othello.ParseSquare(m, pos.Size())
		pos = pos.Play(sq) // unvalidated: for engines that know the move is legal
	}
	fmt.Println(pos.Count(othello.Black), pos.Count(othello.White), pos.Turn())
	// Output: 3 3 black
}

func ExamplePerft() {
	fmt.Println(othello.Perft(othello.StartPosition(), 6))
	// Output: 8200
}

func ExampleParsePosition() {
	pos, err := othello.ParsePosition("XO-- ---- ---- ---- O")
	if err != nil {
		panic(err)
	}
	fmt.Println(pos.Size(), pos.MustPass(), pos.Pass().LegalMoves())
	// Output: 4 true [c1]
}
