package cli

import (
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/gridgames/gridgames/game2048"
	"github.com/spf13/cobra"
)

// playonStart is where a record's game first holds the --tile: the position
// after a move and its spawn whose largest tile is at least the tile.
type playonStart struct {
	Record int // the record's number in the file, from 1
	Rules  game2048.Rules
	Board  game2048.Board
	Score  int64
	Move   int // the moves played to reach it
}

// readStarts reads the records of the --records file and returns the start of
// each game that reaches tile t, with the number of games read and of lines
// superseded. As in an autoplay --out file written over several runs (--resume),
// a game's last line counts: a record is dropped when a later one has the same
// rules and seed and moves that begin with its moves. An unreadable file, or a
// record that does not parse or replay, is bad input (see eachRecordOf).
func readStarts(cmd *cobra.Command, path string, t game2048.Tile) (starts []playonStart, games, superseded int, err error) {
	type line struct {
		n     int
		rec   game2048.Record
		moves string // without spaces, upper case
		max   game2048.Tile
	}
	var lines []line
	err = eachRecordOf(cmd, "--records", path, func(n int, rec game2048.Record, g *game2048.Game) error {
		moves := strings.ToUpper(strings.Join(strings.Fields(rec.Moves), ""))
		lines = append(lines, line{n: n, rec: rec, moves: moves, max: g.Board().MaxTile()})
		return nil
	})
	if err != nil {
		return nil, 0, 0, err
	}
	for i, l := range lines {
		if slices.ContainsFunc(lines[i+1:], func(later line) bool {
			return later.rec.Rules == l.rec.Rules && later.rec.Seed == l.rec.Seed && strings.HasPrefix(later.moves, l.moves)
		}) {
			superseded++
			continue
		}
		games++
		if l.max < t {
			continue // its last position is its largest: never reached
		}
		st, err := firstReaching(l.rec, t)
		if err != nil {
			return nil, 0, 0, badInputf("%s: record %d: %v", path, l.n, err)
		}
		st.Record = l.n
		starts = append(starts, st)
	}
	return starts, games, superseded, nil
}

// firstReaching replays rec up to the first position after a move whose largest
// tile is at least t. rec must reach t.
func firstReaching(rec game2048.Record, t game2048.Tile) (playonStart, error) {
	g, err := game2048.NewGame(game2048.WithRules(rec.Rules), game2048.WithSeed(rec.Seed))
	if err != nil {
		return playonStart{}, err
	}
	for _, ch := range rec.Moves {
		if unicode.IsSpace(ch) {
			continue
		}
		d, err := game2048.ParseDirection(string(ch))
		if err != nil {
			return playonStart{}, err
		}
		if _, err := g.Move(d); err != nil {
			return playonStart{}, err
		}
		if b := g.Board(); b.MaxTile() >= t {
			return playonStart{Rules: rec.Rules, Board: b, Score: g.Score(), Move: g.MoveCount()}, nil
		}
	}
	return playonStart{}, fmt.Errorf("never reaches %s", t)
}

// playonSeed is the seed of the spawns of repeat r (from 1) of the start of
// record n (from 1) in a run with --seed seed: a hash of the three (SplitMix64's
// finaliser), so that the same three give the same spawns whatever plays, and
// different ones unrelated streams. It is below 2^53, exact as a JSON number.
func playonSeed(seed uint64, n, r int) uint64 {
	h := mix64(seed + 0x9E3779B97F4A7C15)
	h = mix64(h ^ uint64(n))
	h = mix64(h ^ uint64(r)<<32)
	return h >> 11
}

// mix64 is SplitMix64's output function: a bijection of 64-bit words that
// spreads every input bit over the output.
func mix64(z uint64) uint64 {
	z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
	z = (z ^ z>>27) * 0x94D049BB133111EB
	return z ^ z>>31
}
