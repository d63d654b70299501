package othello

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
)

// publishedPerft reads the published 8x8 counts from shared/data/perft.md.
func publishedPerft(t testing.TB) map[int]uint64 {
	t.Helper()
	f, err := os.Open("../../shared/data/perft.md")
	if err != nil {
		t.Skipf("shared/data/perft.md not found beside the project: %v", err)
	}
	defer f.Close()
	out := map[int]uint64{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Split(sc.Text(), "|")
		if len(fields) != 4 {
			continue
		}
		d, err1 := strconv.Atoi(strings.TrimSpace(fields[1]))
		n, err2 := strconv.ParseUint(strings.TrimSpace(fields[2]), 10, 64)
		if err1 == nil && err2 == nil {
			out[d] = n
		}
	}
	if len(out) < 9 {
		t.Fatalf("read only %d perft counts from perft.md", len(out))
	}
	return out
}

// perftDepthLimit is 9 in the default run; GRIDGAMES_PERFT_DEPTH raises it.
func perftDepthLimit() int {
	if d, err := strconv.Atoi(os.Getenv("GRIDGAMES_PERFT_DEPTH")); err == nil {
		return d
	}
	return 9
}

func TestPerftPublished(t *testing.T) {
	counts := publishedPerft(t)
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
