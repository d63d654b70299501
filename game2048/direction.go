package game2048

import (
	"fmt"
	"strings"
)

// Direction is one of the four moves. The zero value is Left.
type Direction uint8

// The four directions, in the order the solver and records use.
const (
	Left Direction = iota
	Right
	Up
	Down
)

// Directions lists the four directions in a fixed order, for loops.
var Directions = [4]Direction{Left, Right, Up, Down}

var dirNames = [4]string{"left", "right", "up", "down"}

// String returns "left", "right", "up" or "down".
func (d Direction) String() string {
	if d > Down {
		return fmt.Sprintf("Direction(%d)", uint8(d))
	}
	return dirNames[d]
}

// Letter returns the direction's one-letter record code: 'L', 'R', 'U' or 'D'.
func (d Direction) Letter() byte { return "LRUD"[d&3] }

// ParseDirection reads a direction from its name or letter, ignoring case and
// surrounding space: "left", "L", "Up", "d". Anything else wraps ErrDirection.
func ParseDirection(s string) (Direction, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	for d, name := range dirNames {
		if t == name || (len(t) == 1 && t[0] == name[0]) {
			return Direction(d), nil
		}
	}
	return 0, fmt.Errorf("%w: %q (want left, right, up or down)", ErrDirection, s)
}

// MarshalText encodes the direction by name.
func (d Direction) MarshalText() ([]byte, error) {
	if d > Down {
		return nil, fmt.Errorf("%w: %d", ErrDirection, uint8(d))
	}
	return []byte(d.String()), nil
}

// UnmarshalText accepts what ParseDirection accepts.
func (d *Direction) UnmarshalText(b []byte) error {
	v, err := ParseDirection(string(b))
	if err != nil {
		return err
	}
	*d = v
	return nil
}
