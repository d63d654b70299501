package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"time"

	"github.com/gridgames/gridgames/game2048/solver/exact"
	"github.com/spf13/cobra"
)

// countOutput is what `2048 solve --count --json` prints.
type countOutput struct {
	Rows       int     `json:"rows"`
	Cols       int     `json:"cols"`
	FourChance float64 `json:"fourChance"`
	Positions  int64   `json:"positions"`
	// WidestLayer is the most positions of one tile sum; TopSum the largest sum.
	WidestLayer int64 `json:"widestLayer"`
	TopSum      int   `json:"topSum"`
	// SolveBytes is the least memory a solve of the board would take.
	SolveBytes int64   `json:"solveBytes"`
	Solvable   bool    `json:"solvable"`
	Seconds    float64 `json:"seconds"`
}

// runCount lists the board's positions without solving and prints their number
// and the memory a solve would need.
func (o *solve2048Options) runCount(cmd *cobra.Command) error {
	bar := newProgress(cmd, "counting ")
	defer bar.finish()
	start := time.Now()
	c, err := exact.Count(cmd.Context(), exact.Config{Rows: o.rows, Cols: o.cols, FourChance: o.four,
		Progress: func(p exact.Progress) { bar.status(solveStatus(p)) }})
	bar.finish()
	if err != nil {
		return exactInputError(err)
	}
	res := countOutput{Rows: o.rows, Cols: o.cols, FourChance: o.four, Positions: c.Positions,
		WidestLayer: c.Widest, TopSum: c.TopSum, SolveBytes: c.SolveBytes(),
		Solvable: exact.CheckSize(o.rows, o.cols) == nil, Seconds: time.Since(start).Seconds()}
	if o.json {
		return json.NewEncoder(cmd.OutOrStdout()).Encode(res)
	}
	return printCount(cmd.OutOrStdout(), res)
}

func printCount(w io.Writer, r countOutput) error {
	fmt.Fprintf(w, "%dx%d board, a new tile is a 4 with chance %s\n", r.Rows, r.Cols, formatChance(r.FourChance))
	fmt.Fprintf(w, "positions: %s (mirrors and turns counted once), counted in %.1f s\n", thousands(r.Positions), r.Seconds)
	fmt.Fprintf(w, "widest layer: %s positions; largest tile sum: %d\n", thousands(r.WidestLayer), r.TopSum)
	verdict := "solvable here"
	if !r.Solvable {
		verdict = fmt.Sprintf("refused by solve (more than %d cells)", exact.MaxCells)
	}
	fmt.Fprintf(w, "a solve needs about %.1f GB: %s\n", float64(r.SolveBytes)/1e9, verdict)
	return nil
}
