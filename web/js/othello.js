// The Othello page: sends squares to the server and draws what it answers. The
// legal moves, flips, passes and results all come from the server.
import { api, savedGame, saveGame, announce, reducedMotion, typing } from './api.js';

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

const name = (c) => c[0].toUpperCase() + c.slice(1);
const who = (lvl) => (lvl ? `Computer (level ${lvl})` : 'Human');
const sqName = (r, c) => String.fromCharCode(97 + c) + (r + 1);
const colour = (ch) => (ch === 'X' ? 'black' : ch === 'O' ? 'white' : '');

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

function draw() {
  if (boardEl.childElementCount !== state.size * state.size) buildBoard(state.size);
  const live = view === null;
  const h = live ? null : state.history[view];
  const rows = live ? state.board : h.board;
  const legal = new Set(live && !state.computerToMove ? state.legal : []);
  const last = live ? state.last : (h.move !== 'pass' ? h.move : '');
  const animate = shown && !reducedMotion();
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
        if (!disc) { disc = document.createElement('span'); disc.className = 'disc'; cell.prepend(disc); }
        disc.classList.remove('flip', 'placed', 'black', 'white');
        void disc.offsetWidth; // restart the animation
        disc.classList.add(col);
        if (animate && was !== ch) disc.classList.add(was === '-' ? 'placed' : 'flip');
      }
      cell.querySelector('.val')?.remove();
      const v = live && hints && hints[name2];
      if (v && legal.has(name2)) {
        const s = document.createElement('span');
        s.className = 'val' + (v.best ? ' best' : '');
        s.textContent = (v.score > 0 ? '+' : '') + Math.round(v.score);
        cell.append(s);
      }
      const what = col ? `${col} disc` : legal.has(name2) ? 'legal move' : 'empty';
      cell.setAttribute('aria-label', `${name2}: ${what}${v && legal.has(name2) ? ', value ' + Math.round(v.score) : ''}`);
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
  const cvc = state.players.black && state.players.white;
  $('pause').hidden = !cvc;
  $('players').textContent = `Black: ${who(state.players.black)} · White: ${who(state.players.white)} · ${state.size}×${state.size}`;
  drawMoves();
  drawNotice();
}

function drawMoves() {
  const list = $('moves');
  const cur = view === null ? state.history.length - 1 : view;
  const items = state.history.slice(1).map((h, i) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = h.move;
    b.tabIndex = -1;
    if (i + 1 === cur) b.className = 'cur';
    b.addEventListener('click', () => goto(i + 1));
    return b;
  });
  list.replaceChildren(...items);
  if (!items.length) list.textContent = 'No moves yet.';
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
  state = rep.state;
  view = null;
  hints = null;
  draw();
  announce(describe(rep.move));
  next();
}

// next schedules the computer's move or the hint, whichever is due.
function next() {
  clearTimeout(timer);
  if (state.over || view !== null) return;
  if (state.computerToMove) {
    if (paused) return;
    const cvc = state.players.black && state.players.white;
    timer = setTimeout(computerMove, reducedMotion() ? 150 : cvc ? 700 : 450);
  } else if (hintOn) {
    analyse();
  }
}

async function computerMove() {
  if (thinking || !state.computerToMove || state.over) return;
  thinking = true;
  try {
    await update(await api('POST', `/api/othello/games/${game.id}/engine`, {}, game.token));
  } catch (e) {
    announce('The computer could not move: ' + e.message);
  } finally {
    thinking = false;
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
    rep.moves.forEach((m, i) => { hints[m.move] = { score: m.score, best: i === 0 }; });
    draw();
    if (rep.moves.length) announce(`Hint: ${rep.moves[0].move} is best (${rep.moves[0].score > 0 ? '+' : ''}${Math.round(rep.moves[0].score)}).`);
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
      if (e.status !== 404) { announce('Could not load your game: ' + e.message); return; }
    }
  }
  await newGame({ size: 8, black: 'human', white: '1' });
}

function goto(i) {
  if (!state) return;
  const end = state.history.length - 1;
  i = Math.max(0, Math.min(end, i));
  view = i === end ? null : i;
  clearTimeout(timer);
  draw();
  announce(view === null ? describe('') : `Move ${i}${i ? ' (' + state.history[i].move + ')' : ''}, ${state.history[i].turn} to move.`);
  if (view === null) next();
}

// ---- dialogs and controls ---------------------------------------------------

function openNew() {
  const f = $('new-form');
  for (const sel of [f.elements.black, f.elements.white]) {
    if (!sel.options.length) {
      sel.add(new Option('Human', 'human'));
      for (let l = 1; l <= 10; l++) sel.add(new Option(`Computer, level ${l}${l === 1 ? ' (easy)' : l === 10 ? ' (strongest)' : ''}`, String(l)));
    }
  }
  if (state) {
    f.elements.size.value = String(state.size);
    f.elements.black.value = state.players.black ? String(state.players.black) : 'human';
    f.elements.white.value = state.players.white ? String(state.players.white) : 'human';
  }
  $('new-error').textContent = '';
  $('dlg-new').showModal();
}

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
  f.import.value = '';
  $('io-error').textContent = '';
  $('dlg-io').showModal();
}

$('io-form').addEventListener('submit', async (e) => {
  if (e.submitter?.value !== 'ok') return;
  e.preventDefault();
  const text = e.target.elements.import.value.trim();
  if (!text) { $('io-error').textContent = 'Paste a transcript or board text first.'; return; }
  const body = { black: state.players.black ? String(state.players.black) : 'human', white: state.players.white ? String(state.players.white) : 'human' };
  const parts = text.split(/\s+/);
  if (/^[a-h][1-8]/i.test(text)) {
    body.size = state.size;
    body.transcript = text.replace(/\s+/g, '');
  } else {
    body.board = parts.slice(0, 2).join(' ');
    if (parts.length > 2) body.transcript = parts.slice(2).join('');
  }
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

load().catch((e) => announce('Could not start a game: ' + e.message));
