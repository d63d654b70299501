package engine_test

import (
	"context"
	"fmt"

	"github.com/gridgames/gridgames/othello"
	"github.com/gridgames/gridgames/othello/engine"
)

func ExampleEngine_Search() {
	// FFO #1: 14 empties, Black to move.
	o, _ := othello.ParseOBF("--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X")
	e := engine.New(engine.Options{Workers: 1, TableBits: 18})
	r, err := e.Search(context.Background(), o.Position, engine.Limits{Endgame: 64})
	if err != nil {
		panic(err)
	}
	fmt.Println(r.Move, r.Score, r.Exact)
	// Output: g8 18 true
}

func ExampleLevelLimits() {
	lim, _ := engine.LevelLimits(1) // the easiest level: one ply with the evaluation
	e := engine.New(engine.Options{Workers: 1, TableBits: 12})
	r, _ := e.Search(context.Background(), othello.StartPosition(), lim)
	fmt.Println(othello.StartPosition().IsLegal(r.Move))
	// Output: true
}
