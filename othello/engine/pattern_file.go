package engine

import (
	"bufio"
	"compress/gzip"
	_ "embed"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
)

// The pattern file: gzip of a magic line, the number of weights (uint32, little
// endian), then the weights as float32 little endian, in layout order.
const patternMagic = "gridgames-othello-patterns-v1\n"

//go:embed patterns_default.bin.gz
var defaultPatternsFile []byte

var defaultPatterns = builtin("patterns", defaultPatternsFile, patternsSum, ReadPatterns)

// DefaultPatterns returns the built-in pattern weights (shared; do not change them).
func DefaultPatterns() *Patterns { return defaultPatterns.Get() }

// WriteTo writes the weights in the pattern file format.
func (w *Patterns) WriteTo(out io.Writer) (int64, error) {
	cw := &countWriter{w: out}
	z := gzip.NewWriter(cw)
	b := bufio.NewWriter(z)
	b.WriteString(patternMagic)
	writeWeights(b, w)
	if err := b.Flush(); err != nil {
		return cw.n, err
	}
	err := z.Close()
	return cw.n, err
}

type countWriter struct {
	w io.Writer
	n int64
}

func (c *countWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

// ReadPatterns reads weights written by WriteTo. A file of another kind, another
// layout or a cut-off file is refused with the reason.
func ReadPatterns(r io.Reader) (*Patterns, error) {
	b, err := openFile(r, patternMagic, "pattern file")
	if err != nil {
		return nil, err
	}
	w, err := readWeights(b, "pattern file")
	if err != nil {
		return nil, err
	}
	if _, err := b.ReadByte(); err != io.EOF {
		return nil, errors.New("pattern file has data after its weights")
	}
	return w, nil
}

// writeWeights writes the weight count (uint32) and the weights (float32), little
// endian, in layout order.
func writeWeights(b *bufio.Writer, w *Patterns) {
	binary.Write(b, binary.LittleEndian, uint32(len(w.w)))
	var buf [4]byte
	for _, x := range w.w {
		binary.LittleEndian.PutUint32(buf[:], math.Float32bits(x))
		b.Write(buf[:])
	}
}

// readWeights reads what writeWeights writes; what names the file in errors.
func readWeights(b *bufio.Reader, what string) (*Patterns, error) {
	var n uint32
	if err := binary.Read(b, binary.LittleEndian, &n); err != nil {
		return nil, fmt.Errorf("%s cut off in its header", what)
	}
	if int(n) != layout.size {
		return nil, fmt.Errorf("%s has %d weights, this version uses %d", what, n, layout.size)
	}
	w := newPatterns()
	var buf [4]byte
	for i := range w.w {
		if _, err := io.ReadFull(b, buf[:]); err != nil {
			return nil, fmt.Errorf("%s cut off after %d of %d weights", what, i, n)
		}
		x := math.Float32frombits(binary.LittleEndian.Uint32(buf[:]))
		if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) || math.Abs(float64(x)) > 1000 {
			return nil, fmt.Errorf("%s weight %d is %v, not a reasonable number", what, i, x)
		}
		w.w[i] = x
	}
	return w, nil
}
