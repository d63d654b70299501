package solver_test

import (
	"context"
	"fmt"

	"github.com/gridgames/gridgames/game2048"
	"github.com/gridgames/gridgames/game2048/solver"
)

func ExampleSolver_BestMove() {
	b, _ := game2048.ParseBoard("1024,1024,512,256/4,8,16,32/2,4,8,16/4,2,4,2")
	s := solver.New(solver.Options{Depth: 1, TableBits: 12})
	a, err := s.BestMove(context.Background(), b, 0.1)
	if err != nil {
		panic(err)
	}
	// Left would merge the 1024s but leave one hole that any spawn closes for good.
	fmt.Println(a.Best, a.Legal)
	// Output: right [true true false false]
}

func ExampleSolver_Play() {
	g, _ := game2048.NewGame(game2048.WithSize(3, 3), game2048.WithSeed(1))
	s := solver.New(solver.Options{Depth: 2, Workers: 1, TableBits: 16})
	stats, err := s.Play(context.Background(), g, nil)
	if err != nil {
		panic(err)
	}
	fmt.Println(g.Over(), stats.Moves == g.MoveCount(), stats.Score == g.Score())
	// Output: true true true
}
