// The Othello page: sends squares to the server and draws what it answers. The
// legal moves, flips, passes and results all come from the server.
import { api, limits, savedGame, saveGame, announce, reducedMotion, typing } from './api.js';

const $ = (id) => document.getElementById(id);
const boardEl = $('oboard');

let game = null;   // { id, token }
let state = null;
let view = null;   // index into state.history while stepping through it; null = live
let shown = null;  // the board rows on screen, for the flip animation
let hintOn = false;
let hints = null;  // analysis of the live position: { move: {score, best} }
let paused = false;
let thinking = false;
let timer = 0;
let pv = null;     // the hint's best line: { move, score, exact, pv, ply }
const evals = new Map(); // position key -> { score, exact }: black's view, for the graph
let evalGen = 0;   // bumps when a newer evaluation request supersedes the one running
let bounds = null; // the server's limits for Othello (GET /api/limits): sizes, levels, Perfect's boards

const name = (c) => c[0].toUpperCase() + c.slice(1);
// A seat is the server's name for it: "human", "level 3" or "perfect".
const seatOf = (c) => (state.seats && state.seats[c]) || (state.players[c] ? `level ${state.players[c]}` : 'human');
const isComputer = (c) => seatOf(c) !== 'human';
const who = (seat) => (seat === 'human' ? 'Human' : seat === 'perfect' ? 'Computer (Perfect)' : `Computer (${seat})`);
// perfectSize: the boards where the Perfect player and exact hints are offered.
const perfectSize = (n) => bounds.perfectSizes.includes(n);
const sqName = (r, c) => String.fromCharCode(97 + c) + (r + 1);
const colour = (ch) => (ch === 'X' ? 'black' : ch === 'O' ? 'white' : '');
// value writes a score in discs one way everywhere on the page: rounded to a
// whole disc, "+3" ahead, "-3" behind, "0" level (never "+0" or "-0").
const value = (score) => { const r = Math.round(score); return r > 0 ? `+${r}` : r < 0 ? `${r}` : '0'; };
const seatValue = (seat) => seat.replace(/^level /, '');
const posKey = (h) => h.board.join('/') + ' ' + h.turn;

// ---- drawing -------------------------------------------------------------

function buildBoard(n) {
  boardEl.style.setProperty('--n', n);
  $('obwrap').style.setProperty('--n', n);
  $('ocols').replaceChildren(...[...Array(n)].map((_, c) => Object.assign(document.createElement('span'), { textContent: String.fromCharCode(97 + c) })));
  $('orows').replaceChildren(...[...Array(n)].map((_, r) => Object.assign(document.createElement('span'), { textContent: r + 1 })));
  const cells = [];
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'sq';
      b.dataset.sq = sqName(r, c);
      b.setAttribute('role', 'gridcell');
      b.addEventListener('click', () => play(b.dataset.sq));
      cells.push(b);
    }
  }
  boardEl.replaceChildren(...cells);
  shown = null;
}

