package cli

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/gridgames/gridgames/othello/engine"
	"github.com/gridgames/gridgames/othello/engine/train"
)

// The checkpoint within a phase: `othello midgame` samples each phase's games
// --checkpoint-games at a time and, after each block, writes the phase's
// samples so far to OUT.partial.samples (gzip text: a header line, then one
// "BOARD SIDE; SCORE" line a sample, the score exact). A run started again
// with the same flags finds it and plays only the games after it. The header
// names the flags that make the samples and the phases learned before the
// checkpoint's (a SHA-256 of their weights), so a run with others refuses it.

// samplesCheckpointPath is the checkpoint of a run writing outPath.
func samplesCheckpointPath(outPath string) string { return outPath + ".partial.samples" }

// samplesFingerprint names what a phase's samples depend on: the flags and
// the phases before it in learned.
func (o *midgameOptions) samplesFingerprint(learned *engine.Midgame, phase int, player string) (string, error) {
	before := new(engine.Midgame)
	for k := range phase {
		if learned != nil {
			before.SetPhase(k, learned.Phase(k))
		}
	}
	var b bytes.Buffer
	if _, err := before.WriteTo(&b); err != nil {
		return "", err
	}
	sum := sha256.Sum256(b.Bytes())
	return fmt.Sprintf("games=%d seed=%d per-game=%d depth=%d exact=%d probcut=%v random-moves=%d player=%s before=%s",
		o.games, o.seed, o.perGame, o.depth, o.exact, o.probcut, o.randomEvery, player, hex.EncodeToString(sum[:8])), nil
}

// fileSum is the start of the SHA-256 of the file at path, or "none" for "".
func fileSum(path string) (string, error) {
	if path == "" {
		return "none", nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:8]), nil
}

const samplesCheckpointMagic = "# gridgames othello midgame checkpoint"

// writeSamplesCheckpoint writes ps to path (beside it, then renamed over it).
func writeSamplesCheckpoint(path, fingerprint string, ps train.PhaseSamples) error {
	tmp := path + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return err
	}
	zw := gzip.NewWriter(f)
	w := bufio.NewWriter(zw)
	fmt.Fprintf(w, "%s: phase %d, games %d; %s\n", samplesCheckpointMagic, ps.Phase, ps.Games, fingerprint)
	for _, s := range ps.Samples {
		fmt.Fprintf(w, "%s; %s\n", s.Pos, strconv.FormatFloat(s.Score, 'g', -1, 64))
	}
	err = errors.Join(w.Flush(), zw.Close(), f.Close())
	if err != nil {
		os.Remove(tmp)
		return err
	}
	return os.Rename(tmp, path)
}

// readSamplesCheckpoint reads the checkpoint at path and the fingerprint its
// header gives.
func readSamplesCheckpoint(path string) (train.PhaseSamples, string, error) {
	var ps train.PhaseSamples
	f, err := os.Open(path)
	if err != nil {
		return ps, "", err
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return ps, "", fmt.Errorf("%s: not a checkpoint: %v", path, err)
	}
	br := bufio.NewReader(zr)
	header, err := br.ReadString('\n')
	if err != nil || !strings.HasPrefix(header, samplesCheckpointMagic+": ") {
		return ps, "", fmt.Errorf("%s: not a checkpoint of othello midgame", path)
	}
	head, fingerprint, ok := strings.Cut(strings.TrimPrefix(strings.TrimSpace(header), samplesCheckpointMagic+": "), "; ")
	if _, err := fmt.Sscanf(head, "phase %d, games %d", &ps.Phase, &ps.Games); !ok || err != nil {
		return ps, "", fmt.Errorf("%s: a bad header %q", path, strings.TrimSpace(header))
	}
	if ps.Samples, err = readSamples(br, path); err != nil {
		return ps, "", err
	}
	return ps, fingerprint, nil
}

// resumeSamples returns the checkpoint of a run writing o.outPath, if there is
// one, after checking that it was made with the same flags and the same
// phases before it as this run (from the --from evaluation).
func (o *midgameOptions) resumeSamples(from *engine.Midgame, player string) (*train.PhaseSamples, error) {
	path := samplesCheckpointPath(o.outPath)
	ps, fingerprint, err := readSamplesCheckpoint(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, badInputf("%v", err)
	}
	want, err := o.samplesFingerprint(from, ps.Phase, player)
	if err != nil {
		return nil, err
	}
	if fingerprint != want {
		hint := "run with its flags"
		if _, err := os.Stat(o.outPath + ".partial"); err == nil && o.fromPath != o.outPath+".partial" {
			hint = fmt.Sprintf("go on with --from %s.partial and its flags", o.outPath)
		}
		return nil, badInputf("%s holds phase %d's samples of a run with other flags or other phases before it (%s; this run: %s): %s, or remove it",
			path, ps.Phase, fingerprint, want, hint)
	}
	return &ps, nil
}
