package othello

import (
	"fmt"
	"strconv"
	"strings"
)

// GGF is one game record in the Generic Game Format of the Generic Game Server
// (GGS), the format NBoard, Edax and GGS exchange games in:
//
//	(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[edax]PW[chris]RE[?]TI[15:00]TY[8]
//	BO[8 ---------------------------O*------*O--------------------------- *]B[f5]W[f6/-1.5/3.2];)
//
// A record is "(;", tags NAME[value], then ";)". A value runs to the next ']' (GGF
// has no escapes). BO is the start: the board size, its squares row by row from a1
// ('*' black, 'O' white, '-' empty), and the side to move ('*' or 'O'). B and W are
// the moves in order, each a square or PA for a pass, optionally followed by the
// mover's evaluation in discs and the time taken in seconds: "d3/1.25/3.2", or
// "d3//3.2" with the time alone.
type GGF struct {
	// Start is the position before the first move (BO).
	Start Position
	// Moves are the plies from Start, passes included (as Pass).
	Moves []GGFMove
	// Black and White are the players' names (PB, PW).
	Black, White string
	// Result is RE as written: the disc difference for Black ("+12", "-4.00"),
	// with ":r" for a resignation or ":t" for a timeout, or "?" for a game not
	// finished.
	Result string
	// Place, Date and Clock are PC (where it was played: "GGS/os", "NBoard"), DT
	// (when) and TI (the time control, "15:00"), as written.
	Place, Date, Clock string
	// Type is TY as written ("8", "8r20" for a random start, "s8" synchro);
	// ParseGGF makes it the board size when the record has none, and String
	// writes the board size when it is empty.
	Type string
	// Tags are the other tags (RB, RW, TB, TW, CO, KM ...) in their order.
	Tags []GGFTag
}

// GGFMove is one ply of a GGF record.
type GGFMove struct {
	Square  Square  // the square played, or Pass
	Eval    float64 // the mover's evaluation in discs, when HasEval
	HasEval bool
	Time    float64 // seconds taken, when HasTime
	HasTime bool
}

// GGFTag is a tag the GGF type has no field for.
type GGFTag struct{ Name, Value string }

// ggfTag is a tag as read, with the offset of its name for error messages.
type ggfTag struct {
	name, value string
	at          int
}

// ParseGGF reads one GGF record (space around it and between tags is free, tag
// names may be in any case) and checks it: GM, if present, is Othello; the board is
// 4x4, 6x6 or 8x8 (GGS's 10x10, 12x12, 14x14 and octagon boards, and anti-Othello,
// are refused); every move is legal where it stands, the tag of each naming the
// side to move. A pass the record leaves out (two B moves in a row where White had
// to pass) is put in. Errors wrap ErrSyntax, and also ErrSize or ErrIllegalMove
// when those are the cause, and name the character or the move at fault.
func ParseGGF(text string) (GGF, error) {
	tags, err := readGGFTags(text)
	if err != nil {
		return GGF{}, err
	}
	var g GGF
	var board, moves []ggfTag
	seen := map[string]bool{}
	fields := map[string]*string{"PC": &g.Place, "DT": &g.Date, "PB": &g.Black, "PW": &g.White,
		"RE": &g.Result, "TI": &g.Clock, "TY": &g.Type}
	for _, t := range tags {
		field := fields[t.name]
		switch {
		case t.name == "B" || t.name == "W":
			moves = append(moves, t)
			continue
		case t.name != "GM" && t.name != "BO" && field == nil:
			g.Tags = append(g.Tags, GGFTag{t.name, t.value})
			continue
		}
		if seen[t.name] {
			return GGF{}, fmt.Errorf("%w: GGF character %d: a second %s tag", ErrSyntax, t.at+1, t.name)
		}
		seen[t.name] = true
		switch t.name {
		case "GM":
			if !strings.EqualFold(strings.TrimSpace(t.value), "Othello") {
				return GGF{}, fmt.Errorf("%w: GGF GM[%s]: the game is not Othello", ErrSyntax, t.value)
			}
		case "BO":
			board = append(board, t)
		case "RE", "TY":
			*field = strings.TrimSpace(t.value)
		default:
			*field = t.value
		}
	}
	if len(board) == 0 {
		return GGF{}, fmt.Errorf("%w: GGF record has no BO[...] tag, so no start position", ErrSyntax)
	}
	if g.Start, err = parseGGFBoard(board[0].value); err != nil {
		return GGF{}, err
	}
	if err := checkGGFType(g.Type, g.Start.Size()); err != nil {
		return GGF{}, err
	}
	if g.Type == "" {
		g.Type = strconv.Itoa(g.Start.Size())
	}
	pos := g.Start
	for i, t := range moves {
		m, err := ParseGGFMove(t.value, pos.Size())
		if err != nil {
			return GGF{}, fmt.Errorf("%w (move %d, %s[%s])", err, i+1, t.name, t.value)
		}
		mover := Black
		if t.name == "W" {
			mover = White
		}
		if mover != pos.Turn() && pos.MustPass() {
			g.Moves = append(g.Moves, GGFMove{Square: Pass}) // a pass the record left out
			pos = pos.Pass()
		}
		if mover != pos.Turn() && !pos.Over() {
			return GGF{}, fmt.Errorf("%w: GGF move %d, %s[%s]: %v is to move", ErrSyntax, i+1, t.name, t.value, pos.Turn())
		}
		if pos, err = playGGFMove(pos, m.Square); err != nil {
			return GGF{}, fmt.Errorf("%w: %w: GGF move %d, %s[%s]: %w", ErrSyntax, ErrIllegalMove, i+1, t.name, t.value, err)
		}
		g.Moves = append(g.Moves, m)
	}
	return g, nil
}

