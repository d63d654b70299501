package othello

import (
	"bufio"
	"context"
	"errors"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
)

// published are the 8x8 perft counts of Aart Bik's reversi perft page (depths 15 and
// 16 from a comment there), as in data/perft.md.
var published = map[int]uint64{
	1: 4, 2: 12, 3: 56, 4: 244, 5: 1396, 6: 8200, 7: 55092, 8: 390216, 9: 3005288,
	10: 24571284, 11: 212258800, 12: 1939886636, 13: 18429641748, 14: 184042084512,
	15: 1891832540064, 16: 20301186039128,
}

// TestPublishedTableMatchesData keeps the table above honest against the copy of
// the counts shipped in data/perft.md.
func TestPublishedTableMatchesData(t *testing.T) {
	f, err := os.Open("../data/perft.md")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	n := 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Split(sc.Text(), "|")
		if len(fields) != 4 {
			continue
		}
		d, err1 := strconv.Atoi(strings.TrimSpace(fields[1]))
		c, err2 := strconv.ParseUint(strings.TrimSpace(fields[2]), 10, 64)
		if err1 != nil || err2 != nil {
			continue
		}
		n++
		if published[d] != c {
			t.Errorf("depth %d: perft.md says %d, the test table %d", d, c, published[d])
		}
	}
	if n != len(published) {
		t.Fatalf("perft.md has %d counts, the table %d", n, len(published))
	}
}

// perftDepthLimit is 9 in the default run; GRIDGAMES_PERFT_DEPTH raises it (12 takes
// about ten seconds on two cores).
func perftDepthLimit() int {
	if d, err := strconv.Atoi(os.Getenv("GRIDGAMES_PERFT_DEPTH")); err == nil {
		return d
	}
	return 9
}

func TestPerftPublished(t *testing.T) {
	counts := published
	limit := perftDepthLimit()
	start := StartPosition()
	for d := 1; d <= limit; d++ {
		want, ok := counts[d]
		if !ok {
			break
		}
		t.Run(strconv.Itoa(d), func(t *testing.T) {
			got, err := PerftParallel(t.Context(), start, d, 0, nil)
			if got != want || err != nil {
				t.Fatalf("perft(%d) = %d, %v; want %d", d, got, err, want)
			}
			if d <= 7 {
				if single := Perft(start, d); single != want {
					t.Fatalf("single-threaded perft(%d) = %d, want %d", d, single, want)
				}
			}
		})
	}
	if StartPosition() != start {
		t.Fatal("perft changed the start position")
	}
}

// A cancelled parallel perft stops at once with the context's error.
func TestPerftParallelCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	start := time.Now()
	n, err := PerftParallel(ctx, StartPosition(), 14, 2, nil)
	if !errors.Is(err, context.Canceled) || n >= published[14] {
		t.Fatalf("%d leaves, %v: want a partial count and Canceled", n, err)
	}
	if took := time.Since(start); took > 100*time.Millisecond {
		t.Errorf("took %v after the cancel", took)
	}
}
