// The 2048 page: sends directions to the server and draws the state and the
// animation steps it answers with. No rule of the game lives here.
import { api, limits, refused, savedGame, saveGame, announce, reducedMotion, sleep } from './api.js';

const $ = (id) => document.getElementById(id);
const board = $('board');
const tilesEl = $('tiles');

let game = null;   // { id, token }
let state = null;  // the server's state
let cellPx = 0;
let queue = [];    // intents waiting for the one in flight: 'left'..'down' or 'undo'
let busy = false;  // pump is sending the queue's intents
let hurry = null;  // ends the slide on show at once: a key came in
let auto = false;
let perfect = false; // hints and auto-play from the exact tables (the boards perfectable allows)
let hintTimer = 0;
let undoAgreed = false; // the person agreed to end the ranking with the next undo
let bounds = null; // the server's limits for 2048 (GET /api/limits): sizes, win tiles, name, perfect play

const KEYS = {
  ArrowLeft: 'left', ArrowRight: 'right', ArrowUp: 'up', ArrowDown: 'down',
  a: 'left', d: 'right', w: 'up', s: 'down', h: 'left', l: 'right', k: 'up', j: 'down',
};
const ARROWS = { left: '←', right: '→', up: '↑', down: '↓' };
// MAX_QUEUE bounds the memory the waiting intents take, far above what anyone
// types or swipes (a held key repeats about 30 times a second): every key acts,
// in order, and only a key past this many waiting ones is dropped.
const MAX_QUEUE = 4096;
// SLIDE_MS is the slide's length, the .tile transition in app.css. Merged tiles pop
// and the new tile appears as it ends (.2s, no delay): a move settles in 300 ms.
const SLIDE_MS = 100;

// Why a game is practice, by the state's practiceReason.
const PRACTICE = {
  rules: 'other rules than the standard ones', seed: 'a seed of its own',
  undo: 'a move was undone', unsealed: 'stored before seeds were kept secret',
};
const practiceWhy = () => PRACTICE[state.practiceReason] || 'its own seed or rules';

const label = (t) => (2n ** BigInt(t)).toString();
const wonKey = () => 'gridgames:2048:kept:' + state.id;

// ---- drawing -------------------------------------------------------------

function layout() {
  const { rows, cols } = state.rules;
  const gap = rows > 8 || cols > 8 ? 4 : cols > 5 || rows > 5 ? 6 : window.innerWidth <= 520 ? 7 : 10;
  const host = getComputedStyle(board.parentElement);
  const avail = Math.min(board.parentElement.clientWidth - parseFloat(host.paddingLeft) - parseFloat(host.paddingRight), cols > 6 ? 760 : 520);
  const top = board.getBoundingClientRect().top + window.scrollY;
  const maxH = Math.max(240, Math.min(window.innerHeight - top - 12, 640));
  cellPx = Math.floor(Math.min((avail - gap * (cols + 1)) / cols, (maxH - gap * (rows + 1)) / rows));
  board.style.setProperty('--gap', gap + 'px');
  board.style.setProperty('--cols', cols);
  board.style.setProperty('--cell', cellPx + 'px');
  board.style.width = cellPx * cols + gap * (cols + 1) + 'px';
  board.style.height = cellPx * rows + gap * (rows + 1) + 'px';
  $('bg').innerHTML = '<i></i>'.repeat(rows * cols);
}

// ---- tile labels -------------------------------------------------------------
// A tile shows the first of these labels that fits its cell in a font of at least
// minPx: its full value ("131072"); the value cut to whole thousands, millions,
// billions or trillions ("131k", "1M", "562T"); 2 with the exponent raised
// (2<sup>50</sup>), which fits any cell at some size. The largest font that fits is
// used, up to half the cell. A value under 1000 has no short form: it keeps its
// digits down to MIN_DIGITS_PX, still larger than a raised exponent would be. An
// abbreviated tile keeps its full value in its title (a tooltip); every tile has
// it as its accessible name.

const LABEL_ROOM = 0.9;    // of the cell's width, for the label
const EXP_SIZE = 0.6;      // the raised exponent's size, of the label's (.tile sup in app.css)
const SUFFIXES = ['', 'k', 'M', 'B', 'T'];
const MIN_DIGITS_PX = 7;

