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
		{"midgame_default.bin.gz", defaultMidgameFile, "b187ea62dd33594bf4528bf43b913e272688e666e7b73495a0ad56b7dc8083bf"},
		{"book_default.bin.gz", defaultBookFile, "91263fdbe563cfe65488f39f9ff64cf11c28669049d79da374f188374fae0083"},
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
