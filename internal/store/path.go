package store

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
)

// DefaultPath returns where the apps keep their database when none is named: the
// user's data directory ($XDG_DATA_HOME, else ~/.local/share on Unix,
// ~/Library/Application Support on macOS, %LocalAppData% on Windows), then
// gridgames/gridgames.db.
func DefaultPath() (string, error) {
	dir := os.Getenv("XDG_DATA_HOME")
	if dir == "" {
		switch runtime.GOOS {
		case "windows":
			dir = os.Getenv("LocalAppData")
		case "darwin":
			if home, err := os.UserHomeDir(); err == nil {
				dir = filepath.Join(home, "Library", "Application Support")
			}
		default:
			if home, err := os.UserHomeDir(); err == nil {
				dir = filepath.Join(home, ".local", "share")
			}
		}
	}
	if dir == "" {
		return "", errors.New("store: no data directory: set XDG_DATA_HOME or pass a database path")
	}
	return filepath.Join(dir, "gridgames", "gridgames.db"), nil
}