function shortLabel(t) {
  const s = label(t);
  const groups = Math.floor((s.length - 1) / 3);
  return groups > 0 && groups < SUFFIXES.length ? s.slice(0, s.length - 3 * groups) + SUFFIXES[groups] : null;
}

// textEm measures text in the tiles' font, in em.
const widths = new Map();
let measure = null;
function textEm(text) {
  if (!widths.has(text)) {
    if (!measure) {
      measure = document.createElement('canvas').getContext('2d');
      measure.font = `800 100px ${getComputedStyle(tilesEl).fontFamily}`;
    }
    widths.set(text, measure.measureText(text).width / 100);
  }
  return widths.get(text);
}

// fitLabel picks a tile's label and font size (px) for the current cell size.
function fitLabel(t) {
  const maxPx = cellPx * 0.5;
  const minPx = Math.max(8, maxPx * 0.45);
  const room = cellPx * LABEL_ROOM;
  const short = shortLabel(t);
  const options = [{ text: label(t), min: short ? minPx : Math.min(minPx, MIN_DIGITS_PX) },
    { text: short, min: minPx }, { text: '2', exp: String(t), min: 0 }];
  let fit = null;
  for (const o of options) {
    if (!o.text) continue;
    const em = textEm(o.text) + (o.exp ? EXP_SIZE * textEm(o.exp) : 0);
    fit = { text: o.text, exp: o.exp, px: Math.floor(Math.min(maxPx, room / em) * 10) / 10 };
    if (fit.px >= o.min) break;
  }
  return fit;
}

function makeTile(t, r, c, cls) {
  const el = document.createElement('div');
  el.className = `tile t${t}${t > 11 ? ' tbig' : ''}${cls ? ' ' + cls : ''}`;
  el.style.setProperty('--r', r);
  el.style.setProperty('--c', c);
  el.style.setProperty('--e', t);
  const value = label(t);
  const fit = fitLabel(t);
  const span = document.createElement('span');
  if (fit.exp) {
    // One grid item: the 2 and its raised exponent on one line.
    const pow = document.createElement('b');
    const sup = document.createElement('sup');
    sup.textContent = fit.exp;
    pow.append(fit.text, sup);
    span.append(pow);
  } else span.textContent = fit.text;
  span.style.fontSize = fit.px + 'px';
  el.append(span);
  el.setAttribute('role', 'img');
  el.setAttribute('aria-label', value);
  if (fit.text !== value) el.title = value;
  el.dataset.value = value;
  el.dataset.cell = r + ',' + c;
  return el;
}

// drawTiles redraws every tile from the state; marks flags merged and new cells.
function drawTiles(marks = {}) {
  const frag = document.createDocumentFragment();
  state.board.forEach((row, r) => row.forEach((t, c) => {
    if (t) frag.append(makeTile(t, r, c, marks[r + ',' + c]));
  }));
  tilesEl.replaceChildren(frag);
  const values = state.board.map((row) => row.map((t) => (t ? label(t) : 'empty')).join(', ')).join('; ');
  board.setAttribute('aria-label', `2048 board, ${state.rules.rows} by ${state.rules.cols}: ${values}`);
}

function drawScores(points) {
  $('score').textContent = state.score;
  // A reply whose best score could not be read goes without it: keep the one shown.
  $('best').textContent = state.best ?? Math.max(Number($('best').textContent) || 0, state.score);
  // Say when this game cannot reach the leaderboard, before the end dialog does.
  const tag = $('rank-tag');
  tag.textContent = state.ranked === false ? 'Practice' : state.assisted ? 'Assisted' : '';
  tag.title = state.ranked === false ? `A practice game (${practiceWhy()}): not ranked`
    : state.assisted ? 'Hints or auto-play helped: not ranked' : '';
  tag.hidden = !tag.textContent;
  if (points > 0 && !reducedMotion()) {
    const p = document.createElement('div');
    p.className = 'plus';
    p.textContent = '+' + points;
    $('score-box').append(p);
    setTimeout(() => p.remove(), 650);
  }
  $('undo').disabled = !state.canUndo;
  $('hint').disabled = state.over;
}

