package engine

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"strings"
	"testing"
)

// gz compresses raw book bytes.
func gz(raw []byte) []byte {
	var buf bytes.Buffer
	z := gzip.NewWriter(&buf)
	z.Write(raw)
	z.Close()
	return buf.Bytes()
}

// rawBook builds an uncompressed book: settings, then the given positions
// (parent, move, depth, values) and pending references.
func rawBook(settings []byte, positions [][]int64, pending [][]int64, tail []byte) []byte {
	var b []byte
	b = append(b, bookMagic...)
	b = append(b, settings...)
	b = binary.AppendUvarint(b, uint64(len(positions)))
	for _, p := range positions {
		b = binary.AppendUvarint(b, uint64(p[0]))
		if p[0] != 0 {
			b = append(b, byte(p[1]))
		}
		b = append(b, byte(p[2]))
		for _, v := range p[3:] {
			b = binary.AppendVarint(b, v)
		}
	}
	b = binary.AppendUvarint(b, uint64(len(pending)))
	for _, p := range pending {
		b = binary.AppendUvarint(b, uint64(p[0]))
		if p[0] != 0 {
			b = append(b, byte(p[1]))
		}
	}
	return append(b, tail...)
}

func TestReadBookRefuses(t *testing.T) {
	t.Parallel()
	ok := []byte{10, 10, 0, 32}               // depth 10, plies 10, endgame 0, margin 2 discs
	start := []int64{0, 0, 9, 16, 16, 16, 16} // the start position, its four moves
	f5 := int64(37)                           // a canonical first move: it leads to the one position after the first move
	after := []int64{1, f5, 9, 0, -16, 8}     // the position after it: three moves
	valid := rawBook(ok, [][]int64{start, after}, nil, nil)
	if _, err := ReadBook(bytes.NewReader(gz(valid))); err != nil {
		t.Fatalf("the valid book is refused: %v", err)
	}
	for _, tc := range []struct {
		name string
		data []byte
		want string
	}{
		{"not gzip", []byte("hello"), "not gzip"},
		{"magic", gz([]byte("gridgames-othello-midgame-v1\n")), "not a gridgames Othello book"},
		{"settings cut", gz([]byte(bookMagic + "\x0a")), "cut off in its settings"},
		{"depth 0", gz(rawBook([]byte{0, 10, 0, 32}, nil, nil, nil)), "settings out of range"},
		{"count cut", gz([]byte(bookMagic + "\x0a\x0a\x00\x20")), "cut off in its position count"},
		{"huge count", gz(append([]byte(bookMagic+"\x0a\x0a\x00\x20"), binary.AppendUvarint(nil, 1<<40)...)), "more than"},
		{"values cut", gz(rawBook(ok, [][]int64{{0, 0, 9, 16, 16}}, nil, nil)[:len(bookMagic)+8]), "cut off in position 0"},
		{"bad parent", gz(rawBook(ok, [][]int64{start, {5, f5, 9, 0, 0, 0}}, nil, nil)), "parent 4 is not an earlier position"},
		{"illegal move", gz(rawBook(ok, [][]int64{start, {1, 0, 9, 0, 0, 0}}, nil, nil)), "move 0 is not legal"},
		{"repeated", gz(rawBook(ok, [][]int64{start, start}, nil, nil)), "out of order or repeated"},
		{"depth 61", gz(rawBook(ok, [][]int64{{0, 0, 61, 0, 0, 0, 0}}, nil, nil)), "depth 61"},
		{"value past 64", gz(rawBook(ok, [][]int64{{0, 0, 9, 0, 0, 0, 65 * 16}}, nil, nil)), "past the board's 64"},
		{"pending in book", gz(rawBook(ok, [][]int64{start}, [][]int64{{0}}, nil)), "in the book already"},
		{"trailing", gz(rawBook(ok, [][]int64{start}, nil, []byte{1})), "data after its end"},
		{"bad crc", func() []byte { d := gz(valid); d[len(d)-6] ^= 1; return d }(), "corrupt"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ReadBook(bytes.NewReader(tc.data))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want one saying %q", err, tc.want)
			}
		})
	}
}

// Whatever the bytes, ReadBook returns a book or an error, and a book it
// returns writes back to bytes it reads the same.
func FuzzReadBook(f *testing.F) {
	f.Add(bookBytes(f, smallBook(f, BookSettings{Depth: 1, Plies: 3, Margin: 1})))
	f.Add(gz(rawBook([]byte{10, 10, 0, 32}, [][]int64{{0, 0, 9, 16, 16, 16, 16}}, [][]int64{{1, 37}}, nil)))
	f.Add(gz([]byte(bookMagic)))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := ReadBook(bytes.NewReader(data))
		if err != nil {
			return
		}
		var out bytes.Buffer
		if _, err := b.WriteTo(&out); err != nil {
			t.Fatalf("a book read does not write: %v", err)
		}
		r, err := ReadBook(bytes.NewReader(out.Bytes()))
		if err != nil {
			t.Fatalf("a book written does not read back: %v", err)
		}
		if r.Len() != b.Len() || r.Pending() != b.Pending() || r.Settings() != b.Settings() {
			t.Fatalf("read back %d positions, %d pending, wrote %d, %d", r.Len(), r.Pending(), b.Len(), b.Pending())
		}
	})
}
