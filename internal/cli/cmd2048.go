package cli

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"

	"github.com/gridgames/gridgames/game2048"
	"github.com/spf13/cobra"
)

func new2048Command() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "2048",
		Short: "2048 tools: move, replay, verify, hint, autoplay, playon, train, drive, solve, review",
		Args:  cobra.NoArgs,
		RunE:  func(cmd *cobra.Command, _ []string) error { return cmd.Help() },
	}
	cmd.AddCommand(new2048MoveCommand(), new2048ReplayCommand(), new2048HintCommand(), new2048AutoplayCommand(), new2048TrainCommand(), new2048DriveCommand(), new2048VerifyCommand(), new2048SolveCommand(), new2048ReviewCommand(), new2048PlayonCommand())
	return cmd
}

// moveOutput is the JSON line `2048 move` prints for each board.
type moveOutput struct {
	Board string `json:"board"`
	Score int64  `json:"score"`
	Moved bool   `json:"moved"`
}

func new2048MoveCommand() *cobra.Command {
	var boardText, dirText string
	cmd := &cobra.Command{
		Use:   "move [--board B --dir D]",
		Short: "Slide a board in one direction and print the result as JSON",
		Long: `Slide a board in one direction (no tile spawns) and print one JSON object:
{"board":"...","score":N,"moved":bool}, where score is the points this move earned.

A board is rows separated by '/', cells by ',', tile values with 0 for empty:
2,2,0,4/0,0,0,0. A direction is left, right, up or down (or L, R, U, D).

Without --board, reads "BOARD DIR" lines from stdin and prints one object a line.`,
		Example: `  gridgames 2048 move --board 2,2,0,4/0,0,0,0 --dir left
  printf '2,2/0,0 left\n2,0/2,0 up\n' | gridgames 2048 move`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			out := json.NewEncoder(cmd.OutOrStdout())
			if cmd.Flags().Changed("board") {
				if !cmd.Flags().Changed("dir") {
					return badInputf("--dir is required with --board (left, right, up or down)")
				}
				res, err := slideText(boardText, dirText)
				if err != nil {
					return badInput(err)
				}
				return out.Encode(res)
			}
			if cmd.Flags().Changed("dir") {
				return badInputf("--dir needs --board; without --board each stdin line carries its own direction")
			}
			return eachLine(cmd.InOrStdin(), func(line string) error {
				i := strings.LastIndexAny(line, " \t")
				if i < 0 {
					return fmt.Errorf("want \"BOARD DIR\", got %q", line)
				}
				res, err := slideText(line[:i], line[i+1:])
				if err != nil {
					return err
				}
				return out.Encode(res)
			})
		},
	}
	cmd.Flags().StringVar(&boardText, "board", "", "the board, e.g. 2,2,0,4/0,0,0,0")
	cmd.Flags().StringVar(&dirText, "dir", "", "left, right, up or down")
	return cmd
}

func slideText(boardText, dirText string) (moveOutput, error) {
	b, err := game2048.ParseBoard(boardText)
	if err != nil {
		return moveOutput{}, err
	}
	d, err := game2048.ParseDirection(dirText)
	if err != nil {
		return moveOutput{}, err
	}
	points, moved := b.Move(d)
	return moveOutput{Board: b.String(), Score: points, Moved: moved}, nil
}

// eachLine calls fn for every non-blank line of r, trimmed. The first error stops the
// walk and comes back as bad input naming the line.
func eachLine(r io.Reader, fn func(string) error) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 4<<20)
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		if err := fn(line); err != nil {
			return badInputf("line %d: %w", n, err)
		}
	}
	if err := sc.Err(); err != nil {
		return badInputf("line %d: %w", n+1, err)
	}
	return nil
}

// replayOutput is what `2048 replay --json` prints.
type replayOutput struct {
	Board   string `json:"board"`
	Score   int64  `json:"score"`
	Moves   int    `json:"moves"`
	MaxTile uint64 `json:"maxTile"`
	Won     bool   `json:"won"`
	Over    bool   `json:"over"`
}

