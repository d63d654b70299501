package othello

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
)

// Board text is N*N characters row by row from a1 ('X' black, 'O' white, '-' empty),
// a space, then the side to move ('X' or 'O'). Readers also take 'x' and '*' for
// black, 'o' and '0' for white, '.' for empty, and whitespace anywhere.

// String returns the board text of the position.
func (pos Position) String() string {
	n := int(pos.size)
	b := make([]byte, 0, n*n+2)
	for r := range n {
		for c := range n {
			b = append(b, pos.At(SquareAt(c, r)).Char())
		}
	}
	return string(append(b, ' ', pos.turn.Char()))
}

// MarshalText encodes the position as board text.
func (pos Position) MarshalText() ([]byte, error) { return []byte(pos.String()), nil }

// UnmarshalText decodes board text (see ParsePosition).
func (pos *Position) UnmarshalText(text []byte) error {
	p, err := ParsePosition(string(text))
	if err != nil {
		return err
	}
	*pos = p
	return nil
}

func discColor(ch rune) (Color, bool) {
	switch ch {
	case 'X', 'x', '*':
		return Black, true
	case 'O', 'o', '0':
		return White, true
	case '-', '.':
		return None, true
	}
	return None, false
}

// ParsePosition reads board text: 16, 36 or 64 squares then the side to move. It is
// lenient with case and whitespace and strict with meaning: an unknown character, a
// count of squares that fits no board, or a missing side to move wraps ErrSyntax and
// says where.
func ParsePosition(text string) (Position, error) {
	var cells []Color
	for i, ch := range text {
		if unicode.IsSpace(ch) {
			continue
		}
		c, ok := discColor(ch)
		if !ok {
			return Position{}, fmt.Errorf("%w: character %d (%q) is not X, O or -", ErrSyntax, i+1, ch)
		}
		cells = append(cells, c)
	}
	n := len(cells)
	size := 0
	for _, s := range Sizes {
		if n == s*s+1 {
			size = s
		}
		if n == s*s {
			return Position{}, fmt.Errorf("%w: %d squares but no side to move (add X or O)", ErrSyntax, n)
		}
	}
	if size == 0 {
		return Position{}, fmt.Errorf("%w: %d characters; want 16, 36 or 64 squares and the side to move", ErrSyntax, n)
	}
	var black, white uint64
	for i, c := range cells[:n-1] {
		sq := SquareAt(i%size, i/size)
		switch c {
		case Black:
			black |= sq.Bit()
		case White:
			white |= sq.Bit()
		}
	}
	turn := cells[n-1]
	if turn == None {
		return Position{}, fmt.Errorf("%w: side to move is %q, want X or O", ErrSyntax, '-')
	}
	return PositionOf(black, white, turn, size)
}

// Transcript writes moves run together ("f5d6c3"), leaving out passes.
func Transcript(moves []Square) string {
	var sb strings.Builder
	for _, m := range moves {
		if m != Pass {
			sb.WriteString(m.String())
		}
	}
	return sb.String()
}

// PlayTranscript plays a transcript ("f5d6c3d3c4", any case, whitespace allowed)
// from start and returns every ply, forced passes included, and the final position.
// Passes are implicit: when the side to move has no move, a pass is inserted (an
// explicit "pass" or "ps" is accepted there too). A move that is not a square, or is
// illegal at its point, wraps ErrSyntax or ErrIllegalMove and names its number.
func PlayTranscript(start Position, text string) ([]Square, Position, error) {
	var plies []Square
	pos := start
	t := strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return -1
		}
		return unicode.ToLower(r)
	}, text)
	for n := 1; t != ""; n++ {
		tok := t[:min(2, len(t))]
		switch {
		case strings.HasPrefix(t, "pass"):
			tok = "pass"
		case strings.HasPrefix(t, "ps"), strings.HasPrefix(t, "--"):
			tok = t[:2]
		}
		t = t[len(tok):]
		explicitPass := tok == "pass" || tok == "ps" || tok == "--"
		if pos.MustPass() {
			plies = append(plies, Pass)
			pos = pos.Pass()
			if explicitPass {
				continue
			}
		}
		sq := Pass
		if !explicitPass {
			var err error
			if sq, err = ParseSquare(tok, pos.Size()); err != nil {
				return nil, pos, fmt.Errorf("move %d: %w", n, err)
			}
		}
		if err := pos.check(sq); err != nil {
			return nil, pos, fmt.Errorf("move %d: %w", n, err)
		}
		plies = append(plies, sq)
		pos = pos.Play(sq)
	}
	if pos.MustPass() {
		plies = append(plies, Pass)
		pos = pos.Pass()
	}
	return plies, pos, nil
}

// check explains why sq is not a legal move here, or returns nil.
func (pos Position) check(sq Square) error {
	switch {
	case pos.Over():
		return fmt.Errorf("%w: %v: no moves remain (score %+d for black)", ErrGameOver, sq, pos.Score())
	case sq == Pass && pos.Moves() != 0:
		return fmt.Errorf("%w: pass: %v has a legal move", ErrIllegalMove, pos.turn)
	case sq == Pass:
		return nil
	case sq < 0 || sq > 63 || pos.Mask()&sq.Bit() == 0:
		return fmt.Errorf("%w: %v is off the %dx%d board", ErrIllegalMove, sq, pos.size, pos.size)
	case (pos.p|pos.o)&sq.Bit() != 0:
		return fmt.Errorf("%w: %v is occupied", ErrIllegalMove, sq)
	case flips(pos.p, pos.o, int(sq)) == 0:
		return fmt.Errorf("%w: %v flips nothing for %v", ErrIllegalMove, sq, pos.turn)
	}
	return nil
}

// MoveScore is a move and its exact final score for the side to move.
type MoveScore struct {
	Move  Square
	Score int
}

// OBF is one line of the FFO suite's .obf format: a position, then optionally the
// exact score of each legal move, "board side; G8:+18; H1:+12;".
type OBF struct {
	Position Position
	Scores   []MoveScore // best first, as the file gives them; may be empty
}

// ParseOBF reads one .obf line: board text, then ';'-separated "MOVE:SCORE" pairs.
// Case and spaces are free; a bad pair wraps ErrSyntax and names it.
func ParseOBF(line string) (OBF, error) {
	parts := strings.Split(line, ";")
	pos, err := ParsePosition(parts[0])
	if err != nil {
		return OBF{}, err
	}
	out := OBF{Position: pos}
	for _, part := range parts[1:] {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		name, val, ok := strings.Cut(part, ":")
		if !ok {
			return OBF{}, fmt.Errorf("%w: %q is not MOVE:SCORE", ErrSyntax, part)
		}
		sq, err := ParseSquare(name, pos.Size())
		if err != nil {
			return OBF{}, err
		}
		score, err := strconv.Atoi(strings.TrimSpace(val))
		if err != nil {
			return OBF{}, fmt.Errorf("%w: score %q of %v is not a number", ErrSyntax, strings.TrimSpace(val), sq)
		}
		out.Scores = append(out.Scores, MoveScore{sq, score})
	}
	return out, nil
}