function draw() {
  layout();
  drawTiles();
  drawScores(0);
  $('perfect').hidden = !perfectable();
  if (!perfectable() && perfect) setPerfect(false);
}

function setPerfect(on) {
  perfect = on;
  $('perfect').setAttribute('aria-pressed', String(on));
  if (!on) $('perfect-info').hidden = true;
}

// showPerfect writes a perfect hint's exact values: each move's expected final
// score and, when known, its chance of making the next tile.
function showPerfect(h) {
  const el = $('perfect-info');
  const dirs = ['left', 'right', 'up', 'down'].filter((d) => d in h.values);
  const pct = (p) => (100 * p).toFixed(p > 0.9999 || p < 0.0001 ? 4 : 2) + '%';
  // Enough decimals to tell the moves apart: they often differ by less than a point.
  const vals = dirs.map((d) => h.values[d]);
  const places = Math.max(...vals) - Math.min(...vals) < 0.1 ? 4 : 2;
  let text = 'Exact: ' + dirs.map((d) => `${d} ${(state.score + h.values[d]).toFixed(places)}${d === h.best ? ' (best)' : ''}`).join(' · ');
  text += ' expected final score';
  if (h.nextTileChances) text += `. Chance of making ${h.nextTile}: ` + dirs.map((d) => `${d} ${pct(h.nextTileChances[d])}`).join(' · ');
  el.textContent = text + '.';
  el.hidden = false;
}

// slide waits for the slide to end, or less when a key comes in meanwhile.
function slide() {
  return new Promise((done) => {
    hurry = done;
    setTimeout(done, SLIDE_MS);
  }).finally(() => { hurry = null; });
}

// animate plays a move's steps: tiles slide, then merged tiles pop and the new
// tile appears at once. quick skips the slide (keys are waiting); a key typed
// during the slide cuts it short, as in the original game.
async function animate(move, quick) {
  const els = new Map([...tilesEl.children].map((el) => [el.dataset.cell, el]));
  if (!quick && !reducedMotion()) {
    for (const m of move.tiles) {
      const el = els.get(m.from.row + ',' + m.from.col);
      if (!el) continue;
      el.style.setProperty('--r', m.to.row);
      el.style.setProperty('--c', m.to.col);
    }
    await slide();
  }
  const marks = {};
  for (const m of move.merges || []) marks[m.at.row + ',' + m.at.col] = 'merged';
  if (move.spawn) marks[move.spawn.at.row + ',' + move.spawn.at.col] = 'new';
  drawTiles(marks);
}

// ---- talking to the server ----------------------------------------------

// The requests that act on the game name the number of actions it had when the
// page drew it (state.seq): the server refuses them with 409 when another tab or
// client acted in between.
const post = (what, body) => api('POST', `/api/2048/games/${game.id}/${what}`, body, game.token);
const sendMove = (dir) => post('moves', { dir, seq: state.seq });
const sendUndo = () => post('undo', { seq: state.seq });
const sendAuto = () => post(perfect ? 'auto?perfect=1' : 'auto', { seq: state.seq });

// perfectable says whether the board has an exact solution on the server (its
// limits: the cells of the boards solved, the start tiles).
const perfectable = () => state.rules.rows * state.rules.cols <= bounds.perfectMaxCells && state.rules.startTiles === bounds.perfectStartTiles;

// reloadIfMoved reads the game again after a stale request. When it moved on elsewhere
// (another tab, another device), the page drops the keys waiting, draws the game
// as it is and says so, and returns true; otherwise it returns false.
async function reloadIfMoved() {
  let rep;
  try { rep = await api('GET', `/api/2048/games/${game.id}`); } catch { return false; }
  if (rep.state.seq === state.seq) return false;
  queue = [];
  state = rep.state;
  draw();
  announce('This game moved on in another tab or window: it is shown as it is now.');
  return true;
}

// needsUndoWarning reports whether the next undo would end a ranked game's
// ranking without the person having agreed.
const needsUndoWarning = () => state.ranked && !state.submitted && !undoAgreed;

// warnUndo asks before the first undo of a ranked game; agreeing undoes.
function warnUndo() {
  const dlg = $('dlg-undo');
  dlg.returnValue = '';
  dlg.onclose = () => {
    if (dlg.returnValue !== 'ok') { announce('Still ranked.'); return; }
    undoAgreed = true;
    intend('undo');
  };
  showDialog(dlg);
}

