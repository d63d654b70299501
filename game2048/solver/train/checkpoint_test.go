package train

import (
	"bytes"
	"compress/gzip"
	"math"
	"strings"
	"testing"

	"github.com/gridgames/gridgames/game2048"
)

// sameTrainers fails t unless a and b hold the same bits in every weight and
// accumulator, have finished as many games and will draw the same numbers.
func sameTrainers(t *testing.T, a, b *Trainer6) {
	t.Helper()
	if a.done != b.done {
		t.Fatalf("games done %d and %d", a.done, b.done)
	}
	if x, y := a.Options(), b.Options(); x.Seed != y.Seed || x.Rate != y.Rate || x.FourChance != y.FourChance ||
		x.Coherence != y.Coherence || x.Restarts != y.Restarts {
		t.Fatalf("options %+v and %+v", x, y)
	}
	same := func(what string, x, y [][]float32) {
		t.Helper()
		for g := range x {
			for i := range x[g] {
				if math.Float32bits(x[g][i]) != math.Float32bits(y[g][i]) {
					t.Fatalf("%s: group %d pattern %x: %v and %v", what, g, i, x[g][i], y[g][i])
				}
			}
		}
	}
	same("weights", a.net.w, b.net.w)
	if (a.tc == nil) != (b.tc == nil) {
		t.Fatal("one trainer has coherence accumulators, the other not")
	}
	if a.tc != nil {
		same("coherence errors", a.tc.e[:], b.tc.e[:])
		same("coherence sizes", a.tc.a[:], b.tc.a[:])
	}
	if a.net.Stages() != b.net.Stages() {
		t.Fatalf("stages %d and %d", a.net.Stages(), b.net.Stages())
	}
	if a.net.late != nil {
		same("late weights", a.net.late.w, b.net.late.w)
		if a.tc != nil {
			same("late coherence errors", a.tc.late.e[:], b.tc.late.e[:])
			same("late coherence sizes", a.tc.late.a[:], b.tc.late.a[:])
		}
	}
	if len(a.pool.boards) != len(b.pool.boards) || a.pool.next != b.pool.next {
		t.Fatalf("restart pools: %d boards (next %d) and %d (next %d)", len(a.pool.boards), a.pool.next, len(b.pool.boards), b.pool.next)
	}
	for i := range a.pool.boards {
		if a.pool.boards[i] != b.pool.boards[i] {
			t.Fatalf("restart pool board %d: %x and %x", i, a.pool.boards[i], b.pool.boards[i])
		}
	}
	if x, y := a.rng.Uint64(), b.rng.Uint64(); x != y {
		t.Fatalf("the generators go on with %x and %x", x, y)
	}
}

// stagesDiffer reports whether n's late stage holds some weight its early
// stage does not.
func stagesDiffer(n *Network6) bool {
	for g := range n.w {
		for i := range n.w[g] {
			if n.w[g][i] != n.late.w[g][i] {
				return true
			}
		}
	}
	return false
}

// lateBoards are boards with 8192 and 16384 on them, for restart pools that games
// of a few hundred from zero would never fill.
func lateBoards(t *testing.T) []uint64 {
	t.Helper()
	var out []uint64
	for _, s := range []string{
		"8192,16,4,2/512,64,8,0/32,4,0,0/2,0,0,0",
		"16384,8192,256,4/32,64,8,2/4,2,0,0/0,0,0,0",
		"16384,1024,64,8/4096,256,16,2/8,4,2,0/2,0,0,0",
	} {
		b, err := game2048.ParseBoard(s)
		if err != nil {
			t.Fatal(err)
		}
		bb, err := game2048.FromBoard(b)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, uint64(bb))
	}
	return out
}

