package drive

import (
	_ "embed"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/gridgames/gridgames/game2048"
)

// Layout names the DOM a 2048 page uses: where the tiles, the score and the
// end-of-game messages are. The zero value, LayoutAuto, detects it.
type Layout uint8

// The layouts a Page reads.
const (
	// LayoutAuto picks LayoutClassic or LayoutGridgames by what the page holds.
	LayoutAuto Layout = iota
	// LayoutClassic is the original page's (gabrielecirulli/2048): a .grid-container
	// of .grid-row > .grid-cell, a .tile-container of div.tile.tile-<value>
	// .tile-position-<col>-<row> (1-based; the larger value wins a position while a
	// merge animates), .score-container, .game-message.game-over or .game-won with
	// a .keep-playing-button.
	LayoutClassic
	// LayoutGridgames is this project's web app (web/2048.html): #bg cells, #tiles
	// .tile with data-cell "row,col" (0-based) and the value as text, #score, and
	// the #dlg-end dialog ("Game over", or "You win!" with a Keep going button).
	LayoutGridgames
)

var layoutNames = [...]string{"auto", "classic", "gridgames"}

// String returns "auto", "classic" or "gridgames".
func (l Layout) String() string {
	if int(l) < len(layoutNames) {
		return layoutNames[l]
	}
	return fmt.Sprintf("Layout(%d)", uint8(l))
}

// ParseLayout reads a layout's name, ignoring case and surrounding space.
func ParseLayout(s string) (Layout, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	for i, name := range layoutNames {
		if t == name {
			return Layout(i), nil
		}
	}
	return 0, fmt.Errorf("drive: unknown layout %q (want auto, classic or gridgames)", s)
}

// The page scripts, one file each under js/.
var (
	//go:embed js/runtime.js
	runtimeJS string
	//go:embed js/detect.js
	detectJS string
	//go:embed js/classic.js
	readClassicJS string
	//go:embed js/gridgames.js
	readGridgamesJS string
	//go:embed js/keep_classic.js
	keepClassicJS string
	//go:embed js/keep_gridgames.js
	keepGridgamesJS string
)

// readScript is the layout's object for runtime.js: the elements a move
// changes, and the reading of the page.
func (l Layout) readScript() string {
	if l == LayoutGridgames {
		return readGridgamesJS
	}
	return readClassicJS
}

// keepScript is the script that clicks the layout's "Keep going" button.
func (l Layout) keepScript() string {
	if l == LayoutGridgames {
		return keepGridgamesJS
	}
	return keepClassicJS
}

var (
	classicValue    = regexp.MustCompile(`^tile-(\d+)$`)
	classicPosition = regexp.MustCompile(`^tile-position-(\d+)-(\d+)$`)
	gridgamesExp    = regexp.MustCompile(`^t(\d+)$`)
)

// tile reads one tile element in the layout: its cell (0-based) and exponent.
func (l Layout) tile(t rawTile) (r, c int, e game2048.Tile, err error) {
	if l == LayoutGridgames {
		return gridgamesTile(t)
	}
	return classicTile(t)
}

// classicTile reads "tile tile-8 tile-position-2-3 tile-merged": the 8 at column
// 2, row 3 (1-based).
func classicTile(t rawTile) (r, c int, e game2048.Tile, err error) {
	value, x, y := "", "", ""
	for _, cls := range strings.Fields(t.Class) {
		if m := classicValue.FindStringSubmatch(cls); m != nil {
			value = m[1]
		} else if m := classicPosition.FindStringSubmatch(cls); m != nil {
			x, y = m[1], m[2]
		}
	}
	if value == "" || x == "" {
		return 0, 0, 0, badPageErrorf(": tile %q has no tile-<value> or tile-position-<col>-<row> class", t.Class)
	}
	if e, err = tileOf(value); err != nil {
		return 0, 0, 0, err
	}
	col, _ := strconv.Atoi(x)
	row, _ := strconv.Atoi(y)
	return row - 1, col - 1, e, nil
}

// gridgamesTile reads a tile with data-cell "1,2" whose text is its value (or,
// without text, whose class t<exponent> says it).
func gridgamesTile(t rawTile) (r, c int, e game2048.Tile, err error) {
	rs, cs, ok := strings.Cut(t.Cell, ",")
	r, err1 := strconv.Atoi(strings.TrimSpace(rs))
	c, err2 := strconv.Atoi(strings.TrimSpace(cs))
	if !ok || err1 != nil || err2 != nil {
		return 0, 0, 0, badPageErrorf(": tile with data-cell %q (want \"row,col\")", t.Cell)
	}
	if t.Text != "" {
		e, err = tileOf(t.Text)
		return r, c, e, err
	}
	for _, cls := range strings.Fields(t.Class) {
		if m := gridgamesExp.FindStringSubmatch(cls); m != nil {
			n, _ := strconv.Atoi(m[1])
			if n >= 1 && n <= int(game2048.MaxTile) {
				return r, c, game2048.Tile(n), nil
			}
		}
	}
	return 0, 0, 0, badPageErrorf(": tile at %q shows no value", t.Cell)
}

// tileOf converts a shown value ("2048") to an exponent.
func tileOf(s string) (game2048.Tile, error) {
	v, err := strconv.ParseUint(strings.TrimSpace(s), 10, 64)
	if err == nil {
		var e game2048.Tile
		if e, err = game2048.TileOf(v); err == nil && e > 0 {
			return e, nil
		}
	}
	return 0, badPageErrorf(": tile value %q is not a power of two from 2 to 2^62", s)
}
