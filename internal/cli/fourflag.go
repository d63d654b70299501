package cli

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/gridgames/gridgames/game2048"
	"github.com/spf13/pflag"
)

// chanceValue is the chance that a new 2048 tile is a 4, as a flag. People see it
// as a percent everywhere (web, terminal, command line: "10%"); the flag reads a
// percent with its sign ("10%", "2.5%") or a fraction ("0.1"), so the two can never
// be confused.
type chanceValue float64

// newChanceFlag registers --name as a chance with default def (a fraction).
func newChanceFlag(f *pflag.FlagSet, p *float64, name string, def float64, usage string) {
	*p = def
	f.Var((*chanceValue)(p), name, usage+` as a percent ("10%") or a fraction ("0.1")`)
}

// parseChance reads "10%" or "0.1" as 0.1.
func parseChance(text string) (float64, error) {
	t := strings.TrimSpace(text)
	pct := strings.HasSuffix(t, "%")
	v, err := strconv.ParseFloat(strings.TrimSpace(strings.TrimSuffix(t, "%")), 64)
	if err != nil {
		return 0, fmt.Errorf("want a percent such as 10%% or a fraction such as 0.1")
	}
	if pct {
		v /= 100
	}
	if !(v >= 0 && v <= 1) {
		if !pct && v > 1 && v <= 100 {
			return 0, fmt.Errorf("want a fraction from 0 to 1, or a percent with its sign (%v%%)", v)
		}
		return 0, fmt.Errorf("want 0%% to 100%% (a fraction from 0 to 1)")
	}
	return v, nil
}

// formatChance writes a chance as a percent: 0.1 is "10%".
func formatChance(v float64) string {
	return strconv.FormatFloat(v*100, 'f', -1, 64) + "%"
}

func (c *chanceValue) String() string { return formatChance(float64(*c)) }

func (c *chanceValue) Set(text string) error {
	v, err := parseChance(text)
	if err != nil {
		return err
	}
	*c = chanceValue(v)
	return nil
}

func (c *chanceValue) Type() string { return "chance" }

// rulesError names the flags behind a game2048 rules error (a
// *game2048.RulesError, whose Reason it shows): the board size (--rows, --cols)
// or the other rules (--win, --four).
func rulesError(err error) error {
	var re *game2048.RulesError
	if !errors.As(err, &re) {
		return err
	}
	if errors.Is(re, game2048.ErrSize) {
		return badInputf("--rows/--cols: %s", re.Reason)
	}
	return badInputf("--win/--four: %s", re.Reason)
}
