package cli

import (
	"context"
	"encoding/json"
	"io"

	"github.com/gridgames/gridgames/game2048"
	"github.com/gridgames/gridgames/game2048/solver/exact"
)

// perfectHintOutput is what `2048 hint --perfect` prints. Values are exact: each
// move's points plus the expected score after it under optimal play (null: the
// move changes nothing). NextTileChances, when a table for the next tile is at
// hand, is each move's largest chance of making NextTile (twice the largest tile).
type perfectHintOutput struct {
	Best            *string             `json:"best"`
	Values          map[string]*float64 `json:"values"`
	Points          map[string]*int64   `json:"points"`
	ExpectedScore   float64             `json:"expectedScore"`
	NextTile        uint64              `json:"nextTile,omitempty"`
	NextTileChances map[string]*float64 `json:"nextTileChances,omitempty"`
	Over            bool                `json:"over"`
	Perfect         bool                `json:"perfect"`
}

// perfectHint values every move of b exactly from the tables in dir (solving
// boards of up to 8 cells on the spot).
func perfectHint(ctx context.Context, w io.Writer, b game2048.Board, four float64, dir string) error {
	st := &exact.Store{Dir: dir}
	t, err := st.Table(ctx, b.Rows(), b.Cols(), four, 0)
	if err != nil {
		return tableError(err)
	}
	mv, err := t.Moves(b)
	if err != nil {
		return badInputf("--board: %s", trimExact(err))
	}
	out := perfectHintOutput{Values: map[string]*float64{}, Points: map[string]*int64{}, Perfect: true}
	out.ExpectedScore, _ = t.Value(b)
	if d, ok, _ := t.Best(b); ok {
		s := d.String()
		out.Best = &s
	} else {
		out.Over = true
	}
	for _, d := range game2048.Directions {
		out.Values[d.String()], out.Points[d.String()] = nil, nil
		if mv[d].Legal {
			v, p := mv[d].Value, mv[d].Points
			out.Values[d.String()], out.Points[d.String()] = &v, &p
		}
	}
	if next := b.MaxTile() + 1; next <= 15 && !out.Over {
		if gt, err := st.Table(ctx, b.Rows(), b.Cols(), four, next.Value()); err == nil {
			if gm, err := gt.Moves(b); err == nil {
				out.NextTile = next.Value()
				out.NextTileChances = map[string]*float64{}
				for _, d := range game2048.Directions {
					out.NextTileChances[d.String()] = nil
					if gm[d].Legal {
						v := gm[d].Value
						out.NextTileChances[d.String()] = &v
					}
				}
			}
		} else if ctx.Err() != nil {
			return errInterrupted
		}
	}
	return json.NewEncoder(w).Encode(out)
}
