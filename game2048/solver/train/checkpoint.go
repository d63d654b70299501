package train

import (
	"bufio"
	"compress/gzip"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"

	"github.com/gridgames/gridgames/game2048/solver"
)

// checkpointMagic opens a Trainer6 checkpoint file: the format's name and version.
// The format, its magic and its error messages (which begin "solver:", as the
// CLI has always printed them) are those of the package solver that used to
// train: checkpoints written before the trainer moved here read as they did.
const checkpointMagic = "gridgames-2048-train6-checkpoint-v1\n"

// checkpointHeader is a checkpoint's first line after the magic, in JSON: the
// trainer's options and state apart from the weights.
type checkpointHeader struct {
	Seed       uint64   `json:"seed"`
	Rate       float64  `json:"rate"`
	FourChance float64  `json:"fourChance"`
	Coherence  bool     `json:"coherence"`
	Restarts   float64  `json:"restarts"`
	Stages     int      `json:"stages"`   // 1 (or absent), or 2 once promoted
	Done       int      `json:"done"`     // games finished
	RNG        []byte   `json:"rng"`      // the PCG generator's state (MarshalBinary)
	Pool       []uint64 `json:"pool"`     // saved late boards, Bitboard bits
	PoolNext   int      `json:"poolNext"` // the ring's next slot once full
	// Light marks a checkpoint whose weights keep only their high 24 bits and
	// accumulators their high 16 (WriteLightCheckpoint).
	Light bool `json:"light,omitempty"`
}

// WriteCheckpoint writes all the trainer needs to go on exactly where it
// stands: checkpointMagic, a line of JSON (options, games done, the generator's
// state, saved boards), then for each group of the network the number of its
// patterns that hold anything (a uvarint), the gap before each of them in index
// order (uvarints, as in Network6.WriteTo), then their float32 weights, and with
// Coherence their two accumulators, each array as four planes of bytes, the
// highest byte of every value first (sign and exponent, which repeat and so
// compress), the lowest last: exact bits. The whole is gzip-compressed. Call it
// between games (after Run returns, or from Run's after).
func (t *Trainer6) WriteCheckpoint(w io.Writer) error {
	return t.writeCheckpoint(w, true)
}

// WriteLightCheckpoint is WriteCheckpoint with the weights cut to their high 24
// bits (15 bits of mantissa: a weight of 1,000 points within 0.03) and the
// coherence accumulators to their high 16 (7 bits: every weight's rate kept
// within 1%), under Coherence about half the size. A trainer read back from it
// has those cut values, so it no longer learns exactly what the run straight
// through would have; all else (games done, generator, saved boards) is exact.
func (t *Trainer6) WriteLightCheckpoint(w io.Writer) error {
	return t.writeCheckpoint(w, false)
}

