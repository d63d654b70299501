package solver

import (
	"crypto/sha256"
	"encoding/hex"
	"testing"
)

// pinnedNetworkSum is the SHA-256 of ntuple_default.bin.gz as `go generate`
// makes it (see generate.go). A new network needs a new recipe or a new sum, and
// the commit that brings it says which.
const pinnedNetworkSum = "2d9a9cad568002278ca2231afc9dcc0e4331ae3d4df034a072b2e1c50ca1ec8d"

func TestBuiltInNetworkPinned(t *testing.T) {
	t.Parallel()
	sum := sha256.Sum256(defaultNetworkFile)
	if got := hex.EncodeToString(sum[:]); got != pinnedNetworkSum {
		t.Fatalf("ntuple_default.bin.gz has SHA-256 %s, want %s: rebuild it with go generate, or update the recipe and the sum together", got, pinnedNetworkSum)
	}
}

// pinnedNetwork6Sum is the SHA-256 of ntuple6_default.bin.gz as `go generate`
// makes it (see generate.go).
const pinnedNetwork6Sum = "0cde8ad11bed9fc82a893047f823f5b976a0532e69916a8f7ceca2cefb7ed4bb"

func TestBuiltInNetwork6Pinned(t *testing.T) {
	t.Parallel()
	sum := sha256.Sum256(defaultNetwork6Bytes)
	if got := hex.EncodeToString(sum[:]); got != pinnedNetwork6Sum {
		t.Fatalf("ntuple6_default.bin.gz has SHA-256 %s, want %s: rebuild it with go generate, or update the recipe and the sum together", got, pinnedNetwork6Sum)
	}
}