// A run stopped and resumed from its checkpoint learns exactly the weights of one
// run straight through, whatever the learner.
func TestCheckpointResumesExactly(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name         string
		opt          Options
		games, stop  int
		pool, staged bool
	}{
		{"plain TD", Options{Seed: 3, Rate: 0.1}, 120, 50, false, false},
		{"coherence", Options{Seed: 4, Rate: 1, Coherence: true}, 120, 70, false, false},
		{"coherence and restarts", Options{Seed: 5, Rate: 0.5, Coherence: true, Restarts: 0.3}, 90, 40, true, false},
		{"two stages, coherence and restarts", Options{Seed: 7, Rate: 1, Coherence: true, Restarts: 0.3}, 90, 50, true, true},
		{"two stages, plain TD and restarts", Options{Seed: 8, Rate: 0.1, Restarts: 0.5}, 60, 20, true, true},
		{"stopped before any game", Options{Seed: 6, Rate: 0.1}, 30, 0, false, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			straight := NewTrainer6(NewNetwork6(), tc.opt)
			first := NewTrainer6(NewNetwork6(), tc.opt)
			if tc.staged {
				straight.Promote()
				first.Promote()
			}
			if tc.pool {
				for _, b := range lateBoards(t) {
					straight.pool.add(b)
					first.pool.add(b)
				}
			}
			restarted := 0
			if err := straight.Run(t.Context(), tc.games, func(g Game) error {
				if g.Restarted {
					restarted++
				}
				return nil
			}); err != nil {
				t.Fatal(err)
			}
			if tc.pool && restarted == 0 {
				t.Fatal("no game started from a saved board")
			}
			if tc.staged && !stagesDiffer(straight.net) {
				t.Fatal("the late stage learned nothing of its own")
			}
			if err := first.Run(t.Context(), tc.stop, nil); err != nil {
				t.Fatal(err)
			}
			var file bytes.Buffer
			if err := first.WriteCheckpoint(&file); err != nil {
				t.Fatal(err)
			}
			first = nil // only one copy at a time: a staged trainer with coherence holds 1.5 GiB
			resumed, err := ReadCheckpoint6(&file)
			if err != nil {
				t.Fatal(err)
			}
			if err := resumed.Run(t.Context(), tc.games, nil); err != nil {
				t.Fatal(err)
			}
			sameTrainers(t, straight, resumed)
		})
	}
}

// With its plain options a Trainer6 learns exactly what the one-worker loop that
// made the built-in network learns, so the recipe still makes the same bits.
func TestTrainer6MatchesTrain(t *testing.T) {
	t.Parallel()
	opt := Options{Games: 150, Seed: 9, Rate: 0.05}
	want := NewNetwork6()
	if err := train(t.Context(), want, opt); err != nil {
		t.Fatal(err)
	}
	got := NewNetwork6()
	if err := Train6(t.Context(), got, opt); err != nil {
		t.Fatal(err)
	}
	for g := range want.w {
		for i := range want.w[g] {
			if math.Float32bits(want.w[g][i]) != math.Float32bits(got.w[g][i]) {
				t.Fatalf("group %d pattern %x: train %v, Trainer6 %v", g, i, want.w[g][i], got.w[g][i])
			}
		}
	}
}

// Run stops between games when its context ends or after says so, and counts
// the game it finished.
func TestTrainer6RunStops(t *testing.T) {
	t.Parallel()
	tr := NewTrainer6(NewNetwork6(), Options{Seed: 1})
	stop := errStop("stop")
	err := tr.Run(t.Context(), 100, func(g Game) error {
		if g.Game == 7 {
			return stop
		}
		return nil
	})
	if err != stop || tr.Done() != 7 {
		t.Fatalf("Run: %v after %d games, want %v after 7", err, tr.Done(), stop)
	}
	if err := tr.Run(t.Context(), 5, nil); err != nil || tr.Done() != 7 {
		t.Fatalf("Run to 5 after 7: %v, %d games done", err, tr.Done())
	}
}

type errStop string

func (e errStop) Error() string { return string(e) }

// Coherence learns: from zero, the last sixth of 300 games scores at least twice
// the first sixth.
func TestCoherenceLearns(t *testing.T) {
	t.Parallel()
	n := NewNetwork6()
	trainLearns(t, 300, func(opt Options) error {
		opt.Coherence, opt.Rate = true, 1
		return Train6(t.Context(), n, opt)
	})
}

