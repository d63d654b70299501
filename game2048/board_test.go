package game2048

import (
	"errors"
	"strings"
	"testing"
)

func TestParseBoardErrors(t *testing.T) {
	tests := []struct {
		name, text string
		want       error
		mention    string
	}{
		{"short row", "2,2,0,4/0,0,0", ErrRowLength, "row 2 has 3 cells, want 4"},
		{"not a power of two", "2,6/0,0", ErrTile, "row 1, column 2: 6"},
		{"one", "1,0/0,0", ErrTile, "row 1, column 1: 1"},
		{"not a number", "2,x/0,0", ErrTile, `"x"`},
		{"negative", "2,-2/0,0", ErrTile, `"-2"`},
		{"too small", "2,0", ErrSize, "1 rows"},
		{"too wide", strings.Repeat("0,", 16) + "0/" + strings.Repeat("0,", 16) + "0", ErrSize, "17 cells"},
		{"too tall", strings.Repeat("0,0/", 16) + "0,0", ErrSize, "17 rows"},
		{"empty", " ", ErrSize, "empty"},
		{"above 2^62", "9223372036854775808,0/0,0", ErrTile, "9223372036854775808"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseBoard(tc.text)
			if !errors.Is(err, tc.want) || !strings.Contains(err.Error(), tc.mention) {
				t.Fatalf("ParseBoard(%q) = %v, want %v mentioning %q", tc.text, err, tc.want, tc.mention)
			}
		})
	}
}

func TestParseBoardLenient(t *testing.T) {
	b := mustParse(t, "  2, 4 ,0 / 0,0,131072 \n")
	if got := b.String(); got != "2,4,0/0,0,131072" {
		t.Fatalf("got %s", got)
	}
	if b.At(1, 2) != 17 || b.MaxTile() != 17 {
		t.Fatalf("131072 stored as %d", b.At(1, 2))
	}
}

func TestTileOf(t *testing.T) {
	tests := []struct {
		value uint64
		want  Tile
		ok    bool
	}{
		{0, 0, true}, {1, 0, false}, {2, 1, true}, {3, 0, false}, {2048, 11, true},
		{65536, 16, true}, {1 << 62, 62, true}, {1 << 63, 0, false},
	}
	for _, tc := range tests {
		got, err := TileOf(tc.value)
		if (err == nil) != tc.ok || (tc.ok && got != tc.want) {
			t.Errorf("TileOf(%d) = %d, %v; want %d ok=%v", tc.value, got, err, tc.want, tc.ok)
		}
		if tc.ok && got.Value() != tc.value {
			t.Errorf("Tile(%d).Value() = %d, want %d", got, got.Value(), tc.value)
		}
	}
}

func TestParseDirection(t *testing.T) {
	for _, s := range []string{"left", "L", " Left ", "l"} {
		if d, err := ParseDirection(s); err != nil || d != Left {
			t.Errorf("ParseDirection(%q) = %v, %v", s, d, err)
		}
	}
	for _, s := range []string{"", "lft", "x", "north"} {
		if _, err := ParseDirection(s); !errors.Is(err, ErrDirection) {
			t.Errorf("ParseDirection(%q) error %v, want ErrDirection", s, err)
		}
	}
	for _, d := range Directions {
		back, err := ParseDirection(string(d.Letter()))
		if err != nil || back != d {
			t.Errorf("letter round trip of %v gave %v, %v", d, back, err)
		}
	}
}

func TestRulesValidate(t *testing.T) {
	ok := DefaultRules()
	tests := []struct {
		name   string
		change func(*Rules)
		want   error
	}{
		{"defaults", func(*Rules) {}, nil},
		{"1 row", func(r *Rules) { r.Rows = 1 }, ErrSize},
		{"17 cols", func(r *Rules) { r.Cols = 17 }, ErrSize},
		{"chance above 1", func(r *Rules) { r.FourChance = 1.5 }, ErrRules},
		{"chance NaN", func(r *Rules) { r.FourChance = nan() }, ErrRules},
		{"win 3", func(r *Rules) { r.WinTile = 3 }, ErrRules},
		{"win 2", func(r *Rules) { r.WinTile = 2 }, ErrRules},
		{"no start tiles", func(r *Rules) { r.StartTiles = 0 }, ErrRules},
		{"too many start tiles", func(r *Rules) { r.StartTiles = 17 }, ErrRules},
		{"full start", func(r *Rules) { r.StartTiles = 16 }, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := ok
			tc.change(&r)
			err := r.Validate()
			if !errors.Is(err, tc.want) || (tc.want == nil) != (err == nil) {
				t.Fatalf("Validate = %v, want %v", err, tc.want)
			}
			if err == nil {
				return
			}
			var re *RulesError
			if !errors.As(err, &re) || err.Error() != "game2048: "+re.Reason ||
				!strings.HasPrefix("game2048: "+re.Reason, tc.want.Error()+": ") {
				t.Fatalf("Validate = %q (%T): want a *RulesError whose Reason is the message without \"game2048: \"", err, err)
			}
		})
	}
}

func nan() float64 {
	var zero float64
	return zero / zero
}
