package othello

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
)

// published are the 8x8 perft counts of Aart Bik's reversi perft page (depths 15 and
// 16 from a comment there), as in shared/data/perft.md.
var published = map[int]uint64{
	1: 4, 2: 12, 3: 56, 4: 244, 5: 1396, 6: 8200, 7: 55092, 8: 390216, 9: 3005288,
	10: 24571284, 11: 212258800, 12: 1939886636, 13: 18429641748, 14: 184042084512,
	15: 1891832540064, 16: 20301186039128,
}

// TestPublishedTableMatchesSharedData keeps the table above honest against the house
// copy of the counts, when shared/ sits beside the project as it does in CI.
func TestPublishedTableMatchesSharedData(t *testing.T) {
	f, err := os.Open("../../shared/data/perft.md")
	if err != nil {
		t.Skipf("shared/data/perft.md is not beside the project: %v", err)
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
			got := PerftParallel(start, d, 0, nil)
			if got != want {
				t.Fatalf("perft(%d) = %d, want %d", d, got, want)
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