func (t *Trainer6) writeCheckpoint(w io.Writer, exact bool) error {
	state, err := t.pcg.MarshalBinary()
	if err != nil {
		return err
	}
	h := checkpointHeader{Seed: t.opt.Seed, Rate: t.opt.Rate, FourChance: t.opt.FourChance,
		Coherence: t.opt.Coherence, Restarts: t.opt.Restarts, Done: t.done, RNG: state,
		Pool: t.pool.boards, PoolNext: t.pool.next, Stages: t.net.Stages(),
		Light: !exact}
	head, err := json.Marshal(h)
	if err != nil {
		return err
	}
	zw, _ := gzip.NewWriterLevel(w, gzip.DefaultCompression)
	bw := bufio.NewWriterSize(zw, 1<<16)
	bw.WriteString(checkpointMagic)
	bw.Write(head)
	bw.WriteByte('\n')
	writeStage(bw, t.net, t.tc, h.Light)
	if t.net.late != nil {
		var late *coherence
		if t.tc != nil {
			late = t.tc.late
		}
		writeStage(bw, t.net.late, late, h.Light)
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	return zw.Close()
}

// writeStage writes the groups of one stage: its weights and, if c is not nil,
// its accumulators; if light, only the weights' three high planes and the
// accumulators' two.
func writeStage(bw *bufio.Writer, n *Network6, c *coherence, light bool) {
	var buf [binary.MaxVarintLen64]byte
	for g := range n.w {
		var held []int32
		for i := range n.w[g] {
			if math.Float32bits(n.w[g][i]) != 0 || c != nil && c.a[g][i] != 0 {
				held = append(held, int32(i))
			}
		}
		bw.Write(binary.AppendUvarint(buf[:0], uint64(len(held))))
		prev := -1
		for _, i := range held {
			bw.Write(binary.AppendUvarint(buf[:0], uint64(int(i)-prev-1)))
			prev = int(i)
		}
		wPlanes, cPlanes := planesOf(light)
		writePlanes(bw, n.w[g], held, wPlanes)
		if c != nil {
			planes := cPlanes
			writePlanes(bw, c.e[g], held, planes)
			writePlanes(bw, c.a[g], held, planes)
		}
	}
}

// ReadCheckpoint6 reads a file WriteCheckpoint wrote and returns the trainer as
// it stood, its network and all.
func ReadCheckpoint6(r io.Reader) (*Trainer6, error) {
	zr, err := gzip.NewReader(r)
	if err != nil {
		return nil, fmt.Errorf("solver: checkpoint: not a gridgames 2048 training checkpoint (%w)", err)
	}
	br := bufio.NewReaderSize(zr, 1<<16)
	magic := make([]byte, len(checkpointMagic))
	if _, err := io.ReadFull(br, magic); err != nil || string(magic) != checkpointMagic {
		return nil, errors.New("solver: checkpoint: not a gridgames 2048 training checkpoint (bad header)")
	}
	line, err := br.ReadBytes('\n')
	if err != nil {
		return nil, errors.New("solver: checkpoint: truncated in its header")
	}
	var h checkpointHeader
	if err := json.Unmarshal(line, &h); err != nil {
		return nil, fmt.Errorf("solver: checkpoint: header: %v", err)
	}
	switch {
	case !(h.Rate > 0 && h.Rate <= 1):
		return nil, fmt.Errorf("solver: checkpoint: rate %v, want above 0, at most 1", h.Rate)
	case !(h.FourChance > 0 && h.FourChance < 1):
		return nil, fmt.Errorf("solver: checkpoint: chance of a 4 %v, want between 0 and 1", h.FourChance)
	case !(h.Restarts >= 0 && h.Restarts <= 1):
		return nil, fmt.Errorf("solver: checkpoint: restarts %v, want from 0 to 1", h.Restarts)
	case h.Done < 0:
		return nil, fmt.Errorf("solver: checkpoint: %d games done", h.Done)
	case h.Stages < 0 || h.Stages > 2: // absent (0) is 1
		return nil, fmt.Errorf("solver: checkpoint: %d stages, want 1 or 2", h.Stages)
	case len(h.Pool) > restartPoolSize || h.PoolNext < 0 || h.PoolNext >= restartPoolSize:
		return nil, fmt.Errorf("solver: checkpoint: %d saved boards, next slot %d (at most %d)", len(h.Pool), h.PoolNext, restartPoolSize)
	}
	pcg := new(rand.PCG)
	if err := pcg.UnmarshalBinary(h.RNG); err != nil {
		return nil, fmt.Errorf("solver: checkpoint: generator state: %v", err)
	}
	opt := Options{Seed: h.Seed, Rate: h.Rate, FourChance: h.FourChance, Coherence: h.Coherence, Restarts: h.Restarts}
	t := &Trainer6{net: NewNetwork6(), opt: opt, done: h.Done, pcg: pcg, rng: rand.New(pcg),
		pool: restartPool{boards: h.Pool, next: h.PoolNext}}
	if h.Coherence {
		t.tc = newCoherence()
	}
	t.setAlpha()
	if h.Stages == 2 {
		t.Promote()
	}
	if err := readStage(br, t.net, t.tc, h.Light, ""); err != nil {
		return nil, err
	}
	if t.net.late != nil {
		var late *coherence
		if t.tc != nil {
			late = t.tc.late
		}
		if err := readStage(br, t.net.late, late, h.Light, "late stage: "); err != nil {
			return nil, err
		}
	}
	switch _, err := br.ReadByte(); {
	case err == nil:
		return nil, errors.New("solver: checkpoint: data after the last pattern")
	case err != io.EOF:
		return nil, fmt.Errorf("solver: checkpoint: %w", err)
	}
	return t, nil
}

// readStage reads what writeStage wrote into n and, if not nil, c; errors name
// the stage by prefix.
func readStage(br *bufio.Reader, n *Network6, c *coherence, light bool, prefix string) error {
	for g := range n.w {
		count, err := binary.ReadUvarint(br)
		if err != nil {
			return fmt.Errorf("solver: checkpoint: %sgroup %d: truncated before its count", prefix, g)
		}
		if count > solver.Patterns6 {
			return fmt.Errorf("solver: checkpoint: %sgroup %d: %d patterns, more than the %d there are", prefix, g, count, solver.Patterns6)
		}
		held := make([]int32, count)
		i := -1
		for k := range held {
			gap, err := binary.ReadUvarint(br)
			if err != nil {
				return fmt.Errorf("solver: checkpoint: %sgroup %d: truncated at pattern %d of %d", prefix, g, k+1, count)
			}
			if gap >= solver.Patterns6 || i+1+int(gap) >= solver.Patterns6 {
				return fmt.Errorf("solver: checkpoint: %sgroup %d: pattern %d lies past the last", prefix, g, k+1)
			}
			i += 1 + int(gap)
			held[k] = int32(i)
		}
		wPlanes, cPlanes := planesOf(light)
		err = readPlanes(br, n.w[g], held, wPlanes)
		if c != nil && err == nil {
			planes := cPlanes
			if err = readPlanes(br, c.e[g], held, planes); err == nil {
				err = readPlanes(br, c.a[g], held, planes)
			}
		}
		if err != nil {
			return fmt.Errorf("solver: checkpoint: %sgroup %d: truncated in its values", prefix, g)
		}
	}
	return nil
}

// planesOf returns how many byte planes a checkpoint keeps of each weight and
// of each accumulator.
func planesOf(light bool) (weights, accumulators int) {
	if light {
		return 3, 2
	}
	return 4, 4
}

// writePlanes writes the values of a at the indexes held as planes of bytes,
// the highest byte of each value first: all four, or the first few.
func writePlanes(w *bufio.Writer, a []float32, held []int32, planes int) {
	for shift := 24; shift >= 32-8*planes; shift -= 8 {
		for _, i := range held {
			w.WriteByte(byte(math.Float32bits(a[i]) >> shift))
		}
	}
}

// readPlanes reads what writePlanes wrote into a, the planes left out as 0.
func readPlanes(r io.Reader, a []float32, held []int32, planes int) error {
	buf := make([]byte, planes*len(held))
	if _, err := io.ReadFull(r, buf); err != nil {
		return err
	}
	n := len(held)
	for k, i := range held {
		var bits uint32
		for p := range planes {
			bits |= uint32(buf[p*n+k]) << (24 - 8*p)
		}
		a[i] = math.Float32frombits(bits)
	}
	return nil
}
