package solver

import (
	"crypto/sha256"
	"encoding/hex"
	"testing"
)

// builtInNetworkSum is the SHA-256 of ntuple_default.bin.gz as `go generate`
// makes it (see generate.go). A new network needs a new recipe or a new sum, and
// the commit that brings it says which.
const builtInNetworkSum = "2d9a9cad568002278ca2231afc9dcc0e4331ae3d4df034a072b2e1c50ca1ec8d"

func TestBuiltInNetworkPinned(t *testing.T) {
	sum := sha256.Sum256(defaultNetworkFile)
	if got := hex.EncodeToString(sum[:]); got != builtInNetworkSum {
		t.Fatalf("ntuple_default.bin.gz has SHA-256 %s, want %s: rebuild it with go generate, or update the recipe and the sum together", got, builtInNetworkSum)
	}
}
