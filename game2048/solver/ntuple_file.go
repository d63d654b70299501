package solver

import (
	"bufio"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
)

// networkMagic opens a network file: the format's name and version.
const networkMagic = "gridgames-2048-ntuple-v1\n"

// WriteTo writes n as a network file: networkMagic, then every weight as a
// little-endian float32, tuple by tuple, the whole gzip-compressed.
func (n *Network) WriteTo(w io.Writer) (int64, error) {
	cw := &countingWriter{w: w}
	zw := gzip.NewWriter(cw)
	bw := bufio.NewWriter(zw)
	bw.WriteString(networkMagic)
	var buf [4]byte
	for t := range n.W {
		for _, v := range n.W[t] {
			binary.LittleEndian.PutUint32(buf[:], math.Float32bits(v))
			bw.Write(buf[:])
		}
	}
	if err := bw.Flush(); err != nil {
		return cw.n, err
	}
	err := zw.Close()
	return cw.n, err
}

// ReadNetwork reads a network file written by WriteTo.
func ReadNetwork(r io.Reader) (*Network, error) {
	zr, err := gzip.NewReader(r)
	if err != nil {
		return nil, fmt.Errorf("solver: network file: not a gridgames 2048 network (%w)", err)
	}
	br := bufio.NewReader(zr)
	magic := make([]byte, len(networkMagic))
	if _, err := io.ReadFull(br, magic); err != nil || string(magic) != networkMagic {
		return nil, errors.New("solver: network file: not a gridgames 2048 network (bad header)")
	}
	n := new(Network)
	var buf [4]byte
	for t := range n.W {
		for i := range n.W[t] {
			if _, err := io.ReadFull(br, buf[:]); err != nil {
				return nil, fmt.Errorf("solver: network file: truncated at tuple %d weight %d", t, i)
			}
			v := math.Float32frombits(binary.LittleEndian.Uint32(buf[:]))
			if math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) {
				return nil, fmt.Errorf("solver: network file: tuple %d weight %d is not a number", t, i)
			}
			n.W[t][i] = v
		}
	}
	if _, err := br.ReadByte(); err != io.EOF {
		return nil, errors.New("solver: network file: data after the last weight")
	}
	return n, nil
}

type countingWriter struct {
	w io.Writer
	n int64
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}
