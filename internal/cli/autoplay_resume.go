package cli

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/gridgames/gridgames/game2048"
	"github.com/gridgames/gridgames/game2048/solver"
)

// resumeFile is what an earlier autoplay run left in its --out file: the game of
// each seed it reached, replayed from the seed's last record (over when the game
// finished, under way when Ctrl+C or the end of a session stopped it).
type resumeFile struct {
	games map[uint64]*game2048.Game
	// torn is the number of bytes of an unfinished last line (a write cut short
	// by a kill): they are cut off before the run appends.
	torn int64
}

// readResume reads the --out file of an earlier run of the same command: one
// record a line, every one with the run's rules and a seed among its games
// (first, first+1, ... first+games-1). A seed may have several lines (a game
// stopped, then played on): each must extend the one before it, and the last
// counts. A last line without its newline that does not parse is a torn write
// and is dropped; any other bad line is an error naming its number.
func readResume(path string, rules game2048.Rules, first uint64, games int) (*resumeFile, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		if os.IsNotExist(err) {
			return &resumeFile{games: map[uint64]*game2048.Game{}}, nil // nothing to resume: start afresh
		}
		return nil, badInputf("--out %s: %v", path, pathReason(err))
	}
	rf := &resumeFile{games: map[uint64]*game2048.Game{}}
	moves := map[uint64]string{}
	lines := bytes.SplitAfter(data, []byte("\n"))
	for n, line := range lines {
		text := bytes.TrimSpace(line)
		if len(text) == 0 {
			continue
		}
		rec, err := game2048.ParseRecord(text)
		if err != nil && n == len(lines)-1 && !bytes.HasSuffix(line, []byte("\n")) {
			rf.torn = int64(len(line))
			break
		}
		where := fmt.Sprintf("--resume: %s line %d", path, n+1)
		if err != nil {
			return nil, badInputf("%s: %v", where, err)
		}
		if rec.Rules != rules {
			return nil, badInputf("%s: the game was played with other rules (%s), not this run's (%s)", where,
				describeRules(rec.Rules), describeRules(rules))
		}
		if rec.Seed < first || rec.Seed-first >= uint64(games) {
			return nil, badInputf("%s: seed %d is not one of this run's seeds (%d to %d): give the --seed and --games of the run that wrote it",
				where, rec.Seed, first, first+uint64(games)-1)
		}
		clean := strings.Join(strings.Fields(rec.Moves), "")
		if prev, ok := moves[rec.Seed]; ok && !strings.HasPrefix(strings.ToUpper(clean), strings.ToUpper(prev)) {
			return nil, badInputf("%s: seed %d's moves do not continue its earlier line's", where, rec.Seed)
		}
		g, err := game2048.Replay(rec)
		if err != nil {
			return nil, badInputf("%s: %v", where, err)
		}
		moves[rec.Seed] = clean
		rf.games[rec.Seed] = g
	}
	return rf, nil
}

// describeRules names what a record's rules are, for errors.
func describeRules(r game2048.Rules) string {
	return fmt.Sprintf("%dx%d, a 4 with chance %v", r.Rows, r.Cols, r.FourChance)
}

// openResumeOutput opens the --out file to append the run's records after the
// earlier run's, first cutting off a torn last line.
func openResumeOutput(path string, rf *resumeFile) (*os.File, error) {
	if err := checkWritable("--out", path); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, badInputf("--out %s: %v", path, pathReason(err))
	}
	end, err := f.Seek(0, io.SeekEnd)
	if err == nil && rf.torn > 0 {
		end -= rf.torn
		err = f.Truncate(end)
	}
	if err == nil {
		_, err = f.Seek(end, io.SeekStart)
	}
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("--out %s: %w", path, err)
	}
	return f, nil
}

// resumeNote says on stderr what a resumed run takes from its --out file.
func resumeNote(w io.Writer, path string, rf *resumeFile) {
	over, under := 0, 0
	for _, g := range rf.games {
		if g.Over() {
			over++
		} else {
			under++
		}
	}
	fmt.Fprintf(w, "Resuming from %s: %s finished, %s to play on", path, plural(over, "game"), plural(under, "game"))
	if rf.torn > 0 {
		fmt.Fprintf(w, " (a torn last line of %d bytes dropped)", rf.torn)
	}
	fmt.Fprintln(w, ".")
}

// resumedGame returns the game of seed that rf holds (nil if none, or rf nil)
// and the number of moves it has.
func resumedGame(rf *resumeFile, seed uint64) (*game2048.Game, int) {
	if rf == nil {
		return nil, 0
	}
	g := rf.games[seed]
	if g == nil {
		return nil, 0
	}
	return g, len(g.Record().Moves)
}

// finishedEarlier is the result of a game an earlier run finished.
func finishedEarlier(seed uint64, g *game2048.Game) autoplayGame {
	n := len(g.Record().Moves)
	st := solver.GameStats{Score: g.Score(), Moves: n, MaxTile: g.Board().MaxTile().Value()}
	return autoplayGame{Seed: seed, Stats: st, Record: g.Record(), Finished: true, Earlier: n}
}
