package server_test

import (
	"os"
	"testing"

	"github.com/gridgames/gridgames/internal/store/pgtest"
)

// TestMain stops the PostgreSQL server the tests may have started.
func TestMain(m *testing.M) { os.Exit(pgtest.Run(m)) }