async function apply(reply, quick) {
  const { move } = reply;
  state = reply.state;
  if (move) await animate(move, quick);
  else drawTiles();
  drawScores(move ? move.points : 0);
  if (move && move.won) showWin();
  else if (state.over) showOver();
}

// pump sends the queued intents one at a time, each after the reply to the one
// before. A direction that the latest state says moves nothing is skipped, with
// no request (a state without legal sends it, and the server answers 409). The
// board is aria-busy while intents wait or one is in flight.
async function pump() {
  if (busy) return;
  busy = true;
  board.setAttribute('aria-busy', 'true');
  try {
    while (queue.length && !dialogOpen()) {
      const intent = queue.shift();
      if (intent !== 'undo' && Array.isArray(state.legal) && !state.legal.includes(intent)) {
        announce(`Nothing moves ${intent}.`);
        continue;
      }
      clearHint();
      $('perfect-info').hidden = true; // the values were for the position before
      try {
        if (intent === 'undo') {
          if (needsUndoWarning()) { warnUndo(); continue; }
          undoAgreed = false;
          await apply(await sendUndo(), true);
          announce(state.practiceReason === 'undo' && state.undos === 1 ? 'Move undone. This game is practice now.' : 'Move undone.');
        } else {
          const rep = await sendMove(intent);
          await apply(rep, queue.length > 0);
          announce(rep.move.points ? `Moved ${intent}, +${rep.move.points}.` : `Moved ${intent}.`);
        }
      } catch (e) {
        if (e.code === 'stale') { if (!(await reloadIfMoved())) announce(e.message); }
        else if (refused(e)) announce(e.message);
        else { announce('Error: ' + e.message); queue = []; }
      }
    }
  } finally {
    busy = false;
    if (dialogOpen()) queue = [];
    board.setAttribute('aria-busy', 'false');
  }
}

// Input stops while a dialog is open: intents are refused, and the ones queued when
// it opened are dropped (showDialog), so nothing plays behind it.
const dialogOpen = () => !!document.querySelector('dialog[open]');

function showDialog(dlg) {
  queue = [];
  clearHint();
  if (!dlg.open) dlg.showModal();
}

function intend(intent) {
  if (!state || dialogOpen()) return;
  if (auto) stopAuto();
  if (queue.length >= MAX_QUEUE) {
    announce(`${MAX_QUEUE} moves are waiting already: key dropped.`);
    return;
  }
  queue.push(intent);
  hurry?.();
  pump();
}

async function newGame(rules) {
  stopAuto();
  queue = [];
  const r = rules || state?.rules || {};
  const body = { rows: r.rows, cols: r.cols, fourChance: r.fourChance, winTile: r.winTile };
  const rep = await api('POST', '/api/2048/games', body);
  game = { id: rep.state.id, token: rep.token };
  saveGame('2048', game.id, game.token);
  state = rep.state;
  draw();
  announce(`New ${state.rules.rows}×${state.rules.cols} game. Reach ${state.rules.winTile} to win.`);
}

async function load() {
  const saved = savedGame('2048');
  if (saved) {
    try {
      const rep = await api('GET', `/api/2048/games/${saved.id}`);
      game = saved;
      state = rep.state;
      draw();
      announce(`Welcome back: score ${state.score}, ${state.moves} moves.`);
      if (state.over) showOver();
      else if (state.won && !localStorage.getItem(wonKey())) showWin();
      return;
    } catch (e) {
      if (e.code !== 'not_found') { announce('Could not load your game: ' + e.message); return; }
    }
  }
  await newGame({});
}

// ---- hint and auto-play ----------------------------------------------------

function clearHint() {
  clearTimeout(hintTimer);
  board.querySelector('.hint-arrow')?.remove();
}

function showHint(dir) {
  clearHint();
  const el = document.createElement('div');
  el.className = 'hint-arrow';
  el.textContent = ARROWS[dir];
  board.append(el);
  hintTimer = setTimeout(clearHint, 2000);
}

