package game2048_test

import (
	"fmt"

	"github.com/gridgames/gridgames/game2048"
)

func ExampleNewGame() {
	g, err := game2048.NewGame(game2048.WithSize(3, 4), game2048.WithSeed(42))
	if err != nil {
		panic(err)
	}
	fmt.Println(g.Board())
	res, _ := g.Move(game2048.Right)
	fmt.Println(res.Moved, res.Spawn.Tile.Value(), g.Board())
	g.Undo()
	fmt.Println(g.Board())
	// Output:
	// 0,0,0,2/0,0,0,0/2,0,0,0
	// true 2 2,0,0,2/0,0,0,0/0,0,0,2
	// 0,0,0,2/0,0,0,0/2,0,0,0
}

func ExampleBoard_Slide() {
	b, _ := game2048.ParseBoard("4,2,2,0/2,2,2,2")
	s := b.Slide(game2048.Left)
	fmt.Println(b, s.Points)
	for _, m := range s.Merges {
		fmt.Printf("%d at %v from %v\n", m.Tile.Value(), m.At, m.From)
	}
	// Output:
	// 4,4,0,0/4,4,0,0 12
	// 4 at {0 1} from [{0 1} {0 2}]
	// 4 at {1 0} from [{1 0} {1 1}]
	// 4 at {1 1} from [{1 2} {1 3}]
}

func ExampleReplay() {
	rec, err := game2048.ParseRecord([]byte(`{"rules":{"rows":4,"cols":4,"fourChance":0.1,"winTile":2048,"startTiles":2},"seed":7,"moves":"LURD"}`))
	if err != nil {
		panic(err)
	}
	g, err := game2048.Replay(rec)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(g.MoveCount(), g.Score())
	// Output: 4 4
}

func ExampleBitboard_Move() {
	b, _ := game2048.ParseBoard("2,2,4,4/0,0,0,0/0,0,0,0/0,0,0,2")
	bb, _ := game2048.FromBoard(b)
	fmt.Println(bb.Move(game2048.Left), bb.Points(game2048.Left))
	// Output: 4,8,0,0/0,0,0,0/0,0,0,0/2,0,0,0 12
}