// draw shows the state (or the position viewed in its history). Discs animate
// only when animate is set (a move just played, or one step forward); anything
// else (a new board, a reload, a jump) is drawn as it is, at once.
function draw(animate = false) {
  if (boardEl.childElementCount !== state.size * state.size) buildBoard(state.size);
  const live = view === null;
  const h = live ? null : state.history[view];
  const rows = live ? state.board : h.board;
  const legal = new Set(live && !state.computerToMove ? state.legal : []);
  const last = live ? state.last : (h.move !== 'pass' ? h.move : '');
  animate = animate && shown && !reducedMotion();
  let i = 0;
  for (let r = 0; r < state.size; r++) {
    for (let c = 0; c < state.size; c++, i++) {
      const cell = boardEl.children[i];
      const ch = rows[r][c];
      const was = shown ? shown[r][c] : ch;
      const name2 = cell.dataset.sq;
      cell.classList.toggle('legal', legal.has(name2));
      cell.classList.toggle('last', last === name2);
      const col = colour(ch);
      let disc = cell.querySelector('.disc');
      if (!col) disc?.remove();
      else {
        if (!disc) {
          disc = document.createElement('span');
          disc.className = 'disc ' + col; // in its colour from the first frame
          disc.addEventListener('animationend', () => disc.classList.remove('flip', 'placed'));
          cell.prepend(disc);
        } else if (!disc.classList.contains(col)) {
          disc.classList.replace(col === 'black' ? 'white' : 'black', col);
        }
        if (animate && was !== ch) {
          disc.classList.remove('flip', 'placed');
          void disc.offsetWidth; // restart the animation
          disc.classList.add(was === '-' ? 'placed' : 'flip');
        } else if (!animate) {
          disc.classList.remove('flip', 'placed');
        }
      }
      cell.querySelector('.val')?.remove();
      const v = live && hints && hints[name2];
      if (v && legal.has(name2)) {
        const s = document.createElement('span');
        s.className = 'val' + (v.best ? ' best' : '') + (v.book ? ' book' : '');
        s.textContent = value(v.score);
        s.title = `${name2}: ${value(v.score)} discs${v.exact ? ' (exact)' : v.book ? ' (opening book)' : ''}`;
        cell.append(s);
      }
      const what = col ? `${col} disc` : legal.has(name2) ? 'legal move' : 'empty';
      cell.setAttribute('aria-label', `${name2}: ${what}${v && legal.has(name2) ? ', value ' + value(v.score) : ''}`);
      cell.tabIndex = legal.has(name2) ? 0 : -1;
    }
  }
  shown = rows;
  boardEl.classList.toggle('hide-dots', !$('dots').checked);
  $('n-black').textContent = state.black;
  $('n-white').textContent = state.white;
  $('c-black').classList.toggle('turn', state.turn === 'black');
  $('c-white').classList.toggle('turn', state.turn === 'white');
  $('c-black').querySelector('.d').classList.toggle('turn-mark', live && state.turn === 'black');
  $('c-white').querySelector('.d').classList.toggle('turn-mark', live && state.turn === 'white');
  $('undo').disabled = !state.canUndo;
  $('redo').disabled = !state.canRedo;
  const cvc = isComputer('black') && isComputer('white');
  $('pause').hidden = !cvc;
  $('players').textContent = `Black: ${who(seatOf('black'))} · White: ${who(seatOf('white'))} · ${state.size}×${state.size}`;
  drawSeats();
  drawMoves();
  drawNotice();
  drawPV();
  drawGraph();
  drawThinking();
}

// drawSeats shows who plays each colour in the panel's selects, which change it
// mid-game (a stored action of the game: a reload keeps it).
function drawSeats() {
  for (const c of ['black', 'white']) {
    const sel = $('seat-' + c);
    fillSeats(sel, false, state.size);
    sel.value = seatValue(seatOf(c));
    sel.disabled = state.over;
  }
}

// fillSeats lists the seats for a size x size board: Perfect only on 4x4 and 6x6.
function fillSeats(sel, long, size) {
  if (!sel.options.length) {
    sel.add(new Option('Human', 'human'));
    for (let l = bounds.minLevel; l <= bounds.maxLevel; l++) {
      const note = long && l === bounds.minLevel ? ' (easy)' : long && l === bounds.maxLevel ? ' (strongest)' : '';
      sel.add(new Option(long ? `Computer, level ${l}${note}` : `Level ${l}`, String(l)));
    }
  }
  const perfect = [...sel.options].find((o) => o.value === 'perfect');
  if (perfectSize(size) && !perfect) {
    sel.add(new Option(long ? 'Computer, Perfect (exact: never loses a won game)' : 'Perfect', 'perfect'));
  } else if (!perfectSize(size) && perfect) {
    if (sel.value === 'perfect') sel.value = String(bounds.maxLevel);
    perfect.remove();
  }
}

// drawPV shows the hint's best move and the line the engine expects after it,
// numbered from the current ply, each move in its mover's colour.
function drawPV() {
  const el = $('pv');
  const on = hintOn && view === null && pv && !state.over;
  el.hidden = !on;
  if (!on) { el.replaceChildren(); return; }
  let turn = state.turn;
  const line = pv.pv.map((m, k) => {
    const s = `${pv.ply + k + 1}.${m}`;
    const mover = turn;
    turn = turn === 'black' ? 'white' : 'black';
    return Object.assign(document.createElement('span'), { textContent: s, className: 'by-' + mover });
  });
  const lineEl = document.createElement('span');
  lineEl.className = 'line';
  line.forEach((x, k) => { if (k) lineEl.append(' '); lineEl.append(x); });
  const best = document.createElement('b');
  best.textContent = pv.move;
  el.replaceChildren('Best ', best, ` ${value(pv.score)}${pv.exact ? ' (exact)' : pv.book ? ' (opening book)' : ''} · line `, lineEl);
  if (pv.allExact) el.append(Object.assign(document.createElement('p'), { className: 'help exact-note', textContent: 'Every value shown is exact: the final disc difference with perfect play from here on both sides.' }));
}

