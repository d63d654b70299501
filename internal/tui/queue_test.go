package tui

import (
	"strings"
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
// key waits; no real time passes. It returns how many slides it ended.
func endSlides(t *testing.T, m *Model2048) int {
	t.Helper()
	n := 0
	for ; m.sliding && n < 100; n++ {
		send(t, m, slideDoneMsg{seq: m.slideSeq})
	}
	if m.sliding || len(m.queue) > 0 {
		t.Fatalf("still sliding with %d keys queued", len(m.queue))
	}
	return n
}

// sameMoves fails t unless m's game made exactly the moves of want, in order,
// to the same board and score.
func sameMoves(t *testing.T, m *Model2048, want *game2048.Game) {
	t.Helper()
	got, w := m.game.Moves(), want.Moves()
	if len(got) != len(w) || !m.game.Board().Equal(want.Board()) || m.game.Score() != want.Score() {
		t.Fatalf("%d moves %v, score %d; want %d moves %v, score %d\n%s", len(got), got, m.game.Score(), len(w), w, want.Score(), m.Render())
	}
	for i := range w {
		if got[i] != w[i] {
			t.Fatalf("move %d is %s, want %s", i, got[i], w[i])
		}
	}
}

// burst30 is thirty direction keys, arrows and letters, some repeated so that
// several move nothing.
var burst30 = []string{
	"left", "left", "up", "up", "right", "down", "down", "a", "w", "d",
	"s", "h", "k", "l", "j", "left", "left", "left", "down", "right",
	"up", "up", "w", "a", "s", "d", "right", "right", "down", "left",
}

// Test2048ThirtyKeysAllAct types thirty direction keys with no time between
// them, or with a slide ending after every few: every key acts, in order, as a
// replay of the same keys on the same seed (skipping those that move nothing)
// says, and a burst is shown once it is over, not move by move.
func Test2048ThirtyKeysAllAct(t *testing.T) {
	for _, tc := range []struct {
		name string
		seed uint64
		// every is how many keys come between two slide ends (0: none, all at once).
		every int
	}{
		{"all at once", 1, 0},
		{"all at once, another seed", 7, 0},
		{"a slide ends after every key", 1, 1},
		{"a slide ends after every third key", 7, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := new2048(t, 4, 4, 2048, tc.seed)
			want := replay(t, m, tc.seed, burst30)
			if n := len(want.Moves()); n == len(burst30) || n < len(burst30)/2 {
				t.Fatalf("the reference made %d moves of %d keys: pick keys of which some, not most, move nothing", n, len(burst30))
			}
			slides := 0
			for i, k := range burst30 {
				send(t, m, press(k))
				if tc.every > 0 && (i+1)%tc.every == 0 && m.sliding {
					send(t, m, slideDoneMsg{seq: m.slideSeq})
					slides++
				}
			}
			slides += endSlides(t, m)
			sameMoves(t, m, want)
			if tc.every == 0 && slides != 2 {
				t.Errorf("%d slides shown for a burst: want 2, the first move and the board caught up", slides)
			}
		})
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
			sameMoves(t, m, replay(t, m, seed, tc.keys))
		})
	}
}

// Test2048QueueIsBounded: the waiting keys are bounded far above typing speed;
// past maxQueued, a key is dropped and the status says so.
func Test2048QueueIsBounded(t *testing.T) {
	if maxQueued < 1000 {
		t.Fatalf("maxQueued %d: a fast typist's burst must fit", maxQueued)
	}
	m := new2048(t, 4, 4, 2048, 5)
	send(t, m, press(firstMove(m)))
	for range maxQueued + 5 {
		send(t, m, press("left"))
	}
	if len(m.queue) != maxQueued {
		t.Fatalf("%d keys queued, want %d", len(m.queue), maxQueued)
	}
	if !strings.Contains(m.status, "key dropped") {
		t.Fatalf("status %q does not say a key was dropped", m.status)
	}
}

// Test2048QueuedKeysShortenTheSlide: a key waiting makes the slide on show end
// early, and when it ends every waiting key acts at once; the last move made is
// shown for the whole slide.
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
	moves := m.game.MoveCount()
	cmd = send(t, m, slideDoneMsg{seq: seq})
	if !m.sliding || m.hurried || len(m.queue) != 0 || m.slideSeq != seq+1 {
		t.Fatalf("after the slide: sliding %v, hurried %v, %d queued, slide %d; want the last move shown, nothing waiting",
			m.sliding, m.hurried, len(m.queue), m.slideSeq)
	}
	if m.game.MoveCount() == moves {
		t.Fatal("no waiting key acted when the slide ended")
	}
	if cmd == nil {
		t.Fatal("the last move's showing has no end")
	}
}

// Test2048WinInABurstIsSaid: a win made by a key of a burst is still said once
// the burst has caught up, though moves followed it.
func Test2048WinInABurstIsSaid(t *testing.T) {
	rules := game2048.DefaultRules()
	rules.Rows, rules.Cols, rules.FourChance, rules.WinTile = 3, 3, 0, 16
	// A seed whose game wins on a key of burst30 past the first and moves again
	// after it, without ending.
	var seed uint64
	for s := uint64(1); s < 500 && seed == 0; s++ {
		g, err := game2048.NewGame(game2048.WithRules(rules), game2048.WithSeed(s))
		if err != nil {
			t.Fatal(err)
		}
		winAt, movedAfter := -1, false
		for i, k := range burst30 {
			res, err := g.Move(dirKeys[k])
			if err != nil {
				break
			}
			if res.Won {
				winAt = i
			} else if winAt >= 0 && res.Moved {
				movedAfter = true
			}
		}
		if winAt > 0 && movedAfter && !g.Over() {
			seed = s
		}
	}
	if seed == 0 {
		t.Fatal("no seed below 500 wins in the middle of the burst")
	}
	m, err := New2048(Options2048{Rules: rules, Seed: seed, HasSeed: true, NoColor: true, Scores: memScores{}, SlideTime: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range burst30 {
		send(t, m, press(k))
	}
	endSlides(t, m)
	if !m.game.Won() || !strings.Contains(m.status, "You win!") {
		t.Fatalf("won %v, status %q: want the win said", m.game.Won(), m.status)
	}
}
