package solver

import (
	"bufio"
	"bytes"
	"compress/gzip"
	_ "embed"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
)

// network6Magic opens a 6-tuple network file: the format's name and version;
// network6StagedMagic one with a late stage (same length, so either reads the same
// number of bytes).
const (
	network6Magic       = "gridgames-2048-ntuple6-v1\n"
	network6StagedMagic = "gridgames-2048-ntuple6-v2\n"
)

//go:embed ntuple6_default.bin.gz
var defaultNetwork6Bytes []byte

// WriteTo writes n as a 6-tuple network file: network6Magic, then for each group
// the number of its weights that round to a nonzero whole point (a uvarint), and
// for each of those, in index order, the gap since the last one (uvarint: the index
// minus the previous index minus 1, the first counted from -1) and the rounded
// weight (varint); the whole gzip-compressed. Most patterns never occur in play, so
// their weights stay 0 and cost nothing. A network with a late stage (Stages 2) is
// written with network6StagedMagic, the number of stages (a uvarint, 2), then
// the groups of each stage in turn, the early one first.
func (n *Network6) WriteTo(w io.Writer) (int64, error) {
	cw := &countingWriter{w: w}
	zw, _ := gzip.NewWriterLevel(cw, gzip.BestCompression)
	bw := bufio.NewWriter(zw)
	stages := []*table6{n.t}
	if n.t.late != nil {
		stages = append(stages, n.t.late)
		bw.WriteString(network6StagedMagic)
		bw.Write(binary.AppendUvarint(nil, uint64(len(stages))))
	} else {
		bw.WriteString(network6Magic)
	}
	for _, s := range stages {
		s.writeGroups(bw)
	}
	if err := bw.Flush(); err != nil {
		return cw.n, err
	}
	err := zw.Close()
	return cw.n, err
}

// writeGroups writes the weights of t's groups (not its late stage's).
func (t *table6) writeGroups(bw *bufio.Writer) {
	var buf [binary.MaxVarintLen64]byte
	for g := range numTuples6 {
		count := 0
		for i := range uint32(tuple6Size) {
			if t.at(g, i) != 0 {
				count++
			}
		}
		bw.Write(binary.AppendUvarint(buf[:0], uint64(count)))
		prev := -1
		for i := range tuple6Size {
			r := t.at(g, uint32(i))
			if r == 0 {
				continue
			}
			bw.Write(binary.AppendUvarint(buf[:0], uint64(i-prev-1)))
			bw.Write(binary.AppendVarint(buf[:0], int64(r)))
			prev = i
		}
	}
}

// ReadNetwork6 reads a 6-tuple network file written by Network6.WriteTo.
func ReadNetwork6(r io.Reader) (*Network6, error) {
	t, err := readTable6(r)
	if err != nil {
		return nil, err
	}
	return &Network6{t: t}, nil
}

// IsNetwork6File reports whether data, a whole file or at least its first few
// kilobytes, is a 6-tuple network file rather than a Network file; the CLI reads
// either.
func IsNetwork6File(head []byte) bool {
	zr, err := gzip.NewReader(bytes.NewReader(head))
	if err != nil {
		return false
	}
	magic := make([]byte, len(network6Magic))
	_, err = io.ReadFull(zr, magic)
	return err == nil && (string(magic) == network6Magic || string(magic) == network6StagedMagic)
}

// readTable6 reads a 6-tuple network file into the search's rounded table.
func readTable6(r io.Reader) (*table6, error) {
	zr, err := gzip.NewReader(r)
	if err != nil {
		return nil, fmt.Errorf("solver: network file: not a gridgames 2048 6-tuple network (%w)", err)
	}
	br := bufio.NewReader(zr)
	magic := make([]byte, len(network6Magic))
	if _, err := io.ReadFull(br, magic); err != nil || string(magic) != network6Magic && string(magic) != network6StagedMagic {
		return nil, errors.New("solver: network file: not a gridgames 2048 6-tuple network (bad header)")
	}
	stages := uint64(1)
	if string(magic) == network6StagedMagic {
		var err error
		if stages, err = binary.ReadUvarint(br); err != nil || stages != 2 {
			return nil, errors.New("solver: network file: a staged network needs 2 stages")
		}
	}
	t := newTable6()
	if err := t.readGroups(br, ""); err != nil {
		return nil, err
	}
	if stages == 2 {
		t.late = newTable6()
		if err := t.late.readGroups(br, "late stage: "); err != nil {
			return nil, err
		}
	}
	switch _, err := br.ReadByte(); {
	case err == nil:
		return nil, errors.New("solver: network file: data after the last weight")
	case err != io.EOF:
		return nil, fmt.Errorf("solver: network file: %w", err)
	}
	return t, nil
}

// readGroups reads the groups writeGroups wrote into t; errors name the stage by
// prefix.
func (t *table6) readGroups(br *bufio.Reader, prefix string) error {
	for g := range numTuples6 {
		count, err := binary.ReadUvarint(br)
		if err != nil {
			return fmt.Errorf("solver: network file: %sgroup %d: truncated before its weight count", prefix, g)
		}
		if count > tuple6Size {
			return fmt.Errorf("solver: network file: %sgroup %d: %d weights, more than the %d patterns", prefix, g, count, tuple6Size)
		}
		i := -1
		for k := range count {
			gap, err1 := binary.ReadUvarint(br)
			v, err2 := binary.ReadVarint(br)
			if err1 != nil || err2 != nil {
				return fmt.Errorf("solver: network file: %sgroup %d: truncated at weight %d of %d", prefix, g, k+1, count)
			}
			if gap >= tuple6Size || i+1+int(gap) >= tuple6Size {
				return fmt.Errorf("solver: network file: %sgroup %d: weight %d lies past the last pattern", prefix, g, k+1)
			}
			if v == 0 || v < -maxWeight6 || v > maxWeight6 {
				return fmt.Errorf("solver: network file: %sgroup %d: weight %d is %d (want a nonzero whole number within ±%d)", prefix, g, k+1, v, maxWeight6)
			}
			i += 1 + int(gap)
			t.set(g, uint32(i), int16(v))
		}
	}
	return nil
}