// drawThinking shows the indicator while the computer is about to move or searching.
function drawThinking() {
  const on = !!state && !state.over && state.computerToMove && !paused && (view === null || thinking);
  $('thinking').hidden = !on;
  if (on) $('thinking-text').textContent = `${name(state.turn)} (${seatOf(state.turn)}) is thinking…`;
}

function drawMoves() {
  const list = $('moves');
  const cur = view === null ? state.history.length - 1 : view;
  const items = state.history.slice(1).map((h, i) => {
    const b = document.createElement('button');
    const mover = state.history[i].turn; // the side to move before this ply
    b.type = 'button';
    b.textContent = h.move; // the number and the colour come from the style
    b.className = 'by-' + mover + (h.move === 'pass' ? ' pass' : '') + (i + 1 === cur ? ' cur' : '');
    b.setAttribute('aria-label', `${i + 1}. ${name(mover)} ${h.move === 'pass' ? 'passes' : h.move}`);
    b.tabIndex = -1;
    b.addEventListener('click', () => goto(i + 1));
    return b;
  });
  list.replaceChildren(...items);
  if (!items.length) list.append(Object.assign(document.createElement('span'), { className: 'none', textContent: 'No moves yet.' }));
  const c = list.querySelector('.cur'); // keep the current move in sight, inside the list only
  if (c && (c.offsetTop < list.scrollTop || c.offsetTop + c.offsetHeight > list.scrollTop + list.clientHeight)) {
    list.scrollTop = c.offsetTop - list.clientHeight / 2;
  }
}

// ---- evaluation graph ------------------------------------------------------

const SVG = 'http://www.w3.org/2000/svg';
const svgEl = (tag, attrs) => {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
};

// graphGeometry maps plies and scores (black's view) to the graph's pixels.
function graphGeometry() {
  const g = $('graph');
  const w = Math.max(120, Math.round(g.clientWidth || 260)), h = 100, pad = 6, left = 24;
  const n = state.history.length;
  let top = state.size * state.size >= 64 ? 16 : state.size * state.size / 4;
  for (const p of state.history) {
    const e = evals.get(posKey(p));
    if (e) top = Math.max(top, Math.abs(e.score));
  }
  top = Math.min(state.size * state.size, Math.ceil(top / 4) * 4);
  const x = (i) => left + (n > 1 ? (i / (n - 1)) * (w - left - pad) : 0);
  const y = (v) => h / 2 - (v / top) * (h / 2 - pad);
  return { g, w, h, n, top, x, y, left, pad };
}

// drawGraph plots each position's value over the game: up when black is ahead.
function drawGraph() {
  const { g, w, h, n, top, x, y, left } = graphGeometry();
  g.setAttribute('viewBox', `0 0 ${w} ${h}`);
  const parts = [
    svgEl('line', { class: 'zero', x1: left, x2: w, y1: y(0), y2: y(0) }),
  ];
  const pts = [], dots = [];
  for (let i = 0; i < n; i++) {
    const e = evals.get(posKey(state.history[i]));
    if (!e) break; // values come in order; the rest are on their way
    pts.push([x(i), y(Math.max(-top, Math.min(top, e.score)))]);
    const dot = svgEl('circle', { class: 'pt', cx: pts[i][0], cy: pts[i][1], r: 2, 'data-ply': i, 'data-score': e.score });
    const tip = svgEl('title', {});
    tip.textContent = `Move ${i}: ${value(e.score)}${e.exact ? ' (exact)' : ''}`;
    dot.append(tip);
    dots.push(dot);
  }
  if (pts.length) {
    const base = y(0);
    const path = (clip) => 'M' + pts[0][0] + ',' + base + pts.map(([px, py]) => `L${px},${clip(py)}`).join('') + `L${pts[pts.length - 1][0]},${base}Z`;
    parts.push(svgEl('path', { class: 'area-b', d: path((py) => Math.min(py, base)) }));
    parts.push(svgEl('path', { class: 'area-w', d: path((py) => Math.max(py, base)) }));
    parts.push(svgEl('polyline', { class: 'line', points: pts.map((p) => p.join(',')).join(' ') }), ...dots);
  }
  const cur = view === null ? n - 1 : view;
  parts.push(svgEl('line', { class: 'cur', x1: x(cur), x2: x(cur), y1: 0, y2: h }));
  for (const [v, yy] of [[top, 10], [0, y(0) + 3], [-top, h - 3]]) {
    const t = svgEl('text', { x: 2, y: yy });
    t.textContent = value(v);
    parts.push(t);
  }
  g.replaceChildren(...parts);
  g.dataset.points = String(pts.length);
  const e = evals.get(posKey(state.history[cur]));
  const lead = !e ? '' : Math.round(e.score) > 0 ? ', black ahead' : Math.round(e.score) < 0 ? ', white ahead' : ', level';
  const text = e ? `Move ${cur}: ${value(e.score)}${e.exact ? ' (exact)' : ''}${lead}` : `Move ${cur}: valuing…`;
  $('graph-value').textContent = text;
  g.setAttribute('aria-label', `Evaluation graph, ${pts.length} of ${n} positions valued. ${text}.`);
}

