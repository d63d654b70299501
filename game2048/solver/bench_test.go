package solver

import (
	"math/rand/v2"
	"os"
	"strconv"
	"testing"

	"github.com/gridgames/gridgames/game2048"

	"github.com/gridgames/gridgames/internal/cputime"
)

// benchBoards are fixed positions from an early, a middle and a late game.
var benchBoards = []struct{ name, board string }{
	{"early", "2,0,0,0/4,2,0,0/8,0,0,0/16,4,2,0"},
	{"middle", "2,4,8,2/16,32,4,0/256,128,64,8/512,1024,16,4"},
	{"late", "0,0,2,4/2,8,32,16/64,256,512,1024/16384,8192,4096,2048"},
}

// BenchmarkBestMove times one best-move search at fixed depths on each position and
// reports the nodes (moves searched) per second, each search starting from an empty
// table as a new position does:
// go test -run '^$' -bench BestMove -count 10 ./game2048/solver
func BenchmarkBestMove(b *testing.B) {
	for _, depth := range []int{2, 3, 4} {
		for _, p := range benchBoards {
			board, err := game2048.ParseBoard(p.board)
			if err != nil {
				b.Fatal(err)
			}
			for _, workers := range []int{1, 2} {
				for _, eval := range []Eval{EvalBlend, EvalBlend4, EvalHeuristic} {
					name := p.name + "/depth" + string(rune('0'+depth)) + "/workers" + string(rune('0'+workers)) + "/" + eval.String()
					b.Run(name, func(b *testing.B) {
						benchBestMove(b, New(Options{Depth: depth, Workers: workers, Eval: eval}), board)
					})
				}
			}
		}
	}
}

// BenchmarkBestMoveGeneral is the same search on the general board (a 5x5 board).
func BenchmarkBestMoveGeneral(b *testing.B) {
	board, _ := game2048.ParseBoard("2,4,8,2,0/16,32,4,0,0/256,128,64,8,2/512,1024,16,4,0/2,0,0,0,0")
	s := New(Options{Depth: 2, Workers: 1})
	var nodes uint64
	for b.Loop() {
		s.forget()
		a, _ := s.BestMove(b.Context(), board, 0.1)
		nodes += a.Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds()/1e6, "Mnodes/s")
}

// BenchmarkGame searches, at depth 3 on one worker, every fourth position of a
// recorded game (7,411 moves to 8192, played by this solver at depth 3 with seed
// 1), in order and with the tables kept from search to search, as autoplay does;
// the positions do not depend on the code measured. It reports the searches per
// second ("moves/s") and per CPU-second of the process ("moves/cpu-s", the
// steadier figure on a busy machine: one worker, so one CPU):
// go test -run '^$' -bench Game -benchtime 1x -count 10 ./game2048/solver
func BenchmarkGame(b *testing.B) {
	var boards []game2048.Board
	for i, board := range recordedBoards(b) {
		if i%4 == 0 {
			boards = append(boards, board)
		}
	}
	for _, eval := range []Eval{EvalBlend, EvalBlend4, EvalHeuristic} {
		b.Run(eval.String(), func(b *testing.B) {
			New(Options{Eval: eval}).evaluator() // reads the shared tables before the timing starts
			searches := 0
			cpu0 := cputime.Process()
			for b.Loop() {
				s := New(Options{Depth: 3, Workers: 1, Eval: eval})
				for _, board := range boards {
					if _, err := s.BestMove(b.Context(), board, 0.1); err != nil {
						b.Fatal(err)
					}
					searches++
				}
			}
			b.ReportMetric(float64(searches)/b.Elapsed().Seconds(), "moves/s")
			if cpu := cputime.Process() - cpu0; cpu > 0 {
				b.ReportMetric(float64(searches)/cpu.Seconds(), "moves/cpu-s")
			}
		})
	}
}

// benchBestMove times s.BestMove on board from empty tables each time and
// reports the nodes searched a second.
func benchBestMove(b *testing.B, s *Solver, board game2048.Board) {
	var nodes uint64
	for b.Loop() {
		s.forget()
		a, err := s.BestMove(b.Context(), board, 0.1)
		if err != nil {
			b.Fatal(err)
		}
		nodes += a.Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds()/1e6, "Mnodes/s")
}

// BenchmarkNetwork6 times the 6-tuple network's value of the boards of a recorded
// game (the search's leaves look like them), with the board's transpose given as
// the search gives it:
// go test -run '^$' -bench Network6 -count 10 ./game2048/solver
func BenchmarkNetwork6(b *testing.B) {
	var boards []game2048.Bitboard
	for _, board := range recordedBoards(b) {
		bb, err := game2048.FromBoard(board)
		if err != nil {
			b.Fatal(err)
		}
		boards = append(boards, bb)
	}
	t := defaultTable6()
	var sink float32
	i := 0
	for b.Loop() {
		x := boards[i%len(boards)]
		sink += t.valueT(x, x.Transpose())
		i++
	}
	if sink == 0 {
		b.Log(sink)
	}
}

// recordedBoards returns every position of the recorded game in testdata.
func recordedBoards(b *testing.B) []game2048.Board {
	data, err := os.ReadFile("testdata/depth3-seed1.jsonl")
	if err != nil {
		b.Fatal(err)
	}
	rec, err := game2048.ParseRecord(data)
	if err != nil {
		b.Fatal(err)
	}
	g, err := game2048.NewGame(game2048.WithRules(rec.Rules), game2048.WithSeed(rec.Seed))
	if err != nil {
		b.Fatal(err)
	}
	var out []game2048.Board
	for _, c := range rec.Moves {
		out = append(out, g.Board())
		d, _ := game2048.ParseDirection(string(c))
		g.Move(d)
	}
	return out
}

// BenchmarkNetwork6Reads times random reads of the 6-tuple weights confined to
// some of the 16,384 4 KiB pages of each pair's table (spread over it), in one
// cache line of each page or in any of its 64: what a leaf's reads cost by how
// many pages and lines they land on. It reports CPU nanoseconds a read:
// go test -run '^$' -bench Network6Reads -count 5 ./game2048/solver
func BenchmarkNetwork6Reads(b *testing.B) {
	t := defaultTable6()
	const perPage = 4096 / 2 // int16 weights
	for _, c := range []struct{ pages, lines uint32 }{{64, 64}, {512, 64}, {2048, 64}, {16384, 64}, {16384, 1}} {
		b.Run("pages"+strconv.Itoa(int(c.pages))+"/lines"+strconv.Itoa(int(c.lines)), func(b *testing.B) {
			rnd := rand.New(rand.NewPCG(1, 2))
			idx := make([]uint32, 1<<20)
			for i := range idx {
				page := rnd.Uint32N(c.pages) * (pairSize6 / perPage / c.pages)
				idx[i] = page*perPage | rnd.Uint32N(c.lines)*32 | rnd.Uint32N(32)
			}
			p, q := t.pair[0], t.pair[1]
			var sum int32
			reads := 0
			cpu0 := cputime.Process()
			for b.Loop() {
				for i := 0; i < len(idx); i += 4 {
					sum += int32(p[idx[i]&(pairSize6-1)]) + int32(q[idx[i+1]&(pairSize6-1)]) +
						int32(p[idx[i+2]&(pairSize6-1)]) + int32(q[idx[i+3]&(pairSize6-1)])
				}
				reads += len(idx)
			}
			if cpu := cputime.Process() - cpu0; cpu > 0 {
				b.ReportMetric(float64(cpu.Nanoseconds())/float64(reads), "cpu-ns/read")
			}
			if sum == 1 {
				b.Log(sum)
			}
		})
	}
}
