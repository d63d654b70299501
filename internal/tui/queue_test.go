package tui

import (
	"testing"
	"time"

	"github.com/gridgames/gridgames/game2048"
)

// replay plays keys (direction keys and "u") on a fresh game with m's rules and
// seed, as a person waiting for every slide would: the game every key acting in
// order must give.
func replay(t *testing.T, m *Model2048, seed uint64, keys []string) *game2048.Game {
	t.Helper()
	g, err := game2048.NewGame(game2048.WithRules(m.opt.Rules), game2048.WithSeed(seed))
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range keys {
		if k == "u" {
			g.Undo()
			continue
		}
		if _, err := g.Move(dirKeys[k]); err != nil && !g.Over() {
			t.Fatal(err)
		}
	}
	return g
}

// endSlides delivers the end of every slide in turn, as the ticks would, until no
// key waits; no real time passes.
func endSlides(t *testing.T, m *Model2048) {
	t.Helper()
	for i := 0; m.sliding && i < 100; i++ {
		send(t, m, slideDoneMsg{seq: m.slideSeq})
	}
	if m.sliding || len(m.queue) > 0 {
		t.Fatalf("still sliding with %d keys queued", len(m.queue))
	}
}

// Test2048KeysTypedDuringASlideAllAct feeds bursts of keys with no time between
// them: each acts, in order, once the slide before it ends.
func Test2048KeysTypedDuringASlideAllAct(t *testing.T) {
	for _, tc := range []struct {
		name string
		keys []string
	}{
		{"six arrows", []string{"left", "up", "right", "down", "left", "up"}},
		{"eight letters", []string{"a", "w", "d", "s", "h", "k", "l", "j"}},
		{"undo in the burst", []string{"left", "up", "u", "right", "u", "u", "down"}},
		{"keys that move nothing", []string{"left", "left", "left", "up", "up", "right"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			const seed = 21
			m := new2048(t, 4, 4, 2048, seed)
			for _, k := range tc.keys {
				send(t, m, press(k))
			}
			if got := len(m.queue); got == 0 {
				t.Fatal("no key was kept for after the slide")
			}
			endSlides(t, m)
			want := replay(t, m, seed, tc.keys)
			if got, w := m.game.Moves(), want.Moves(); len(got) != len(w) || !m.game.Board().Equal(want.Board()) || m.game.Score() != want.Score() {
				t.Fatalf("moves %v, score %d, want %v, %d\n%s", got, m.game.Score(), w, want.Score(), m.Render())
			}
			for i, d := range want.Moves() {
				if m.game.Moves()[i] != d {
					t.Fatalf("move %d is %s, want %s", i, m.game.Moves()[i], d)
				}
			}
		})
	}
}

// Test2048QueueIsBounded: past maxQueued waiting keys, a key is dropped.
func Test2048QueueIsBounded(t *testing.T) {
	m := new2048(t, 4, 4, 2048, 5)
	send(t, m, press(firstMove(m)))
	for range maxQueued + 5 {
		send(t, m, press("left"))
	}
	if len(m.queue) != maxQueued {
		t.Fatalf("%d keys queued, want %d", len(m.queue), maxQueued)
	}
}

// Test2048QueuedKeysShortenTheSlide: a key waiting makes the slide on show end
// early, and a move played while more keys wait is shown only briefly.
func Test2048QueuedKeysShortenTheSlide(t *testing.T) {
	rules := game2048.DefaultRules()
	m, err := New2048(Options2048{Rules: rules, Seed: 5, HasSeed: true, NoColor: true, SlideTime: 200 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if m.shortSlide() >= m.opt.SlideTime {
		t.Fatalf("short slide %v, slide %v", m.shortSlide(), m.opt.SlideTime)
	}
	send(t, m, press(firstMove(m)))
	if m.hurried {
		t.Fatal("a move with nothing waiting is hurried")
	}
	seq := m.slideSeq
	cmd := send(t, m, press("left"))
	if cmd == nil {
		t.Fatal("a queued key asks for no early end of the slide")
	}
	if msg, ok := cmd().(slideDoneMsg); !ok || msg.seq != seq {
		t.Fatalf("the early end is %#v, want the end of slide %d", msg, seq)
	}
	if send(t, m, press("up")) != nil {
		t.Fatal("a second queued key asks again for an early end")
	}
	send(t, m, press("right"))
	send(t, m, slideDoneMsg{seq: seq})
	if !m.sliding || !m.hurried || len(m.queue) == 0 {
		t.Fatalf("the next move, with keys still waiting: sliding %v, hurried %v, %d queued", m.sliding, m.hurried, len(m.queue))
	}
}
