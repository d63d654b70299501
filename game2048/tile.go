package game2048

import (
	"fmt"
	"math/bits"
	"strconv"
)

// Tile is a cell's content stored as an exponent: 0 is an empty cell, 1 is the tile 2,
// 2 is 4, 11 is 2048. Tiles up to MaxTile work everywhere in this package.
type Tile uint8

// MaxTile is the largest tile the package represents: 2^62. Two tiles of this value do
// not merge (their sum would not fit the int64 score). No real game comes near it.
const MaxTile Tile = 62

// Value returns the number shown on the tile (0 for an empty cell).
func (t Tile) Value() uint64 {
	if t == 0 {
		return 0
	}
	return 1 << t
}

// String returns the tile's value in decimal ("0" for empty).
func (t Tile) String() string { return strconv.FormatUint(t.Value(), 10) }

// TileOf converts a shown value (0 for empty, else a power of two from 2 to 2^62) to a
// Tile. Any other value wraps ErrTile.
func TileOf(value uint64) (Tile, error) {
	if value == 0 {
		return 0, nil
	}
	if value == 1 || value&(value-1) != 0 || value > MaxTile.Value() {
		return 0, fmt.Errorf("%w: %d", ErrTile, value)
	}
	return Tile(bits.TrailingZeros64(value)), nil
}
