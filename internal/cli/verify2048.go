package cli

import (
	"encoding/json"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/gridgames/gridgames/game2048/session"
)

// verifyOutput is what `2048 verify --json` prints.
type verifyOutput struct {
	// Commitment is the record's commitment, checked against its seed and salt;
	// empty for a game stored before commitments (then only replayed).
	Commitment     string `json:"commitment"`
	Board          string `json:"board"`
	Score          int64  `json:"score"`
	Moves          int    `json:"moves"`
	Actions        int    `json:"actions"`
	MaxTile        uint64 `json:"maxTile"`
	Won            bool   `json:"won"`
	Over           bool   `json:"over"`
	Ranked         bool   `json:"ranked"`
	PracticeReason string `json:"practiceReason,omitempty"`
}

func new2048VerifyCommand() *cobra.Command {
	var path string
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "verify --record FILE",
		Short: "Check a finished web game's seed against its commitment and replay it",
		Long: `Check the record of a finished 2048 game of the web app, as
GET /api/2048/games/ID/record answers it once the seed is revealed: the SHA-256 of
"gridgames-2048:" + salt + ":" + seed must be the commitment the game showed from
its start, and its actions (moves, undos Z, hints H, auto-play moves AL..., the
submission S) must replay from that seed to the score, board and ranking the
record states. Prints the commitment checked and the game's result; a record
that does not verify exits with status 2 naming what differs. FILE may be -
for stdin.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if path == "" {
				return badInputf("--record FILE is required")
			}
			data, err := readInput(cmd, path)
			if err != nil {
				return badInputf("--record %s: %v", path, pathReason(err))
			}
			rec, err := session.ParseRecord(data)
			if err != nil {
				return badInputf("%s: %w", path, err)
			}
			s, err := session.Verify(rec)
			if err != nil {
				return badInputf("%s: does not verify: %w", path, err)
			}
			g := s.Game()
			b := g.Board()
			out := verifyOutput{Commitment: rec.Commitment, Board: b.String(), Score: g.Score(), Moves: g.MoveCount(),
				Actions: s.Seq(), MaxTile: b.MaxTile().Value(), Won: g.Won(), Over: g.Over(), Ranked: s.Ranked(),
				PracticeReason: string(s.Practice())}
			w := cmd.OutOrStdout()
			if asJSON {
				return json.NewEncoder(w).Encode(out)
			}
			if rec.Commitment != "" {
				fmt.Fprintf(w, "commitment ok: SHA-256(%q) = %s\n", session.CommitmentPrefix+rec.Salt+":"+rec.Seed, rec.Commitment)
			} else {
				fmt.Fprintln(w, "no commitment (a game stored before commitments): replayed only")
			}
			fmt.Fprint(w, formatGrid(b))
			state := "in progress"
			switch {
			case g.Over():
				state = "game over"
			case g.Won():
				state = "won"
			}
			rank := "ranked"
			if !s.Ranked() {
				rank = "practice (" + s.Practice().Describe() + ")"
			}
			fmt.Fprintf(w, "score %d, %d moves, %d actions, max tile %d, %s; %s\n", g.Score(), g.MoveCount(), s.Seq(),
				b.MaxTile().Value(), state, rank)
			return nil
		},
	}
	cmd.Flags().StringVar(&path, "record", "", "the record file (- for stdin)")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the result as JSON")
	return cmd
}