func new2048ReplayCommand() *cobra.Command {
	var path string
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "replay --record FILE",
		Short: "Replay game records and print the final board and score",
		Long: `Replay a game record and print the final board and score.

A record is JSON: {"rules":{"rows":4,"cols":4,"fourChance":0.1,"winTile":2048,
"startTiles":2},"seed":42,"moves":"LLUR..."}, moves one letter each (L R U D).
FILE may hold several records one after another (as "2048 autoplay --out" writes
them); each is replayed in turn. FILE may be - for stdin.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if path == "" {
				return badInputf("--record FILE is required")
			}
			w := cmd.OutOrStdout()
			return eachRecord(cmd, path, func(n int, _ game2048.Record, g *game2048.Game) error {
				b := g.Board()
				if asJSON {
					if err := json.NewEncoder(w).Encode(replayOutput{
						Board: b.String(), Score: g.Score(), Moves: g.MoveCount(),
						MaxTile: b.MaxTile().Value(), Won: g.Won(), Over: g.Over(),
					}); err != nil {
						return err
					}
					return nil
				}
				if n > 1 {
					fmt.Fprintln(w)
				}
				fmt.Fprint(w, formatGrid(b))
				state := "in progress"
				if g.Over() {
					state = "game over"
				}
				fmt.Fprintf(w, "score %d, %d moves, max tile %d, %s\n", g.Score(), g.MoveCount(), b.MaxTile().Value(), state)
				return nil
			})
		},
	}
	cmd.Flags().StringVar(&path, "record", "", "the record file (- for stdin)")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print each result as a JSON line")
	return cmd
}

// readInput reads a file named by a flag, or stdin for "-". A missing file is bad input.
func readInput(cmd *cobra.Command, path string) ([]byte, error) {
	if path == "-" {
		return io.ReadAll(io.LimitReader(cmd.InOrStdin(), 64<<20))
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, badInput(err)
	}
	return data, nil
}

// formatGrid draws a board as right-aligned columns, '.' for empty cells.
func formatGrid(b game2048.Board) string {
	width := len(b.MaxTile().String())
	var sb strings.Builder
	for r := range b.Rows() {
		for c := range b.Cols() {
			cell := "."
			if t := b.At(r, c); t != 0 {
				cell = t.String()
			}
			fmt.Fprintf(&sb, " %*s", width, cell)
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// defaultWorkers is the number of CPUs Go may use.
func defaultWorkers() int { return runtime.GOMAXPROCS(0) }

// eachRecord reads the 2048 records of the file at path (- for stdin), one JSON
// object after another, replays each and calls f with its number (from 1), the
// record and the game it replays to, stopping at f's first error. A file that
// cannot be read is bad input naming the flag --record; a file without a record,
// or a record that does not parse or replay, is bad input naming the record's
// number.
func eachRecord(cmd *cobra.Command, path string, f func(n int, rec game2048.Record, g *game2048.Game) error) error {
	return eachRecordOf(cmd, "--record", path, f)
}

// eachRecordOf is eachRecord for a file named by the flag flag ("--records").
func eachRecordOf(cmd *cobra.Command, flag, path string, f func(n int, rec game2048.Record, g *game2048.Game) error) error {
	data, err := readInput(cmd, path)
	if err != nil {
		return badInputf("%s %s: %v", flag, path, pathReason(err))
	}
	dec := json.NewDecoder(strings.NewReader(string(data)))
	for n := 1; ; n++ {
		var raw json.RawMessage
		if err := dec.Decode(&raw); err == io.EOF {
			if n == 1 {
				return badInputf("%s %s: no record found", flag, path)
			}
			return nil
		} else if err != nil {
			return badInputf("%s: record %d: %w: %v", path, n, game2048.ErrRecord, err)
		}
		rec, err := game2048.ParseRecord(raw)
		if err != nil {
			return badInputf("%s: record %d: %w", path, n, err)
		}
		g, err := game2048.Replay(rec)
		if err != nil {
			return badInputf("%s: record %d: %w", path, n, err)
		}
		if err := f(n, rec, g); err != nil {
			return err
		}
	}
}