async function hint() {
  if (!state || state.over) return;
  try {
    const h = await post(perfect ? 'hint?perfect=1' : 'hint', {});
    // A counted hint is an action of the game: take the state it answers with,
    // unless a move's reply came in after it.
    if (h.state && h.state.seq > state.seq) { state = h.state; drawScores(0); }
    showHint(h.best);
    if (h.perfect) {
      showPerfect(h);
      announce(`Perfect hint: move ${h.best}, expected final score ${(state.score + h.values[h.best]).toFixed(2)}.`);
    } else announce(`Hint: move ${h.best} (searched ${h.depth} tiles deep).`);
  } catch (e) { announce('Hint failed: ' + e.message); }
}

function stopAuto() {
  auto = false;
  $('auto').setAttribute('aria-pressed', 'false');
  $('auto').textContent = 'Auto-play';
}

async function startAuto() {
  if (!state || state.over) return;
  auto = true;
  $('auto').setAttribute('aria-pressed', 'true');
  $('auto').textContent = 'Stop';
  announce('Auto-play on.');
  while (auto && !state.over) {
    const delay = Number($('speed').value);
    try {
      const rep = await sendAuto();
      if (!auto) { state = rep.state; draw(); break; }
      state = rep.state;
      await animate(rep.move, delay < 100);
      drawScores(rep.move.points);
      if (rep.move.won) { localStorage.setItem(wonKey(), '1'); announce(`Auto-play made ${state.rules.winTile}! It keeps going.`); }
    } catch (e) {
      if (!(e.code === 'stale' && await reloadIfMoved())) announce('Auto-play stopped: ' + e.message);
      break;
    }
    if (delay) await sleep(delay);
  }
  const wasOn = auto;
  stopAuto();
  if (state.over) showOver();
  else if (wasOn === false) announce('Auto-play stopped.');
}

// ---- dialogs ----------------------------------------------------------------

function button(text, cls, onClick) {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = 'btn' + (cls ? ' ' + cls : '');
  b.textContent = text;
  b.addEventListener('click', onClick);
  return b;
}

function endDialog(title, text, withName, buttons) {
  $('end-title').textContent = title;
  $('end-text').textContent = text;
  $('end-name-label').hidden = !withName;
  $('end-error').textContent = '';
  // A game whose seed the server drew can be checked once its seed is revealed.
  const checkable = state.seed && state.commitment && !['seed', 'rules'].includes(state.practiceReason);
  $('end-verify').hidden = !checkable;
  if (checkable) {
    $('end-record').href = `/api/2048/games/${game.id}/record`;
    $('end-commitment').textContent = state.commitment.slice(0, 12) + '…';
    $('end-commitment').title = state.commitment;
  }
  $('end-buttons').replaceChildren(...buttons);
  const dlg = $('dlg-end');
  showDialog(dlg);
  return dlg;
}

// offBoard says why a finished or won game stays off the leaderboard ('' when
// it may go on, as the server's canSubmit says).
function offBoard() {
  if (state.canSubmit) return '';
  if (state.ranked === false) return ` A practice game (${practiceWhy()}) is not ranked.`;
  if (state.submitted) return ' Its score is on the leaderboard.';
  if (state.assisted) return ' Hints or auto-play helped: not ranked.';
  return '';
}

// The win and game-over dialogs ask a name, with Submit score, when the server
// would rank the game.
function showWin() {
  announce(`You win! You made ${state.rules.winTile}.`);
  const keep = () => { localStorage.setItem(wonKey(), '1'); dlg.close(); announce('Keep going!'); };
  const dlg = endDialog('You win!', `You made ${state.rules.winTile} with a score of ${state.score}.${offBoard()}`, state.canSubmit, [
    button('Try again', 'ghost', () => { dlg.close(); newGame(); }),
    ...(state.canSubmit ? [button('Submit score', 'ghost', submitScore)] : []),
    button('Keep going', '', keep),
  ]);
  if (state.canSubmit) dlg.querySelector('input[name=name]').value = localStorage.getItem('gridgames:name') || '';
  dlg.querySelector('.btn:last-child').focus();
}

