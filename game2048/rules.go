package game2048

// Board sizes allowed for rows and columns.
const (
	MinSize = 2
	MaxSize = 16
)

// MinWinTile is the smallest win tile, as an exponent (4); the largest is MaxTile.
const MinWinTile Tile = 2

// Rules are the knobs of a game. The zero value is not playable; start from
// DefaultRules, which are the original game's.
type Rules struct {
	// Rows and Cols give the board size, each from MinSize to MaxSize.
	Rows int `json:"rows"`
	Cols int `json:"cols"`
	// FourChance is the probability, from 0 to 1, that a new tile is a 4 rather than a 2.
	FourChance float64 `json:"fourChance"`
	// WinTile is the value whose first appearance wins: a power of two from 4 to 2^62.
	WinTile uint64 `json:"winTile"`
	// StartTiles is how many tiles a new game starts with, from 1 to Rows*Cols.
	StartTiles int `json:"startTiles"`
}

// DefaultRules returns the original game's rules: 4x4, a new tile is a 4 one time in
// ten, win at 2048, two start tiles.
func DefaultRules() Rules {
	return Rules{Rows: 4, Cols: 4, FourChance: 0.1, WinTile: 2048, StartTiles: 2}
}

// Validate reports the first thing wrong with r: a *RulesError wrapping ErrSize
// or ErrRules.
func (r Rules) Validate() error {
	if err := checkSize(r.Rows, r.Cols); err != nil {
		return err
	}
	if !(r.FourChance >= 0 && r.FourChance <= 1) { // also rejects NaN
		return rulesError("chance of a 4 is %v, want 0 to 1", r.FourChance)
	}
	if t, err := TileOf(r.WinTile); err != nil || t < MinWinTile {
		return rulesError("win tile %d is not a power of two from 4 to 2^62", r.WinTile)
	}
	if r.StartTiles < 1 || r.StartTiles > r.Rows*r.Cols {
		return rulesError("%d start tiles on a %dx%d board, want 1 to %d",
			r.StartTiles, r.Rows, r.Cols, r.Rows*r.Cols)
	}
	return nil
}

// winExp returns the win tile as an exponent; r must be valid.
func (r Rules) winExp() Tile {
	t, _ := TileOf(r.WinTile)
	return t
}

func checkSize(rows, cols int) error {
	if rows < MinSize || rows > MaxSize || cols < MinSize || cols > MaxSize {
		return sizeError("%dx%d, want rows and columns from %d to %d",
			rows, cols, MinSize, MaxSize)
	}
	return nil
}
