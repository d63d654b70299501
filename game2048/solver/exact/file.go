package exact

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"hash"
	"hash/crc32"
	"io"
	"math"
	"os"
	"path/filepath"
)

// The table file, version 1. All integers little-endian; "uvarint" is
// encoding/binary's unsigned varint.
//
//	magic     8 bytes  "gg2048x\n"
//	version   uint16   1
//	rows      uint8
//	cols      uint8
//	goal      uint8    the goal's exponent, 0 for the expected score
//	four      float64  the chance of a 4
//	value     float64  Summary.Value
//	twoTwos   float64  Summary.ValueTwoTwos
//	positions uint64   Summary.Positions
//	seconds   float64  Summary.Seconds
//	finalMax  uint8 n (0 for a goal table, else 16), then n float64s
//	layers    uvarint  the number of layers; then for layer h (tile sum 2h):
//	  count   uvarint
//	  keys    count uvarints: the first position, then each one's difference
//	          from the one before (positions rise, so each is at least 1)
//	  values  count float64s
//	crc       uint32   CRC-32C (Castagnoli) of every byte before it
//
// A position is the canonical packed board (a nibble per cell, row-major, the
// smallest of its mirrors and turns).
const (
	fileMagic   = "gg2048x\n"
	fileVersion = 1
)

// ErrFile reports a table file that cannot be read: not a table, another
// version, damaged (checksum) or inconsistent.
var ErrFile = errors.New("exact: bad table file")

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// Write writes t in the table file format.
func (t *Table) Write(w io.Writer) error {
	crc := crc32.New(castagnoli)
	bw := bufio.NewWriterSize(io.MultiWriter(w, crc), 1<<16)
	var buf [binary.MaxVarintLen64]byte
	put := func(b []byte) { _, _ = bw.Write(b) }
	u64 := func(x uint64) { binary.LittleEndian.PutUint64(buf[:8], x); put(buf[:8]) }
	f64 := func(x float64) { u64(math.Float64bits(x)) }
	uv := func(x uint64) { put(buf[:binary.PutUvarint(buf[:], x)]) }
	put([]byte(fileMagic))
	put([]byte{fileVersion, 0, uint8(t.g.rows), uint8(t.g.cols), t.goal})
	f64(t.four)
	f64(t.sum.Value)
	f64(t.sum.ValueTwoTwos)
	u64(uint64(t.sum.Positions))
	f64(t.sum.Seconds)
	put([]byte{uint8(len(t.sum.FinalMax))})
	for _, x := range t.sum.FinalMax {
		f64(x)
	}
	uv(uint64(len(t.layers)))
	for _, L := range t.layers {
		uv(uint64(len(L.keys)))
		prev := uint64(0)
		for _, k := range L.keys {
			uv(k - prev)
			prev = k
		}
		for _, v := range L.vals {
			f64(v)
		}
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	var sum [4]byte
	binary.LittleEndian.PutUint32(sum[:], crc.Sum32())
	_, err := w.Write(sum[:])
	return err
}

// WriteFile writes t to path through a temporary file renamed into place, so an
// interrupted write leaves no partial table under that name.
func (t *Table) WriteFile(path string) error {
	f, err := os.CreateTemp(filepath.Dir(path), ".exact-*.tmp")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name())
	if err := t.Write(f); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(f.Name(), path)
}

// ReadFile loads a table written by Write or WriteFile.
func ReadFile(path string) (*Table, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	t, err := Read(f, st.Size())
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return t, nil
}

// Read loads a table of size bytes from r. Every error wraps ErrFile (or is r's
// error); a damaged or hostile file fails without using more memory than its
// contents would need.
func Read(r io.Reader, size int64) (*Table, error) {
	if size < int64(len(fileMagic))+4 {
		return nil, fmt.Errorf("%w: %d bytes is too short", ErrFile, size)
	}
	crc := crc32.New(castagnoli)
	rd := &reader{r: bufio.NewReaderSize(io.TeeReader(io.LimitReader(r, size-4), crc), 1<<16), crc: crc}
	t, err := rd.table()
	if err != nil {
		return nil, err
	}
	if _, err := rd.r.ReadByte(); err != io.EOF {
		return nil, fmt.Errorf("%w: bytes after the last layer", ErrFile)
	}
	var sum [4]byte
	if _, err := io.ReadFull(r, sum[:]); err != nil {
		return nil, fmt.Errorf("%w: no checksum: %v", ErrFile, err)
	}
	if got, want := crc.Sum32(), binary.LittleEndian.Uint32(sum[:]); got != want {
		return nil, fmt.Errorf("%w: checksum %08x, the file says %08x (damaged)", ErrFile, got, want)
	}
	return t, nil
}

