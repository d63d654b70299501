package cli

import (
	"errors"
	"os"
	"path/filepath"

	"github.com/gridgames/gridgames/game2048/solver/exact"
	"github.com/gridgames/gridgames/internal/store"
)

// tablesEnv names the directory of exact 2048 tables when --tables is not given.
const tablesEnv = "GRIDGAMES_2048_TABLES"

// tablesDir returns where exact tables are looked for: flag if set, else
// $GRIDGAMES_2048_TABLES, else the "tables" directory beside the apps' database
// (~/.local/share/gridgames/tables on Linux); "" when there is none.
func tablesDir(flag string) string {
	if flag != "" {
		return flag
	}
	if d := os.Getenv(tablesEnv); d != "" {
		return d
	}
	if db, err := store.DefaultPath(); err == nil {
		return filepath.Join(filepath.Dir(db), "tables")
	}
	return ""
}

// tableError makes a missing or too-big table bad input (one line, exit 2).
func tableError(err error) error {
	if errors.Is(err, exact.ErrNoTable) || errors.Is(err, exact.ErrTooBig) || errors.Is(err, exact.ErrConfig) ||
		errors.Is(err, exact.ErrBoard) || errors.Is(err, exact.ErrFile) {
		return badInputf("%s", trimExact(err))
	}
	return err
}