// ReadCheckpoint6 names what is wrong with a file that is not a whole checkpoint.
func TestReadCheckpointRefuses(t *testing.T) {
	t.Parallel()
	tr := NewTrainer6(NewNetwork6(), Options{Seed: 2, Coherence: true})
	if err := tr.Run(t.Context(), 3, nil); err != nil {
		t.Fatal(err)
	}
	var good bytes.Buffer
	if err := tr.WriteCheckpoint(&good); err != nil {
		t.Fatal(err)
	}
	raw := gunzip(t, good.Bytes())
	regzip := func(b []byte) []byte {
		var buf bytes.Buffer
		zw := gzip.NewWriter(&buf)
		zw.Write(b)
		zw.Close()
		return buf.Bytes()
	}
	headEnd := bytes.IndexByte(raw[len(checkpointMagic):], '\n') + len(checkpointMagic) + 1
	header := string(raw[len(checkpointMagic):headEnd])
	withHeader := func(old, new string) []byte {
		h := strings.Replace(header, old, new, 1)
		return regzip(append([]byte(checkpointMagic+h), raw[headEnd:]...))
	}
	var network bytes.Buffer
	if _, err := NewNetwork6().WriteTo(&network); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, want string
		data       []byte
	}{
		{"not gzip", "not a gridgames 2048 training checkpoint", []byte("hello")},
		{"a network file", "bad header", network.Bytes()},
		{"no header line", "truncated in its header", regzip([]byte(checkpointMagic + `{"seed":1`))},
		{"bad rate", "rate 7", withHeader(`"rate":0.1`, `"rate":7`)},
		{"bad restarts", "restarts -1", withHeader(`"restarts":0`, `"restarts":-1`)},
		{"bad generator", "generator state", withHeader(`"rng":"`, `"rng":"AAAA`)},
		{"truncated weights", "truncated in its values", regzip(raw[:len(raw)-3])},
		{"trailing data", "data after the last pattern", regzip(append(bytes.Clone(raw), 0))},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ReadCheckpoint6(bytes.NewReader(tc.data))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("ReadCheckpoint6: %v, want an error containing %q", err, tc.want)
			}
		})
	}
	if _, err := ReadCheckpoint6(bytes.NewReader(good.Bytes())); err != nil {
		t.Fatalf("the good file: %v", err)
	}
}

func gunzip(t *testing.T, data []byte) []byte {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if _, err := out.ReadFrom(zr); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

// A light checkpoint keeps the generator, the games done and the saved boards
// exactly, the weights to their high 24 bits and the accumulators to 16.
func TestLightCheckpoint(t *testing.T) {
	t.Parallel()
	for _, staged := range []bool{false, true} {
		tr := NewTrainer6(NewNetwork6(), Options{Seed: 12, Rate: 1, Coherence: true, Restarts: 0.3})
		if staged {
			tr.Promote()
		}
		for _, b := range lateBoards(t) {
			tr.pool.add(b)
		}
		if err := tr.Run(t.Context(), 30, nil); err != nil {
			t.Fatal(err)
		}
		var full, light bytes.Buffer
		if err := tr.WriteCheckpoint(&full); err != nil {
			t.Fatal(err)
		}
		if err := tr.WriteLightCheckpoint(&light); err != nil {
			t.Fatal(err)
		}
		if light.Len() >= full.Len() {
			t.Fatalf("staged %v: light %d bytes, full %d", staged, light.Len(), full.Len())
		}
		back, err := ReadCheckpoint6(&light)
		if err != nil {
			t.Fatal(err)
		}
		round := func(c *coherence) *coherence {
			r := newCoherence()
			for g := range c.e {
				for i := range c.e[g] {
					r.e[g][i] = math.Float32frombits(math.Float32bits(c.e[g][i]) &^ 0xffff)
					r.a[g][i] = math.Float32frombits(math.Float32bits(c.a[g][i]) &^ 0xffff)
				}
			}
			return r
		}
		rounded := round(tr.tc)
		cut := func(n *Network6) *Network6 {
			m := NewNetwork6()
			for g := range n.w {
				for i := range n.w[g] {
					m.w[g][i] = math.Float32frombits(math.Float32bits(n.w[g][i]) &^ 0xff)
				}
			}
			return m
		}
		net := cut(tr.net)
		if staged {
			rounded.late = round(tr.tc.late)
			net.late = cut(tr.net.late)
		}
		want := &Trainer6{net: net, opt: tr.opt, done: tr.done, pcg: tr.pcg, rng: tr.rng, tc: rounded, pool: tr.pool}
		sameTrainers(t, want, back)
	}
}