// reader parses the file body; the first error sticks.
type reader struct {
	r   *bufio.Reader
	crc hash.Hash32
	err error
}

func (rd *reader) fail(format string, a ...any) {
	if rd.err == nil {
		rd.err = fmt.Errorf("%w: "+format, append([]any{ErrFile}, a...)...)
	}
}

func (rd *reader) bytes(n int) []byte {
	b := make([]byte, n)
	if rd.err == nil {
		if _, err := io.ReadFull(rd.r, b); err != nil {
			rd.fail("truncated: %v", err)
		}
	}
	return b
}

func (rd *reader) u64() uint64 { return binary.LittleEndian.Uint64(rd.bytes(8)) }

func (rd *reader) f64() float64 { return math.Float64frombits(rd.u64()) }

func (rd *reader) uv() uint64 {
	if rd.err != nil {
		return 0
	}
	x, err := binary.ReadUvarint(rd.r)
	if err != nil {
		rd.fail("truncated or bad varint: %v", err)
	}
	return x
}

func (rd *reader) table() (*Table, error) {
	if string(rd.bytes(len(fileMagic))) != fileMagic {
		return nil, fmt.Errorf("%w: not a gridgames 2048 table", ErrFile)
	}
	h := rd.bytes(5)
	if rd.err != nil {
		return nil, rd.err
	}
	if v := binary.LittleEndian.Uint16(h); v != fileVersion {
		return nil, fmt.Errorf("%w: version %d, this program reads %d", ErrFile, v, fileVersion)
	}
	rows, cols, goal := int(h[2]), int(h[3]), h[4]
	if err := CheckSize(rows, cols); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrFile, err)
	}
	if goal == 1 || goal > maxExp {
		return nil, fmt.Errorf("%w: goal exponent %d", ErrFile, goal)
	}
	t := &Table{g: newGeom(rows, cols), goal: goal}
	t.four = rd.f64()
	t.sum.Value, t.sum.ValueTwoTwos = rd.f64(), rd.f64()
	t.sum.Positions = int64(rd.u64())
	t.sum.Seconds = rd.f64()
	if !(t.four >= 0 && t.four <= 1) {
		rd.fail("chance of a 4 is %v", t.four)
	}
	n, want := int(rd.bytes(1)[0]), 0
	if goal == 0 {
		want = maxExp + 1
	}
	if n != want {
		rd.fail("%d final-tile chances, want %d", n, want)
	} else if n > 0 {
		t.sum.FinalMax = make([]float64, n)
		for i := range t.sum.FinalMax {
			t.sum.FinalMax[i] = rd.f64()
		}
	}
	nl := rd.uv()
	maxLayers := uint64(rows*cols)<<maxExp/2 + 1
	if nl > maxLayers {
		rd.fail("%d layers, at most %d fit a %dx%d board", nl, maxLayers, rows, cols)
	}
	var total int64
	for h := uint64(0); h < nl && rd.err == nil; h++ {
		L := rd.layer(t, h)
		total += int64(len(L.keys))
		t.layers = append(t.layers, L)
	}
	if rd.err == nil && total != t.sum.Positions {
		rd.fail("%d positions, the header says %d", total, t.sum.Positions)
	}
	if rd.err != nil {
		return nil, rd.err
	}
	return t, nil
}

// layer reads layer h, checking that its positions rise, sum to 2h, fit the board
// and are canonical, and that its values are in range.
func (rd *reader) layer(t *Table, h uint64) layer {
	n := rd.uv()
	var L layer
	const chunk = 1 << 16 // grow as the data arrives, so a lying count costs nothing
	prev := uint64(0)
	for i := uint64(0); i < n && rd.err == nil; i++ {
		d := rd.uv()
		k := prev + d
		if (i > 0 && d == 0) || k < prev || k&^t.g.mask != 0 || tileSum(k) != 2*h || t.g.canon(k) != k {
			rd.fail("layer %d: position %d (%#x) is out of order, off the board or not canonical", h, i, k)
			break
		}
		if len(L.keys) == cap(L.keys) {
			L.keys = append(make([]uint64, 0, len(L.keys)+int(min(chunk, n-i))), L.keys...)
		}
		L.keys = append(L.keys, k)
		prev = k
	}
	L.vals = make([]float64, 0, len(L.keys))
	hi := math.Inf(1)
	if t.goal != 0 {
		hi = 1
	}
	for i := 0; i < len(L.keys) && rd.err == nil; i++ {
		v := rd.f64()
		if !(v >= 0 && v <= hi) || math.IsInf(v, 0) {
			rd.fail("layer %d: value %v of position %d is out of range", h, v, i)
		}
		L.vals = append(L.vals, v)
	}
	return L
}
