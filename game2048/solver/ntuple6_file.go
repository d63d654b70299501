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

// network6Magic opens a 6-tuple network file: the format's name and version.
const network6Magic = "gridgames-2048-ntuple6-v1\n"

//go:embed ntuple6_default.bin.gz
var defaultNetwork6Bytes []byte

func defaultNetwork6File() io.Reader { return bytes.NewReader(defaultNetwork6Bytes) }

// WriteTo writes n as a 6-tuple network file: network6Magic, then for each group
// the number of its weights that round to a nonzero whole point (a uvarint), and
// for each of those, in index order, the gap since the last one (uvarint: the index
// minus the previous index minus 1, the first counted from -1) and the rounded
// weight (varint); the whole gzip-compressed. Most patterns never occur in play, so
// their weights stay 0 and cost nothing.
func (n *Network6) WriteTo(w io.Writer) (int64, error) {
	cw := &countingWriter{w: w}
	zw, _ := gzip.NewWriterLevel(cw, gzip.BestCompression)
	bw := bufio.NewWriter(zw)
	bw.WriteString(network6Magic)
	var buf [binary.MaxVarintLen64]byte
	for t := range n.w {
		count := 0
		for _, v := range n.w[t] {
			if round6(v) != 0 {
				count++
			}
		}
		bw.Write(binary.AppendUvarint(buf[:0], uint64(count)))
		prev := -1
		for i, v := range n.w[t] {
			r := round6(v)
			if r == 0 {
				continue
			}
			bw.Write(binary.AppendUvarint(buf[:0], uint64(i-prev-1)))
			bw.Write(binary.AppendVarint(buf[:0], int64(r)))
			prev = i
		}
	}
	if err := bw.Flush(); err != nil {
		return cw.n, err
	}
	err := zw.Close()
	return cw.n, err
}

// ReadNetwork6 reads a 6-tuple network file written by Network6.WriteTo.
func ReadNetwork6(r io.Reader) (*Network6, error) {
	t, err := readTable6(r)
	if err != nil {
		return nil, err
	}
	return t.network(), nil
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
	return err == nil && string(magic) == network6Magic
}

// readTable6 reads a 6-tuple network file into the search's rounded table.
func readTable6(r io.Reader) (*table6, error) {
	zr, err := gzip.NewReader(r)
	if err != nil {
		return nil, fmt.Errorf("solver: network file: not a gridgames 2048 6-tuple network (%w)", err)
	}
	br := bufio.NewReader(zr)
	magic := make([]byte, len(network6Magic))
	if _, err := io.ReadFull(br, magic); err != nil || string(magic) != network6Magic {
		return nil, errors.New("solver: network file: not a gridgames 2048 6-tuple network (bad header)")
	}
	t := newTable6()
	for g := range t.w {
		count, err := binary.ReadUvarint(br)
		if err != nil {
			return nil, fmt.Errorf("solver: network file: group %d: truncated before its weight count", g)
		}
		if count > tuple6Size {
			return nil, fmt.Errorf("solver: network file: group %d: %d weights, more than the %d patterns", g, count, tuple6Size)
		}
		i := -1
		for k := range count {
			gap, err1 := binary.ReadUvarint(br)
			v, err2 := binary.ReadVarint(br)
			if err1 != nil || err2 != nil {
				return nil, fmt.Errorf("solver: network file: group %d: truncated at weight %d of %d", g, k+1, count)
			}
			if gap >= tuple6Size || i+1+int(gap) >= tuple6Size {
				return nil, fmt.Errorf("solver: network file: group %d: weight %d lies past the last pattern", g, k+1)
			}
			if v == 0 || v < -maxWeight6 || v > maxWeight6 {
				return nil, fmt.Errorf("solver: network file: group %d: weight %d is %d (want a nonzero whole number within ±%d)", g, k+1, v, maxWeight6)
			}
			i += 1 + int(gap)
			t.w[g][i] = int16(v)
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