// readGGFTags splits a record into its tags, names in upper case.
func readGGFTags(text string) ([]ggfTag, error) {
	i := skipSpace(text, 0)
	if !strings.HasPrefix(text[i:], "(;") {
		return nil, fmt.Errorf("%w: GGF character %d: a record starts with \"(;\"", ErrSyntax, i+1)
	}
	var tags []ggfTag
	for i += 2; ; {
		i = skipSpace(text, i)
		if i == len(text) {
			return nil, fmt.Errorf("%w: GGF record does not end with \";)\"", ErrSyntax)
		}
		if text[i] == ';' {
			end := skipSpace(text, i+1)
			if end == len(text) || text[end] != ')' {
				return nil, fmt.Errorf("%w: GGF character %d: want \")\" after the closing \";\"", ErrSyntax, end+1)
			}
			if rest := skipSpace(text, end+1); rest != len(text) {
				return nil, fmt.Errorf("%w: GGF character %d: text after the record's closing \";)\"", ErrSyntax, rest+1)
			}
			return tags, nil
		}
		start := i
		for i < len(text) && isASCIILetter(text[i]) {
			i++
		}
		if i == start || i == len(text) || text[i] != '[' {
			return nil, fmt.Errorf("%w: GGF character %d: want a tag such as PB[name] or the closing \";)\"", ErrSyntax, i+1)
		}
		n := strings.IndexByte(text[i+1:], ']')
		if n < 0 {
			return nil, fmt.Errorf("%w: GGF character %d: tag %s[ has no closing ]", ErrSyntax, start+1, text[start:i])
		}
		tags = append(tags, ggfTag{strings.ToUpper(text[start:i]), text[i+1 : i+1+n], start})
		i += n + 2
	}
}

func skipSpace(s string, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r') {
		i++
	}
	return i
}

func isASCIILetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// ggsSizes are the board sizes GGS has that this package has not.
var ggsSizes = map[int]string{10: "10x10", 12: "12x12", 14: "14x14", 88: "octagon"}

// checkGGFSize refuses a board size this package has not (ErrSize).
func checkGGFSize(tag string, size int) error {
	if name, ok := ggsSizes[size]; ok {
		return fmt.Errorf("%w: %w: GGF %s: the %s board is not supported (4, 6 and 8 are)", ErrSyntax, ErrSize, tag, name)
	}
	if checkSize(size) != nil {
		return fmt.Errorf("%w: %w: GGF %s: board size %d; want 4, 6 or 8", ErrSyntax, ErrSize, tag, size)
	}
	return nil
}

// parseGGFBoard reads BO: the size, the squares and the side to move.
func parseGGFBoard(value string) (Position, error) {
	v := strings.TrimSpace(value)
	n := 0
	for n < len(v) && v[n] >= '0' && v[n] <= '9' {
		n++
	}
	size, err := strconv.Atoi(v[:n])
	if err != nil || n > 2 {
		return Position{}, fmt.Errorf("%w: GGF BO[%s]: want the board size, the squares and the side to move", ErrSyntax, value)
	}
	if err := checkGGFSize("BO", size); err != nil {
		return Position{}, err
	}
	pos, err := ParsePosition(v[n:])
	if err != nil {
		return Position{}, fmt.Errorf("GGF BO: %w", err)
	}
	if pos.Size() != size {
		return Position{}, fmt.Errorf("%w: GGF BO: board size %d but %d squares", ErrSyntax, size, pos.Size()*pos.Size())
	}
	return pos, nil
}

