package othello

// Color is a side: Black moves first.
type Color uint8

// The two sides, and None for an empty square or a drawn game.
const (
	Black Color = iota
	White
	None
)

// String returns "black", "white" or "none".
func (c Color) String() string {
	switch c {
	case Black:
		return "black"
	case White:
		return "white"
	}
	return "none"
}

// Char returns the board-text character: 'X' for Black, 'O' for White, '-' for None.
func (c Color) Char() byte { return "XO-"[min(c, None)] }

// Other returns the opponent of c (None stays None).
func (c Color) Other() Color {
	switch c {
	case Black:
		return White
	case White:
		return Black
	}
	return None
}

// MarshalText encodes the colour by name.
func (c Color) MarshalText() ([]byte, error) { return []byte(c.String()), nil }