// refreshEvaluations asks the server for the values of the positions the graph
// lacks, from the first one missing; a reply that ran out of the server's time
// budget is followed by a request for the rest.
async function refreshEvaluations() {
  const gen = ++evalGen;
  for (let guard = 0; guard < 50; guard++) {
    if (!state || gen !== evalGen) return;
    const from = state.history.findIndex((h) => !evals.has(posKey(h)));
    if (from < 0) return;
    const id = state.id, hist = state.history, line = state.transcript;
    let rep;
    try {
      rep = await api('GET', `/api/othello/games/${id}/evaluations?from=${from}`);
    } catch (e) {
      if (gen === evalGen) $('graph-value').textContent = 'Evaluation failed: ' + e.message;
      return;
    }
    // The values are of the game as the server read it: kept when that is the
    // history asked about (even if the game has moved on since), else dropped.
    if (rep.transcript !== line || rep.plies !== hist.length) return;
    for (const e of rep.evaluations) {
      if (hist[e.ply]) evals.set(posKey(hist[e.ply]), { score: e.score, exact: e.exact });
    }
    if (state && state.id === id) drawGraph();
    if (gen !== evalGen || !rep.evaluations.length) return; // a newer request goes on
  }
}

function graphPick(ev) {
  if (!state) return;
  const { g, x, n } = graphGeometry();
  const r = g.getBoundingClientRect();
  const px = ((ev.clientX - r.left) / r.width) * Number(g.viewBox.baseVal.width || r.width);
  let best = 0;
  for (let i = 0; i < n; i++) if (Math.abs(x(i) - px) < Math.abs(x(best) - px)) best = i;
  goto(best);
}

function drawNotice() {
  let text = '';
  if (view !== null) text = `Viewing move ${view} of ${state.history.length - 1}. Press End to return to the game.`;
  else if (state.over) text = resultText();
  else {
    // A pass in the last two plies stays on screen until the person has seen it.
    const h = state.history;
    for (let i = Math.max(1, h.length - 2); i < h.length; i++) {
      if (h[i].move === 'pass') text = `${name(h[i - 1].turn)} had no legal move and passed. ${name(h[i].turn)} played again.`;
    }
    if (state.passed) text = `${name(state.passed)} has no legal move and passes. ${name(state.turn)} plays again.`;
  }
  $('notice').textContent = text;
}

function resultText() {
  return state.winner === 'none' ? `Game over: a draw, ${state.black}-${state.white}.` : `Game over: ${state.result}.`;
}

function describe(move) {
  if (state.over) return `${move ? move + '. ' : ''}${resultText()}`;
  let s = move ? `${move} played. ` : '';
  if (state.passed) s += `${name(state.passed)} must pass. `;
  s += `${name(state.turn)} to move${state.computerToMove ? ' (computer thinking)' : ''}.`;
  return s;
}

// ---- talking to the server ----------------------------------------------

async function update(rep) {
  const ply = state && state.id === rep.state.id ? state.history.length : -1;
  state = rep.state;
  view = null;
  hints = null;
  pv = null;
  // Animate a move just played (one ply on, or two with a forced pass); draw
  // anything else (a new game, an undo, a reload) at once.
  draw(!!rep.move && ply > 0 && state.history.length > ply && state.history.length <= ply + 2);
  announce(describe(rep.move));
  refreshEvaluations();
  next();
}

// next schedules the computer's move or the hint, whichever is due.
function next() {
  clearTimeout(timer);
  if (state.over || view !== null) return;
  if (state.computerToMove) {
    if (paused) return;
    const cvc = isComputer('black') && isComputer('white');
    timer = setTimeout(computerMove, reducedMotion() ? 150 : cvc ? 700 : 450);
  } else if (hintOn) {
    analyse();
  }
}