// checkGGFType checks TY against the board: the size it names, and no variant the
// rules here do not play (anti-Othello). Its letters: s synchro, k komi, b and w
// colour choice, r followed by the disc count of a random start, a anti.
func checkGGFType(ty string, size int) error {
	if ty == "" {
		return nil
	}
	sizeText := ""
	for i := 0; i < len(ty); {
		c := ty[i]
		j := i + 1
		for j < len(ty) && isDigit(ty[j]) {
			j++
		}
		switch {
		case isDigit(c) && sizeText == "":
			sizeText = ty[i:j]
		case isDigit(c):
			return fmt.Errorf("%w: GGF TY[%s]: two board sizes", ErrSyntax, ty)
		case c == 'a' || c == 'A':
			return fmt.Errorf("%w: GGF TY[%s]: anti-Othello is not supported", ErrSyntax, ty)
		case c == 'r' || c == 'R':
			// the digits that follow count the discs of the random start
		case strings.IndexByte("sSkKbBwW", c) >= 0:
			j = i + 1
		default:
			return fmt.Errorf("%w: GGF TY[%s]: unknown game type %q", ErrSyntax, ty, c)
		}
		i = j
	}
	n, err := strconv.Atoi(sizeText)
	if err != nil || len(sizeText) > 2 {
		return fmt.Errorf("%w: GGF TY[%s]: no board size", ErrSyntax, ty)
	}
	if err := checkGGFSize("TY", n); err != nil {
		return err
	}
	if n != size {
		return fmt.Errorf("%w: GGF TY[%s] names a %dx%d board but BO has %dx%d", ErrSyntax, ty, n, n, size, size)
	}
	return nil
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// ParseGGFMove reads a GGF move item on a board of the given size: a square or PA
// (also "pass") in any case, then optionally "/" and the mover's evaluation and "/"
// and the time in seconds, as decimal numbers that may be left empty
// ("f5/1.25/3.2", "F5//3.2", "pa"). It does not check that the move is legal.
// Errors wrap ErrSyntax.
func ParseGGFMove(value string, size int) (GGFMove, error) {
	parts := strings.Split(value, "/")
	if len(parts) > 3 {
		return GGFMove{}, fmt.Errorf("%w: GGF %q is not MOVE/EVAL/TIME", ErrSyntax, value)
	}
	var m GGFMove
	name := strings.TrimSpace(parts[0])
	if strings.EqualFold(name, "pa") {
		m.Square = Pass
	} else {
		sq, err := ParseSquare(name, size)
		if err != nil {
			return GGFMove{}, err
		}
		m.Square = sq
	}
	var err error
	if len(parts) > 1 {
		if m.Eval, m.HasEval, err = parseGGFNumber(parts[1], "evaluation"); err != nil {
			return GGFMove{}, err
		}
	}
	if len(parts) > 2 {
		if m.Time, m.HasTime, err = parseGGFNumber(parts[2], "time"); err != nil {
			return GGFMove{}, err
		}
	}
	return m, nil
}

// parseGGFNumber reads an optional decimal number ("", "-1.25", "3", ".5"): no
// exponent, no infinities, as GGS writes them.
func parseGGFNumber(text, what string) (float64, bool, error) {
	t := strings.TrimSpace(text)
	if t == "" {
		return 0, false, nil
	}
	digits, dots := 0, 0
	for i := 0; i < len(t); i++ {
		switch c := t[i]; {
		case c >= '0' && c <= '9':
			digits++
		case c == '.':
			dots++
		case (c == '+' || c == '-') && i == 0:
		default:
			digits = -1
		}
	}
	v, err := strconv.ParseFloat(t, 64)
	if digits <= 0 || dots > 1 || err != nil {
		return 0, false, fmt.Errorf("%w: GGF %s %q is not a decimal number", ErrSyntax, what, t)
	}
	return v, true, nil
}

// playGGFMove plays sq (or a pass) if it is legal in pos.
func playGGFMove(pos Position, sq Square) (Position, error) {
	switch {
	case pos.Over():
		return pos, fmt.Errorf("the game was over before %v", sq)
	case sq == Pass && !pos.MustPass():
		return pos, fmt.Errorf("%v passes but has a move", pos.Turn())
	case sq != Pass && !pos.IsLegal(sq):
		return pos, fmt.Errorf("%v cannot play %v", pos.Turn(), sq)
	}
	return pos.Play(sq), nil
}

// Final returns the position after the record's moves, checking that each is
// legal (the error names the first that is not and wraps ErrIllegalMove).
func (g GGF) Final() (Position, error) {
	pos := g.Start
	if pos.Size() == 0 {
		return pos, fmt.Errorf("%w: GGF record has no start position", ErrSyntax)
	}
	for i, m := range g.Moves {
		var err error
		if pos, err = playGGFMove(pos, m.Square); err != nil {
			return pos, fmt.Errorf("%w: GGF move %d: %w", ErrIllegalMove, i+1, err)
		}
	}
	return pos, nil
}

// String writes the record in GGF: GM[Othello], the names, result, place, date and
// clock that are not empty, TY (the board size when Type is empty), the other tags,
// BO, then the moves as B[...] and W[...] in turn, squares in upper case ("F5",
// "PA"), so NBoard and GGS read it. A record ParseGGF returned parses back to the
// same record. Values must not contain ']'; MarshalText says so with an error.
func (g GGF) String() string {
	var b strings.Builder
	b.WriteString("(;GM[Othello]")
	tag := func(name, value string) { b.WriteString(name + "[" + value + "]") }
	for _, t := range []GGFTag{{"PC", g.Place}, {"DT", g.Date}, {"PB", g.Black}, {"PW", g.White},
		{"RE", g.Result}, {"TI", g.Clock}} {
		if t.Value != "" {
			tag(t.Name, t.Value)
		}
	}
	ty := g.Type
	if ty == "" {
		ty = strconv.Itoa(g.Start.Size())
	}
	tag("TY", ty)
	for _, t := range g.Tags {
		tag(t.Name, t.Value)
	}
	board := strings.NewReplacer("X", "*").Replace(g.Start.String())
	tag("BO", strconv.Itoa(g.Start.Size())+" "+board)
	mover := g.Start.Turn()
	for _, m := range g.Moves {
		name := "B"
		if mover == White {
			name = "W"
		}
		tag(name, m.String())
		mover = mover.Other()
	}
	b.WriteString(";)")
	return b.String()
}

// String writes the move item as GGF has it: "F5", "F5/1.5" with an evaluation,
// "F5//2.25" with a time alone, "F5/1.5/2.25", "PA" for a pass. ParseGGFMove
// reads it back to the same move.
func (m GGFMove) String() string {
	s := "PA"
	if m.Square != Pass {
		s = strings.ToUpper(m.Square.String())
	}
	num := func(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
	switch {
	case m.HasTime:
		eval := ""
		if m.HasEval {
			eval = num(m.Eval)
		}
		s += "/" + eval + "/" + num(m.Time)
	case m.HasEval:
		s += "/" + num(m.Eval)
	}
	return s
}

// MarshalText encodes the record as String does; a record without a start
// position, or with a value containing ']', wraps ErrSyntax.
func (g GGF) MarshalText() ([]byte, error) {
	if g.Start.Size() == 0 {
		return nil, fmt.Errorf("%w: GGF record has no start position", ErrSyntax)
	}
	values := []string{g.Place, g.Date, g.Black, g.White, g.Result, g.Clock, g.Type}
	for _, t := range g.Tags {
		if t.Name == "" || strings.IndexFunc(t.Name, func(r rune) bool { return r > 127 || !isASCIILetter(byte(r)) }) >= 0 {
			return nil, fmt.Errorf("%w: GGF tag name %q is not letters", ErrSyntax, t.Name)
		}
		values = append(values, t.Value)
	}
	for _, v := range values {
		if strings.Contains(v, "]") {
			return nil, fmt.Errorf("%w: GGF value %q contains ']'", ErrSyntax, v)
		}
	}
	return []byte(g.String()), nil
}

// UnmarshalText decodes a record as ParseGGF does.
func (g *GGF) UnmarshalText(text []byte) error {
	r, err := ParseGGF(string(text))
	if err != nil {
		return err
	}
	*g = r
	return nil
}
