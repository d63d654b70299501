// A small 2048 with the DOM of the classic page (gabrielecirulli/2048), for the
// drive package's tests. It draws what the classic page draws after each move:
// `.tile-container` holds a div.tile.tile-<value>.tile-position-<col>-<row> per tile
// (1-based), a moved tile first at its old position and on the next frame at the
// new one, a merged tile with tile-merged above the two that made it, a new tile
// with tile-new; `.score-container` shows the score and a "+N" child; the
// `.game-message` gets game-won (with its Keep going button) or game-over.
//
// The rules and the random generator are game2048's (SplitMix64; a spawn draws a
// cell, then a 4 with probability `four`), so a seed and the moves replay in Go.
//
// URL parameters: seed (default random), size or rows and cols (4), four (0.1),
// win (2048), anim (the slide in ms, 100; pop and appear take twice that).
'use strict';

(() => {
  const q = new URLSearchParams(location.search);
  const num = (name, def) => (q.has(name) ? Number(q.get(name)) : def);
  const rows = num('rows', num('size', 4));
  const cols = num('cols', num('size', 4));
  const four = num('four', 0.1);
  const win = BigInt(q.get('win') || '2048');
  const anim = num('anim', 100);
  const seed = BigInt.asUintN(64, BigInt(q.get('seed') || String(Math.floor(Math.random() * 2 ** 53))));

  // ---- game2048's random generator --------------------------------------------

  let rng = seed;
  function draw() {
    rng = BigInt.asUintN(64, rng + 0x9E3779B97F4A7C15n);
    let z = rng;
    z = BigInt.asUintN(64, (z ^ (z >> 30n)) * 0xBF58476D1CE4E5B9n);
    z = BigInt.asUintN(64, (z ^ (z >> 27n)) * 0x94D049BB133111EBn);
    return z ^ (z >> 31n);
  }
  const below = (n) => Number((draw() * BigInt(n)) >> 64n);
  const chance = (p) => Number(draw() >> 11n) < p * 2 ** 53;

  // ---- the game: exponents, 0 = empty ------------------------------------------

  let cells = Array.from({ length: rows }, () => new Array(cols).fill(0));
  let score = 0n;
  let won = false;
  let keepPlaying = false;
  let over = false;
  const moves = [];

  const value = (e) => 1n << BigInt(e);

  function spawn() {
    const empty = [];
    cells.forEach((row, y) => row.forEach((e, x) => { if (!e) empty.push({ x, y }); }));
    if (!empty.length) return null;
    const at = empty[below(empty.length)];
    const e = chance(four) ? 2 : 1;
    cells[at.y][at.x] = e;
    return { x: at.x, y: at.y, e };
  }

  // lines lists, for a direction, each line's cells from the edge the tiles move to.
  function lines(dir) {
    const out = [];
    const horizontal = dir === 'left' || dir === 'right';
    const n = horizontal ? rows : cols;
    const len = horizontal ? cols : rows;
    for (let i = 0; i < n; i++) {
      const line = [];
      for (let j = 0; j < len; j++) {
        const k = dir === 'left' || dir === 'up' ? j : len - 1 - j;
        line.push(horizontal ? { x: k, y: i } : { x: i, y: k });
      }
      out.push(line);
    }
    return out;
  }

  // slide moves every line toward dir; it returns the tiles after the move, each
  // with where it came from, and the points the merges made.
  function slide(dir) {
    const tiles = [];
    let points = 0n;
    let moved = false;
    for (const line of lines(dir)) {
      let last = null;
      let k = 0;
      for (const from of line) {
        const e = cells[from.y][from.x];
        if (!e) continue;
        if (last && !last.merged && last.e === e) {
          last.merged = true;
          last.e = e + 1;
          last.from.push(from);
          points += value(e + 1);
          moved = true;
          continue;
        }
        const at = line[k++];
        last = { e, at, from: [from], merged: false };
        if (at.x !== from.x || at.y !== from.y) moved = true;
        tiles.push(last);
      }
    }
    return { tiles, points, moved };
  }

  function canMove() {
    for (let y = 0; y < rows; y++) {
      for (let x = 0; x < cols; x++) {
        const e = cells[y][x];
        if (!e) return true;
        if (x + 1 < cols && cells[y][x + 1] === e) return true;
        if (y + 1 < rows && cells[y + 1][x] === e) return true;
      }
    }
    return false;
  }

  function move(dir) {
    if (over || (won && !keepPlaying)) return;
    const s = slide(dir);
    if (!s.moved) return;
    cells = Array.from({ length: rows }, () => new Array(cols).fill(0));
    for (const t of s.tiles) cells[t.at.y][t.at.x] = t.e;
    score += s.points;
    moves.push(dir[0].toUpperCase());
    const born = spawn();
    if (!won && cells.some((row) => row.some((e) => e && value(e) >= win))) won = true;
    over = !canMove();
    actuate(s.tiles, born);
  }

  // ---- drawing, as the classic page's actuator does ---------------------------

  const container = document.querySelector('.tile-container');
  const scoreEl = document.querySelector('.score-container');
  const message = document.querySelector('.game-message');
  let shownScore = 0n;
  let shownWon = false;

  const position = (p) => `tile-position-${p.x + 1}-${p.y + 1}`;

  function tileDiv(e, at, extra) {
    const el = document.createElement('div');
    const classes = ['tile', 'tile-' + value(e), position(at)];
    if (value(e) > 2048n) classes.push('tile-super');
    if (extra) classes.push(extra);
    el.setAttribute('class', classes.join(' '));
    const inner = document.createElement('div');
    inner.className = 'tile-inner';
    inner.textContent = value(e).toString();
    el.append(inner);
    return el;
  }

  // moving adds a tile drawn at from, and on the next frame at its cell.
  function moving(e, from, to) {
    const el = tileDiv(e, from);
    container.append(el);
    if (from.x !== to.x || from.y !== to.y) {
      requestAnimationFrame(() => el.setAttribute('class', el.getAttribute('class').replace(position(from), position(to))));
    }
  }

  function actuate(tiles, born) {
    requestAnimationFrame(() => {
      container.replaceChildren();
      for (const t of tiles) {
        if (t.merged) {
          container.append(tileDiv(t.e, t.at, 'tile-merged'));
          for (const from of t.from) moving(t.e - 1, from, t.at);
        } else {
          moving(t.e, t.from[0], t.at);
        }
      }
      if (born) container.append(tileDiv(born.e, born, 'tile-new'));
      drawScore();
      if (over) showMessage(false);
      else if (won && !shownWon) showMessage(true);
    });
  }

  function drawScore() {
    const diff = score - shownScore;
    shownScore = score;
    scoreEl.textContent = score.toString();
    if (diff > 0n) {
      const add = document.createElement('div');
      add.className = 'score-addition';
      add.textContent = '+' + diff;
      scoreEl.append(add);
    }
  }

  function showMessage(isWin) {
    if (isWin) shownWon = true;
    message.classList.add(isWin ? 'game-won' : 'game-over');
    message.querySelector('p').textContent = isWin ? 'You win!' : 'Game over!';
  }

  function build() {
    document.documentElement.style.setProperty('--anim', anim + 'ms');
    document.querySelector('.win-tile').textContent = win.toString();
    const grid = document.querySelector('.grid-container');
    for (let y = 0; y < rows; y++) {
      const row = document.createElement('div');
      row.className = 'grid-row';
      for (let x = 0; x < cols; x++) {
        const cell = document.createElement('div');
        cell.className = 'grid-cell';
        row.append(cell);
      }
      grid.append(row);
    }
    const css = [];
    for (let y = 0; y < rows; y++) {
      for (let x = 0; x < cols; x++) {
        css.push(`.${position({ x, y })} { transform: translate(calc(${x} * (var(--cell) + var(--gap))), calc(${y} * (var(--cell) + var(--gap)))); }`);
      }
    }
    const style = document.createElement('style');
    style.textContent = css.join('\n');
    document.head.append(style);
  }

  // ---- input --------------------------------------------------------------------

  const KEYS = {
    ArrowUp: 'up', ArrowRight: 'right', ArrowDown: 'down', ArrowLeft: 'left',
    w: 'up', d: 'right', s: 'down', a: 'left', k: 'up', l: 'right', j: 'down', h: 'left',
  };
  document.addEventListener('keydown', (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    const dir = KEYS[e.key];
    if (!dir) return;
    e.preventDefault();
    move(dir);
  });
  document.querySelector('.keep-playing-button').addEventListener('click', (e) => {
    e.preventDefault();
    keepPlaying = true;
    message.classList.remove('game-won', 'game-over');
  });
  document.querySelector('.retry-button').addEventListener('click', () => location.reload());
  document.querySelector('.restart-button').addEventListener('click', () => location.reload());

  build();
  const start = [spawn(), spawn()].filter(Boolean);
  requestAnimationFrame(() => {
    for (const t of start) container.append(tileDiv(t.e, t, 'tile-new'));
  });
  // For tests: what the page played, as a game2048 record's letters.
  window.classic2048 = { seed: seed.toString(), moves, get score() { return score.toString(); } };
})();
