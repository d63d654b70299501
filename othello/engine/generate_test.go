package engine

import (
	"crypto/sha256"
	"encoding/hex"
	"testing"
)

// The built-in weights are what their recipes in generate.go make: a new file
// needs a new recipe or a new sum, and the commit that brings it says which.
func TestBuiltInWeightsPinned(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		data []byte
		sum  string
	}{
		{"patterns_default.bin.gz", defaultPatternsFile, "86678f79e8a01846042137f663134cb9741f044f7adf751519e32d0820d80380"},
		{"midgame_default.bin.gz", defaultMidgameFile, "2d2faea4a7c60965e90b596425ae4d2c89fb119a08fdad96e446546d6f4d3a3d"},
		{"book_default.bin.gz", defaultBookFile, "6cc99848955ce7bdf919974c5dcea4352804dfe3a746f5a41b41a99af385f201"},
		{"eval6_default.txt", defaultSmallFile, "c0e02a4f84822faab723efc841aef7d7bafb664f4d51966564e9da0423a91057"},
		{"opening6_default.txt.gz", defaultOpening6File, "43ebf335285460aa7cb895936396fb631ab74046dfff3aec9a62ca8623212f15"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sum := sha256.Sum256(tc.data)
			if got := hex.EncodeToString(sum[:]); got != tc.sum {
				t.Fatalf("%s has SHA-256 %s, want %s: rebuild it with go generate, or update the recipe and the sum together", tc.name, got, tc.sum)
			}
		})
	}
}