function showOver() {
  announce(`Game over. Score ${state.score}.`);
  $('end-review').hidden = true;
  const dlg = endDialog('Game over', `No moves left. Score ${state.score} in ${state.moves} moves.${offBoard()}`, state.canSubmit, [
    button('Undo', 'ghost', () => { dlg.close(); intend('undo'); }),
    ...(state.canSubmit ? [button('Submit score', 'ghost', submitScore)] : []),
    button('Try again', '', () => { dlg.close(); newGame(); }),
    ...(perfectable() ? [button('Review', 'ghost', showReview)] : []),
  ]);
  dlg.querySelector('input[name=name]').value = localStorage.getItem('gridgames:name') || '';
}

// showReview lists, in the end dialog, the moves that lost expected score
// against perfect play.
async function showReview() {
  const el = $('end-review');
  el.hidden = false;
  el.textContent = 'Reviewing against perfect play…';
  try {
    const r = await api('GET', `/api/2048/games/${game.id}/review`);
    const head = document.createElement('p');
    head.textContent = `Perfect play expected ${r.expectedScore.toFixed(2)} from your first position. ` +
      (r.mistakes.length ? `${r.mistakes.length} moves lost ${r.lost.toFixed(2)} points of expected score:` : 'Every move was a best move.');
    const list = document.createElement('ul');
    list.className = 'review';
    for (const m of r.mistakes) {
      const li = document.createElement('li');
      li.textContent = `move ${m.number}: ${m.played}, best ${m.best}, lost ${m.loss.toFixed(m.loss < 0.01 ? 4 : 2)}`;
      list.append(li);
    }
    el.replaceChildren(head, list);
  } catch (e) { el.textContent = 'No review: ' + e.message; }
}

// Enter in the name field submits the score instead of closing the dialog.
$('end-form').addEventListener('submit', (e) => {
  if ($('end-name-label').hidden) return;
  e.preventDefault();
  submitScore();
});

async function submitScore() {
  const name = $('end-form').elements.name.value.trim();
  if (!name) { $('end-error').textContent = 'Type a name first.'; return; }
  localStorage.setItem('gridgames:name', name);
  try {
    const rep = await post('score', { name });
    if (rep.state) { state = rep.state; drawScores(0); }
    if (!state.over) localStorage.setItem(wonKey(), '1'); // a won game submitted goes on
    $('dlg-end').close();
    showLeaders(rep.leaderboard, rep.accepted.gameId);
    announce(`Score ${rep.accepted.score} submitted.`);
  } catch (e) { $('end-error').textContent = e.message; }
}

async function showLeaders(list, mine) {
  const { rows, cols } = state.rules;
  if (!list) {
    try { list = (await api('GET', `/api/2048/leaderboard?rows=${rows}&cols=${cols}`)).scores; } catch (e) { announce(e.message); return; }
  }
  $('leaders-title').textContent = `Leaderboard ${rows}×${cols}`;
  const body = $('leaders-body');
  if (!list.length) body.textContent = 'No scores yet on this board size. Finish or win a ranked game and submit yours.';
  else {
    const t = document.createElement('table');
    t.innerHTML = '<thead><tr><th class="num">#</th><th>Name</th><th class="num">Score</th><th class="num">Tile</th></tr></thead>';
    const tb = document.createElement('tbody');
    list.forEach((s, i) => {
      const tr = document.createElement('tr');
      if (s.gameId === mine) tr.style.fontWeight = '800';
      for (const [v, cls] of [[i + 1, 'num'], [s.name, ''], [s.score, 'num'], [s.maxTile, 'num']]) {
        const td = document.createElement('td');
        td.textContent = v;
        td.className = cls;
        tr.append(td);
      }
      tb.append(tr);
    });
    t.append(tb);
    body.replaceChildren(t);
  }
  showDialog($('dlg-leaders'));
}

// confirmNew runs then at once when no game is running, else after the person
// confirms; otherwise runs when they keep playing.
function confirmNew(then, otherwise) {
  if (!state || state.moves === 0 || state.over) { then(); return; }
  const dlg = $('dlg-confirm');
  dlg.returnValue = '';
  dlg.onclose = () => { if (dlg.returnValue === 'ok') then(); else otherwise?.(); };
  showDialog(dlg);
}

// WIN_MENU_MAX is the largest win tile the settings offer (the server takes
// more, up to its maxWinTile).
const WIN_MENU_MAX = 2 ** 20;

