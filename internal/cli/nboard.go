package cli

import (
	"time"

	"github.com/gridgames/gridgames/internal/nboard"
	"github.com/gridgames/gridgames/othello/engine"
	"github.com/spf13/cobra"
)

func newOthelloNBoardCommand() *cobra.Command {
	var workers int
	var tableBits uint
	var moveTime time.Duration
	var perfect bool
	var midgame string
	cmd := &cobra.Command{
		Use:   "nboard",
		Short: "Be an engine for the NBoard GUI: speak the NBoard protocol on stdin and stdout",
		Long: `Speak the NBoard protocol (version 2, as NBoard 2 sends; version 1 too), the
text protocol of the NBoard Othello GUI and engines such as NTest and Edax, on
stdin and stdout: the GUI starts this command and sends it the game, the search
depth and requests for hints and moves.

Commands: nboard 2, set depth N (1 to 60), set game GGF, set contempt N (ignored),
move f5[/eval[/time]], hint N, go, ping N, learn, quit. Replies: set myname
gridgamesN (to nboard and set depth: the depth in force), status,
search <pv> <eval> 0 <depth>, === <move>/<eval>/<seconds>, pong N, learned,
nodestats. Lines it cannot use get an "error: ..." line on stderr and are
otherwise ignored; a move whose eval or time cannot be read is played all the
same, with a "note: ..." line. A hint or go in a finished game answers
"status game over" (go first "=== pa"). "set depth N" searches N plies and solves
exactly from 2N empty squares (at most 20); --move-time bounds each hint or go.
A ping, quit or the end of stdin stops the thinking at once (so a script piped in
should keep stdin open until the answers are out, as the first example does).
--perfect plays 4x4 and 6x6 games perfectly: each go answers an exact best move
(however long it takes: from the built-in opening table near the start, else an
exact solve), and a hint values every move exactly when that fits in half of
--move-time (else it searches by depth in the other half);
8x8 games are then played by the depth set, with a note on stderr.
--midgame plays 8x8 with a learned evaluation from othello midgame instead of
the built-in one (to try one against other engines; the book stays the built-in).

In NBoard: Engine > Select Opponent > Add Engine, any name, the directory holding
gridgames as working directory, and the command "gridgames othello nboard".`,
		Example: `  (printf 'nboard 2\nset depth 6\ngo\n'; sleep 2) | gridgames othello nboard
  gridgames othello nboard --workers 2 --move-time 5s`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := checkWorkers(workers); err != nil {
				return err
			}
			if tableBits != 0 && (tableBits < 10 || tableBits > 30) {
				return badInputf("--table-bits %d: want 10 to 30", tableBits)
			}
			if moveTime <= 0 {
				return badInputf("--move-time %v: want a positive duration such as 10s", moveTime)
			}
			e, err := nboardEngine(workers, tableBits, midgame)
			if err != nil {
				return err
			}
			return nboard.Serve(cmd.Context(), cmd.InOrStdin(), cmd.OutOrStdout(), cmd.ErrOrStderr(),
				nboard.Options{Engine: e, MoveTime: moveTime, Perfect: perfect})
		},
	}
	cmd.Flags().IntVar(&workers, "workers", 0, "CPUs to use (0: all)")
	cmd.Flags().UintVar(&tableBits, "table-bits", 0, "transposition table of 2^N 16-byte slots (0: 22, 64 MiB)")
	cmd.Flags().DurationVar(&moveTime, "move-time", nboard.DefaultMoveTime, "the most time one hint or go may think")
	cmd.Flags().BoolVar(&perfect, "perfect", false, "play 4x4 and 6x6 games perfectly (exact moves and hint values)")
	cmd.Flags().StringVar(&midgame, "midgame", "", "the learned midgame evaluation (from othello midgame) instead of the built-in one")
	return cmd
}

// nboardEngine is the engine othello nboard plays with: the built-in book, and
// the midgame evaluation of the file midgame names ("": the built-in one).
func nboardEngine(workers int, tableBits uint, midgame string) (*engine.Engine, error) {
	var mid *engine.Midgame
	if midgame != "" {
		var err error
		if mid, err = readMidgameFile(midgame, "--midgame"); err != nil {
			return nil, err
		}
	}
	return engine.New(engine.Options{Workers: workers, TableBits: tableBits, Book: engine.DefaultBook(), Midgame: mid}), nil
}