async function computerMove() {
  if (thinking || !state.computerToMove || state.over) return;
  thinking = true;
  drawThinking();
  try {
    await update(await api('POST', `/api/othello/games/${game.id}/engine`, {}, game.token));
  } catch (e) {
    announce('The computer could not move: ' + e.message);
  } finally {
    thinking = false;
    drawThinking();
  }
}

async function play(sq) {
  if (!state || view !== null || state.over || state.computerToMove || thinking) return;
  if (!state.legal.includes(sq)) { announce(`${sq} is not a legal move.`); return; }
  try {
    await update(await api('POST', `/api/othello/games/${game.id}/moves`, { square: sq }, game.token));
  } catch (e) { announce(e.message); }
}

async function history(action) {
  if (thinking) return;
  clearTimeout(timer);
  try {
    const rep = await api('POST', `/api/othello/games/${game.id}/${action}`, {}, game.token);
    await update(rep);
    announce(`${action === 'undo' ? 'Undone' : 'Redone'}. ${describe('')}`);
  } catch (e) { announce(e.message); }
}

async function analyse() {
  const id = state.id, at = state.history.length;
  try {
    const rep = await api('POST', `/api/othello/games/${id}/analyze`, {});
    if (state.id !== id || state.history.length !== at || view !== null || !hintOn) return;
    hints = {};
    rep.moves.forEach((m, i) => { hints[m.move] = { score: m.score, exact: m.exact, book: !!m.book, best: i === 0 }; });
    const b = rep.moves[0];
    pv = b ? { move: b.move, score: b.score, exact: b.exact, book: !!b.book, allExact: !!rep.exact, pv: b.pv && b.pv.length ? b.pv : [b.move], ply: at - 1 } : null;
    draw();
    if (b) announce(`Hint: ${b.move} is best (${value(b.score)}${rep.exact ? ', exact' : ''}); line ${pv.pv.join(' ')}.`);
  } catch (e) { announce('Hint failed: ' + e.message); }
}

async function newGame(body) {
  clearTimeout(timer);
  const rep = await api('POST', '/api/othello/games', body);
  game = { id: rep.state.id, token: rep.token };
  saveGame('othello', game.id, game.token);
  paused = false;
  $('pause').setAttribute('aria-pressed', 'false');
  shown = null;
  await update(rep);
}

async function load() {
  const saved = savedGame('othello');
  if (saved) {
    try {
      const rep = await api('GET', `/api/othello/games/${saved.id}`);
      game = saved;
      await update(rep);
      return;
    } catch (e) {
      if (e.code !== 'not_found') { announce('Could not load your game: ' + e.message); return; }
    }
  }
  // The server's default board (8x8), a person against the easiest level.
  await newGame({ black: 'human', white: String(bounds.minLevel) });
}

// buildControls offers the board sizes the server plays, largest first.
function buildControls() {
  const sel = $('new-form').elements.size;
  sel.replaceChildren(...[...bounds.sizes].sort((a, b) => b - a).map((n) => new Option(`${n}×${n}`, String(n))));
}

function goto(i) {
  if (!state) return;
  const end = state.history.length - 1;
  i = Math.max(0, Math.min(end, i));
  const cur = view === null ? end : view;
  view = i === end ? null : i;
  clearTimeout(timer);
  draw(i === cur + 1);
  announce(view === null ? describe('') : `Move ${i}${i ? ' (' + state.history[i].move + ')' : ''}, ${state.history[i].turn} to move.`);
  if (view === null) next();
}

// ---- dialogs and controls ---------------------------------------------------

function openNew() {
  if (!bounds) return; // the limits are not read yet
  const f = $('new-form');
  if (state) f.elements.size.value = String(state.size);
  const size = Number(f.elements.size.value);
  for (const sel of [f.elements.black, f.elements.white]) fillSeats(sel, true, size);
  if (state) {
    f.elements.black.value = seatValue(seatOf('black'));
    f.elements.white.value = seatValue(seatOf('white'));
    for (const sel of [f.elements.black, f.elements.white]) fillSeats(sel, true, size);
  }
  $('new-error').textContent = '';
  $('dlg-new').showModal();
}

// The Perfect player is offered on the boards it plays.
$('new-form').elements.size.addEventListener('change', (e) => {
  for (const sel of [e.target.form.elements.black, e.target.form.elements.white]) fillSeats(sel, true, Number(e.target.value));
});

$('new-form').addEventListener('submit', async (e) => {
  if (e.submitter?.value !== 'ok') return;
  e.preventDefault();
  const f = e.target.elements;
  try {
    await newGame({ size: Number(f.size.value), black: f.black.value, white: f.white.value });
    $('dlg-new').close();
  } catch (err) { $('new-error').textContent = err.message; }
});