// buildControls sets the settings' and the name's bounds from the server's limits.
function buildControls() {
  const f = $('settings-form').elements;
  for (const el of [f.rows, f.cols]) { el.min = bounds.minSize; el.max = bounds.maxSize; }
  f.four.min = Math.round(bounds.minFourChance * 100);
  f.four.max = Math.round(bounds.maxFourChance * 100);
  for (let v = bounds.minWinTile; v <= Math.min(bounds.maxWinTile, WIN_MENU_MAX); v *= 2) f.win.add(new Option(String(v), String(v)));
  $('end-form').elements.name.maxLength = bounds.maxName;
}

function openSettings() {
  const f = $('settings-form');
  const sel = f.elements.win;
  const r = state.rules;
  f.elements.rows.value = r.rows;
  f.elements.cols.value = r.cols;
  f.elements.four.value = Math.round(r.fourChance * 100);
  sel.value = String(r.winTile);
  $('settings-error').textContent = '';
  const dlg = $('dlg-settings');
  dlg.returnValue = '';
  showDialog(dlg);
}

// Start new game asks first, as New game does, when a game is running.
$('settings-form').addEventListener('submit', (e) => {
  if (e.submitter?.value !== 'ok') return;
  e.preventDefault();
  const f = e.target.elements;
  const rules = { rows: Number(f.rows.value), cols: Number(f.cols.value), fourChance: Number(f.four.value) / 100, winTile: Number(f.win.value) };
  const dlg = $('dlg-settings');
  confirmNew(async () => {
    try {
      await newGame(rules);
      dlg.close();
    } catch (err) { $('settings-error').textContent = err.message; }
  }, () => dlg.close());
});

// ---- input --------------------------------------------------------------------

// typing reports whether a key belongs to a text field or an open dialog. The
// toolbar's speed select is neither: game keys played there move the game, and a
// change of speed gives the focus back to the page.
function typing(e) {
  const t = e.target;
  return t && (t.isContentEditable || t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.closest?.('dialog[open]'));
}

document.addEventListener('keydown', (e) => {
  if (e.altKey || e.metaKey || typing(e)) return;
  if ((e.ctrlKey && e.key === 'z') || (!e.ctrlKey && (e.key === 'u' || e.key === 'U'))) {
    e.preventDefault();
    intend('undo');
    return;
  }
  if (e.ctrlKey) return;
  const dir = KEYS[e.key] || KEYS[e.key.toLowerCase()];
  if (dir) { e.preventDefault(); intend(dir); }
});

// A swipe over SWIPE_PX, the original game's threshold, is a move in its main
// direction. The board keeps the pointer from down to up, so a swipe that ends
// off the board still counts.
const SWIPE_PX = 10;
let touch = null;
board.addEventListener('pointerdown', (e) => {
  touch = { id: e.pointerId, x: e.clientX, y: e.clientY };
  board.setPointerCapture?.(e.pointerId);
});
board.addEventListener('pointercancel', () => { touch = null; });
board.addEventListener('pointerup', (e) => {
  if (!touch || e.pointerId !== touch.id) return;
  const dx = e.clientX - touch.x, dy = e.clientY - touch.y;
  touch = null;
  if (Math.max(Math.abs(dx), Math.abs(dy)) <= SWIPE_PX) return;
  intend(Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? 'right' : 'left') : (dy > 0 ? 'down' : 'up'));
});

$('new').addEventListener('click', () => confirmNew(() => newGame()));
$('undo').addEventListener('click', () => intend('undo'));
$('hint').addEventListener('click', hint);
$('auto').addEventListener('click', () => (auto ? stopAuto() : startAuto()));
$('perfect').addEventListener('click', () => {
  setPerfect(!perfect);
  announce(perfect ? 'Perfect: hints and auto-play now come from the exact solution of this board.' : 'Perfect off: hints and auto-play search again.');
});
$('settings').addEventListener('click', openSettings);
$('speed').addEventListener('change', (e) => e.target.blur());
$('leaders').addEventListener('click', () => showLeaders());
window.addEventListener('resize', () => state && draw());

limits().then((l) => { bounds = l['2048']; buildControls(); return load(); })
  .catch((e) => announce('Could not start: ' + e.message));
