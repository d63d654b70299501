package train

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"testing"

	"github.com/gridgames/gridgames/game2048/solver"
)

// The trainer moved here from package solver. These are the SHA-256 sums of what
// the solver's trainer wrote before it moved (computed at commit 56fc61a by the
// same runs through solver.Train, solver.Train6 and solver.Trainer6): the moved
// trainer must learn the same bits and write them in the same bytes, network
// files and checkpoints alike, or the built-in networks' recipes and the
// checkpoints of runs under way would no longer hold. The two checkpoint sums of
// the two-stage run changed once on purpose: since commit 5517a31 Promote starts
// the late stage's coherence accumulators as copies of the early stage's (its
// network, whose late stage sees no late board in these 100 games, did not change).
const (
	oldTD6Sum       = "2f30b8de4bfe72737d9560faa6bc210c45f908cacf7a5ada24a004727449eb28" // Train6, 100 games, seed 1, rate 0.1
	oldTC6Sum       = "c863baf7c96cc954eae78173140f5cd8c3c686095bba4ddc556c933accc6c963" // Trainer6, coherence and restarts, promoted after 40 of 100
	oldTC6FullSum   = "ceaa7f90bbc74b4d309f5e484ba4ab1d415efad94aae802f92fc280fbe5eca3d" // its checkpoint (since 5517a31, whose late accumulators start as copies)
	oldTC6LightSum  = "8fcba90b33b2ca0c810fbf9511d318b7708b460183298e3d43cd0ff59fc8eede" // its light checkpoint (since 5517a31, too)
	oldFromBuiltSum = "a1488f6311dd28fd86ac278b49acd10f076177d27b3d91f7983de545fb5249b2" // Train6 from the built-in network, 20 games, seed 3, rate 0.02
	oldTD4Sum       = "d86d5d85a4aad23b05c4882532e7cce54f04b95c20b841e2cd01e4b5c6d09659" // Train (4-tuple), 200 games, seed 1, rate 0.1
)

// sumOf returns the SHA-256 of what write writes, in hex.
func sumOf(t *testing.T, write func(io.Writer) error) string {
	t.Helper()
	var buf bytes.Buffer
	if err := write(&buf); err != nil {
		t.Fatal(err)
	}
	s := sha256.Sum256(buf.Bytes())
	return hex.EncodeToString(s[:])
}

// networkWriter adapts a WriteTo to sumOf.
func networkWriter(n io.WriterTo) func(io.Writer) error {
	return func(w io.Writer) error {
		_, err := n.WriteTo(w)
		return err
	}
}

func TestSameBitsAsBeforeTheMove(t *testing.T) {
	t.Parallel()
	check := func(t *testing.T, what, got, want string) {
		t.Helper()
		if got != want {
			t.Fatalf("%s has SHA-256 %s; the trainer in package solver wrote %s", what, got, want)
		}
	}
	t.Run("6-tuple TD", func(t *testing.T) {
		n := NewNetwork6()
		if err := Train6(t.Context(), n, Options{Games: 100, Seed: 1, Rate: 0.1}); err != nil {
			t.Fatal(err)
		}
		check(t, "the network", sumOf(t, networkWriter(n)), oldTD6Sum)
	})
	t.Run("6-tuple coherence, restarts, two stages", func(t *testing.T) {
		tr := NewTrainer6(NewNetwork6(), Options{Seed: 2, Rate: 1, Coherence: true, Restarts: 0.3})
		if err := tr.Run(t.Context(), 40, nil); err != nil {
			t.Fatal(err)
		}
		tr.Promote()
		if err := tr.Run(t.Context(), 100, nil); err != nil {
			t.Fatal(err)
		}
		check(t, "the network", sumOf(t, networkWriter(tr.Network())), oldTC6Sum)
		check(t, "the checkpoint", sumOf(t, tr.WriteCheckpoint), oldTC6FullSum)
		check(t, "the light checkpoint", sumOf(t, tr.WriteLightCheckpoint), oldTC6LightSum)
	})
	t.Run("6-tuple from the built-in network", func(t *testing.T) {
		n := FromSolver6(solver.DefaultNetwork6())
		if err := Train6(t.Context(), n, Options{Games: 20, Seed: 3, Rate: 0.02}); err != nil {
			t.Fatal(err)
		}
		check(t, "the network", sumOf(t, networkWriter(n)), oldFromBuiltSum)
	})
	t.Run("4-tuple TD", func(t *testing.T) {
		n := new(solver.Network)
		if err := Train4(t.Context(), n, Options{Games: 200, Seed: 1, Rate: 0.1}); err != nil {
			t.Fatal(err)
		}
		check(t, "the network", sumOf(t, networkWriter(n)), oldTD4Sum)
	})
}