function openIO() {
  const f = $('io-form').elements;
  f.transcript.value = state.transcript;
  f.board.value = state.text;
  f.ggf.value = state.ggf;
  f.import.value = '';
  $('io-error').textContent = '';
  $('io-note').textContent = '';
  $('dlg-io').showModal();
}

// copy puts text on the clipboard (or, where the browser refuses, selects it in
// field for Ctrl+C).
async function copy(text, what, field) {
  try {
    await navigator.clipboard.writeText(text);
    $('io-note').textContent = `${what} copied to the clipboard.`;
  } catch {
    field.select();
    const ok = document.execCommand?.('copy');
    $('io-note').textContent = ok ? `${what} copied to the clipboard.` : `${what} selected: press Ctrl+C to copy it.`;
  }
}

// download saves text as a file named name.
function download(name, text, type) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
  $('io-note').textContent = `Saved ${name}.`;
}

const fileBase = () => `othello-${state.size}x${state.size}-${state.id.slice(0, 8)}`;
$('copy-transcript').addEventListener('click', () => copy(state.transcript, 'Transcript', $('io-form').elements.transcript));
$('copy-ggf').addEventListener('click', () => copy(state.ggf, 'GGF record', $('io-form').elements.ggf));
$('save-txt').addEventListener('click', () => download(fileBase() + '.txt', state.gameText + '\n', 'text/plain'));
$('save-ggf').addEventListener('click', () => download(fileBase() + '.ggf', state.ggf + '\n', 'application/x-ggf'));

// Seats changed mid-game: each change is a stored action of the game.
for (const c of ['black', 'white']) {
  $('seat-' + c).addEventListener('change', async (e) => {
    const sel = e.target;
    try {
      const rep = await api('POST', `/api/othello/games/${game.id}/seats`, { [c]: sel.value }, game.token);
      sel.blur(); // the arrow keys step through the game again
      await update(rep);
      announce(`${name(c)} is now ${who(seatOf(c))}. ${describe('')}`);
    } catch (err) {
      announce(err.message);
      sel.value = seatValue(seatOf(c));
    }
  });
}
$('graph').addEventListener('click', graphPick);
new ResizeObserver(() => state && drawGraph()).observe($('graph'));

// Import: the pasted text goes to the server as it is (a transcript, board text
// or a GGF record: the server tells them apart, and says what it could not
// read); size is the board of a transcript, which has none of its own.
$('io-form').addEventListener('submit', async (e) => {
  if (e.submitter?.value !== 'ok') return;
  e.preventDefault();
  const body = {
    import: e.target.elements.import.value, size: state.size,
    black: seatValue(seatOf('black')), white: seatValue(seatOf('white')),
  };
  $('io-error').textContent = '';
  try {
    await newGame(body);
    $('dlg-io').close();
  } catch (err) { $('io-error').textContent = err.message; }
});

$('new').addEventListener('click', openNew);
$('undo').addEventListener('click', () => history('undo'));
$('redo').addEventListener('click', () => history('redo'));
$('io').addEventListener('click', openIO);
$('dots').addEventListener('change', () => state && draw());
$('hint').addEventListener('click', () => {
  hintOn = !hintOn;
  $('hint').setAttribute('aria-pressed', String(hintOn));
  hints = null;
  if (hintOn) next(); else { draw(); announce('Hints off.'); }
});
$('pause').addEventListener('click', () => {
  paused = !paused;
  $('pause').setAttribute('aria-pressed', String(paused));
  $('pause').textContent = paused ? 'Resume' : 'Pause';
  announce(paused ? 'Paused.' : 'Resumed.');
  if (!paused) next(); else clearTimeout(timer);
});

document.addEventListener('keydown', (e) => {
  if (!state || e.altKey || e.ctrlKey || e.metaKey || typing(e)) return;
  const cur = view === null ? state.history.length - 1 : view;
  const keys = {
    ArrowLeft: () => goto(cur - 1), ArrowRight: () => goto(cur + 1),
    Home: () => goto(0), End: () => goto(state.history.length - 1),
    u: () => history('undo'), r: () => history('redo'),
  };
  const f = keys[e.key];
  if (f) { e.preventDefault(); f(); }
});

limits().then((l) => { bounds = l.othello; buildControls(); return load(); })
  .catch((e) => announce('Could not start a game: ' + e.message));
