package exact

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"sync"
)

// SolveOnNeedCells is the most cells a board may have for Store to solve it on
// first need: 2x4 takes a few seconds of one core and 200 MB; 3x3 takes minutes
// and a few GB, so it comes from a file written by `gridgames 2048 solve --out`.
const SolveOnNeedCells = 8

// ErrNoTable reports a board with no table in memory or on disk that is too big
// to solve on the spot; the message says the command that writes one.
var ErrNoTable = errors.New("exact: no table for this board")

// FileName is the name Store looks for in its directory: "3x3-four0.1.table", or
// with a goal "2x4-four0.1-goal256.table".
func FileName(rows, cols int, four float64, goal uint64) string {
	s := fmt.Sprintf("%dx%d-four%s", rows, cols, strconv.FormatFloat(four, 'g', -1, 64))
	if goal != 0 {
		s += "-goal" + strconv.FormatUint(goal, 10)
	}
	return s + ".table"
}

// Store hands out tables: from memory, else from Dir (a file named by FileName),
// else, for boards of at most SolveOnNeedCells cells, by solving on the spot.
// Tables stay in memory for the life of the Store. Safe for concurrent use; a
// solve holds the Store's lock, so concurrent callers wait for it.
type Store struct {
	// Dir is where table files are looked for ("" for none).
	Dir string
	// SolveCells, when above 0, is the most cells solved on need instead of
	// SolveOnNeedCells (a server may keep slow solves out of a request).
	SolveCells int
	mu         sync.Mutex
	tables     map[storeKey]*Table
}

type storeKey struct {
	rows, cols int
	four       float64
	goal       uint64
}

func (s *Store) solveCells() int {
	if s.SolveCells > 0 {
		return min(s.SolveCells, SolveOnNeedCells)
	}
	return SolveOnNeedCells
}

// Table returns the table for the board and rules, or an error wrapping
// ErrNoTable, ErrTooBig, ErrFile or ctx's error.
func (s *Store) Table(ctx context.Context, rows, cols int, four float64, goal uint64) (*Table, error) {
	if err := CheckSize(rows, cols); err != nil {
		return nil, err
	}
	k := storeKey{rows, cols, four, goal}
	s.mu.Lock()
	defer s.mu.Unlock()
	if t, ok := s.tables[k]; ok {
		return t, nil
	}
	name := FileName(rows, cols, four, goal)
	var t *Table
	var err error
	path := filepath.Join(s.Dir, name)
	switch _, statErr := os.Stat(path); {
	case s.Dir != "" && statErr == nil:
		t, err = ReadFile(path)
	case rows*cols <= s.solveCells():
		t, err = Solve(ctx, Config{Rows: rows, Cols: cols, FourChance: four, Goal: goal})
	default:
		where := "a table directory"
		if s.Dir != "" {
			where = s.Dir
		}
		cmd := fmt.Sprintf("gridgames 2048 solve --rows %d --cols %d --four %v", rows, cols, four)
		if goal != 0 {
			cmd += fmt.Sprintf(" --goal %d", goal)
		}
		return nil, refuse(ErrNoTable, "%dx%d has no %s in %s; write it with: %s --out %s", rows, cols, name, where, cmd, path)
	}
	if err != nil {
		return nil, err
	}
	if t.Rows() != rows || t.Cols() != cols || t.FourChance() != four || t.Goal() != goal {
		return nil, fmt.Errorf("%w: %s holds a %dx%d table for a chance of %v and goal %d", ErrFile, path, t.Rows(), t.Cols(), t.FourChance(), t.Goal())
	}
	if s.tables == nil {
		s.tables = map[storeKey]*Table{}
	}
	s.tables[k] = t
	return t, nil
}
