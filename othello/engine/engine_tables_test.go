package engine

import "testing"

// Alternating the hand-made and the learned evaluation on one engine (a
// level-3 move, then a hint at level 8, as the server's shared engines do) keeps
// each evaluation's table: after the other evaluation has searched, a search
// repeated still finds its own entries, so it costs fewer nodes than the first
// time (it cost as many while a switch cleared the table).
func TestEvaluationsKeepTheirTables(t *testing.T) {
	t.Parallel()
	rnd := newRand(38)
	for i := range 4 {
		pos := randomPosition(rnd, 8, 36+2*i)
		if pos.Over() || pos.MustPass() {
			continue
		}
		e := New(Options{Workers: 1, TableBits: 18})
		lims := []struct {
			name string
			lim  Limits
		}{{"classic", Limits{Depth: 6, Classic: true}}, {"learned", Limits{Depth: 6}}}
		var nodes [2][2]uint64 // [round][evaluation]
		for round := range 2 {
			for k, l := range lims {
				r, err := e.Search(t.Context(), pos, l.lim)
				if err != nil {
					t.Fatal(err)
				}
				nodes[round][k] = r.Nodes
			}
		}
		if e.tables[0] == nil || e.tables[1] == nil || e.tables[0] == e.tables[1] {
			t.Fatalf("%v: tables %p and %p; want one for each evaluation", pos, e.tables[0], e.tables[1])
		}
		if _, ok := e.tables[0].probe(hashOf(pos.Player(), pos.Opponent())); !ok {
			t.Fatalf("%v: the classic table lost the root after the learned search", pos)
		}
		for k, l := range lims {
			t.Logf("%v %s: %d nodes from an empty table, %d after the other evaluation searched", pos, l.name, nodes[0][k], nodes[1][k])
			if nodes[1][k] >= nodes[0][k] {
				t.Errorf("%v %s: %d nodes again after the other evaluation searched, %d the first time; want fewer", pos, l.name, nodes[1][k], nodes[0][k])
			}
		}
	}
}
