package engine

import (
	"bufio"
	"compress/gzip"
	_ "embed"
	"encoding/binary"
	"errors"
	"fmt"
	"io"

	"github.com/gridgames/gridgames/othello"
)

// Midgame is a learned evaluation for the whole game on 8x8: one set of pattern
// weights (the shapes of Patterns) per phase of the game, a phase being a range
// of MidgamePhaseWidth empty squares. Each set predicts the final disc difference
// of positions in its phase (see train.TrainMidgame). Phases without weights fall back to
// the nearest phase with fewer empties that has them.
type Midgame struct {
	phases [MidgamePhases]*Patterns
}

// The phases: phase k holds the positions with k*MidgamePhaseWidth+1 to
// (k+1)*MidgamePhaseWidth empty squares.
const (
	MidgamePhaseWidth = 8
	MidgamePhases     = 64 / MidgamePhaseWidth
)

// MidgamePhase returns the phase of a position with empties empty squares.
func MidgamePhase(empties int) int {
	return min(MidgamePhases-1, max(0, (empties-1)/MidgamePhaseWidth))
}

// Phase returns the weights of phase k, or nil.
func (m *Midgame) Phase(k int) *Patterns { return m.phases[k] }

// SetPhase sets the weights of phase k.
func (m *Midgame) SetPhase(k int, w *Patterns) { m.phases[k] = w }

// weightsFor returns the weights that value a position with empties empty squares.
func (m *Midgame) weightsFor(empties int) *Patterns {
	for k := MidgamePhase(empties); k >= 0; k-- {
		if m.phases[k] != nil {
			return m.phases[k]
		}
	}
	return nil
}

// Value predicts the final disc difference of pos for its side to move (8x8
// only; other sizes, and a Midgame without weights, value 0).
func (m *Midgame) Value(pos othello.Position) float64 {
	if pos.Size() != 8 {
		return 0
	}
	w := m.weightsFor(pos.Empties())
	if w == nil {
		return 0
	}
	return float64(w.value(pos.Player(), pos.Opponent()))
}

// midgameEval scores (p, o) in evaluation units from the phase's weights.
func (s *searcher) midgameEval(p, o uint64) int {
	w := s.mid.weightsFor(64 - popcount(p|o))
	if w == nil {
		return s.evaluate(p, o)
	}
	return s.fastEval(w.searchForm(), p, o)
}

// The midgame file: gzip of a magic line, the number of phases (uint32, little
// endian), then for each phase a byte (1 with weights, 0 without) and, if 1, the
// weight count (uint32) and the weights (float32), little endian, in layout order.
const midgameMagic = "gridgames-othello-midgame-v1\n"

//go:embed midgame_default.bin.gz
var defaultMidgameFile []byte

var defaultMidgame = builtin("midgame evaluation", defaultMidgameFile, midgameSum, ReadMidgame)

// DefaultMidgame returns the built-in midgame evaluation (shared; do not change
// it), or nil in a build without one (the levels then keep the hand-made
// evaluation).
func DefaultMidgame() *Midgame {
	if len(defaultMidgameFile) == 0 {
		return nil
	}
	return defaultMidgame.Get()
}

// WriteTo writes m in the midgame file format.
func (m *Midgame) WriteTo(out io.Writer) (int64, error) {
	cw := &countWriter{w: out}
	z := gzip.NewWriter(cw)
	b := bufio.NewWriter(z)
	b.WriteString(midgameMagic)
	binary.Write(b, binary.LittleEndian, uint32(MidgamePhases))
	for _, w := range m.phases {
		if w == nil {
			b.WriteByte(0)
			continue
		}
		b.WriteByte(1)
		writeWeights(b, w)
	}
	if err := b.Flush(); err != nil {
		return cw.n, err
	}
	err := z.Close()
	return cw.n, err
}

// ReadMidgame reads what WriteTo writes; another kind of file, another layout or
// a cut-off file is refused with the reason.
func ReadMidgame(r io.Reader) (*Midgame, error) {
	b, err := openFile(r, midgameMagic, "midgame file")
	if err != nil {
		return nil, err
	}
	var phases uint32
	if err := binary.Read(b, binary.LittleEndian, &phases); err != nil {
		return nil, errors.New("midgame file cut off in its header")
	}
	if phases != MidgamePhases {
		return nil, fmt.Errorf("midgame file has %d phases, this version uses %d", phases, MidgamePhases)
	}
	m := new(Midgame)
	for k := range m.phases {
		has, err := b.ReadByte()
		if err != nil {
			return nil, fmt.Errorf("midgame file cut off at phase %d", k)
		}
		if has == 0 {
			continue
		}
		w, err := readWeights(b, fmt.Sprintf("midgame file phase %d", k))
		if err != nil {
			return nil, err
		}
		m.phases[k] = w
	}
	if _, err := b.ReadByte(); err != io.EOF {
		return nil, errors.New("midgame file has data after its weights")
	}
	return m, nil
}
